"""game/engine/strategy/banker_grading.py: the banker game's decisions graded with the exact
analysis of strategy/banker.py (a punter against the banker's policy, the banker against the
punters as the table shows them) and advisor.py's thresholds, from the seat's observation
only (no face-down card of another seat)."""

from fractions import Fraction

import numpy as np
import pytest

from game.engine.banker import BankerAction, Role, apply, deal_order, new_table, observe
from game.engine.banker import start_deal as banker_start_deal
from game.engine.cards import Shoe
from game.engine.strategy.advisor import Severity, severity_of
from game.engine.strategy.banker import CASES, banker_analysis, punter_analysis
from game.engine.strategy.banker_grading import grade_banker_decision, punter_cases

DRAW, STAND = BankerAction.DRAW, BankerAction.STAND


def deal(hands: dict[int, list[str]], draws=(), *, stakes=None):
    """A deal of ``len(hands)`` seats, the bank at seat 0, dealt from a scripted shoe."""
    seats = len(hands)
    order = deal_order(seats, 0)
    cards = [hands[s][0] for s in order] + [hands[s][1] for s in order] + list(draws)
    table = new_table(seats, 0, shoe=Shoe.stacked_from([]))
    stakes = stakes or {s: 10 for s in order[:-1]}
    return banker_start_deal(table, stakes, Shoe.stacked_from(cards))


def test_a_punter_drawing_to_a_hard_16_is_a_blunder_with_the_exact_evs():
    # Punter T,6 against a banker who draws below 17, heads-up, no banker natural:
    # stand -0.11660, draw -0.18122 per unit staked (strategy/banker.py punter_analysis).
    dealt = deal({0: ["9H", "8D"], 1: ["TS", "6C"]}, ["9C"])
    grade = grade_banker_decision(observe(dealt, 1), "draw")
    assert grade is not None
    assert grade.role is Role.PUNTER
    assert grade.evs == {
        STAND: pytest.approx(-0.11659832118064692, abs=1e-12),
        DRAW: pytest.approx(-0.18121681084317048, abs=1e-12),
    }
    assert list(grade.evs) == [STAND, DRAW]
    assert (grade.chosen, grade.best) is not None and grade.best is STAND
    assert grade.loss == pytest.approx(0.06461848965, abs=1e-10)
    assert grade.severity is Severity.BLUNDER and not grade.correct
    assert grade.standard == "exact" and grade.chart_action is None
    standing = grade_banker_decision(observe(dealt, 1), "stand")
    assert standing is not None
    assert standing.severity is Severity.BEST and standing.loss == 0.0 and standing.correct


def test_a_punter_grade_never_depends_on_a_face_down_card():
    """The banker's two dealt cards are face down: any banker hand grades the same."""
    grades = [
        grade_banker_decision(observe(deal({0: banker, 1: ["5S", "7C"]}), 1), "stand")
        for banker in (["9H", "8D"], ["2H", "3D"], ["TH", "6D"])
    ]
    grade = grades[0]
    assert grade is not None and grades == [grade] * 3
    assert grade.best is DRAW  # 12 draws: -0.00790 against -0.11107
    assert grade.evs[DRAW] == pytest.approx(-0.007902723783159918, abs=1e-12)
    assert grade.loss == pytest.approx(0.10316831724352102, abs=1e-12)
    assert grade.severity is Severity.BLUNDER


def test_the_banker_is_graded_against_every_punter_as_the_table_shows_him():
    # Punters: seat 1 9,4 draws 2 then T (bust, turned up); seat 2 T,9 stands; seat 3 A,K
    # (a natural, face down: to the banker it looks like a punter who stood). The banker
    # 8,5 (13): standing collects from the bust punter, a draw risks a push with him.
    dealt = deal({0: ["8D", "5S"], 1: ["9C", "4D"], 2: ["TS", "9S"], 3: ["AS", "KH"]}, ["2H", "TH"])
    dealt = apply(apply(apply(dealt, DRAW), DRAW), STAND)
    seen = observe(dealt, 0)
    assert seen.role is Role.BANKER and seen.legal_actions == (DRAW, STAND)
    assert punter_cases(seen) == [("bust", 10.0), ("stood", 10.0), ("stood", 10.0)]
    grade = grade_banker_decision(seen, "draw")
    assert grade is not None and grade.role is Role.BANKER
    assert grade.evs[STAND] == pytest.approx(-0.41031423846038173, abs=1e-12)
    assert grade.evs[DRAW] == pytest.approx(-0.4753950283923275, abs=1e-12)
    assert grade.best is STAND
    assert grade.loss == pytest.approx(0.06508079, abs=1e-8)
    assert grade.severity is Severity.BLUNDER
    # The natural's cards are unknown to the grade: a punter T,6 who stood grades the same.
    other = deal({0: ["8D", "5S"], 1: ["9C", "4D"], 2: ["TS", "9S"], 3: ["TD", "6H"]}, ["2H", "TH"])
    other = apply(apply(apply(apply(other, DRAW), DRAW), STAND), STAND)
    assert grade_banker_decision(observe(other, 0), "draw") == grade


