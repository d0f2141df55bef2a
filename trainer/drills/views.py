"""The drill pages: one view per action. HTMX requests get the drill card partial (and the
score out of band); plain form posts are redirected to the session page, so everything
works without JavaScript. Every drill belongs to a visitor; another visitor's answers 404."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from game.engine.rules import RulesError
from game.rulesets.models import RuleSet, rules_for, variant_name
from trainer.drills.choosing import offered_categories
from trainer.drills.drill_view import (
    CATEGORY_LABELS,
    category_label,
    due_lines,
    feedback_view,
    misses_view,
    question_view,
    score_view,
    session_row,
    situation_label,
    variant_choices,
)
from trainer.drills.drilling import (
    answer_question,
    drill_rules,
    end_drill,
    next_question,
    retry_misses,
    show_question,
    start_drill,
)
from trainer.drills.forms import PERIODS, StartForm
from trainer.drills.items import CATEGORIES, RULE_CATEGORIES
from trainer.drills.models import DrillSession
from trainer.drills.speed import MAX_ERRORS, SPEED_RUN_QUESTIONS, TARGET_MS, run_result
from trainer.web.errors import Refused
from trainer.web.http import HtmxHttpRequest, respond
from trainer.web.models import Preferences
from trainer.web.visitors import grading_standard, owned_or_404, visitor_id

# A right answer's pause before the next question moves in by itself (ms): long enough to
# see the tick and the reason line, short enough to keep the pace.
AUTO_ADVANCE_MS = 1200


def _own_session(request: HttpRequest, public_id: uuid.UUID) -> DrillSession:
    """The visitor's drill session with this id; 404 for anyone else's (or none)."""
    return owned_or_404(request, DrillSession, public_id=public_id)


@require_safe
def index(request: HtmxHttpRequest) -> HttpResponse:
    """Choose a game and a category; the visitor's unfinished drills to resume."""
    return _index(request, StartForm(initial=_initial(request)))


def _initial(request: HttpRequest) -> dict:
    return {
        "variant": request.GET.get("variant") or "european",
        "category": request.GET.get("category") or "all",
        "days": request.GET.get("days") or "",
        "speed": request.GET.get("speed") == "on",
    }


def _index(request: HtmxHttpRequest, form: StartForm, status: int = 200) -> HttpResponse:
    visitor = visitor_id(request, create=False)
    chosen = form["variant"].value() or "european"
    sessions = (
        DrillSession.objects.filter(visitor=visitor, ended_at__isnull=True)
        if visitor is not None
        else DrillSession.objects.none()
    )
    offered = _offered(chosen)
    context = {
        "form": form,
        "variants": variant_choices(visitor, chosen),
        "chosen_variant": chosen,
        "categories": [
            {
                "value": k,
                "label": CATEGORY_LABELS[k],
                "disabled": offered is not None and k in RULE_CATEGORIES and k not in offered,
            }
            for k in CATEGORIES
        ],
        "has_disabled": offered is not None and any(k not in offered for k in RULE_CATEGORIES),
        "speed": bool(form["speed"].value()),
        "speed_questions": SPEED_RUN_QUESTIONS,
        "target_seconds": TARGET_MS / 1000,
        "max_errors": MAX_ERRORS,
        "chosen_category": form["category"].value() or "all",
        "chosen_days": str(form["days"].value() or ""),
        "periods": PERIODS,
        "sessions": [session_row(s) for s in sessions[:20]],
        "standard": grading_standard(request),
    }
    if request.htmx and request.htmx.target == "drill-categories":
        return render(request, "drills/index.html#categories", context, status=status)
    return render(request, "drills/index.html", context, status=status)


def _offered(variant: str) -> set[str] | None:
    """The rule-based categories ``variant`` can have (None: unknown yet, or no such
    game; the start then says why)."""
    try:
        return offered_categories(rules_for(variant))
    except (RuleSet.DoesNotExist, RulesError, ValueError):
        return None


@require_POST
def start(request: HtmxHttpRequest) -> HttpResponse:
    """Start a drill of the posted ``variant`` and ``category`` (``days`` for "mistakes")
    and go to its first question; bad input shows the form again with the reason (status
    400 for a variant with a NUL byte, which no form of ours sends)."""
    form = StartForm(request.POST)
    if form.is_valid():
        try:
            session = start_drill(
                visitor_id(request),
                form.cleaned_data["variant"],
                form.cleaned_data["category"],
                form.cleaned_data["days"],
                now=timezone.now(),
                speed=form.cleaned_data["speed"],
            )
        except Refused as exc:
            form.add_error(None, exc.message)
        else:
            url = reverse("drills:session", kwargs={"public_id": session.public_id})
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    # A NUL byte comes from no form of ours: a bad request (the form and its message too).
    crafted = form.has_error("variant", "null_characters_not_allowed")
    return _index(request, form, status=400 if crafted else 200)


