"""Issue 10, "Resplits are never valued", through the table's views: after 8,8 v 6 is
split and the first hand takes another 8, and after A,A v T is split (resplitting and
hitting split aces allowed) and the first hand takes another ace, the perfect counter's
advice values Split, and posting split or another action stores a grade that values it."""

from __future__ import annotations

import pytest

from game.engine.rules import Rules
from game.engine.strategy.counter import known_unseen
from game.engine.strategy.hand import hand_evs
from game.rulesets import store
from game.rulesets.models import RuleSet
from tests.factories import TableSessionFactory
from tests.helpers import client_for
from tests.table.pages import action_buttons, fresh, hx_act, hx_deal, text

pytestmark = pytest.mark.django_db

# 8S, 8D against the 6 of clubs (hole ten); the first split hand draws the 8 of clubs.
EIGHTS_V_6 = ["8S", "6C", "8D", "TH", "8C", "3C", "TC", "9D", "7S", "5H", "4D", "2S"]
# AS, AD against the ten of clubs (hole 7: no natural); the first split hand draws AC.
ACES_V_T = ["AS", "TC", "AD", "7H", "AC", "9S", "8D", "6C", "5S", "4H", "TD", "2C"]
RSA_HSA = Rules(resplit_aces=True, hit_split_aces=True)


def split_once(stacked: list[str], variant: str = "european"):
    table = TableSessionFactory(variant=variant, stacked=stacked)
    client = client_for(table)
    hx_deal(client, table, bet="10")
    html = text(hx_act(client, table, "split"))
    hands = fresh(table).game.round.hands
    assert [len(h.cards) for h in hands] == [2, 1] and hands[0].from_split
    assert hands[0].cards[0].points == hands[0].cards[1].points
    return table, client, html


def counter_advice(client, table) -> str:
    response = client.get(f"/en/table/{table.public_id}/counter/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def test_eights_split_again_are_advised_and_graded() -> None:
    table, client, html = split_once(EIGHTS_V_6)
    assert action_buttons(html) == ["hit", "stand", "double", "split"]
    advice = counter_advice(client, table)
    assert "A perfect card counter would choose Split." in advice
    assert "Split: 0.3" in advice  # room for 3 more hands: about +0.39 of the bet

    html = text(hx_act(client, table, "split"))
    decision = fresh(table).decisions.get(action="split", from_split=True)
    assert decision.hand == ["8S", "8C"]
    assert (decision.best_action, decision.severity, decision.loss) == ("split", "best", 0)
    assert set(decision.evs) == {"hit", "stand", "double", "split"}
    assert decision.evs["split"] > decision.evs["stand"] + 0.5


def test_standing_on_eights_after_a_split_is_graded_against_the_resplit() -> None:
    table, client, _html = split_once(EIGHTS_V_6)
    html = text(hx_act(client, table, "stand"))
    decision = fresh(table).decisions.get(action="stand")
    assert (decision.best_action, decision.severity) == ("split", "blunder")
    assert decision.loss == pytest.approx(decision.evs["split"] - decision.evs["stand"])
    assert "You chose Stand; the best play was Split." in html


def test_aces_resplit_with_hitting_split_aces_are_advised_and_graded() -> None:
    ruleset = RuleSet.save_rules(RSA_HSA, "european")
    store.precompute(RSA_HSA)  # as the background analysis would have by now
    table, client, html = split_once(ACES_V_T, variant=f"custom-{ruleset.id}")
    assert action_buttons(html) == ["hit", "stand", "double", "split"]
    advice = counter_advice(client, table)
    assert "A perfect card counter would choose Split." in advice
    assert "Split: 0.6" in advice

    hx_act(client, table, "hit")
    decision = fresh(table).decisions.get(action="hit", from_split=True)
    assert decision.hand == ["AS", "AC"]
    assert decision.best_action == "split"
    assert set(decision.evs) == {"hit", "stand", "double", "split"}
    assert decision.severity == "blunder"


# Split 8,8 v 6 twice: the first hand draws 8C and is split again, then draws 8H. Three
# hands on the table, four allowed: a third split has room for one more hand only.
EIGHTS_TWICE = ["8S", "6C", "8D", "TH", "8C", "8H", "3C", "TC", "9D", "7S", "5H", "4D", "2S"]


def test_a_third_split_is_valued_with_the_room_the_seats_hands_leave() -> None:
    table, client, _html = split_once(EIGHTS_TWICE)
    html = text(hx_act(client, table, "split"))
    hands = fresh(table).game.round.hands
    assert [[c.code for c in h.cards] for h in hands] == [["8S", "8H"], ["8C"], ["8D"]]
    assert action_buttons(html) == ["hit", "stand", "double", "split"]
    rules = fresh(table).rules
    at_three = hand_evs(["8S", "8H"], "6C", rules, from_split=True, hands=3).split
    at_two = hand_evs(["8S", "8H"], "6C", rules, from_split=True, hands=2).split
    assert at_three != pytest.approx(at_two, abs=1e-4)  # the room differs: 1 hand, not 2
    # The counter values the same split against the cards it knows to be unseen.
    unseen = known_unseen(fresh(table).game.round)
    counted = {
        n: hand_evs(["8S", "8H"], "6C", rules, composition=unseen, from_split=True, hands=n).split
        for n in (2, 3)
    }
    assert f"{counted[3]:.4f}" != f"{counted[2]:.4f}"
    assert f"Split: {counted[3]:.4f}" in counter_advice(client, table)
    hx_act(client, table, "split")
    decision = fresh(table).decisions.get(action="split", hand=["8S", "8H"])
    assert decision.evs["split"] == pytest.approx(at_three, abs=1e-12)
