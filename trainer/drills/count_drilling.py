"""Counting drills over time: starting one, asking the next question (the FSRS scheduling
of the strategy drills, one card per item), answering it once, the score, the person's
skills at a glance, and drilling the misses again.

The questions and their grading are count_questions.py's; this module stores them
(``CountDrill``, ``CountQuestion``, ``CountCard``). Deviation and insurance drills read the
rule set's index plays from the store (game/rulesets/store.py ``indices_for``); while they
are not computed yet, the start says so and queues their background task
(game/rulesets/index_analyses.py), never computing them in the request.
"""

from __future__ import annotations

import random
import re
import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from fsrs import Rating

from game.engine.counting import SYSTEMS, CountingSystem
from game.engine.rules import Rules
from game.rulesets import store
from game.rulesets.index_analyses import index_state
from game.rulesets.models import RuleSet
from game.rulesets.store import AnalysisPending
from trainer.drills import count_questions as q
from trainer.drills.drilling import ALREADY_ANSWERED, MAX_RESPONSE_MS, clock_restarts, drill_rules
from trainer.drills.items import DrillUnavailable
from trainer.drills.models import CountCard, CountDrill, CountQuestion
from trainer.drills.scheduling import FAST_MS, SLOW_MS
from trainer.web.errors import Refused
from trainer.web.models import Preferences

INDEX_SKILLS = ("deviation", "insurance")
# Skills that need a true count: a balanced system. (The index skills of an unbalanced
# system ask for its running count: its indices are running counts.)
BALANCED_SKILLS = ("true",)

UNBALANCED = _(
    "This counting system is unbalanced: it is played by the running count, with no true "
    "count. Choose a balanced system for this drill."
)
INDICES_PENDING = _(
    "The index plays of this game and counting system are still being computed. The drill "
    "opens as soon as they are ready; their page shows the progress."
)


def _rng() -> random.Random:
    return secrets.SystemRandom()


@dataclass(frozen=True, slots=True)
class Settings:
    """What a counting drill is started with (see ``CountDrill``)."""

    skill: str
    system: str
    variant: str = "european"
    group: int = 1
    pace_ms: int = q.DEFAULT_PACE_MS
    indices: str = "i18"


def system_of(drill: CountDrill) -> CountingSystem:
    """The drill's counting system."""
    return SYSTEMS[drill.system]


class IndicesPending(Refused):
    """The drill cannot start yet: its index plays are being computed (their task is
    queued); it can once they are stored."""


def stored_indices(rules: Rules, system: str) -> dict[str, Any]:
    """The stored index plays of ``rules`` for ``system``. Raises IndicesPending (the
    indices are being computed: their task is queued) while they are not stored."""
    try:
        return store.indices_for(rules, system)
    except AnalysisPending:
        index_state(rules, system)
        raise IndicesPending(INDICES_PENDING) from None


def _items(drill: CountDrill, rules: Rules) -> list[str]:
    """Every item the drill can ask."""
    if drill.pool:
        return list(drill.pool)
    if drill.skill == "deviation":
        return q.deviation_items(rules, stored_indices(rules, drill.system), drill.indices)
    return [
        {
            "running": f"g{drill.group}",
            "countdown": "deck",
            "true": "tc",
            "decks": "decks",
            "insurance": "insurance",
        }[drill.skill]
    ]


def _check(settings: Settings, rules: Rules) -> None:
    """Raise Refused when ``settings`` cannot make a drill."""
    if settings.skill not in q.SKILLS or settings.system not in SYSTEMS:
        raise Refused(_("Choose a drill and a counting system from the list."))
    if settings.skill in BALANCED_SKILLS and not SYSTEMS[settings.system].balanced:
        raise Refused(UNBALANCED)
    if settings.skill == "running" and (
        settings.group not in q.GROUPS or settings.pace_ms not in q.PACES_MS
    ):
        raise Refused(_("Choose how many cards at a time and a pace from the list."))
    if settings.skill == "insurance" and not rules.insurance:
        raise Refused(_("These rules offer no insurance, so there is nothing to drill."))
    if settings.skill == "deviation" and settings.indices not in q.DEVIATION_SETS:
        raise Refused(_("Choose a set of index plays from the list."))
    if settings.skill in INDEX_SKILLS:
        found = stored_indices(rules, settings.system)
        if settings.skill == "insurance" and "insurance" not in found:
            raise Refused(_("No count makes insurance worth taking in these rules."))
        if settings.skill == "deviation" and not q.deviation_items(rules, found, settings.indices):
            raise Refused(_("These rules have no index plays in that set."))


