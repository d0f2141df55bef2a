"""The banker game's decisions graded at the table (strategy/banker_grading.py): a punter's
and the banker's draw or stand stored as GradedDecision rows with their exact EVs, flagged
like the casino table's in two languages, listed in review under their own category and
kept out of the heat map, the weakest situations and the casino drills; and a deal where
every punter is bust settled without asking the banker. Scripted shoes throughout."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime

import pytest

from game.engine.variants import find_rules
from game.rulesets.models import RuleSet
from game.table.models import RoundRecord, TableSession
from tests.factories import BankerTableSessionFactory, banker_stack
from tests.helpers import HX, client_for
from trainer.drills.drilling import mistaken_situations, weak_situations
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db

BANKER_GAME = "dvadtsat-odno"
MINUS = "\N{MINUS SIGN}"

# Seats: 0 the AI bank, 1 the person. The person T,6 (16) draws against the best play (a
# stand: -0.11660 against -0.18122 per unit staked, strategy/banker.py) and busts with the 9.
# Every punter is bust: the bank 5,6 (11), which draws below 17, is not asked and draws
# nothing (the 2 stays in the shoe).
PUNTER_BUST = banker_stack(2, {1: ["TS", "6C"], 0: ["5H", "6D"]}, ["9C", "2D"])

# Seats: 0 the person holding the bank, AI punters 1..3 (easy: they draw below 16). AI 1:
# 9,4 draws 2 and T: bust. AI 2: T,9 stands. AI 3: A,K, a natural (face down: it looks like
# a punter who stood). The person 8,5 (13) draws a 5 against the best play (standing,
# -0.41031, collects from the bust punter; a draw -0.47540 risks a push with him), then
# stands on 18 (the best play).
BANKER_DRAWS = banker_stack(
    4,
    {1: ["9C", "4D"], 2: ["TS", "9S"], 3: ["AS", "KH"], 0: ["8D", "5S"]},
    ["2H", "TH", "5C"],
)

# Seats: 0 the person holding the bank, AI punters 1 and 2: T,5 draws a T, 9,4 draws a 9;
# both bust on the deal, so the person is never asked to draw or stand.
ALL_BUST = banker_stack(3, {1: ["TC", "5D"], 2: ["9S", "4H"], 0: ["7D", "7S"]}, ["TH", "9C"])


def fresh(table: TableSession) -> TableSession:
    return TableSession.objects.get(pk=table.pk)


def hx_deal(client, table, stake="10"):
    return client.post(
        f"/en/table/{table.public_id}/deal/",
        {"bet": stake, "version": fresh(table).version},
        headers=HX,
    )


def hx_act(client, table, action):
    return client.post(
        f"/en/table/{table.public_id}/act/",
        {"action": action, "version": fresh(table).version},
        headers=HX,
    )


def text(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def flag(html: str) -> str:
    """The flag's text, tags stripped and spaces squeezed ("" when there is none)."""
    match = re.search(r'<div id="decision-flag"[^>]*>(.*?)</div>\s*(?:<|$)', html, re.S)
    if match is None or 'data-testid="flag"' not in match.group(1):
        return ""
    return " ".join(re.sub(r"<[^>]+>", " ", match.group(1)).split())


def action_buttons(html: str) -> list[str]:
    return re.findall(r'name="action" value="(\w+)"', html)


