"""Starting a drill, asking its next question, answering it, ending it.

The views call these; every refusal is a ``Refused`` whose message is shown to the
person (translated), and a refused request changes nothing. Answers are graded by the
strategy engine (``grade_decision``: the EV of every legal action for this hand, from a
full shoe of the rules' decks without the hand and the upcard) against the person's
standard ("exact" or "chart", trainer.web.visitors.grading_standard), stored as a
``GradedDecision`` (source "drill") that the review pages read, and rated for FSRS
(scheduling.py).
"""

from __future__ import annotations

import random
import secrets
import uuid
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from game.engine.round import Action
from game.engine.rules import Rules, RulesError
from game.engine.strategy.advisor import Grade, Standard, grade_decision
from game.rulesets.analyses import analysis_state
from game.rulesets.models import RuleSet, rules_for
from game.rulesets.store import AnalysisPending, evs_cache
from trainer.drills.items import (
    RULE_CATEGORIES,
    DrillItem,
    DrillUnavailable,
    catalog,
    category_situations,
    classify_decision,
    deal_question,
    strategy_chart,
)
from trainer.drills.models import DrillQuestion, DrillSession, SituationCard, cards_of
from trainer.drills.scheduling import next_situation, rating_for
from trainer.drills.speed import SPEED_RUN_QUESTIONS, finish_run
from trainer.review.models import DecisionPoint, GradedDecision
from trainer.web.errors import Refused
from trainer.web.models import Preferences

# "My weak spots": this many situations, the weakest first.
WEAK_SPOTS = 20
# A response time longer than this is stored as this (the person left the page).
MAX_RESPONSE_MS = 10 * 60 * 1000
MAX_DAYS = 3650
NO_SUCH_GAME = _("There is no such game to drill. Choose one from the list.")


def _rng() -> random.Random:
    return secrets.SystemRandom()


def drill_rules(variant: str) -> Rules:
    """The Rules of a drillable variant: a casino preset or a saved custom rule set of the
    casino game that the strategy engine can chart.

    Raises Refused (a message for the person) otherwise."""
    try:
        rules = rules_for(variant)
    except (RuleSet.DoesNotExist, RulesError):
        raise Refused(NO_SUCH_GAME) from None
    if rules.game != "casino":
        raise Refused(_("Twenty-one with a rotating bank has no dealer chart to drill."))
    try:
        catalog(rules)
    except DrillUnavailable:
        raise Refused(
            _("The strategy engine cannot chart these rules, so they cannot be drilled.")
        ) from None
    except AnalysisPending:
        analysis_state(rules)  # queued if nothing will compute it
        raise Refused(
            _(
                "These rules are still being analysed. Their drills open as soon as the "
                "basic strategy chart is ready (its page shows the progress)."
            )
        ) from None
    return rules


# -- the person's own lists ------------------------------------------------------------------
def _decisions(visitor: uuid.UUID, rules_id: str):
    # A decision taken after a hint counts neither right nor wrong: no mistake, no weak spot.
    return GradedDecision.objects.filter(visitor=visitor, rules_id=rules_id, hinted=False).only(
        "hand", "upcard", "insurance", "severity", "loss", "created_at"
    )


def mistaken_situations(
    visitor: uuid.UUID, rules: Rules, days: int | None, now: datetime
) -> list[tuple[str, str]]:
    """The situations of ``rules`` the visitor got wrong (a GradedDecision, at the table
    or in a drill, that advisor.py's ``is_correct`` does not count as correct) in the last
    ``days`` days (every one on record when None), most often missed first."""
    found = _decisions(visitor, RuleSet.id_for(rules)).wrong()
    if days is not None:
        found = found.filter(created_at__gte=now - timedelta(days=days))
    counts: Counter[tuple[str, str]] = Counter()
    for decision in found.order_by("-created_at"):
        key = classify_decision(decision.hand, decision.upcard, rules, insurance=decision.insurance)
        if key is not None:
            counts[key] += 1
    return [key for key, _n in counts.most_common()]


