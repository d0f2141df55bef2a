""" "Learn from your mistakes" (lichess's model): a walk through a person's wrong decisions.

A walk (``MistakeWalk``) takes the visitor's own wrong decisions (``GradedDecision``
``wrong()``: inaccuracies, mistakes and blunders; a decision made with a hint, where the
log marks one, is no mistake) of one table session, one drill, or a period (the last
``days`` days, of one variant or all), oldest first, and copies each as a step
(``MistakeWalkStep``): the hand's cards, the upcard, the phase (the insurance or
even-money decision, the early-surrender answer, a split hand) and the EV of every action
that was legal then (the keys of the stored ``evs``). Only casino decisions are walked
(every stored action an ``Action``).

Each step asks for the play again among those actions. An answer is graded from the
stored EVs with advisor.py's ``judge`` under the person's standard (trainer.web.visitors
``grading_standard``): right or wrong, nothing more; a wrong answer may be tried again.
The first answer of a step is a drill answer: logged with ``GradedDecision.from_grade``
(source "drill", ``drill_session`` the walk's public id, the step's number as its round
number, the time from the step shown) and, for a situation the drills know
(``classify_decision``, casino rules that can be drilled), the situation's FSRS card
reviewed with the drills' rating (scheduling.py ``rating_for``). Later tries only say
right or wrong: the person has been told the first was wrong, so they recall nothing new.
The best play, every EV and the reason are shown only on request (``reveal_step``).

Every change is a compare-and-set on what the person saw (the step on show, how many
answers it had), so a double submit, the back button or a second tab changes nothing;
every refusal is a ``Refused`` with a message for the person.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from game.engine.round import Action
from game.engine.strategy.advisor import Grade, Judgement, Standard, judge
from game.rulesets.models import RuleSet
from trainer.drills.drilling import (
    MAX_DAYS,
    MAX_RESPONSE_MS,
    clock_restarts,
    drill_rules,
    next_question,
)
from trainer.drills.items import DrillUnavailable, classify_decision
from trainer.drills.models import DrillSession, MistakeWalk, MistakeWalkStep, SituationCard
from trainer.drills.scheduling import rating_for
from trainer.review.models import DecisionPoint, GradedDecision
from trainer.web.errors import Refused

ACTIONS = frozenset(a.value for a in Action)
MAX_VARIANT = 40

NO_MISTAKES = _("There are no mistakes to walk through here.")
STALE = _(
    "That answer was for a step already passed or already answered (a double click, the back "
    "button or another tab). The walk shows where it stands now."
)


@dataclass(frozen=True, slots=True)
class WalkScope:
    """Which mistakes a walk takes: a table session's (``table``: its public id), a
    drill's (``drill``: the drill session's public id), or a period's (``days``: the last
    so many days, None for every one on record; ``variant``: one game, "" for all)."""

    table: uuid.UUID | None = None
    drill: uuid.UUID | None = None
    days: int | None = None
    variant: str = ""

    @property
    def origin(self) -> str:
        """ "table", "drill" or "period"."""
        return "table" if self.table else "drill" if self.drill else "period"

    @classmethod
    def parse(cls, data) -> WalkScope:
        """The scope named by request parameters ``table``, ``drill``, ``days`` and
        ``variant`` (a QueryDict or a dict of strings). Raises Refused for a malformed
        one (not a UUID, days not in 1..MAX_DAYS, a variant too long or with a NUL)."""
        bad = Refused(_("That link does not name mistakes to walk through."))
        table, drill = data.get("table", ""), data.get("drill", "")
        days_text, variant = data.get("days", ""), data.get("variant", "")
        if len(variant) > MAX_VARIANT or "\x00" in variant:
            raise bad
        try:
            if table:
                return cls(table=uuid.UUID(table))
            if drill:
                return cls(drill=uuid.UUID(drill))
            # ASCII digits only: int() also reads full-width and Arabic-Indic digits.
            if days_text and not (days_text.isascii() and days_text.isdigit()):
                raise ValueError(days_text)
            days = int(days_text) if days_text else None
        except ValueError:
            raise bad from None
        if days is not None and not 1 <= days <= MAX_DAYS:
            raise bad
        return cls(days=days, variant=variant)

    def query(self) -> dict[str, str]:
        """The scope as request parameters (what ``parse`` reads)."""
        if self.table:
            return {"table": str(self.table)}
        if self.drill:
            return {"drill": str(self.drill)}
        found = {"days": str(self.days)} if self.days else {}
        return {**found, "variant": self.variant} if self.variant else found


def _walkable(decision: GradedDecision) -> bool:
    return bool(decision.evs) and all(a in ACTIONS for a in decision.evs)


def mistakes_of(visitor: uuid.UUID | None, scope: WalkScope, now: datetime) -> list[GradedDecision]:
    """The visitor's wrong decisions in ``scope`` (``wrong()``: hinted ones count neither
    way), oldest first (a table's and a drill's
    by round, as they were made); none for no visitor."""
    if visitor is None:
        return []
    found: QuerySet[GradedDecision] = GradedDecision.objects.filter(visitor=visitor).wrong()
    if scope.table:
        found = found.filter(source="table", table__public_id=scope.table)
    elif scope.drill:
        found = found.filter(drill_session=scope.drill)
    else:
        if scope.days is not None:
            found = found.filter(created_at__gte=now - timedelta(days=scope.days))
        if scope.variant:
            found = found.filter(variant=scope.variant)
    found = found.order_by("created_at", "id")
    return [d for d in found if _walkable(d)]


def start_walk(visitor: uuid.UUID, scope: WalkScope, token: str, *, now: datetime) -> MistakeWalk:
    """The walk started with the start form's ``token``: a new one with a step per
    mistake of ``scope``, or the one this token already started (a double submit).

    Raises Refused for a malformed token or no mistakes, LookupError when the token is
    another visitor's (the view answers 404)."""
    try:
        key = uuid.UUID(str(token))
    except ValueError:
        raise Refused(_("The form has expired. Open it again.")) from None
    existing = MistakeWalk.objects.filter(token=key).first()
    if existing is not None:
        if existing.visitor != visitor:
            raise LookupError("another visitor's walk")
        return existing
    mistakes = mistakes_of(visitor, scope, now)
    if not mistakes:
        raise Refused(NO_MISTAKES)
    try:
        with transaction.atomic():
            walk = MistakeWalk.objects.create(
                visitor=visitor,
                token=key,
                origin=scope.origin,
                origin_id=scope.table or scope.drill,
                days=scope.days,
                variant=scope.variant,
            )
            MistakeWalkStep.objects.bulk_create(
                _step(walk, number, d) for number, d in enumerate(mistakes, start=1)
            )
    except IntegrityError:  # the same token's other request made it first
        return start_walk(visitor, scope, token, now=now)
    return walk


