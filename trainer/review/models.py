"""The decision log: every graded decision of a person, from the table and the drills.

A decision enters the log one way, ``GradedDecision.from_grade``: the advisor's ``Grade``
(game/engine/strategy/advisor.py: the action, the reference play, every offered action's
EV in units of the initial bet, the EV lost and the severity) and the ``DecisionPoint`` it
was taken at (the hand's cards, the upcard, the insurance decision or not, a split hand or
not). ``grade_fields`` is the stored form of a grade, also what a replay keeps of each of
its decisions. The review pages, the drills' lists of mistakes and weak spots and FSRS
read the log; advisor.py's ``is_correct`` decides what counts as correct.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.db import models

from game.engine.banker import BankerObservation, Role
from game.engine.cards import Card
from game.engine.hands import is_natural
from game.engine.round import Action, Phase, Round
from game.engine.strategy.advisor import CORRECT_SEVERITIES, Grade, is_correct
from game.engine.strategy.banker_grading import BankerGrade
from trainer.review.situations import BANKER_GAME_MARKS, banker_role


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """Where a decision was taken: the acting hand's card codes ("TH", "6S"), the dealer's
    upcard code, whether it was the insurance decision (even money included), and whether
    the hand was made by splitting.

    The banker game has no dealer and no upcard: its ``upcard`` holds the seat's role
    instead, "P" for a punter and "B" for the banker (situations.py ``BANKER_GAME_MARKS``),
    and ``hand`` the seat's own cards."""

    hand: tuple[str, ...]
    upcard: str
    insurance: bool = False
    from_split: bool = False

    @classmethod
    def of_round(cls, rnd: Round) -> DecisionPoint:
        """The decision of the hand to act of ``rnd`` (the round before the action). Raises
        ValueError when no hand is to act (a settled round)."""
        hand = rnd.active_hand
        if hand is None:
            raise ValueError("no hand is to act")
        return cls(
            hand=tuple(c.code for c in hand.cards),
            upcard=rnd.upcard.code,
            insurance=rnd.phase is Phase.INSURANCE,
            from_split=hand.from_split,
        )

    @classmethod
    def of_banker_game(cls, obs: BankerObservation) -> DecisionPoint:
        """The banker-game decision of the seat whose observation ``obs`` is (before the
        action): its own cards and its role's mark (no other seat's card is kept)."""
        return cls(hand=tuple(c.code for c in obs.cards), upcard=BANKER_GAME_MARKS[obs.role])


def grade_fields(grade: Grade | BankerGrade, point: DecisionPoint) -> dict[str, Any]:
    """The stored form of ``grade`` taken at ``point``, as JSON-ready fields of
    ``GradedDecision``: hand (codes), upcard, insurance, from_split, action, best_action,
    chart_action ("" when the chart has no play), evs ({action: EV in bets}), loss (bets),
    severity and standard. A banker-game grade (strategy/banker_grading.py) is stored the
    same way: its actions are "draw" and "stand"."""
    return {
        "hand": list(point.hand),
        "upcard": point.upcard,
        "insurance": point.insurance,
        "from_split": point.from_split,
        "action": grade.chosen.value,
        "best_action": grade.best.value,
        "chart_action": grade.chart_action.value if grade.chart_action else "",
        "evs": {a.value: v for a, v in grade.evs.items()},
        "loss": grade.loss,
        "severity": grade.severity.value,
        "standard": grade.standard,
    }


class GradedDecisionQuerySet(models.QuerySet["GradedDecision"]):
    """Graded decisions, split by advisor.py's one rule of "correct" (``is_correct``)."""

    def correct(self) -> GradedDecisionQuerySet:
        """The decisions that count as correct (best, close call, by the chart); a hinted
        decision counts neither right nor wrong."""
        return self.filter(severity__in=sorted(CORRECT_SEVERITIES), hinted=False)

    def wrong(self) -> GradedDecisionQuerySet:
        """The decisions that do not: inaccuracies, mistakes and blunders (not hinted)."""
        return self.exclude(severity__in=sorted(CORRECT_SEVERITIES)).filter(hinted=False)

    def counted(self) -> GradedDecisionQuerySet:
        """The decisions that count at all: every one but those taken after a hint."""
        return self.filter(hinted=False)


