"""Basic strategy derived from the EVs against ORACLES.md's 6-deck chart, cell by cell, and
its three H17 changes. (About a second per chart: the two charts are computed once.)"""

import io
import json

import pytest
from django.core.management import call_command

from game.engine.round import Action
from game.engine.rules import EUROPEAN
from game.engine.strategy.chart import basic_strategy, cell_code

# ORACLES.md defaults: 6 decks, S17, peek, DAS, split to 4, aces once, no surrender.
BASELINE = EUROPEAN.with_overrides({"dealer_peeks": True, "lose_all_to_natural": False})

# ORACLES.md "Basic strategy, 6 decks, S17, DAS, no surrender", columns 2..10, A.
ORACLE = {
    ("hard", "5"): "H H H H H H H H H H",
    ("hard", "6"): "H H H H H H H H H H",
    ("hard", "7"): "H H H H H H H H H H",
    ("hard", "8"): "H H H H H H H H H H",
    ("hard", "9"): "H D D D D H H H H H",
    ("hard", "10"): "D D D D D D D D H H",
    ("hard", "11"): "D D D D D D D D D H",
    ("hard", "12"): "H H S S S H H H H H",
    ("hard", "13"): "S S S S S H H H H H",
    ("hard", "14"): "S S S S S H H H H H",
    ("hard", "15"): "S S S S S H H H H H",
    ("hard", "16"): "S S S S S H H H H H",
    ("hard", "17+"): "S S S S S S S S S S",
    ("soft", "A2"): "H H H D D H H H H H",
    ("soft", "A3"): "H H H D D H H H H H",
    ("soft", "A4"): "H H D D D H H H H H",
    ("soft", "A5"): "H H D D D H H H H H",
    ("soft", "A6"): "H D D D D H H H H H",
    ("soft", "A7"): "S Ds Ds Ds Ds S S H H H",
    ("soft", "A8"): "S S S S S S S S S S",
    ("soft", "A9"): "S S S S S S S S S S",
    ("pairs", "22"): "P P P P P P H H H H",
    ("pairs", "33"): "P P P P P P H H H H",
    ("pairs", "44"): "H H H P P H H H H H",
    ("pairs", "55"): "D D D D D D D D H H",  # "as hard 10"
    ("pairs", "66"): "P P P P P H H H H H",
    ("pairs", "77"): "P P P P P P H H H H",
    ("pairs", "88"): "P P P P P P P P P P",
    ("pairs", "99"): "P P P P P S P P S S",
    ("pairs", "TT"): "S S S S S S S S S S",
    ("pairs", "AA"): "P P P P P P P P P P",
}


@pytest.fixture(scope="module")
def s17():
    return basic_strategy(BASELINE)


@pytest.fixture(scope="module")
def h17():
    return basic_strategy(BASELINE.with_overrides({"dealer_hits_soft_17": True}))


def test_every_row_matches_the_oracle(s17):
    rows = {(kind, label): " ".join(codes) for kind, label, codes in s17.rows()}
    assert rows == ORACLE


def test_h17_changes_exactly_three_cells(s17, h17):
    changed = {
        (kind, label, upcard): (before, after)
        for (kind, label, a), (_k, _l, b) in zip(s17.rows(), h17.rows(), strict=True)
        for upcard, before, after in zip(
            ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A"), a, b, strict=True
        )
        if before != after
    }
    # ORACLES.md: "H17 changes three cells: 11 v A D; A7 v 2 Ds; A8 v 6 Ds."
    assert changed == {
        ("hard", "11", "A"): ("H", "D"),
        ("soft", "A7", "2"): ("S", "Ds"),
        ("soft", "A8", "6"): ("S", "Ds"),
    }


def test_the_two_card_exception_at_six_decks_is_ten_two_against_four(s17):
    # Hard 12 v 4 stands by the chart, but 10,2 hits (a well-known 6-deck exception).
    assert [(e.cards, e.upcard, e.chart, e.best) for e in s17.exceptions] == [
        ((2, 10), 4, "S", "H")
    ]
    assert 0 < s17.exceptions[0].gain < 0.01


@pytest.mark.parametrize(
    ("evs", "code"),
    [
        ({Action.HIT: 0.1, Action.STAND: 0.0, Action.DOUBLE: 0.2}, "D"),
        ({Action.HIT: -0.1, Action.STAND: 0.0, Action.DOUBLE: 0.2}, "Ds"),
        ({Action.HIT: -0.6, Action.STAND: -0.55, Action.SURRENDER: -0.5}, "Rs"),
        ({Action.HIT: -0.52, Action.STAND: -0.55, Action.SURRENDER: -0.5}, "Rh"),
        (
            {Action.HIT: -0.52, Action.STAND: -0.55, Action.SPLIT: -0.51, Action.SURRENDER: -0.5},
            "Rp",
        ),
        ({Action.HIT: -0.2, Action.STAND: -0.3, Action.SPLIT: 0.1}, "P"),
    ],
)
def test_cell_codes(evs, code):
    assert cell_code(evs) == code