def _step(walk: MistakeWalk, number: int, decision: GradedDecision) -> MistakeWalkStep:
    return MistakeWalkStep(
        walk=walk,
        number=number,
        mistake=decision,
        rules_id=decision.rules_id,
        variant=decision.variant,
        hand=list(decision.hand),
        upcard=decision.upcard,
        insurance=decision.insurance,
        from_split=decision.from_split,
        evs=dict(decision.evs),
        chart_action=decision.chart_action,
        original_action=decision.action,
        original_severity=decision.severity,
        decided_at=decision.created_at,
    )


def current_step(walk: MistakeWalk) -> MistakeWalkStep | None:
    """The step on show, None once the walk is over."""
    return walk.steps.filter(number=walk.position).first()


def show_step(step: MistakeWalkStep, now: datetime) -> None:
    """Start the clock of a step not answered yet, or restart it after a break (as a drill
    question's, ``clock_restarts``): its response time counts from when the person sees it."""
    if not step.answered and clock_restarts(step.shown_at, now):
        MistakeWalkStep.objects.filter(pk=step.pk, attempts=0).update(shown_at=now)
        step.shown_at = now


def judge_step(step: MistakeWalkStep, action: str, standard: Standard) -> Judgement:
    """advisor.py's grade of ``action`` at ``step`` from the stored EVs, under
    ``standard`` (the chart's play as stored). Raises KeyError for an action that was not
    legal then."""
    return judge(step.evs, action, standard=standard, chart_action=step.chart_action or None)


