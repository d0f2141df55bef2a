"""Best play in the historical banker game (seed 003): exact values, sanity properties, a
simulation through the real banker engine, and ``manage.py chart --variant dvadtsat-odno``."""

import io
import json
import math
import random

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from game.engine.banker import autoplay, fresh_shoe, new_table, start_deal
from game.engine.strategy.banker import CASES, banker_analysis, punter_analysis


@pytest.fixture(scope="module")
def punter():
    return punter_analysis()


@pytest.fixture(scope="module")
def banker():
    return banker_analysis()


def cell(cells, total, soft=False, drawn=0):
    (found,) = [c for c in cells if (c.total, c.soft, c.drawn) == (total, soft, drawn)]
    return found


def test_policy_against_policy_is_zero_sum(punter, banker):
    # Both analyses value the same deal when both sides follow their policies.
    assert punter.policy_ev == pytest.approx(-banker.policy_ev, abs=1e-12)
    assert punter.policy_ev == pytest.approx(0.2370972709659, abs=1e-12)


def test_best_play_beats_the_policies(punter, banker):
    assert punter.best_ev == pytest.approx(0.2487958696441, abs=1e-12)
    assert banker.best_ev == pytest.approx(-0.1425326341592, abs=1e-12)
    assert punter.best_ev > punter.policy_ev
    assert banker.best_ev > banker.policy_ev


def test_the_punter_draws_to_14_and_stands_from_15(punter):
    for total in range(4, 15):
        assert cell(punter.cells, total).best == "draw", total
    for total in range(15, 21):
        assert cell(punter.cells, total).best == "stand", total
    # Soft hands draw to 17 (a card cannot bust them), stand from 18.
    for total in range(12, 18):
        assert cell(punter.cells, total, soft=True).best == "draw", total
    for total in (18, 19, 20):
        assert cell(punter.cells, total, soft=True).best == "stand"
    # Standing on 20 wins most deals; a draw can only make 21 or bust.
    twenty = cell(punter.cells, 20)
    assert twenty.stand == pytest.approx(0.9534, abs=1e-4)
    assert twenty.draw < 0


def test_one_punter_hand(punter):
    sixteen = punter.evs(["TS", "6D"])
    assert sixteen == pytest.approx({"draw": -0.181216811, "stand": -0.116598321}, abs=1e-9)
    assert punter.evs([10, 2, 2])["draw"] > punter.evs([10, 2, 2])["stand"]  # 14: draw
    for no_decision in (["AS", "KD"], [10, 5, 6], [2, 2, 2, 2, 2]):
        with pytest.raises(ValueError, match="no draw/stand decision"):
            punter.evs(no_decision)


def test_drawing_to_eleven_or_less_never_loses_to_standing(punter, banker):
    for cells in (punter.cells, *banker.cells.values()):
        for c in cells:
            if not c.soft and c.total <= 11:
                assert c.draw >= c.stand - 1e-12, c


def test_the_banker_stands_on_anything_against_a_bust_punter(banker):
    # He wins unless he busts too (a push): a draw can only add a risk of busting.
    for c in banker.cells["bust"]:
        assert c.best == "stand"
        assert c.stand == pytest.approx(1.0)


def test_the_banker_draws_more_against_a_punter_who_stood_on_two_cards(banker):
    # Under the policy a punter who stood on his two cards holds 16 or more.
    assert cell(banker.cells["stood"], 14).best == "draw"
    assert cell(banker.cells["drew"], 14).best == "stand"
    assert cell(banker.cells["stood"], 15).best == "stand"
    assert set(banker.cells) == set(CASES)


@pytest.mark.slow
def test_a_simulated_table_agrees_with_the_policy_ev(punter):
    rng = random.Random(2024)
    deals = 6000
    total = squares = 0.0
    for _ in range(deals):
        table = new_table(2, banker=0, shoe=fresh_shoe(rng))
        deal = autoplay(start_deal(table, {1: 1}))
        net = float(deal.hands[1].net)
        total += net
        squares += net * net
    mean = total / deals
    se = math.sqrt((squares / deals - mean * mean) / deals)
    assert 0.01 < se < 0.03
    assert abs(mean - punter.policy_ev) < 3 * se


# -- the command ----------------------------------------------------------------------------
def run_chart(*args: str) -> str:
    out = io.StringIO()
    call_command("chart", "--variant", "dvadtsat-odno", *args, stdout=out)
    return out.getvalue()


def test_chart_command_text():
    text = run_chart("--side", "punter")
    assert "Punter against the banker's policy (draws under 17)" in text
    lines = text.splitlines()
    assert "hard 14     D   D   D" in lines
    assert "hard 15     S   S   S" in lines
    assert "hard 4      D   .   ." in lines  # 2,2 cannot have drawn a card
    assert "punter EV per deal: stands from 16 +23.7097 %, best play +24.8796 %" in lines


def test_chart_command_csv_and_json():
    lines = run_chart("--side", "banker", "--format", "csv").splitlines()
    assert lines[0] == "side,case,hand,total,drawn,best,draw,stand"
    assert any(line.startswith("banker,stood,hard,14,0,D,") for line in lines)
    assert any(line.startswith("banker,bust,hard,12,0,S,") for line in lines)
    report = json.loads(run_chart("--format", "json"))
    assert [(t["side"], t["case"]) for t in report["tables"]] == [
        ("punter", None),
        ("banker", "stood"),
        ("banker", "drew"),
        ("banker", "bust"),
    ]
    assert report["ev_per_deal"]["banker"]["best"] == pytest.approx(-0.142533, abs=1e-6)


def test_chart_command_refuses_rule_changes_for_the_banker_game():
    with pytest.raises(CommandError, match="--set and --decks do not apply"):
        run_chart("--set", "decks=1")
