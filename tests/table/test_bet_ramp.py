"""The bet by the count at the table (issue 15): a ramp of a unit and a spread the person
sets, made from the player's edge at each true count (computed in the background with the
index plays), the ramp's next bet before a deal when the count is shown, and each deal's
bet graded against it at the count before the deal, apart from the play decisions."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from game.engine.strategy.betting import bet_ramp
from game.engine.variants import find_rules
from game.rulesets import store
from game.rulesets.models import IndexAnalysis, RuleSet
from game.table.models import TableSession
from tests.factories import TableSessionFactory
from tests.helpers import client_for
from tests.table.pages import hx_act, hx_deal, page_url, text

pytestmark = pytest.mark.django_db

# Player 2,3 against a 4 (the 5 of hearts in the hole); the player hits a 6 and a 2 and
# stands on 13; the dealer turns the 5 (9) and draws 3, 4, 6 to bust. Nine low cards face
# up: Hi-Lo +9 over 303/52 decks left, true count +1.
LOW_ROUND = ["2S", "4D", "3C", "5H", "6S", "2D", "3H", "4C", "6D"]


def ramp_line(html: str) -> str:
    found = re.search(r'data-testid="ramp">(.*?)</div>', html, re.S)
    assert found, "no ramp line"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def set_ramp(client, unit: str, spread: str, follow: bool = True):
    return client.post(
        "/en/settings/ramp/", {"unit": unit, "spread": spread, "next": "/en/table/"}, follow=follow
    )


@pytest.fixture
def edges(monkeypatch) -> Iterator[dict[int, float]]:
    """The European game's Hi-Lo edges at true counts 0 to +2, stored as the task would."""
    monkeypatch.setattr(store, "EDGE_COUNTS", (0, 1, 2))
    found = store.edges_for(find_rules("european"), "hilo", compute=True)
    yield found
    store.forget()


def test_a_ramp_needs_a_unit_and_a_spread_that_fit_the_table() -> None:
    table = TableSessionFactory()
    client = client_for(table)
    html = text(set_ramp(client, "7", "8"))
    assert "Choose a unit and a spread from the lists." in html
    assert "bet_ramp" not in client.session
    html = text(set_ramp(client, "50", "12"))
    assert "must fit the table&#x27;s limit of 500" in html
    assert "bet_ramp" not in client.session
    set_ramp(client, "10", "8")
    assert client.session["bet_ramp"] == {"unit": 10, "spread": 8}
    html = text(set_ramp(client, "off", ""))
    assert "Bets are no longer graded by the count." in html
    assert "bet_ramp" not in client.session


def test_a_ramp_without_a_balanced_count_says_what_it_needs() -> None:
    table = TableSessionFactory(stacked=LOW_ROUND)
    client = client_for(table)
    set_ramp(client, "10", "8")
    html = text(client.get(page_url(table)))
    assert ramp_line(html).startswith("To bet by the count, choose a balanced counting system")
    client.post("/en/settings/count/", {"system": "ko", "next": "/en/table/"})
    assert "To bet by the count" in ramp_line(text(client.get(page_url(table))))


def test_the_edges_are_queued_and_the_page_says_they_are_coming(monkeypatch) -> None:
    monkeypatch.setattr(store, "EDGE_COUNTS", (0, 1))
    store.forget()
    table = TableSessionFactory(stacked=LOW_ROUND)
    client = client_for(table)
    client.post("/en/settings/count/", {"system": "hilo", "next": "/en/table/"})
    set_ramp(client, "10", "8")
    html = text(client.get(page_url(table)))
    assert ramp_line(html).startswith("The player's edge by the count is being computed")
    row = IndexAnalysis.objects.get(system="hilo", rules_id=RuleSet.id_for(table.rules))
    assert row.task is not None  # queued for the worker, never computed in the request


def test_each_bet_is_graded_against_the_ramp_at_the_count_before_the_deal(edges) -> None:
    ramp = bet_ramp(edges, 8)
    table = TableSessionFactory(stacked=LOW_ROUND)
    client = client_for(table)
    client.post("/en/settings/count/", {"system": "hilo", "next": "/en/table/"})
    set_ramp(client, "10", "8")
    page = text(client.get(page_url(table)))
    assert f"The ramp's next bet at true count 0: {ramp[0] * 10}." in page
    assert 'data-testid="ramp-steps"' in page
    dealt = text(hx_deal(client, table, bet="10"))
    line = ramp_line(dealt)
    assert line.startswith(f"Your bet of 10 at true count 0: the ramp says {ramp[0] * 10}.")
    assert ("On the ramp." in line) == (ramp[0] == 1)
    assert "Bets on the ramp this session: 1 of 1." in line
    for action in ("hit", "hit", "stand"):
        hx_act(client, table, action)
    table = TableSession.objects.get(pk=table.pk)
    assert table.game.round.is_over
    # Nine low cards seen: true count +1 for the next bet; 50 chips is over the ramp.
    assert f"true count +1: {ramp[1] * 10}." in text(client.get(page_url(table)))
    second = ramp_line(text(hx_deal(client, table, bet="50")))
    assert second.startswith(f"Your bet of 50 at true count +1: the ramp says {ramp[1] * 10}.")
    assert "Over the ramp." in second
    assert "Bets on the ramp this session: 1 of 2." in second
    # The bet's grade is no play decision: nothing of it is in the decision log.
    assert not table.decisions.filter(action="bet").exists()


def test_in_ask_mode_the_ramp_does_not_say_the_next_bet(edges) -> None:
    table = TableSessionFactory(stacked=LOW_ROUND)
    client = client_for(table)
    client.post("/en/settings/count/", {"system": "hilo", "mode": "ask", "next": "/en/table/"})
    set_ramp(client, "10", "8")
    page = text(client.get(page_url(table)))
    assert "next bet" not in page
    # The person keeps the count: the bet's grade says the ramp's bet, never the count.
    line = ramp_line(text(hx_deal(client, table)))
    assert line.startswith(f"Your bet of 10: the ramp says {bet_ramp(edges, 8)[0] * 10}.")
    assert "count" not in line