def test_a_punter_blunder_is_graded_stored_and_flagged_and_the_bust_deal_settles_at_once():
    table = BankerTableSessionFactory(stacked=PUNTER_BUST, seat_count=2, human_seat=1)
    client = client_for(table)
    html = text(hx_deal(client, table))
    assert action_buttons(html) == ["draw", "stand"]
    assert flag(html) == ""

    html = text(hx_act(client, table, "draw"))
    table = fresh(table)
    deal = table.game.current
    assert deal is not None and deal.is_over  # every punter bust: settled without the bank
    assert [c.code for c in deal.banker_hand.cards] == ["5H", "6D"]
    assert deal.shoe.remaining == 104 - 5  # the 2 was never drawn
    assert RoundRecord.objects.get(table=table).net == -10
    assert action_buttons(html) == []

    decision = GradedDecision.objects.get(table=table)
    assert decision.source == "table" and decision.visitor == table.visitor
    assert decision.variant == BANKER_GAME
    assert decision.rules_id == RuleSet.id_for(find_rules(BANKER_GAME))
    assert (decision.round_number, decision.table_version) == (1, table.version)
    assert (decision.hand, decision.upcard) == (["TS", "6C"], "P")
    assert (decision.action, decision.best_action, decision.chart_action) == ("draw", "stand", "")
    assert decision.evs == {
        "stand": pytest.approx(-0.11659832118064692, abs=1e-12),
        "draw": pytest.approx(-0.18121681084317048, abs=1e-12),
    }
    assert decision.loss == pytest.approx(0.06461848965, abs=1e-10)
    assert (decision.severity, decision.standard) == ("blunder", "exact")
    assert not decision.correct and decision.banker_role == "punter"

    shown = flag(html)
    assert shown.startswith("Blunder You chose Draw; the best play was Stand.")
    assert "It cost 0.0646 of the stake on average." in shown
    # The EV list (the shared {% ev_list %}), either minus sign.
    assert re.search(rf"Stand:? [-{MINUS}]0\.1166 Draw:? [-{MINUS}]0\.1812", shown)
    assert (
        "Expected value per unit of your stake for your 10 6 as a punter, against a banker"
        " who draws below 17, exact for the two-deck shoe without your cards." in shown
    )
    hr = flag(text(client.get(f"/hr/table/{table.public_id}/")))
    assert hr.startswith(
        "Gruba pogreška Odabrali ste „Kupite kartu“; najbolji potez bio je „Dosta“."
    )
    assert "za vaše 10 6 kao ponter, protiv bankara koji vuče ispod 17" in hr
    assert re.search(rf"[-{MINUS}]0,1166", hr)


def test_the_banker_is_graded_against_the_punters_he_can_see():
    table = BankerTableSessionFactory(stacked=BANKER_DRAWS, seat_count=4, human_seat=0)
    client = client_for(table)
    html = text(hx_deal(client, table, stake=""))
    assert action_buttons(html) == ["draw", "stand"]

    html = text(hx_act(client, table, "draw"))
    decision = GradedDecision.objects.get(table=table)
    assert (decision.hand, decision.upcard) == (["8D", "5S"], "B")
    assert (decision.action, decision.best_action) == ("draw", "stand")
    assert decision.evs == {
        "stand": pytest.approx(-0.41031423846038173, abs=1e-12),
        "draw": pytest.approx(-0.4753950283923275, abs=1e-12),
    }
    assert decision.loss == pytest.approx(0.06508079, abs=1e-8)
    assert decision.severity == "blunder" and decision.banker_role == "banker"
    shown = flag(html)
    assert shown.startswith("Blunder You chose Draw; the best play was Stand.")
    assert "It cost 0.0651 of the stake on average." in shown
    assert "per unit of the punters' stakes for your 8 5 as the banker" in shown.replace(
        "&#x27;", "'"
    )
    sr = flag(text(client.get(f"/sr-latn/table/{table.public_id}/")))
    assert sr.startswith("Gruba greška")
    assert "za vaše 8 5 kao bankar, protiv pontera onako kako ih sto pokazuje" in sr

    html = text(hx_act(client, table, "stand"))  # 18: the best play, a quiet one-line note
    assert flag(html) == (
        "Best play Stand was the best play. Stand is worth 1.0225 of the stake more than Draw."
    )
    assert "flag-evs" not in html
    stand = GradedDecision.objects.filter(table=table).order_by("pk").last()
    assert stand is not None
    assert (stand.hand, stand.action, stand.best_action) == (["8D", "5S", "5C"], "stand", "stand")
    assert stand.evs["stand"] == pytest.approx(0.14652180473819224, abs=1e-12)
    assert (stand.severity, stand.loss) == ("best", 0.0)
    assert fresh(table).game.current.is_over


def test_a_human_banker_is_not_asked_when_every_punter_is_bust():
    table = BankerTableSessionFactory(stacked=ALL_BUST, seat_count=3, human_seat=0)
    client = client_for(table)
    html = text(hx_deal(client, table, stake=""))
    assert action_buttons(html) == []
    assert 'data-testid="banker-prompt"' not in html
    table = fresh(table)
    deal = table.game.current
    assert deal is not None and deal.is_over
    assert [c.code for c in deal.banker_hand.cards] == ["7D", "7S"]
    assert all(h.is_bust for h in deal.punters)
    assert RoundRecord.objects.get(table=table).net == 20
    assert table.bankroll == 1020
    assert not GradedDecision.objects.filter(table=table).exists()
    assert "You won 20 chips." in html