def weak_situations(visitor: uuid.UUID, rules: Rules) -> list[tuple[str, str]]:
    """The visitor's weak spots in ``rules``: up to WEAK_SPOTS situations with at least one
    decision that was wrong (not ``is_correct``; table and drills), lowest accuracy first,
    then the most misses, then the most lapses of the situation's card."""
    rules_id = RuleSet.id_for(rules)
    tally: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for decision in _decisions(visitor, rules_id).order_by("id"):
        key = classify_decision(decision.hand, decision.upcard, rules, insurance=decision.insurance)
        if key is not None:
            tally[key][0] += 1
            tally[key][1] += decision.correct
    cards = cards_of(visitor, rules_id)
    weak = [key for key, (count, best) in tally.items() if best < count]

    def weakness(key: tuple[str, str]) -> tuple[float, int, int]:
        count, best = tally[key]
        lapses = cards[key].lapses if key in cards else 0
        return (best / count, best - count, -lapses)

    return sorted(weak, key=weakness)[:WEAK_SPOTS]


# -- starting ------------------------------------------------------------------------------------
def start_drill(
    visitor: uuid.UUID,
    variant: str,
    category: str,
    days: int | None = None,
    *,
    now: datetime,
    rng: random.Random | None = None,
    speed: bool = False,
) -> DrillSession:
    """A new drill session of ``variant`` and ``category`` with its first question; with
    ``speed`` a speed run of SPEED_RUN_QUESTIONS questions (rule-based categories only).

    Raises Refused for a variant that cannot be drilled, an unknown category, or a
    category with no situation (no surrender or insurance in these rules, no weak spots or
    no mistakes yet), a speed run of "weak" or "mistakes"; nothing is created then."""
    rules = drill_rules(variant)
    pool = None
    if speed and category not in RULE_CATEGORIES:
        raise Refused(
            _("A speed run drills a category of hands: choose all hands, hard, soft, pairs...")
        )
    if category in RULE_CATEGORIES:
        if not category_situations(rules, category):
            raise Refused(
                _("This game has no situations in that category. Choose another category.")
            )
    elif category == "weak":
        pool = weak_situations(visitor, rules)
        if not pool:
            raise Refused(
                _(
                    "No weak spots yet: every decision you made in this game so far was the "
                    "best play. Drill all hands first."
                )
            )
    elif category == "mistakes":
        pool = mistaken_situations(visitor, rules, days, now)
        if not pool:
            raise Refused(_("You made no mistakes in this game in that period."))
    else:
        raise Refused(_("Choose one of the categories."))
    with transaction.atomic():
        session = DrillSession.objects.create(
            visitor=visitor,
            variant=variant,
            rules_id=RuleSet.id_for(rules),
            category=category,
            days=days if category == "mistakes" else None,
            pool=[list(key) for key in pool] if pool is not None else None,
            speed_run=SPEED_RUN_QUESTIONS if speed else None,
        )
        _ask(session, rules, None, now, rng or _rng())
    return session


# The drills of a chosen list of situations: chart cells ("cells"), the cells whose play
# differs between two rule sets ("changes"), the misses of a drill ("retry").
POOL_CATEGORIES = ("cells", "changes", "retry")


def start_pool_drill(
    visitor: uuid.UUID,
    variant: str,
    category: str,
    items: Sequence[DrillItem],
    *,
    now: datetime,
    rng: random.Random | None = None,
) -> DrillSession:
    """A new drill of exactly ``items`` (drill items of ``variant``'s rules) under one of
    POOL_CATEGORIES, with its first question.

    Raises Refused for a variant that cannot be drilled or no items; nothing is created."""
    rules = drill_rules(variant)
    if category not in POOL_CATEGORIES:
        raise Refused(_("Choose one of the categories."))
    known = catalog(rules)
    keys = [item.key for item in items if item.key in known]
    if not keys:
        raise Refused(_("These rules have none of the chosen situations. Choose others."))
    with transaction.atomic():
        session = DrillSession.objects.create(
            visitor=visitor,
            variant=variant,
            rules_id=RuleSet.id_for(rules),
            category=category,
            pool=[list(key) for key in keys],
        )
        _ask(session, rules, None, now, rng or _rng())
    return session


def retry_misses(
    session: DrillSession, *, now: datetime, rng: random.Random | None = None
) -> DrillSession:
    """A new drill of exactly the situations ``session`` got wrong (in the order first
    missed), or the one a moment ago started for them and not yet answered (a double
    click starts one drill). Raises Refused when it has no misses, or as
    ``start_pool_drill``."""
    with transaction.atomic():
        # The source row's lock orders two clicks: the second finds the first's drill.
        DrillSession.objects.select_for_update().filter(pk=session.pk).first()
        return _retry_misses(session, now=now, rng=rng)


