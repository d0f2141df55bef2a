"""Grade a decision: the EV of every legal action, the best one, what the chosen one cost.

``grade(round, action)`` values the hand to act of a casino ``Round`` against the dealer's
upcard with ``hand_evs`` (a full shoe of ``rules.decks`` decks minus the hand and the upcard,
the convention of published tables, ORACLES.md) or the insurance decision with
``insurance_ev``, and sorts the choice into a severity by the EV it gave up, in units of the
initial bet (the issue's thresholds):

- ``best``: the chosen action has the highest EV;
- ``close``: not the best, but the best two actions differ by less than 0.001;
- ``inaccuracy``: lost less than 0.01; ``mistake``: 0.01 to 0.05; ``blunder``: more than 0.05.

Two standards (the player's setting, issue 4): ``exact`` compares with the
composition-dependent best action of this very hand; ``chart`` with the total-dependent
basic strategy chart (``Chart.action_for``), which is what a person learns. Under ``exact``
a choice that is not the best but is the chart's play is marked ``by_chart`` ("by the chart:
correct"); under ``chart`` the reference is the chart's play and the loss is measured
against its EV (a choice that beats the chart, a composition-dependent exception, loses
nothing).

The early-surrender phase (seed 001: offered to every seat before anyone draws) is graded as
surrender against playing on: ``no_surrender`` is worth the best of the actions the hand will
have in the players' turn (``surrender_phase_evs``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from game.engine.round import (
    INSURANCE_DECISIONS,
    Action,
    Phase,
    Round,
    actions_if_played_on,
)
from game.engine.rules import Rules
from game.engine.strategy.chart import Chart
from game.engine.strategy.composition import CardLike, full_shoe, remove_cards
from game.engine.strategy.ev import EVCache, HandEVs, hand_evs, insurance_ev

Standard = Literal["exact", "chart"]
STANDARDS: tuple[Standard, ...] = ("exact", "chart")

CLOSE_CALL = 0.001
INACCURACY = 0.01
MISTAKE = 0.05


class Severity(StrEnum):
    """How far a decision was from the best play."""

    BEST = "best"
    CLOSE = "close"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


@dataclass(frozen=True, slots=True)
class Grade:
    """The grade of one decision.

    - ``evs``: EV of every legal action, units of the initial bet (insurance: the EV the
      insurance bet adds, so declining is 0).
    - ``chosen``/``best``: the action taken and the reference action (the highest EV under
      the ``exact`` standard, the chart's play under ``chart``).
    - ``loss``: EV given up by the chosen action against the reference (>= 0).
    - ``severity``: see the module docstring.
    - ``standard``: "exact" or "chart"; ``chart_action``: the chart's play when a chart was
      given (else None); ``by_chart``: under "exact", the choice is not the best but is
      the chart's play.
    """

    evs: dict[Action, float]
    chosen: Action
    best: Action
    loss: float
    severity: Severity
    standard: Standard = "exact"
    chart_action: Action | None = None

    @property
    def by_chart(self) -> bool:
        """True when the choice deviates from the exact play but is the chart's play."""
        return self.standard == "exact" and self.deviated and self.chosen is self.chart_action

    @property
    def deviated(self) -> bool:
        """True when the chosen action was not the best one."""
        return self.chosen is not self.best


def severity_of(loss: float, margin: float) -> Severity:
    """The severity of losing ``loss`` when the best two actions differ by ``margin``."""
    if loss <= 0:
        return Severity.BEST
    if margin < CLOSE_CALL:
        return Severity.CLOSE
    if loss < INACCURACY:
        return Severity.INACCURACY
    if loss <= MISTAKE:
        return Severity.MISTAKE
    return Severity.BLUNDER


def surrender_phase_evs(values: HandEVs, play_on: Collection[Action]) -> dict[Action, float]:
    """The two answers of the early-surrender phase, units of the initial bet: SURRENDER
    (-0.5) and NO_SURRENDER, the best EV among ``play_on`` (the actions the hand will have
    in the players' turn; surrender is not among them). Where the EVs are conditioned on no
    dealer natural (a peek game), the phase comes before the peek, so playing on is worth
    -p + (1 - p) * best, p the chance of a dealer natural (as ``game_ev`` weighs it).

    Raises ValueError when none of ``play_on`` is valued."""
    played = [v for a, v in values.values().items() if a in play_on and a is not Action.SURRENDER]
    if not played:
        raise ValueError("no action to play on with is valued")
    best = max(played)
    if values.conditioned:
        q = values.natural_probability
        best = -q + (1.0 - q) * best
    give_up = values.surrender if values.surrender is not None else -0.5
    return {Action.SURRENDER: give_up, Action.NO_SURRENDER: best}


def grade(
    rnd: Round,
    action: Action | str,
    cache: EVCache | None = None,
    *,
    chart: Chart | None = None,
    standard: Standard = "exact",
) -> Grade | None:
    """Grade ``action`` for the hand to act of ``rnd`` (before it is applied), against the
    ``standard`` ("exact", or "chart", which needs the rules' ``chart``).

    In the early-surrender phase the answer is graded as surrender against the best play of
    the hand's players' turn (``surrender_phase_evs``).

    Returns None when no hand is to act or ``action`` is not legal now (nothing to grade).
    Raises StrategyError for the banker game, ValueError for "chart" without a chart.
    """
    hand = rnd.active_hand
    if hand is None:
        return None
    surrender_phase = rnd.phase is Phase.SURRENDER
    return grade_decision(
        hand.cards,
        rnd.upcard,
        rnd.rules,
        action,
        rnd.legal_actions(),
        from_split=hand.from_split,
        insurance=rnd.phase is Phase.INSURANCE,
        cache=cache,
        chart=chart,
        standard=standard,
        play_on=actions_if_played_on(rnd) if surrender_phase else None,
    )


def grade_decision(
    cards: Sequence[CardLike],
    upcard: CardLike,
    rules: Rules,
    action: Action | str,
    legal: Collection[Action],
    *,
    from_split: bool = False,
    insurance: bool = False,
    cache: EVCache | None = None,
    chart: Chart | None = None,
    standard: Standard = "exact",
    play_on: Collection[Action] | None = None,
) -> Grade | None:
    """Grade ``action`` for the hand ``cards`` against ``upcard`` when ``legal`` are the
    actions allowed (the insurance decision when ``insurance``; the early-surrender phase
    when ``play_on`` is given: the actions the hand will have if it plays on), without a
    Round: what the drills use. EVs come from ``hand_evs`` on ``rules.decks`` decks minus
    the hand and the upcard (units of the initial bet; insurance: the EV the half-bet
    insurance adds; the surrender phase: ``surrender_phase_evs``).

    Returns None when ``action`` is not legal or not valued. Raises StrategyError for the
    banker game, ValueError for an unknown standard or "chart" without a chart.
    """
    if standard not in STANDARDS:
        raise ValueError(f"unknown standard {standard!r}; use one of {', '.join(STANDARDS)}")
    if standard == "chart" and chart is None:
        raise ValueError("grading against the chart needs the rules' chart")
    action = Action(action)
    legal = tuple(legal)
    if action not in legal:
        return None
    if insurance:
        unseen = remove_cards(full_shoe(rules.decks), [*cards, upcard])
        per_unit = float(insurance_ev(unseen))
        evs = {Action.INSURANCE: per_unit / 2, Action.NO_INSURANCE: 0.0}
        evs = {a: v for a, v in evs.items() if a in INSURANCE_DECISIONS and a in legal}
    elif play_on is not None:
        values = hand_evs(cards, upcard, rules, from_split=from_split, cache=cache)
        evs = {a: v for a, v in surrender_phase_evs(values, play_on).items() if a in legal}
    else:
        values = hand_evs(cards, upcard, rules, from_split=from_split, cache=cache).values()
        evs = {a: v for a, v in values.items() if a in legal}
    if action not in evs:  # a legal action the EV engine does not value: nothing to grade
        return None
    chart_action = None
    if chart is not None and play_on is not None:
        play = chart.action_for(cards, upcard, [*play_on, Action.SURRENDER])
        chart_action = Action.SURRENDER if play is Action.SURRENDER else Action.NO_SURRENDER
    elif chart is not None:
        chart_action = chart.action_for(cards, upcard, evs.keys())
    ranked = sorted(evs.values(), reverse=True)
    margin = ranked[0] - ranked[1] if len(ranked) > 1 else 1.0
    if standard == "chart" and chart_action is not None:
        best = chart_action
    else:
        best = max(evs, key=evs.__getitem__)
    loss = max(0.0, evs[best] - evs[action])
    severity = severity_of(loss, margin) if action is not best else Severity.BEST
    return Grade(
        evs=evs,
        chosen=action,
        best=best,
        loss=loss,
        severity=severity,
        standard=standard,
        chart_action=chart_action,
    )