def start_count_drill(
    visitor: uuid.UUID,
    settings: Settings,
    *,
    now: datetime,
    pool: Sequence[str] | None = None,
    rng: random.Random | None = None,
) -> CountDrill:
    """Start a counting drill and ask its first question.

    Raises Refused (nothing is stored) for a skill, system, game or setting that cannot
    make a drill, or index plays not computed yet."""
    rules = drill_rules(settings.variant)
    _check(settings, rules)
    with transaction.atomic():
        drill = CountDrill.objects.create(
            visitor=visitor,
            skill=settings.skill,
            system=settings.system,
            variant=settings.variant,
            rules_id=RuleSet.id_for(rules),
            group=settings.group,
            pace_ms=settings.pace_ms,
            indices=settings.indices if settings.skill == "deviation" else "",
            pool=list(pool) if pool else None,
        )
        next_count_question(drill, now=now, rng=rng)
    return drill


def _card_rules_id(drill: CountDrill) -> str:
    """The rule set a card of the drill's skill belongs to: the index skills' cards are per
    rule set, the others' are not."""
    return drill.rules_id if drill.skill in INDEX_SKILLS else ""


def _pick(drill: CountDrill, items: list[str], now: datetime, rng: random.Random) -> str:
    """The next item: the most overdue card, else one never asked (in random order), else
    the card due soonest; not the item just asked when another will do."""
    if len(items) == 1:
        return items[0]
    cards = {
        c.item: c
        for c in CountCard.objects.filter(
            visitor=drill.visitor,
            system=drill.system,
            rules_id=_card_rules_id(drill),
            skill=drill.skill,
            item__in=items,
        )
    }
    latest = drill.latest
    last = latest.item if latest is not None else None
    choices = [i for i in items if i != last] or items
    due = sorted((cards[i].due, i) for i in choices if i in cards and cards[i].due <= now)
    if due:
        return due[0][1]
    new = [i for i in choices if i not in cards]
    if new:
        return rng.choice(new)
    return min(choices, key=lambda i: cards[i].due)


def _question(drill: CountDrill, item: str, rules: Rules, rng: random.Random) -> q.Question:
    system = system_of(drill)
    match drill.skill:
        case "running":
            return q.running_question(system, drill.group, drill.pace_ms, rng)
        case "countdown":
            return q.countdown_question(system, rng)
        case "true":
            return q.true_question(system, rules.decks, rng)
        case "decks":
            return q.decks_question(rules.decks, rng)
        case "insurance":
            found = stored_indices(rules, drill.system)
            return q.insurance_question(int(found["insurance"]), rng)
    return q.deviation_question(rules, stored_indices(rules, drill.system), item, rng)


def next_count_question(
    drill: CountDrill, *, now: datetime, rng: random.Random | None = None
) -> CountQuestion:
    """The drill's unanswered latest question, or a new one after an answered one.

    Raises Refused for an ended drill or a game that cannot be drilled any more."""
    if drill.ended_at is not None:
        raise Refused(_("This drill has ended. Start a new one from the drills page."))
    latest = drill.latest
    if latest is not None and not latest.answered:
        return latest
    rng = rng or _rng()
    rules = drill_rules(drill.variant)
    items = _items(drill, rules)
    for _attempt in range(8):
        item = _pick(drill, items, now, rng)
        try:
            made = _question(drill, item, rules, rng)
            break
        except DrillUnavailable:
            items = [i for i in items if i != item] or items
    else:
        raise Refused(_("These rules have no index plays in that set."))
    number = (latest.number if latest else 0) + 1
    try:
        with transaction.atomic():
            return CountQuestion.objects.create(
                drill=drill,
                number=number,
                item=made.item,
                shown=made.shown,
                key=made.key,
                shown_at=now,
            )
    except IntegrityError:  # a second click asked it already
        return drill.questions.get(number=number)


