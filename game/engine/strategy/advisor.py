"""Grade a decision: the EV of every action offered, the reference play, what the chosen one
cost, and whether it counts as correct.

``grade(round, action)`` values the hand to act of a casino ``Round`` against the dealer's
upcard with ``hand_evs`` (a full shoe of ``rules.decks`` decks minus the hand and the upcard,
the convention of published tables, ORACLES.md) or the insurance decision with
``insurance_ev``, over the actions that were *offered*: legal under the rules and affordable
with the seat's chips (the buttons the page showed; a split the bankroll cannot pay is no
option, so it can be neither best nor a reproach).

``judge`` is the one rule of "correct" (issue 10): the table's flag, the stored
``GradedDecision``, drills and their FSRS ratings, the review's mistakes and filters, the
heat map, the stats and "Drill my mistakes" all read its ``Severity`` through
``is_correct`` (databases filter on ``CORRECT_SEVERITIES``). In units of the initial bet,
``loss`` being the EV the chosen play gives up against the reference play of the standard:

- ``best``: the reference play, or a play at least as good (loss 0);
- ``close``: a loss below ``CLOSE_CALL`` (0.001): counted correct, shown as a note;
- ``by_chart``: the basic strategy chart's play where the exact play differs by more
  (graded against the exact play): "by the chart: correct", counted correct, with a note;
- ``inaccuracy`` (a loss below 0.01), ``mistake`` (0.01 to 0.05), ``blunder`` (more than
  0.05): wrong.

Two standards (the player's setting, issue 4): ``exact`` takes the composition-dependent
best play of this very hand as the reference; ``chart`` the total-dependent basic strategy
chart's play (``Chart.action_for``), which is what a person learns (a choice that beats the
chart, a composition-dependent exception, loses nothing).

The early-surrender phase (seed 001: offered to every seat before anyone draws) is graded as
surrender against playing on: ``no_surrender`` is worth the best of the actions the hand will
have in the players' turn (``surrender_phase_evs``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Literal

from game.engine.round import (
    INSURANCE_DECISIONS,
    Action,
    Phase,
    Round,
    actions_if_played_on,
    affordable_actions,
)
from game.engine.rules import Rules
from game.engine.strategy.cache import EVCache, HandEVs
from game.engine.strategy.chart import Chart
from game.engine.strategy.composition import CardLike, full_shoe, remove_cards
from game.engine.strategy.hand import hand_evs, insurance_ev

Standard = Literal["exact", "chart"]
STANDARDS: tuple[Standard, ...] = ("exact", "chart")

CLOSE_CALL = 0.001
INACCURACY = 0.01
MISTAKE = 0.05


class Severity(StrEnum):
    """How far a decision was from the reference play (see ``judge``)."""

    BEST = "best"
    CLOSE = "close"
    BY_CHART = "by_chart"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


CORRECT_SEVERITIES = frozenset({Severity.BEST, Severity.CLOSE, Severity.BY_CHART})
"""The severities that count as correct (``is_correct``), for database filters."""

WRONG_SEVERITIES = tuple(s for s in Severity if s not in CORRECT_SEVERITIES)
"""The severities of a wrong decision, mildest first (the review's mistake filter)."""


def is_correct(severity: Severity | str) -> bool:
    """True when a decision graded ``severity`` (a Severity or its stored value) counts as
    correct: the reference play, a close call or the chart's play (``judge``).
    Raises ValueError for a value that is no severity."""
    return Severity(severity) in CORRECT_SEVERITIES


@dataclass(frozen=True, slots=True)
class Judgement:
    """``judge``'s verdict: the ``reference`` play, the ``loss`` against it (>= 0, units
    of the initial bet) and the ``severity``."""

    reference: Action
    loss: float
    severity: Severity

    @property
    def correct(self) -> bool:
        """The decision counts as correct (``is_correct``)."""
        return is_correct(self.severity)


def judge(
    evs: Mapping[Action, float] | Mapping[str, float],
    chosen: Action | str,
    *,
    standard: Standard = "exact",
    chart_action: Action | str | None = None,
) -> Judgement:
    """The one rule of "correct": grade the play ``chosen`` among the offered plays whose
    EVs are ``evs`` (units of the initial bet; Actions or their values as keys, as stored).

    The reference is the best play of ``evs`` under "exact" (ties: the first in ``evs``),
    the chart's play ``chart_action`` under "chart" (the best play when there is none).
    The loss is what ``chosen`` gives up against the reference (0 when it is at least as
    good); the severity is ``best`` at no loss, ``close`` below ``CLOSE_CALL``,
    ``by_chart`` when ``chosen`` is the chart's play, else ``inaccuracy`` below
    ``INACCURACY``, ``mistake`` up to ``MISTAKE``, ``blunder`` beyond (module docstring).

    Raises ValueError for an unknown standard, KeyError when ``chosen`` (or the chart's
    play under "chart") is not among ``evs``.
    """
    if standard not in STANDARDS:
        raise ValueError(f"unknown standard {standard!r}; use one of {', '.join(STANDARDS)}")
    values = {Action(a): v for a, v in evs.items()}
    choice = Action(chosen)
    chart_play = Action(chart_action) if chart_action else None
    if standard == "chart" and chart_play is not None:
        reference = chart_play
    else:
        reference = max(values, key=values.__getitem__)
    loss = max(0.0, values[reference] - values[choice])
    if choice is reference or loss <= 0:
        return Judgement(reference, 0.0, Severity.BEST)
    return Judgement(reference, loss, severity_of(loss, chart_play=choice is chart_play))


def severity_of(loss: float, *, chart_play: bool = False) -> Severity:
    """``judge``'s severity of a play that gives up ``loss`` (units of the initial bet)
    against the reference play: ``best`` at no loss, ``close`` below ``CLOSE_CALL``,
    ``by_chart`` when ``chart_play`` (the chart's play), else ``inaccuracy`` below
    ``INACCURACY``, ``mistake`` up to ``MISTAKE``, ``blunder`` beyond. What games whose
    actions are not ``Action`` (the banker game) grade with."""
    if loss <= 0:
        return Severity.BEST
    if loss < CLOSE_CALL:
        return Severity.CLOSE
    if chart_play:
        return Severity.BY_CHART
    if loss < INACCURACY:
        return Severity.INACCURACY
    if loss <= MISTAKE:
        return Severity.MISTAKE
    return Severity.BLUNDER


@dataclass(frozen=True, slots=True)
class Grade:
    """The grade of one decision.

    - ``evs``: EV of every offered action (legal and affordable), units of the initial bet
      (insurance: the EV the insurance bet adds, so declining is 0).
    - ``chosen``/``best``: the action taken and the reference action (the highest EV under
      the ``exact`` standard, the chart's play under ``chart``).
    - ``loss``: EV given up by the chosen action against the reference (>= 0).
    - ``severity``: ``judge``'s; ``correct``: it counts as correct (``is_correct``).
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

    @property
    def correct(self) -> bool:
        """The decision counts as correct (``is_correct``: best, close call, by the chart)."""
        return is_correct(self.severity)


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
    chips: Fraction | None = None,
) -> Grade | None:
    """Grade ``action`` for the hand to act of ``rnd`` (before it is applied), against the
    ``standard`` ("exact", or "chart", which needs the rules' ``chart``), over the actions
    offered to the person: the legal ones that ``chips`` (what the seat can still put on the
    table) pays for (``round.affordable_actions``; None: no limit).

    In the early-surrender phase the answer is graded as surrender against the best play of
    the hand's players' turn among those the chips pay for (``actions_if_played_on``,
    ``surrender_phase_evs``).

        Returns None when no hand is to act or ``action`` is not offered now (nothing to grade).
    Raises StrategyError for the banker game (CASINO_GAME_ONLY), ValueError for "chart"
    without a chart.
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
        affordable_actions(rnd, chips),
        from_split=hand.from_split,
        hands=len(rnd.hands_of_seat(hand.seat)),
        insurance=rnd.phase is Phase.INSURANCE,
        cache=cache,
        chart=chart,
        standard=standard,
        play_on=actions_if_played_on(rnd, chips) if surrender_phase else None,
    )


def grade_decision(
    cards: Sequence[CardLike],
    upcard: CardLike,
    rules: Rules,
    action: Action | str,
    legal: Collection[Action],
    *,
    from_split: bool = False,
    hands: int | None = None,
    insurance: bool = False,
    cache: EVCache | None = None,
    chart: Chart | None = None,
    standard: Standard = "exact",
    play_on: Collection[Action] | None = None,
) -> Grade | None:
    """Grade ``action`` for the hand ``cards`` against ``upcard`` when ``legal`` are the
    actions offered (allowed by the rules and affordable; the insurance decision when
    ``insurance``; the early-surrender phase when ``play_on`` is given: the actions the hand
    will have if it plays on), without a Round: what the drills use. EVs come from
    ``hand_evs`` on ``rules.decks`` decks minus the hand and the upcard (units of the initial
    bet; insurance: the EV the half-bet insurance adds; the surrender phase:
    ``surrender_phase_evs``); only offered actions are valued, so the reference play, the
    chart's play and the loss are all among them; ``judge`` decides. ``hands``: how many
    hands the seat holds, this one included (``hand_evs``: a split hand that is a pair is
    valued for a resplit with the room left).

    Returns None when ``action`` is not offered or not valued. Raises StrategyError for the
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
        valued = hand_evs(
            cards,
            upcard,
            rules,
            from_split=from_split,
            hands=hands,
            cache=cache,
            with_split=Action.SPLIT in legal,
        ).values()
        evs = {a: v for a, v in valued.items() if a in legal}
    if action not in evs:  # a legal action the EV engine does not value: nothing to grade
        return None
    chart_action = None
    if chart is not None and play_on is not None:
        play = chart.action_for(cards, upcard, [*play_on, Action.SURRENDER])
        chart_action = Action.SURRENDER if play is Action.SURRENDER else Action.NO_SURRENDER
    elif chart is not None:
        chart_action = chart.action_for(cards, upcard, evs.keys())
    verdict = judge(evs, action, standard=standard, chart_action=chart_action)
    return Grade(
        evs=evs,
        chosen=action,
        best=verdict.reference,
        loss=verdict.loss,
        severity=verdict.severity,
        standard=standard,
        chart_action=chart_action,
    )
