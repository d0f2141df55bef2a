"""Grading a decision: EVs of the legal actions, the best one, the loss and its severity."""

import pytest

from game.engine.cards import Shoe
from game.engine.round import Action, deal
from game.engine.rules import CROATIAN, RUSSIAN
from game.engine.strategy.advisor import (
    CLOSE_CALL,
    Severity,
    grade,
    is_correct,
    judge,
)


def russian(*cards: str):
    return deal(RUSSIAN, [10], Shoe.stacked_from(list(cards)))


@pytest.mark.parametrize(
    ("loss", "severity"),
    [
        (0.0, Severity.BEST),
        (0.0005, Severity.CLOSE),
        (CLOSE_CALL - 1e-6, Severity.CLOSE),
        (CLOSE_CALL + 1e-6, Severity.INACCURACY),
        (0.0099, Severity.INACCURACY),
        (0.01, Severity.MISTAKE),
        (0.05, Severity.MISTAKE),
        (0.0501, Severity.BLUNDER),
    ],
)
def test_severity_thresholds(loss, severity):
    verdict = judge({Action.HIT: 0.0, Action.STAND: -loss}, Action.STAND)
    assert verdict.severity is severity
    assert verdict.loss == pytest.approx(loss)
    assert verdict.correct is (loss < CLOSE_CALL)


def test_a_close_call_is_the_loss_of_the_play_chosen_not_the_gap_between_the_best_two():
    # Hit and stand within 0.0005, but the double chosen gives up 0.3: a blunder (the old
    # rule called anything a close call when the best two plays were that close).
    evs = {Action.HIT: -0.2, Action.STAND: -0.2005, Action.DOUBLE: -0.5}
    assert judge(evs, Action.DOUBLE).severity is Severity.BLUNDER
    assert not is_correct(judge(evs, Action.DOUBLE).severity)
    assert judge(evs, Action.STAND).severity is Severity.CLOSE


def test_the_charts_play_graded_exactly_is_correct_by_the_chart():
    evs = {Action.HIT: -0.25, Action.STAND: -0.29}
    verdict = judge(evs, "stand", standard="exact", chart_action="stand")
    assert (verdict.reference, verdict.severity) == (Action.HIT, Severity.BY_CHART)
    assert verdict.loss == pytest.approx(0.04) and verdict.correct
    # Against the chart, the chart's play is the reference; the exact play beats it.
    assert judge(evs, "stand", standard="chart", chart_action="stand").severity is Severity.BEST
    assert judge(evs, "hit", standard="chart", chart_action="stand").severity is Severity.BEST
    # Another play than the chart's is still wrong.
    assert not judge(evs, "stand", standard="exact", chart_action="hit").correct


def test_standing_on_ten_six_against_a_ten_is_an_inaccuracy():
    verdict = grade(russian("TS", "TD", "6C", "9H"), "stand")
    assert verdict.best is Action.HIT and verdict.deviated
    assert verdict.loss == pytest.approx(0.540954 - 0.534676, abs=2e-6)
    assert verdict.severity is Severity.INACCURACY


def test_not_splitting_eights_against_a_ten_is_a_blunder_when_one_split_is_allowed():
    verdict = grade(russian("8S", "TD", "8C", "9H"), "hit")
    assert verdict.best is Action.SPLIT
    assert verdict.severity is Severity.BLUNDER  # split only once here, still 0.05 better


def test_taking_insurance_is_graded_by_the_closed_form():
    verdict = grade(russian("TS", "AD", "6C", "9H"), "insurance")
    assert set(verdict.evs) == {Action.INSURANCE, Action.NO_INSURANCE}
    assert verdict.evs[Action.INSURANCE] == pytest.approx((3 * 95 / 309 - 1) / 2)
    assert verdict.best is Action.NO_INSURANCE


def test_croatian_early_surrender_of_sixteen_against_a_ten_is_best():
    rnd = deal(CROATIAN, [10], Shoe.stacked_from(["TS", "TD", "6C", "9H"]))
    verdict = grade(rnd, "surrender")
    assert verdict.best is Action.SURRENDER and verdict.severity is Severity.BEST
    assert verdict.evs[Action.SURRENDER] == -0.5


def test_an_illegal_action_is_not_graded():
    assert grade(russian("TS", "TD", "6C", "9H"), "surrender") is None