class GradedDecision(models.Model):
    """One decision of the person at the table, graded by the strategy engine (advisor.py):
    the hand, the upcard, the rules' id, the action, the best action, the EV of every legal
    action (units of the initial bet) and the EV lost. The review pages read these."""

    SOURCES = (("table", "table"), ("drill", "drill"))

    source = models.CharField(max_length=8, choices=SOURCES, default="table")
    # A table decision: its table (named, not imported: the table app records decisions
    # and so stands above the log); a drill answer: the drill session's public id.
    table = models.ForeignKey(
        "game.TableSession",
        on_delete=models.CASCADE,
        related_name="decisions",
        null=True,
        blank=True,
    )
    drill_session = models.UUIDField(null=True, blank=True, db_index=True)
    visitor = models.UUIDField(db_index=True)
    # The table's version after the action: the flag shows while the table is at it
    # (drills: 0).
    table_version = models.PositiveIntegerField(default=0)
    # The table's round number, or the question's number in a drill session.
    round_number = models.PositiveIntegerField()
    rules_id = models.CharField(max_length=16)
    # The table variant string of the rules ("european", "custom-<id>"...).
    variant = models.CharField(max_length=40, default="")
    from_split = models.BooleanField(default=False)
    # "exact" or "chart": the standard the decision was graded against, and the chart's play.
    standard = models.CharField(max_length=8, default="exact")
    chart_action = models.CharField(max_length=20, blank=True, default="")
    # Drills: milliseconds from the question shown to the answer.
    response_ms = models.PositiveIntegerField(null=True, blank=True)
    hand = models.JSONField(help_text="card codes of the hand that acted")
    upcard = models.CharField(max_length=2)
    insurance = models.BooleanField(default=False)
    action = models.CharField(max_length=20)
    best_action = models.CharField(max_length=20)
    evs = models.JSONField(help_text="EV of every legal action, units of the initial bet")
    loss = models.FloatField()
    # advisor.Severity's value (advisor.judge); ``is_correct`` reads it.
    severity = models.CharField(max_length=12)
    # Taken after the table's hint showed the standard's play: logged, but counted neither
    # right nor wrong (accuracy, EV lost, the drills' mistakes and weak spots skip it).
    hinted = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = GradedDecisionQuerySet.as_manager()

    class Meta:
        # Made by the table app before the log had one of its own: the table keeps its name.
        db_table = "game_gradeddecision"
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"{self.action} with {','.join(self.hand)} v {self.upcard}: {self.severity}"

    @property
    def correct(self) -> bool:
        """The decision counts as correct (advisor.py's ``is_correct`` of its severity)."""
        return is_correct(self.severity)

    @property
    def even_money(self) -> bool:
        """The insurance decision of a natural: even money (the words change, not the
        numbers)."""
        return self.insurance and is_natural([Card.parse(c) for c in self.hand])

    @property
    def banker_role(self) -> Role | None:
        """The seat's role in a decision of the banker game (punter or banker), None for a
        casino decision (situations.py ``banker_role``)."""
        return banker_role(self.upcard)

    @property
    def phase(self) -> Phase:
        """The phase of the round the decision was taken in: the insurance phase, the
        early-surrender phase (its answers are valued as surrender and no_surrender), or
        the players' turn."""
        if self.insurance:
            return Phase.INSURANCE
        if Action.NO_SURRENDER.value in self.evs:
            return Phase.SURRENDER
        return Phase.PLAYER

    @classmethod
    def from_grade(
        cls,
        grade: Grade | BankerGrade,
        point: DecisionPoint,
        *,
        source: str,
        visitor: uuid.UUID,
        rules_id: str,
        variant: str,
        round_number: int,
        table_id: int | None = None,
        table_version: int = 0,
        drill_session: uuid.UUID | None = None,
        response_ms: int | None = None,
        hinted: bool = False,
    ) -> GradedDecision:
        """Store ``grade``, the advisor's grade of a decision taken at ``point``: the one
        way a decision enters the log, from the table (``source`` "table", its table's id,
        version after the action and round number) and from the drills ("drill", the drill
        session's public id, the question's number and the response time in ms). ``hinted``:
        the person saw the standard's play before acting (counted neither right nor wrong).
        A banker-game decision comes with a ``BankerGrade`` and
        ``DecisionPoint.of_banker_game``."""
        return cls.objects.create(
            **grade_fields(grade, point),
            source=source,
            visitor=visitor,
            rules_id=rules_id,
            variant=variant,
            round_number=round_number,
            table_id=table_id,
            table_version=table_version,
            drill_session=drill_session,
            response_ms=response_ms,
            hinted=hinted,
        )
