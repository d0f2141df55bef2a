"""The review pages: the mistakes page (sessions and their deviations, filtered), a
session's mistakes, one decision (with the button that replays it at the table: the table
app's replay pages), and the stats (heat map, plot, weakest ten).

Everything is the visitor's own (``trainer.web.visitors.visitor_id``): another visitor's
session or decision answers 404, and their rows never reach a list. GET pages never
make a visitor id (a first visit sees an empty log).
"""

from __future__ import annotations

import uuid
from datetime import date

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from game.rulesets.models import variant_name
from trainer.review.forms import DRILL_PERIODS, LogFilterForm, StatsFilterForm, variant_choices
from trainer.review.log import (
    SOURCES,
    LogFilter,
    Tally,
    entries,
    ev_lost_by_day,
    logged_variants,
    session_key,
    sessions,
    tally_by_hand,
    tally_by_situation,
    visitor_log,
    weakest,
)
from trainer.review.plots import heat_map, line_plot
from trainer.review.presenters import action_label, evs_view, mistake_view, session_view
from trainer.web.visitors import visitor_id

SESSIONS_PER_PAGE = 10
MISTAKES_PER_SESSION = 5  # on the mistakes page; a session's own page lists them all
MISTAKES_PER_PAGE = 25
MAX_DRILL_DAYS = 3650  # the drills app's longest period


def drill_periods(flt: LogFilter, today: date) -> tuple[list[int], int]:
    """The periods (days) offered by "Drill my mistakes" and the one chosen: the filter's
    own period when it starts on a date (from that day to today), else 30 days."""
    periods = list(DRILL_PERIODS)
    if flt.date_from is None:
        return periods, 30
    days = min(max((today - flt.date_from).days + 1, 1), MAX_DRILL_DAYS)
    return sorted({*periods, days}), days


def _visitor(request: HttpRequest) -> uuid.UUID | None:
    return visitor_id(request, create=False)


def _filter_query(request: HttpRequest) -> str:
    """The filter's GET parameters without the page number (for links that keep it)."""
    query = request.GET.copy()
    query.pop("page", None)
    return query.urlencode()


# -- pages ----------------------------------------------------------------------------------
@require_safe
def mistakes(request: HttpRequest) -> HttpResponse:
    """The mistakes page: the filter, the totals of what it keeps, the sessions (newest
    first, SESSIONS_PER_PAGE a page) each with its numbers and first mistakes, and the
    "Drill my mistakes" form."""
    visitor = _visitor(request)
    logged = logged_variants(visitor)
    form = LogFilterForm(request.GET or None, logged=logged)
    flt = form.log_filter() if form.is_bound else LogFilter()
    kept = entries(visitor_log(visitor), flt, severity=False)
    overall = Tally()
    for entry in kept:
        overall.add(entry)
    summaries = sessions(kept, flt)
    page = Paginator(summaries, SESSIONS_PER_PAGE).get_page(request.GET.get("page"))
    mistakes_kept = sum(len(s.mistakes) for s in summaries)
    periods, chosen_days = drill_periods(flt, timezone.localdate())
    return render(
        request,
        "review/mistakes.html",
        {
            "form": form,
            "filter": flt,
            "filter_query": _filter_query(request),
            "overall": overall,
            "mistake_count": mistakes_kept,
            "page": page,
            "sessions": [session_view(s, MISTAKES_PER_SESSION) for s in page.object_list],
            # "Drill my mistakes" (posts to the drills app's start view).
            # Only a casino decision can be drilled (the banker game has no dealer's chart).
            "drill_variants": variant_choices(logged)
            if any(not e.correct and e.decision.banker_role is None for e in kept)
            else [],
            "drill_variant": flt.variant or (kept[0].decision.variant if kept else ""),
            "drill_periods": periods,
            "drill_days": chosen_days,
            "section": "mistakes",
        },
    )


@require_safe
def session(request: HttpRequest, source: str, public_id: uuid.UUID) -> HttpResponse:
    """One session's numbers and every mistake of it that the filter keeps (paginated).
    404 unless the session has decisions of this visitor."""
    if source not in SOURCES:
        raise Http404("no such session")
    visitor = _visitor(request)
    log = visitor_log(visitor)
    if source == "table":
        log = log.filter(source="table", table__public_id=public_id)
    else:
        log = log.filter(source="drill", drill_session=public_id)
    if not log.exists():
        raise Http404("no such session")
    form = LogFilterForm(request.GET or None, logged=logged_variants(visitor))
    flt = form.log_filter() if form.is_bound else LogFilter()
    found = sessions(entries(log, flt, severity=False), flt)
    summary = found[0] if found else None
    page = Paginator(summary.mistakes if summary else [], MISTAKES_PER_PAGE).get_page(
        request.GET.get("page")
    )
    variant = log.values_list("variant", flat=True).first() or ""
    return render(
        request,
        "review/session.html",
        {
            "form": form,
            "filter_query": _filter_query(request),
            "source": source,
            "public_id": public_id,
            "variant_name": variant_name(variant),
            "summary": session_view(summary, 0) if summary else None,
            "page": page,
            "mistakes": [mistake_view(e) for e in page.object_list],
            "section": "mistakes",
        },
    )


@require_safe
def decision(request: HttpRequest, pk: int) -> HttpResponse:
    """One logged decision: the cards, what was done, what was best, every action's EV, the
    cost, and (for a table decision) the Replay button. 404 for anyone else's."""
    kept = entries(visitor_log(_visitor(request)).filter(pk=pk))
    if not kept:
        raise Http404("no such decision")
    entry = kept[0]
    found = entry.decision
    key = session_key(found)
    return render(
        request,
        "review/decision.html",
        {
            "decision": found,
            "mistake": mistake_view(entry),
            "variant_name": variant_name(found.variant),
            "evs": evs_view(found.evs, found.action, found.best_action, found.even_money),
            "chart_action": action_label(found.chart_action, found.even_money),
            "session_url": reverse("review:session", args=key) if key else None,
            "section": "mistakes",
        },
    )


@require_safe
def stats(request: HttpRequest) -> HttpResponse:
    """The stats page for one variant or all: the totals, the accuracy heat map over the
    chart (by chart cell: hard 17 to 21 share the 17+ row), EV lost per 100 decisions by
    day, and the weakest ten situations (by the hand's own total: hard 20 against 8)."""
    visitor = _visitor(request)
    form = StatsFilterForm(request.GET or None, logged=logged_variants(visitor))
    variant = form.chosen_variant() if form.is_bound else ""
    kept = entries(visitor_log(visitor), LogFilter(variant=variant))
    overall = Tally()
    for entry in kept:
        overall.add(entry)
    return render(
        request,
        "review/stats.html",
        {
            "form": form,
            "variant": variant,
            "overall": overall,
            "heat": heat_map(tally_by_situation(kept)),
            "plot": line_plot(ev_lost_by_day(visitor, variant)),
            "weakest": [
                {
                    "situation": s.label,
                    "tally": t,
                    "kind": s.kind,
                    "row": s.row,
                    "upcard": s.upcard,
                    "total": s.total,
                }
                for s, t in weakest(tally_by_hand(kept))
            ],
            "section": "stats",
        },
    )