def run_chart(*args: str) -> str:
    out = io.StringIO()
    call_command("chart", *args, stdout=out)
    return out.getvalue()


def test_chart_command_csv_and_json_on_the_infinite_deck():
    text = run_chart("--set", "dealer_peeks=true", "--decks", "inf", "--format", "csv")
    lines = text.splitlines()
    assert lines[0] == "kind,row,2,3,4,5,6,7,8,9,T,A"
    assert "soft,A7,S,Ds,Ds,Ds,Ds,S,S,H,H,H" in lines
    assert "hard,16,S,S,S,S,S,H,H,H,H,H" in lines
    report = json.loads(
        run_chart("--set", "dealer_peeks=true", "--decks", "inf", "--format", "json")
    )
    assert report["upcards"][-1] == "A"
    assert {"kind": "pairs", "row": "99", "cells": ORACLE[("pairs", "99")].split()} in report[
        "rows"
    ]


def test_chart_with_late_surrender_shows_surrender_cells():
    args = ("--set", "dealer_peeks=true", "--set", "surrender=late", "--decks", "inf")
    lines = run_chart(*args, "--set", "surrender_vs_ace=true", "--format", "csv").splitlines()
    # Hard 16 against 9, ten and ace, and 15 against a ten: surrender, else hit.
    assert "hard,16,S,S,S,S,S,H,H,Rh,Rh,Rh" in lines
    assert "hard,15,S,S,S,S,S,H,H,H,Rh,H" in lines
    # The European preset forbids surrender against an ace: 16 v A goes back to hit.
    assert "hard,16,S,S,S,S,S,H,H,Rh,Rh,H" in run_chart(*args, "--format", "csv").splitlines()


# Published 4-8 deck charts with late surrender (Wizard of Odds' basic strategy charts;
# ORACLES.md's hand EVs agree: 10,6 v 10 hits for -0.534676 and stands for -0.540954, both
# worse than surrendering for -0.5, while 8,8 v 10 splits for -0.474894, better). Surrender
# is shown in the cell with its fallback, as those charts print it.
@pytest.fixture(scope="module")
def h17_late_surrender():
    return basic_strategy(
        BASELINE.with_overrides(
            {"dealer_hits_soft_17": True, "surrender": "late", "surrender_vs_ace": True}
        )
    )


def test_h17_late_surrender_chart_combines_surrender_with_its_fallback(h17_late_surrender):
    chart = h17_late_surrender
    rows = {(kind, label): codes for kind, label, codes in chart.rows()}
    # 6 decks, H17, DAS, late surrender: 15 v 10 and A, 16 v 9, 10 and A surrender else hit;
    # 8,8 v A surrender else split. (The published chart's 17 v A "Rs" is not in this chart:
    # its row 17+ averages hard 17 to 20, and 18 to 20 stand.)
    assert rows[("hard", "15")] == ["S", "S", "S", "S", "S", "H", "H", "H", "Rh", "Rh"]
    assert rows[("hard", "16")] == ["S", "S", "S", "S", "S", "H", "H", "Rh", "Rh", "Rh"]
    assert rows[("hard", "17+")] == ["S", "S", "S", "S", "S", "S", "S", "S", "S", "S"]
    assert rows[("pairs", "88")] == ["P", "P", "P", "P", "P", "P", "P", "P", "P", "Rp"]
    assert chart.code("hard", 16, 10) == "Rh"
    assert chart.code("hard", 15, 10) == "Rh"
    assert chart.code("hard", 14, 10) == "H"
    # Where surrender is not offered (after a hit, a split), the cell's fallback is played.
    assert chart.action_for((10, 6), 10, {Action.HIT, Action.STAND}) is Action.HIT
    assert chart.action_for((8, 8), 1, {Action.HIT, Action.STAND, Action.SPLIT}) is Action.SPLIT
    assert chart.action_for((10, 6), 10, {Action.HIT, Action.STAND, Action.SURRENDER}) is (
        Action.SURRENDER
    )
    # The cell's EVs hold surrender's -0.5 beside the fallback's.
    evs = chart.hard[16][10].evs
    assert evs[Action.SURRENDER] == pytest.approx(-0.5)
    assert evs[Action.SURRENDER] > evs[Action.HIT] > evs[Action.STAND]