def _live_step(walk: MistakeWalk, number: str) -> MistakeWalkStep:
    """The step on show if ``number`` names it, else Refused (stale)."""
    walk = MistakeWalk.objects.select_for_update().get(pk=walk.pk)
    if str(number).strip() != str(walk.position):
        raise Refused(STALE)
    step = current_step(walk)
    if step is None:
        raise Refused(STALE)
    return step


def answer_step(
    walk: MistakeWalk,
    number: str,
    attempt: str,
    action_text: str,
    standard: Standard,
    *,
    now: datetime,
) -> Judgement:
    """Grade the answer ``action_text`` to step ``number`` (the step on show, after
    ``attempt`` answers to it) and record it; the first answer is logged and scheduled
    (module docstring). Returns the grade.

    Raises Refused for a step not on show, an ``attempt`` count that is not the step's
    (a double submit), a step whose answer was shown or already found, or an action that
    was not legal then; nothing changes then."""
    with transaction.atomic():
        step = _live_step(walk, number)
        if step.revealed:
            raise Refused(_("The answer is shown already: go on to the next mistake."))
        if step.last_correct:
            raise Refused(_("You have found the right play: go on to the next mistake."))
        if str(attempt).strip() != str(step.attempts):
            raise Refused(STALE)
        if action_text not in step.evs:
            raise Refused(_("That is not one of the choices for this hand."))
        verdict = judge_step(step, action_text, standard)
        first = step.attempts == 0
        changes: dict = {"attempts": step.attempts + 1, "last_action": action_text}
        changes["last_correct"] = verdict.correct
        if first:
            changes.update(first_action=action_text, first_correct=verdict.correct)
        updated = MistakeWalkStep.objects.filter(pk=step.pk, attempts=step.attempts).update(
            **changes
        )
        if updated != 1:
            raise Refused(STALE)
        if first:
            _log_and_schedule(walk, step, action_text, verdict, standard, now)
        MistakeWalk.objects.filter(pk=walk.pk).update(updated_at=now)
    return verdict


def _log_and_schedule(
    walk: MistakeWalk,
    step: MistakeWalkStep,
    action: str,
    verdict: Judgement,
    standard: Standard,
    now: datetime,
) -> None:
    shown = step.shown_at or now
    response_ms = min(max(int((now - shown).total_seconds() * 1000), 0), MAX_RESPONSE_MS)
    grade = Grade(
        evs={Action(a): v for a, v in step.evs.items()},
        chosen=Action(action),
        best=verdict.reference,
        loss=verdict.loss,
        severity=verdict.severity,
        standard=standard,
        chart_action=Action(step.chart_action) if step.chart_action else None,
    )
    point = DecisionPoint(
        hand=tuple(step.hand),
        upcard=step.upcard,
        insurance=step.insurance,
        from_split=step.from_split,
    )
    decision = GradedDecision.from_grade(
        grade,
        point,
        source="drill",
        visitor=walk.visitor,
        rules_id=step.rules_id,
        variant=step.variant,
        round_number=step.number,
        drill_session=walk.public_id,
        response_ms=response_ms,
    )
    MistakeWalkStep.objects.filter(pk=step.pk).update(answer=decision)
    key = drill_key(step)
    if key is not None:
        rating = rating_for(severity=verdict.severity, response_ms=response_ms)
        card = SituationCard.for_update(walk.visitor, step.rules_id, key, now)
        card.record(rating, correct=verdict.correct, now=now, response_ms=response_ms)


