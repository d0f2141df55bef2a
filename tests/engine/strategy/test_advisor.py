"""Grading a decision: EVs of the legal actions, the best one, the loss and its severity."""

import pytest

from game.engine.cards import Shoe
from game.engine.round import Action, deal
from game.engine.rules import CROATIAN, RUSSIAN
from game.engine.strategy.advisor import Severity, grade, severity_of


def russian(*cards: str):
    return deal(RUSSIAN, [10], Shoe.stacked_from(list(cards)))


@pytest.mark.parametrize(
    ("loss", "margin", "severity"),
    [
        (0.0, 0.2, Severity.BEST),
        (0.0005, 0.0005, Severity.CLOSE),
        (0.0099, 0.0099, Severity.INACCURACY),
        (0.01, 0.01, Severity.MISTAKE),
        (0.05, 0.05, Severity.MISTAKE),
        (0.0501, 0.0501, Severity.BLUNDER),
    ],
)
def test_severity_thresholds(loss, margin, severity):
    assert severity_of(loss, margin) is severity


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