def _retry_misses(
    session: DrillSession, *, now: datetime, rng: random.Random | None
) -> DrillSession:
    keys: list[tuple[str, str]] = []
    for question in session.questions.filter(correct=False).order_by("number"):
        if question.key not in keys:
            keys.append(question.key)
    if not keys:
        raise Refused(_("This drill has no wrong answers to drill again."))
    rules = drill_rules(session.variant)
    known = catalog(rules)
    items = [known[key] for key in keys if key in known]
    started = DrillSession.objects.filter(
        visitor=session.visitor,
        variant=session.variant,
        category="retry",
        ended_at__isnull=True,
        created_at__gte=session.created_at,
    ).exclude(questions__answered_at__isnull=False)
    for earlier in started.order_by("-created_at"):
        if [tuple(key) for key in earlier.pool or []] == [item.key for item in items]:
            return earlier
    return start_pool_drill(session.visitor, session.variant, "retry", items, now=now, rng=rng)


# -- asking ----------------------------------------------------------------------------------------
def session_pool(session: DrillSession, rules: Rules) -> list[DrillItem]:
    """The situations a drill session asks about: its category's, or its chosen list."""
    if session.pool is None:
        return category_situations(rules, session.category)
    situations = catalog(rules)
    return [situations[key] for key in map(tuple, session.pool) if key in situations]


def _ask(
    session: DrillSession,
    rules: Rules,
    previous: DrillQuestion | None,
    now: datetime,
    rng: random.Random,
) -> DrillQuestion:
    """Create the session's next question (see scheduling.next_situation)."""
    cards = {key: card.stats for key, card in cards_of(session.visitor, session.rules_id).items()}
    # A drill of chosen situations asks nothing else: with one situation left it asks it
    # again; a category's drill takes an extra one from the whole catalog instead.
    chosen = session.category in POOL_CATEGORIES
    situation, tier = next_situation(
        session_pool(session, rules),
        cards,
        previous.key if previous else None,
        now,
        rng,
        fallback=() if chosen else list(catalog(rules).values()),
        repeat=chosen,
    )
    question = deal_question(situation, rules, rng)
    return DrillQuestion.objects.create(
        session=session,
        number=previous.number + 1 if previous else 1,
        hand_class=situation.hand_class,
        upcard_value=situation.upcard,
        tier=tier,
        hand=[c.code for c in question.hand],
        upcard=question.upcard.code,
        insurance=situation.is_insurance,
        legal=[a.value for a in question.legal],
        shown_at=now,
    )


def next_question(
    session: DrillSession, after: str, *, now: datetime, rng: random.Random | None = None
) -> DrillQuestion:
    """The question after number ``after`` (the one the person just saw answered): a new
    one when that is the latest and it is answered, else the latest as it stands (a double
    click on Next asks one question, not two).

    Raises Refused for an ended session."""
    with transaction.atomic():
        session = DrillSession.objects.select_for_update().get(pk=session.pk)
        if session.ended_at is not None:
            raise Refused(_("This drill has ended. Start a new one from the drills page."))
        latest = session.latest
        if latest is not None and (not latest.answered or str(latest.number) != str(after).strip()):
            return latest
        # A complete speed run asks no further question.
        if (
            session.speed_run is not None
            and latest is not None
            and latest.number >= session.speed_run
        ):
            return latest
        try:
            with transaction.atomic():
                question = _ask(session, drill_rules(session.variant), latest, now, rng or _rng())
        except IntegrityError:  # another request asked it first
            winner = session.latest
            assert winner is not None  # the other request's question is saved
            return winner
        DrillSession.objects.filter(pk=session.pk).update(updated_at=now)
        return question


# A question shown again this long after it was first shown is a drill resumed after a
# break: its clock restarts. Sooner (a reload) it keeps running, or reloading before each
# answer would record every answer as instant (an Easy rating, a false speed-run best).
RESTART_AFTER = timedelta(minutes=10)


def clock_restarts(shown_at: datetime | None, now: datetime) -> bool:
    """Whether an unanswered question (a drill's, a walk step's) shown at ``shown_at`` and
    shown again ``now`` starts its clock anew: never shown, or shown ``RESTART_AFTER`` or
    longer ago (a break); a reload keeps it running."""
    return shown_at is None or now - shown_at >= RESTART_AFTER


