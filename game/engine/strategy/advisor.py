"""Grade a decision: the EV of every legal action, the best one, what the chosen one cost.

``grade(round, action)`` values the hand to act of a casino ``Round`` against the dealer's
upcard with ``hand_evs`` (a full shoe of ``rules.decks`` decks minus the hand and the upcard,
the convention of published tables, ORACLES.md) or the insurance decision with
``insurance_ev``, and sorts the choice into a severity by the EV it gave up, in units of the
initial bet (the issue's thresholds):

- ``best``: the chosen action has the highest EV;
- ``close``: not the best, but the best two actions differ by less than 0.001;
- ``inaccuracy``: lost less than 0.01; ``mistake``: 0.01 to 0.05; ``blunder``: more than 0.05.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.engine.round import INSURANCE_DECISIONS, Action, Phase, Round
from game.engine.strategy.composition import full_shoe, remove_cards
from game.engine.strategy.ev import EVCache, hand_evs, insurance_ev

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
    - ``chosen``/``best``: the action taken and the one with the highest EV.
    - ``loss``: EV given up by the chosen action (>= 0).
    - ``severity``: see the module docstring.
    """

    evs: dict[Action, float]
    chosen: Action
    best: Action
    loss: float
    severity: Severity

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


def grade(rnd: Round, action: Action | str, cache: EVCache | None = None) -> Grade | None:
    """Grade ``action`` for the hand to act of ``rnd`` (before it is applied).

    Returns None when no hand is to act or ``action`` is not legal now (nothing to grade).
    Raises StrategyError for the banker game.
    """
    action = Action(action)
    hand = rnd.active_hand
    legal = rnd.legal_actions()
    if hand is None or action not in legal:
        return None
    if rnd.phase is Phase.INSURANCE:
        unseen = remove_cards(full_shoe(rnd.rules.decks), [*hand.cards, rnd.upcard])
        per_unit = float(insurance_ev(unseen))
        evs = {Action.INSURANCE: per_unit / 2, Action.NO_INSURANCE: 0.0}
        evs = {a: v for a, v in evs.items() if a in INSURANCE_DECISIONS and a in legal}
    else:
        values = hand_evs(
            hand.cards, rnd.upcard, rnd.rules, from_split=hand.from_split, cache=cache
        ).values()
        evs = {a: v for a, v in values.items() if a in legal}
    if action not in evs:  # a legal action the EV engine does not value: nothing to grade
        return None
    ranked = sorted(evs.values(), reverse=True)
    best = max(evs, key=evs.__getitem__)
    loss = max(0.0, evs[best] - evs[action])
    margin = ranked[0] - ranked[1] if len(ranked) > 1 else 1.0
    return Grade(evs=evs, chosen=action, best=best, loss=loss, severity=severity_of(loss, margin))