def test_review_lists_banker_decisions_on_their_own_and_keeps_them_out_of_the_chart():
    punter = BankerTableSessionFactory(stacked=PUNTER_BUST, seat_count=2, human_seat=1)
    client = client_for(punter)
    hx_deal(client, punter)
    hx_act(client, punter, "draw")
    visitor = punter.visitor
    decision = GradedDecision.objects.get(table=punter)

    page = text(client.get("/en/review/"))
    assert "Punter with 16" in page
    assert 'data-testid="mistake-role">Punter<' in page
    assert 'data-testid="mistake-upcard"' not in page
    assert f'<option value="{BANKER_GAME}">Twenty-one with a rotating bank</option>' in page
    assert '<option value="banker">Twenty-one with a rotating bank</option>' in page
    assert "Drill my mistakes" not in page  # nothing of a casino game to drill
    assert "Punter with 16" in text(client.get("/en/review/?category=banker"))
    assert "Punter with 16" not in text(client.get("/en/review/?category=hard"))
    assert "Punter with 16" in text(client.get(f"/en/review/?variant={BANKER_GAME}"))

    detail = text(client.get(f"/en/review/decisions/{decision.pk}/"))
    assert "Punter with 16" in detail and 'data-testid="replay"' not in detail
    assert "You chose Draw; the best play was Stand." in detail
    assert re.search(rf"Stand.*?[-{MINUS}]0\.1166", detail, re.S)
    assert "Ponter sa 16" in text(client.get(f"/sr-latn/review/decisions/{decision.pk}/"))

    stats = text(client.get("/en/review/stats/"))
    weakest = stats.split('id="weakest-title"')[1]
    assert "Punter with" not in weakest  # not a chart cell against an upcard
    assert text(client.get(f"/en/review/stats/?variant={BANKER_GAME}"))

    now = datetime.now(UTC)
    european = find_rules("european")
    assert mistaken_situations(visitor, european, None, now) == []
    assert weak_situations(visitor, european) == []
    assert visitor != uuid.UUID(int=0)


def test_the_session_summary_of_a_banker_names_the_role_and_keeps_the_bank_out_of_the_chips():
    table = BankerTableSessionFactory(stacked=BANKER_DRAWS, seat_count=4, human_seat=0)
    client = client_for(table)
    hx_deal(client, table, stake="")
    hx_act(client, table, "draw")  # a blunder as the banker: 0.0651 of the punters' stakes
    hx_act(client, table, "stand")
    page = text(client.get(f"/en/table/{table.public_id}/summary/"))
    mistake = re.search(r'data-testid="summary-mistake">\s*<span class="at">([^<]*)<', page)
    assert mistake is not None and mistake.group(1) == "Banker: 8 5"
    assert "gave up 0 chips on average" in page  # the bank stakes no chips of its own
    assert f"Your decisions as the banker gave up {MINUS}0.0651 of the punters" in page
    assert 'data-testid="walk-link"' not in page  # the walk asks casino decisions only
    assert "No drill asks these situations" in page


def test_a_bankers_decisions_of_the_deal_stay_listed_under_the_table():
    table = BankerTableSessionFactory(stacked=BANKER_DRAWS, seat_count=4, human_seat=0)
    client = client_for(table)
    hx_deal(client, table, stake="")
    html = text(hx_act(client, table, "draw"))
    assert "It cost 0.0651 of the stake on average." in flag(html)
    html = text(hx_act(client, table, "stand"))  # the deal ends: both decisions stay listed
    rows = re.findall(r'data-testid="decision-at">([^<]*)<', html)
    assert rows == ["Banker: 8 5", "Banker: 8 5 5"]
    assert "Recent rounds" not in html  # the banker felt keeps its own history
    page = text(client.get(f"/en/table/{table.public_id}/"))
    assert re.findall(r'data-testid="decision-at">([^<]*)<', page) == rows
