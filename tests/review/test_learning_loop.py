"""The review's part of the learning loop (issue 12): each mistake's reason line and its
"Drill this situation" link, the "Learn from your mistakes" start on the mistakes page and a
session's page, the EV lost as a rate per 100 only from 20 decisions (the total below, said
in words), and even money named as such; in English, Russian and Bulgarian."""

# The expected strings in Russian and Bulgarian: their Cyrillic letters are meant.
# ruff: noqa: RUF001

from __future__ import annotations

import re
import uuid
from urllib.parse import parse_qs, urlsplit

import pytest
from django.utils import translation

from tests.helpers import client_for
from tests.review.factories import GradedDecisionFactory
from tests.review.helpers import DAY1, new_table, numbers, table_decision
from trainer.review import presenters
from trainer.review.situations import Situation

pytestmark = pytest.mark.django_db

H16 = {"hit": -0.5398, "stand": -0.5749}


def test_a_mistake_shows_its_reason_and_a_drill_link() -> None:
    table = new_table(variant="russian")
    mistake = GradedDecisionFactory(
        table=table, visitor=table.visitor, hand=["TS", "6D"], upcard="TH", evs=H16,
        action="stand", variant="russian",
    )  # fmt: skip
    html = client_for(table).get("/en/review/").content.decode()
    reason = re.search(r'data-testid="mistake-reason">([^<]+)<', html).group(1)
    assert reason.startswith("The dealer busts only ")
    assert "hitting is worth 0.035 of the bet more than the next best play (Stand)" in reason
    link = re.search(r'href="([^"]+)" data-testid="drill-situation"', html).group(1)
    query = parse_qs(urlsplit(link.replace("&amp;", "&")).query)
    # Hard 16 against a 10: the chart cell hard-16-10.
    assert query["variant"] == ["russian"] and query["cell"] == ["hard-16-10"]
    # The same on the decision's own page, in Russian.
    page = client_for(table).get(f"/ru/review/decisions/{mistake.pk}/").content.decode()
    assert re.search(r'data-testid="mistake-reason">С открытой картой 10 у дилера перебор', page)
    assert 'data-testid="drill-situation"' in page
    assert "Тренировать эту ситуацию" in page


@translation.override("en")
def test_the_drill_link_names_the_chart_cell() -> None:
    situation = Situation("pairs", 8, 10)
    assert presenters.drill_situation_url("european", situation) == (
        "/en/drills/situations/?variant=european&cell=pairs-8-10"
    )
    url = presenters.drill_situation_url("european", Situation("hard", 17, 8, total=20))
    assert url == "/en/drills/situations/?variant=european&cell=hard-17-8"
    insurance = presenters.drill_situation_url("russian", Situation("insurance", 0, 1))
    assert insurance == "/en/drills/situations/?variant=russian&cell=insurance-0-1"
    # No drill asks a hard 4 or the banker game.
    assert presenters.drill_situation_url("european", Situation("other", 4, 6)) is None
    assert presenters.drill_situation_url("dvadtsat-odno", situation) is None


def test_fewer_than_20_decisions_show_the_total_not_a_rate() -> None:
    table = new_table()
    for number in range(19):
        table_decision(table, 0.25 if number == 0 else 0.0, at=DAY1, round_number=number + 1)
    client = client_for(table)
    html = client.get("/en/review/").content.decode()
    assert numbers(html)[0] == ("19", "94.7%", "0.250 bets")
    assert "EV lost in total" in html
    assert (
        "Only 19 decisions: too few for a rate per 100 (that takes at least 20), so this is "
        "the total EV lost." in html
    )
    ru = client.get("/ru/review/").content.decode()
    assert "Всего 19 решений" in ru

    table_decision(table, 0.0, at=DAY1, round_number=20)
    html = client.get("/en/review/").content.decode()
    # 0.25 bets in 20 decisions: 1.25 per 100.
    assert numbers(html)[0] == ("20", "95.0%", "1.25 bets")
    assert "EV lost per 100 decisions, from 20 decisions." in html
    bg = client.get("/bg/review/").content.decode()
    assert "от 20 решения" in bg


def test_even_money_is_named_as_such() -> None:
    table = new_table(variant="russian")
    GradedDecisionFactory(
        table=table, visitor=table.visitor, hand=["AS", "KD"], upcard="AH", insurance=True,
        evs={"insurance": -0.0385, "no_insurance": 0.0}, action="insurance", variant="russian",
    )  # fmt: skip
    client = client_for(table)
    html = client.get("/en/review/").content.decode()
    assert "Even money against A" in html
    assert "You chose Take even money; the best play was Decline even money." in html
    assert "Even money is insurance on your natural" in html
    assert "Insurance against A" not in html.split('data-testid="sessions"')[1]
    ru = client.get("/ru/review/").content.decode()
    assert "Выплата 1:1 против A" in ru
    assert "Вы выбрали «Взять 1:1»; лучший ход — «Отказаться от 1:1»." in ru


def test_learn_from_your_mistakes_starts_from_the_mistakes_and_session_pages() -> None:
    table = new_table()
    table_decision(table, 0.25, at=DAY1)
    client = client_for(table)
    html = client.get("/en/review/?variant=european").content.decode()
    form = re.search(r'<form method="get" action="([^"]+)"[^>]*data-testid="walk-mistakes">', html)
    assert form.group(1) == "/en/drills/walk/new/"
    block = html.split('data-testid="walk-mistakes"')[1].split("</form>")[0]
    assert 'name="variant" value="european"' in block
    assert '<option value="30" selected>' in block
    page = client.get(f"/en/review/sessions/table/{table.public_id}/").content.decode()
    assert f'href="/en/drills/walk/new/?table={table.public_id}"' in page
    # No mistakes: nothing to walk through.
    empty = client_for(uuid.uuid4()).get("/en/review/").content.decode()
    assert 'data-testid="walk-mistakes"' not in empty