def show_question(question: DrillQuestion, now: datetime) -> None:
    """Restart the clock of an unanswered question shown again after a break (a resumed
    drill, ``RESTART_AFTER``), so its response time counts from when the person sees it;
    a speed run's clock never restarts."""
    if question.answered or question.session.speed_run:
        return
    if not clock_restarts(question.shown_at, now):
        return
    DrillQuestion.objects.filter(pk=question.pk, answered_at__isnull=True).update(shown_at=now)
    question.shown_at = now


# -- answering ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Answer:
    """An answered question and its grade."""

    question: DrillQuestion
    decision: GradedDecision
    grade: Grade


ALREADY_ANSWERED = _(
    "That question was already answered (a double click, the back button or another tab). "
    "The drill shows where it stands now."
)


def answer_question(
    session: DrillSession, number: str, action_text: str, standard: Standard, *, now: datetime
) -> Answer:
    """Grade the answer ``action_text`` to question ``number`` of ``session`` against
    ``standard``, store it (the question's answer, a GradedDecision, the situation's FSRS
    card) in one transaction, and return it.

    Raises Refused for an ended session, a question that is not the session's latest or
    is already answered, or an action that is not one of the question's legal actions;
    nothing changes then."""
    with transaction.atomic():
        session = DrillSession.objects.select_for_update().get(pk=session.pk)
        if session.ended_at is not None:
            raise Refused(_("This drill has ended. Start a new one from the drills page."))
        latest = session.latest
        if latest is None or str(latest.number) != str(number).strip():
            if latest is not None and session.questions.filter(number=_int(number)).exists():
                raise Refused(ALREADY_ANSWERED)
            raise Refused(_("That question is not part of this drill."))
        question = latest
        if question.answered:
            raise Refused(ALREADY_ANSWERED)
        try:
            action = Action(action_text)
        except ValueError:
            action = None
        if action is None or action.value not in question.legal:
            raise Refused(_("That is not one of the choices for this hand."))
        rules = drill_rules(session.variant)
        verdict = grade_decision(
            question.hand,
            question.upcard,
            rules,
            action,
            [Action(a) for a in question.legal],
            insurance=question.insurance,
            chart=strategy_chart(rules),
            standard=standard,
            cache=evs_cache(rules),
        )
        if verdict is None:  # every legal action is valued; this would be an engine bug
            raise Refused(_("That is not one of the choices for this hand."))
        elapsed = int((now - question.shown_at).total_seconds() * 1000)
        response_ms = min(max(elapsed, 0), MAX_RESPONSE_MS)
        correct = verdict.correct
        rating = rating_for(severity=verdict.severity, response_ms=response_ms)
        updated = DrillQuestion.objects.filter(pk=question.pk, answered_at__isnull=True).update(
            answered_at=now,
            action=action.value,
            response_ms=response_ms,
            correct=correct,
            rating=int(rating),
        )
        if updated != 1:
            raise Refused(ALREADY_ANSWERED)
        decision = GradedDecision.from_grade(
            verdict,
            DecisionPoint(
                hand=tuple(question.hand), upcard=question.upcard, insurance=question.insurance
            ),
            source="drill",
            visitor=session.visitor,
            rules_id=session.rules_id,
            variant=session.variant,
            round_number=question.number,
            drill_session=session.public_id,
            response_ms=response_ms,
        )
        DrillQuestion.objects.filter(pk=question.pk).update(decision=decision)
        card = SituationCard.for_update(session.visitor, session.rules_id, question.key, now)
        retention = float(Preferences.of(session.visitor).desired_retention)
        card.record(rating, correct=correct, now=now, response_ms=response_ms, retention=retention)
        DrillSession.objects.filter(pk=session.pk).update(updated_at=now)
        if session.speed_run is not None and question.number >= session.speed_run:
            finish_run(session, now=now)
    question.refresh_from_db()
    return Answer(question=question, decision=decision, grade=verdict)


def _int(text: str) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        return -1


def end_drill(session: DrillSession, *, now: datetime) -> None:
    """End the session (an unanswered question stays unanswered and ungraded); ending an
    ended session changes nothing."""
    DrillSession.objects.filter(pk=session.pk, ended_at__isnull=True).update(
        ended_at=now, updated_at=now
    )