def drill_key(step: MistakeWalkStep) -> tuple[str, str] | None:
    """The drills' situation key of a step (hand class, upcard), None where the drills
    have none (the banker game, rules that cannot be drilled or are still analysed, a
    hand the drills do not ask about)."""
    try:
        rules = drill_rules(step.variant)
        if RuleSet.id_for(rules) != step.rules_id:
            return None
        return classify_decision(step.hand, step.upcard, rules, insurance=step.insurance)
    except (Refused, DrillUnavailable, ValueError):
        return None


def reveal_step(walk: MistakeWalk, number: str) -> None:
    """Show the answer of step ``number`` (the step on show, answered at least once);
    showing it again changes nothing. Raises Refused otherwise."""
    with transaction.atomic():
        step = _live_step(walk, number)
        if not step.answered:
            raise Refused(_("Choose a play first; then the answer can be shown."))
        MistakeWalkStep.objects.filter(pk=step.pk).update(revealed=True)


def next_step(walk: MistakeWalk, after: str, *, now: datetime) -> None:
    """Go on from step ``after`` (the step on show, answered) to the next one, once
    however often it is posted. Raises Refused for a step not answered yet."""
    with transaction.atomic():
        try:
            step = _live_step(walk, after)
        except Refused:
            return  # already moved on: a double click on Next
        if not step.answered:
            raise Refused(_("Choose a play first."))
        MistakeWalk.objects.filter(pk=walk.pk, position=step.number).update(
            position=step.number + 1, updated_at=now
        )


@dataclass(frozen=True, slots=True)
class Summary:
    """The end of a walk: the steps right the first time and those still wrong (the first
    answer wrong, or never answered), and the drillable situations of the latter by
    variant ({variant: [situation keys]})."""

    right: list[MistakeWalkStep]
    wrong: list[MistakeWalkStep]
    to_drill: dict[str, list[tuple[str, str]]]


def summary(walk: MistakeWalk) -> Summary:
    """What the walk's end shows (see ``Summary``)."""
    steps = list(walk.steps.all())
    right = [s for s in steps if s.first_correct]
    wrong = [s for s in steps if not s.first_correct]
    to_drill: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for step in wrong:
        key = drill_key(step)
        if key is not None and key not in to_drill[step.variant]:
            to_drill[step.variant].append(key)
    return Summary(right, wrong, {v: keys for v, keys in to_drill.items() if keys})


def drill_still_wrong(walk: MistakeWalk, variant: str, *, now: datetime) -> DrillSession:
    """A drill ("My mistakes") of exactly the situations of ``variant`` still wrong at the
    end of the walk, with its first question; the same drill when asked again.

    Raises Refused when the walk is not over or has nothing of ``variant`` to drill."""
    with transaction.atomic():
        walk = MistakeWalk.objects.select_for_update().get(pk=walk.pk)
        if current_step(walk) is not None:
            raise Refused(_("Finish the walk first."))
        existing = DrillSession.objects.filter(
            visitor=walk.visitor, public_id=(walk_drills(walk).get(variant) or uuid.UUID(int=0))
        ).first()
        if existing is not None:
            return existing
        keys = summary(walk).to_drill.get(variant)
        if not keys:
            raise Refused(_("Nothing of that game is left to drill."))
        rules = drill_rules(variant)
        session = DrillSession.objects.create(
            visitor=walk.visitor,
            variant=variant,
            rules_id=RuleSet.id_for(rules),
            category="mistakes",
            pool=[list(k) for k in keys],
        )
        next_question(session, "", now=now)
        drills = {**walk_drills(walk), variant: str(session.public_id)}
        MistakeWalk.objects.filter(pk=walk.pk).update(drill_by_variant=drills, updated_at=now)
    return session


def walk_drills(walk: MistakeWalk) -> dict[str, str]:
    """The drills started from the walk's summary: {variant: drill public id}."""
    return dict(walk.drill_by_variant or {})