def show_count_question(question: CountQuestion, now: datetime) -> None:
    """Restart the clock of an unanswered question shown again after a break (as the
    strategy drills do), so its time counts from when the person sees it."""
    if question.answered or not clock_restarts(question.shown_at, now):
        return
    CountQuestion.objects.filter(pk=question.pk, answered_at__isnull=True).update(shown_at=now)
    question.shown_at = now


def count_rating(skill: str, correct: bool, response_ms: int | None) -> Rating:
    """The FSRS rating of an answer: Again when wrong; for the quick decisions (a play, a
    true count, the decks left) Easy under FAST_MS, Hard over SLOW_MS, else Good; Good for
    a right running count or countdown, whose time is mostly the cards' own pace."""
    if not correct:
        return Rating.Again
    if skill in ("running", "countdown") or response_ms is None:
        return Rating.Good
    if response_ms < FAST_MS:
        return Rating.Easy
    return Rating.Hard if response_ms > SLOW_MS else Rating.Good


def answer_count(
    drill: CountDrill, number: str, text: str, *, now: datetime
) -> tuple[CountQuestion, q.Grade]:
    """Grade ``text`` as the answer to question ``number`` of ``drill``, store it and
    review the item's card, in one transaction.

    Raises Refused (nothing changes) for an ended drill, a question that is not the
    drill's latest or is answered already, or an answer that is no count or play offered
    (count_questions.BadAnswer's case, said in the person's language)."""
    with transaction.atomic():
        drill = CountDrill.objects.select_for_update().get(pk=drill.pk)
        if drill.ended_at is not None:
            raise Refused(_("This drill has ended. Start a new one from the drills page."))
        latest = drill.latest
        posted = str(number).strip()
        if latest is None or str(latest.number) != posted:
            # Only a question number as the page writes it ("1", never "01" or another
            # script's digits) names an earlier question.
            if _QUESTION_NUMBER.fullmatch(posted) and drill.questions.filter(number=int(posted)):
                raise Refused(ALREADY_ANSWERED)  # an earlier one: another tab, the back button
            raise Refused(_("That question is not part of this drill."))
        if latest.answered:
            raise Refused(ALREADY_ANSWERED)
        try:
            grade = q.grade(drill.skill, latest.shown, latest.key, text, system_of(drill))
        except q.HalfCount:
            raise Refused(HALF_COUNT) from None
        except q.PastReach:
            raise Refused(PAST_REACH) from None
        except q.BadAnswer:
            raise Refused(BAD_ANSWER[drill.skill]) from None
        elapsed = int((now - latest.shown_at).total_seconds() * 1000)
        if drill.skill == "running":  # the flashes' own time is not the person's
            elapsed -= int(latest.shown["pace_ms"]) * len(latest.shown["groups"])
        response_ms = min(max(elapsed, 0), MAX_RESPONSE_MS)
        rating = count_rating(drill.skill, grade.correct, response_ms)
        updated = CountQuestion.objects.filter(pk=latest.pk, answered_at__isnull=True).update(
            answered_at=now,
            answer=grade.answer,
            correct=grade.correct,
            error="" if grade.error is None else str(grade.error),
            response_ms=response_ms,
            rating=int(rating),
        )
        if updated != 1:
            raise Refused(ALREADY_ANSWERED)
        card = CountCard.locked(
            now,
            visitor=drill.visitor,
            system=drill.system,
            rules_id=_card_rules_id(drill),
            skill=drill.skill,
            item=latest.item,
        )
        retention = float(Preferences.of(drill.visitor).desired_retention)
        card.record(
            rating, correct=grade.correct, now=now, response_ms=response_ms, retention=retention
        )
        CountDrill.objects.filter(pk=drill.pk).update(updated_at=now)
    latest.refresh_from_db()
    return latest, grade


COUNT_ANSWER = _("Type the count as a whole number with its sign, such as +3, 0 or -2.")
HALF_COUNT = _("This system counts in whole numbers: type the count without a half.")
PAST_REACH = _("No count of the cards shown reaches that far.")
_QUESTION_NUMBER = re.compile(r"[1-9][0-9]{0,8}")

