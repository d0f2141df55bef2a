"""The walk through mistakes (walk.py): the start page, the walk, its answers. HTMX posts get
the walk card back in place; plain form posts are redirected to the walk page, so it all
works without JavaScript. A walk belongs to its visitor: anyone else's answers 404."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from trainer.drills.models import MistakeWalk
from trainer.drills.walk import (
    WalkScope,
    answer_step,
    current_step,
    drill_still_wrong,
    mistakes_of,
    next_step,
    reveal_step,
    show_step,
    start_walk,
    summary,
)
from trainer.drills.walk_view import scope_label, step_view, summary_view
from trainer.web.errors import Refused
from trainer.web.http import HtmxHttpRequest, respond
from trainer.web.visitors import grading_standard, owned_or_404, visitor_id


def _own_walk(request: HttpRequest, public_id: uuid.UUID) -> MistakeWalk:
    return owned_or_404(request, MistakeWalk, public_id=public_id)


def _walk_url(walk: MistakeWalk) -> str:
    return reverse("drills:walk", kwargs={"public_id": walk.public_id})


@require_http_methods(["GET", "HEAD", "POST"])
def walk_new(request: HtmxHttpRequest) -> HttpResponse:
    """GET: how many mistakes the scope (``table``, ``drill``, or ``days`` and ``variant``)
    holds, and a Start button; POST: start the walk (once per form, ``token``) and go to
    it. A malformed scope is a 400 with the reason; a start refused shows the page again."""
    data = request.POST if request.method == "POST" else request.GET
    try:
        scope = WalkScope.parse(data)
    except Refused as exc:
        return render(request, "drills/walk_new.html", {"error": exc.message}, status=400)
    error: str = ""
    if request.method == "POST":
        try:
            walk = start_walk(
                visitor_id(request), scope, request.POST.get("token", ""), now=timezone.now()
            )
        except LookupError:
            raise Http404("no such walk") from None
        except Refused as exc:
            error = str(exc.message)
        else:
            url = _walk_url(walk)
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    count = len(mistakes_of(visitor_id(request, create=False), scope, timezone.now()))
    return render(
        request,
        "drills/walk_new.html",
        {
            "scope": scope.query(),
            "scope_label": scope_label(scope),
            "count": count,
            "token": uuid.uuid4(),
            "error": error,
        },
    )


@require_safe
def walk_page(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """The walk: the mistake on show, or the summary at the end."""
    walk = _own_walk(request, public_id)
    step = current_step(walk)
    if step is not None:
        show_step(step, timezone.now())
    return _respond(request, walk, full=True)


@require_POST
def walk_answer(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Grade the posted ``action`` for step ``step`` after ``attempt`` answers."""
    walk = _own_walk(request, public_id)
    try:
        answer_step(
            walk,
            request.POST.get("step", ""),
            request.POST.get("attempt", ""),
            request.POST.get("action", ""),
            grading_standard(request),
            now=timezone.now(),
        )
    except Refused as exc:
        messages.error(request, exc.message)
    return _respond(request, walk)


@require_POST
def walk_reveal(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Show the answer of step ``step``."""
    walk = _own_walk(request, public_id)
    try:
        reveal_step(walk, request.POST.get("step", ""))
    except Refused as exc:
        messages.error(request, exc.message)
    return _respond(request, walk)


@require_POST
def walk_next(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Go on from step ``after`` (once, however often it is posted)."""
    walk = _own_walk(request, public_id)
    try:
        next_step(walk, request.POST.get("after", ""), now=timezone.now())
    except Refused as exc:
        messages.error(request, exc.message)
    walk.refresh_from_db()
    step = current_step(walk)
    if step is not None:
        show_step(step, timezone.now())
    return _respond(request, walk)


@require_POST
def walk_drill(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Drill the situations of the posted ``variant`` still wrong at the end (one drill,
    however often it is posted)."""
    walk = _own_walk(request, public_id)
    try:
        session = drill_still_wrong(walk, request.POST.get("variant", ""), now=timezone.now())
    except Refused as exc:
        messages.error(request, exc.message)
        return _respond(request, walk)
    url = reverse("drills:session", kwargs={"public_id": session.public_id})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _context(request: HttpRequest, walk: MistakeWalk) -> dict:
    walk.refresh_from_db()
    step = current_step(walk)
    total = walk.steps.count()
    standard = grading_standard(request)
    return {
        "walk": walk,
        "step": step_view(step, total, standard) if step is not None else None,
        "summary": summary_view(walk, summary(walk)) if step is None else None,
        "total_steps": total,
        "standard": standard,
    }


def _respond(request: HtmxHttpRequest, walk: MistakeWalk, *, full: bool = False) -> HttpResponse:
    """The page, the walk card (HTMX), or a redirect to the page (a plain form post)."""
    return respond(
        request,
        "drills/walk.html",
        "walk-card",
        _context(request, walk) if full or request.htmx else {},
        full=full,
        redirect_to=_walk_url(walk),
    )


@require_safe
def open_session(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """A drill session's or a walk's page by its public id: the review's sessions name
    both by the ``drill_session`` of their answers."""
    visitor = visitor_id(request, create=False)
    walks = MistakeWalk.objects.filter(public_id=public_id)
    if visitor is not None and walks.filter(visitor=visitor).exists():
        return redirect("drills:walk", public_id=public_id)
    return redirect("drills:session", public_id=public_id)