def test_against_one_punter_the_banker_evs_are_the_heads_up_analysis():
    analysis = banker_analysis()
    counts = (0, 0, 0, 0, 0, 1, 0, 0, 0, 1)  # T,6
    stand, mass = analysis.hands[counts]
    for k, case in enumerate(CASES):
        for stake in (1.0, 25.0):
            evs = analysis.evs(["TS", "6C"], [(case, stake)])
            assert evs["stand"] == pytest.approx(stand[k] / mass[k], abs=1e-12)
    # Against a punter who stood, a banker 16 stands: -0.94240 against -1.18551.
    evs = analysis.evs(["TS", "6C"], [("stood", 10.0)])
    assert evs == {
        "stand": pytest.approx(-0.9423963133640552, abs=1e-12),
        "draw": pytest.approx(-1.1855115207373272, abs=1e-12),
    }


def test_mixed_punters_weigh_stand_by_stake_and_draw_plays_one_way_against_all():
    analysis = banker_analysis()
    mixed = analysis.evs(["9H", "7C"], [("stood", 10.0), ("bust", 25.0)])
    alone = {case: analysis.evs(["9H", "7C"], [(case, 1.0)]) for case in ("stood", "bust")}
    assert mixed["stand"] == pytest.approx(
        (10 * alone["stood"]["stand"] + 25 * alone["bust"]["stand"]) / 35, abs=1e-12
    )
    # One draw-or-stand play after the card against both, never better than each punter's
    # own best play.
    apart = (10 * alone["stood"]["draw"] + 25 * alone["bust"]["draw"]) / 35
    assert mixed["draw"] <= apart + 1e-12
    assert mixed == {
        "stand": pytest.approx(0.44713627386438437, abs=1e-12),
        "draw": pytest.approx(-0.05946141041954581, abs=1e-12),
    }


def test_nothing_to_grade_without_a_choice():
    # Three cards drawn: only "stand" is left; and an action not legal now.
    dealt = deal({0: ["9H", "8D"], 1: ["2S", "2C"]}, ["2D", "3H", "2H"])
    dealt = apply(apply(apply(dealt, DRAW), DRAW), DRAW)
    seen = observe(dealt, 1)
    assert seen.legal_actions == (STAND,)
    assert grade_banker_decision(seen, "stand") is None
    assert grade_banker_decision(seen, "draw") is None  # not legal now
    assert grade_banker_decision(observe(dealt, 0), "draw") is None  # not the bank's turn
    dealt = apply(dealt, STAND)
    assert grade_banker_decision(observe(dealt, 0), "draw") is not None


def test_the_punter_analysis_refuses_a_hand_without_a_decision():
    with pytest.raises(ValueError):
        banker_analysis().evs(["AS", "KH"], [("stood", 1.0)])
    with pytest.raises(ValueError):
        banker_analysis().evs(["9S", "7H"], [])
    assert punter_analysis().evs(["TS", "6C"])["stand"] < 0


@pytest.mark.parametrize(
    ("loss", "severity"),
    [
        (0.0, Severity.BEST),
        (0.0005, Severity.CLOSE),
        (0.005, Severity.INACCURACY),
        (0.03, Severity.MISTAKE),
        (0.05, Severity.MISTAKE),
        (0.0501, Severity.BLUNDER),
    ],
)
def test_severity_of_is_judges_thresholds(loss, severity):
    assert severity_of(loss) is severity


def test_stakes_are_chips_of_the_table():
    dealt = deal({0: ["9H", "7D"], 1: ["TS", "6C"], 2: ["9S", "9C"]}, stakes={1: 5, 2: 20})
    dealt = apply(apply(dealt, STAND), STAND)
    assert punter_cases(observe(dealt, 0)) == [("stood", 5.0), ("stood", 20.0)]
    assert Fraction(dealt.hands[2].stake) == 20
    assert np.isfinite(grade_banker_decision(observe(dealt, 0), "stand").loss)
