"""Issue 10: a decision is graded, and the perfect counter advises, over the actions that
were offered (legal and affordable: the buttons the page showed), through the views."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from tests.factories import TableSessionFactory
from tests.helpers import client_for
from tests.table.pages import action_buttons, fresh, hx_act, hx_deal, text

pytestmark = pytest.mark.django_db

# European (6 decks, double on any two cards): you A,A against 6 up, ten in the hole; the
# hit draws the 5 of clubs (soft 17). Split EV +0.6824, double +0.1907, hit +0.1880,
# stand -0.1457 (hand_evs).
ACES_V_SIX = ["AS", "6C", "AD", "TH", "5C", "9D", "8S", "7H", "2C"]


def flag_text(html: str) -> str:
    match = re.search(r'<p class="flag-title" data-testid="flag">(.*?)</p>', html, re.S)
    return " ".join(re.sub(r"<[^>]+>", "", match.group(1)).split()) if match else ""


def test_a_split_the_bankroll_cannot_pay_is_no_option_in_the_grade() -> None:
    # The reproduction: bankroll 5, bet 5: only Hit and Stand are offered.
    table = TableSessionFactory(stacked=ACES_V_SIX, bankroll=Decimal(5))
    client = client_for(table)
    assert action_buttons(text(hx_deal(client, table, bet="5"))) == ["hit", "stand"]
    html = text(hx_act(client, table, "hit"))
    decision = fresh(table).decisions.get()
    assert set(decision.evs) == {"hit", "stand"}
    assert (decision.best_action, decision.severity, decision.loss) == ("hit", "best", 0.0)
    assert decision.chart_action == "hit"  # the chart's play of soft 12 when it cannot split
    assert "Hit was the best play." in flag_text(html)  # a quiet note
    assert "Split" not in flag_text(html) and "Blunder" not in html


def test_with_chips_for_it_not_splitting_the_aces_is_a_blunder() -> None:
    table = TableSessionFactory(stacked=ACES_V_SIX, bankroll=Decimal(1000))
    client = client_for(table)
    assert action_buttons(text(hx_deal(client, table, bet="5"))) == [
        "hit",
        "stand",
        "double",
        "split",
    ]
    html = text(hx_act(client, table, "hit"))
    decision = fresh(table).decisions.get()
    assert (decision.best_action, decision.severity) == ("split", "blunder")
    assert flag_text(html).startswith("Blunder You chose Hit; the best play was Split.")


@pytest.mark.parametrize(
    ("bankroll", "advice", "options"),
    [
        (Decimal(5), "Hit", ["Hit", "Stand"]),
        (Decimal(10), "Split", ["Split", "Double", "Hit", "Stand"]),
    ],
)
def test_the_counter_advises_among_the_actions_the_chips_pay_for(
    bankroll: Decimal, advice: str, options: list[str]
) -> None:
    table = TableSessionFactory(stacked=ACES_V_SIX, bankroll=bankroll)
    client = client_for(table)
    hx_deal(client, table, bet="5")
    response = client.get(f"/en/table/{table.public_id}/counter/", HTTP_HX_REQUEST="true")
    body = text(response)
    assert f"A perfect card counter would choose {advice}." in body
    shown = re.findall(r"<li[^>]*>\s*(Hit|Stand|Double|Split|Surrender): [\u2212+]?\d", body)
    assert shown == options


# Croatian (no hole card, early surrender phase for every seat): you 8,8 against a 9; the
# pad is the dealer's second card and draws. Playing on is worth the split (-0.389) with
# chips for it, but only the hit (-0.506) without: then surrendering (-0.5) is best.
EIGHTS_V_NINE = ["8S", "9D", "8C", "TH", "7C", "TD", "9S", "TS", "3C", "4C"]


@pytest.mark.parametrize(
    ("bankroll", "severity", "counter_advice"),
    [(Decimal(15), "best", "Surrender"), (Decimal(1000), "blunder", "No surrender")],
)
def test_the_surrender_phase_is_graded_against_the_play_on_the_chips_pay_for(
    bankroll: Decimal, severity: str, counter_advice: str
) -> None:
    table = TableSessionFactory(variant="croatian", stacked=EIGHTS_V_NINE, bankroll=bankroll)
    client = client_for(table)
    assert action_buttons(text(hx_deal(client, table, bet="10"))) == ["surrender", "no_surrender"]
    advice = text(client.get(f"/en/table/{table.public_id}/counter/", HTTP_HX_REQUEST="true"))
    assert f"A perfect card counter would choose {counter_advice}." in advice
    hx_act(client, table, "surrender")
    decision = fresh(table).decisions.get()
    assert decision.severity == severity
    assert decision.evs["surrender"] == -0.5
    if severity == "best":
        assert decision.evs["no_surrender"] == pytest.approx(-0.506, abs=5e-4)  # the hit
    else:
        assert decision.evs["no_surrender"] == pytest.approx(-0.389, abs=5e-4)  # the split