BAD_ANSWER = {
    "running": _("Type the count as a number with its sign, such as +3, 0 or -2."),
    "countdown": _("Type the count as a number with its sign, such as +3, 0 or -2."),
    "true": COUNT_ANSWER,
    "decks": _("Type the decks left as a number, such as 3 or 2.5."),
    "deviation": _("That is not one of the choices for this hand."),
    "insurance": _("That is not one of the choices for this hand."),
}


def end_count_drill(drill: CountDrill, *, now: datetime) -> None:
    """End the drill (an unanswered question stays unanswered); ending it again changes
    nothing."""
    CountDrill.objects.filter(pk=drill.pk, ended_at__isnull=True).update(
        ended_at=now, updated_at=now
    )


def missed_items(drill: CountDrill) -> list[str]:
    """The items the drill got wrong, in the order first missed."""
    seen: dict[str, None] = {}
    for item in (
        drill.questions.filter(correct=False).order_by("number").values_list("item", flat=True)
    ):
        seen.setdefault(item, None)
    return list(seen)


def again(drill: CountDrill, *, now: datetime) -> CountDrill:
    """A new drill of the same settings: of the missed items for the index skills (every
    item when none was missed), the same skill otherwise. Raises Refused as
    ``start_count_drill``."""
    pool = missed_items(drill) if drill.skill == "deviation" else None
    settings = Settings(
        drill.skill, drill.system, drill.variant, drill.group, drill.pace_ms, drill.indices or "i18"
    )
    return start_count_drill(drill.visitor, settings, now=now, pool=pool or None)


@dataclass(frozen=True, slots=True)
class Score:
    """A drill's score: answers, right ones, the current and best streak of right answers,
    the mean answer time (s) and, for the counts, the mean size of the error."""

    answered: int
    right: int
    streak: int
    best_streak: int
    mean_seconds: float | None
    mean_error: Fraction | None

    @property
    def percent(self) -> int | None:
        """Right answers in percent of the answers (0..100, rounded), None before any: the
        ``percent`` template filter's unit."""
        return round(100 * self.right / self.answered) if self.answered else None


def score(drill: CountDrill) -> Score:
    """The drill's score so far."""
    rows = list(
        drill.questions.filter(answered_at__isnull=False).values_list(
            "correct", "response_ms", "error"
        )
    )
    streak = best = 0
    for correct, _ms, _error in rows:
        streak = streak + 1 if correct else 0
        best = max(best, streak)
    times = [ms for _c, ms, _e in rows if ms is not None]
    errors = [abs(Fraction(e)) for _c, _ms, e in rows if e]
    return Score(
        answered=len(rows),
        right=sum(1 for c, _ms, _e in rows if c),
        streak=streak,
        best_streak=best,
        mean_seconds=sum(times) / len(times) / 1000 if times else None,
        mean_error=sum(errors, Fraction(0)) / len(errors) if errors else None,
    )


@dataclass(frozen=True, slots=True)
class SkillStats:
    """One skill's record for a visitor: its cards' reviews and right answers, and how many
    of its cards are due now."""

    skill: str
    reviews: int
    correct: int
    due: int


def skill_stats(visitor: uuid.UUID | None, now: datetime) -> list[SkillStats]:
    """Every skill's record for ``visitor`` (zeros for a skill never drilled, or no
    visitor), in ``SKILLS`` order, over every system and game."""
    totals = {s: [0, 0, 0] for s in q.SKILLS}
    if visitor is not None:
        for card in CountCard.objects.filter(visitor=visitor):
            if card.skill in totals:
                t = totals[card.skill]
                t[0] += card.reviews
                t[1] += card.correct
                t[2] += int(card.due <= now and card.reviews > 0)
    return [SkillStats(s, *totals[s]) for s in q.SKILLS]


__all__ = [
    "BAD_ANSWER",
    "INDEX_SKILLS",
    "IndicesPending",
    "Score",
    "Settings",
    "SkillStats",
    "again",
    "answer_count",
    "count_rating",
    "end_count_drill",
    "missed_items",
    "next_count_question",
    "score",
    "show_count_question",
    "skill_stats",
    "start_count_drill",
    "stored_indices",
]
