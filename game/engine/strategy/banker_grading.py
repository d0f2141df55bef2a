"""Grade a decision of the banker game "Двадцать одно" (seed 003): a punter's or the
banker's draw or stand, with the exact analysis of strategy/banker.py and advisor.py's one
rule of "correct" (``severity_of``, the thresholds of ``judge``).

The grade is made from the seat's ``BankerObservation`` (banker.py ``observe``) and nothing
else, so it never knows a face-down card of another seat or the order of the shoe:

- a punter: ``punter_analysis().evs`` of his own cards, against a banker who draws while
  under 17 (VARIANTS.md table 4), heads-up, conditioned on no banker natural (a natural ends
  the deal before anyone decides); per unit of the punter's stake. The other punters' drawn
  cards, face up on the table, are not used (the analysis deals from a fresh 104-card shoe
  less the punter's own cards).
- the banker: ``banker_analysis().evs`` of his cards against every punter as the table shows
  him (bust, drew and stood, or stood on his two dealt cards; a natural looks like the last
  until the settlement), each weighed by his stake; per unit of the punters' total stake,
  the banker's side. The punters are taken to follow seed rule 17 (draw while under 16).

The reference play is the higher EV (a tie stands, as ``DrawCell.best``); the loss is what
the chosen play gives up against it (>= 0); ``severity_of`` decides. The banker game has no
basic strategy chart: its grades are always against the exact play ("exact").
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.banker import BankerAction, BankerObservation, Role
from game.engine.strategy.advisor import Severity, Standard, is_correct, severity_of
from game.engine.strategy.banker import TIE, Case, banker_analysis, punter_analysis


@dataclass(frozen=True, slots=True)
class BankerGrade:
    """The grade of one banker-game decision, shaped as advisor.py's ``Grade`` (what
    ``GradedDecision.from_grade`` stores).

    - ``evs``: EV of drawing and of standing (stand first), units of the seat's stake (the
      banker: of the punters' total stake), from the seat's side.
    - ``chosen``/``best``: the action taken and the better one; ``loss``: the EV the chosen
      one gives up (>= 0); ``severity``: ``severity_of(loss)``.
    - ``role``: punter or banker; ``standard`` is always "exact", ``chart_action`` None.
    """

    evs: dict[BankerAction, float]
    chosen: BankerAction
    best: BankerAction
    loss: float
    severity: Severity
    role: Role
    standard: Standard = "exact"
    chart_action: BankerAction | None = None

    @property
    def correct(self) -> bool:
        """The decision counts as correct (advisor.py's ``is_correct``)."""
        return is_correct(self.severity)

    @property
    def deviated(self) -> bool:
        """True when the chosen action was not the better one."""
        return self.chosen is not self.best


def punter_cases(obs: BankerObservation) -> list[tuple[Case, float]]:
    """Every punter of the deal as the banker's table shows him, with his stake in chips:
    "bust" (turned up at once, seed rule 18), "drew" (drawn cards lie face up) or "stood"
    (nothing drawn: his two dealt cards are face down)."""
    found: list[tuple[Case, float]] = []
    for other in obs.others:
        if other.role is not Role.PUNTER:
            continue
        drawn = len(other.visible) + other.hidden - 2
        case: Case = "bust" if other.bust else ("drew" if drawn > 0 else "stood")
        found.append((case, float(other.stake)))
    return found


def grade_banker_decision(obs: BankerObservation, action: BankerAction | str) -> BankerGrade | None:
    """Grade ``action`` of the seat whose observation ``obs`` is (taken before the action;
    module docstring for the analysis of each role).

    Returns None when there is nothing to grade: ``action`` is not one of the seat's legal
    actions now, or the seat has only one (stand after three draws). Raises ValueError for
    an action that is no BankerAction."""
    chosen = BankerAction(action)
    if chosen not in obs.legal_actions or len(obs.legal_actions) < 2:
        return None
    if obs.role is Role.PUNTER:
        values = punter_analysis().evs(obs.cards)
    else:
        values = banker_analysis().evs(obs.cards, punter_cases(obs))
    evs = {BankerAction.STAND: values["stand"], BankerAction.DRAW: values["draw"]}
    drawing_is_better = evs[BankerAction.DRAW] > evs[BankerAction.STAND] + TIE
    best = BankerAction.DRAW if drawing_is_better else BankerAction.STAND
    loss = max(0.0, evs[best] - evs[chosen]) if chosen is not best else 0.0
    return BankerGrade(
        evs=evs,
        chosen=chosen,
        best=best,
        loss=loss,
        severity=severity_of(loss),
        role=obs.role,
    )


__all__ = ["BankerGrade", "grade_banker_decision", "punter_cases"]