@require_safe
def session_page(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """The drill: the question in play, the last answer's feedback, or the summary."""
    session = _own_session(request, public_id)
    latest = session.latest
    if latest is not None and session.ended_at is None:
        show_question(latest, timezone.now())
    return _respond(request, session, full=not request.htmx)


@require_POST
def answer(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Grade the posted ``action`` for question number ``question``."""
    session = _own_session(request, public_id)
    try:
        answer_question(
            session,
            request.POST.get("question", ""),
            request.POST.get("action", ""),
            grading_standard(request),
            now=timezone.now(),
        )
    except Refused as exc:
        messages.error(request, exc.message)
    return _respond(request, session)


@require_POST
def next_view(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Ask the question after number ``after`` (once, however often it is posted)."""
    session = _own_session(request, public_id)
    try:
        next_question(session, request.POST.get("after", ""), now=timezone.now())
    except Refused as exc:
        messages.error(request, exc.message)
    return _respond(request, session)


@require_POST
def end(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """End the drill and show its summary."""
    session = _own_session(request, public_id)
    end_drill(session, now=timezone.now())
    url = reverse("drills:session", kwargs={"public_id": session.public_id})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_POST
def retry(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Start a drill of exactly the situations this drill got wrong."""
    session = _own_session(request, public_id)
    try:
        again = retry_misses(session, now=timezone.now())
    except Refused as exc:
        messages.error(request, exc.message)
        return redirect("drills:session", public_id=session.public_id)
    url = reverse("drills:session", kwargs={"public_id": again.public_id})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_POST
def auto_advance(request: HtmxHttpRequest) -> HttpResponse:
    """Save the auto-advance setting (``auto_advance`` "on" or absent) and go back to the
    drill ``drill`` names (else the drills page)."""
    visitor = visitor_id(request)
    with transaction.atomic():
        prefs, _created = Preferences.objects.select_for_update().get_or_create(visitor=visitor)
        prefs.auto_advance = request.POST.get("auto_advance") == "on"
        prefs.save(update_fields=["auto_advance", "updated_at"])
    try:
        drill = uuid.UUID(request.POST.get("drill", ""))
    except ValueError:
        return redirect("drills:index")
    return redirect("drills:session", public_id=drill)


def walk_url(session: DrillSession) -> str:
    """The start of the "learn from your mistakes" walk through this drill's misses."""
    return f"{reverse('drills:walk_new')}?drill={session.public_id}"


def _context(request: HttpRequest, session: DrillSession) -> dict:
    session.refresh_from_db()
    rules = drill_rules(session.variant)
    latest = session.latest
    question = feedback = None
    if latest is not None:
        question = question_view(latest, rules)
        if latest.answered:
            feedback = feedback_view(latest, rules)
    prefs = Preferences.of(session.visitor)
    ended = session.ended_at is not None
    misses = misses_view(session) if ended else []
    return {
        "auto_advance": prefs.auto_advance,
        # A right answer moves on by itself (drills/auto_advance.js) when the setting is on.
        "advance": bool(feedback and feedback["correct"] and prefs.auto_advance and not ended),
        "advance_ms": AUTO_ADVANCE_MS,
        "misses": misses,
        "due": due_lines(session.visitor, session.rules_id, timezone.now()) if ended else [],
        "walk_url": walk_url(session) if ended and misses else None,
        "run": run_result(session) if ended else None,
        "speed_questions": session.speed_run,
        "target_seconds": TARGET_MS / 1000,
        "max_errors": MAX_ERRORS,
        "session": session,
        "variant_name": variant_name(session.variant),
        "category": category_label(session.category),
        "question": question,
        "feedback": feedback,
        "in_play": latest is not None and not latest.answered and session.ended_at is None,
        "ended": ended,
        "score": score_view(session),
        "standard": grading_standard(request),
        "situation": situation_label(latest.hand_class, latest.upcard_value) if latest else "",
    }


def _respond(
    request: HtmxHttpRequest, session: DrillSession, *, full: bool = False
) -> HttpResponse:
    """The full page, the drill card with the score out of band (HTMX), or a redirect to
    the page (a plain form post)."""
    if not full and not request.htmx:
        return redirect("drills:session", public_id=session.public_id)
    try:
        context = _context(request, session)
    except Refused as exc:  # the rule set is gone: nothing left to drill
        messages.error(request, exc.message)
        return redirect("drills:index")
    return respond(
        request,
        "drills/session.html",
        "drill-card",
        context,
        oob=["drills/session.html#drill-score"],
        full=full,
    )
