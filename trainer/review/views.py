"""The review pages: the mistakes page (sessions and their deviations, filtered), a
session's mistakes, one decision, its replay, and the stats (heat map, plot, weakest ten).

Everything is the visitor's own (``trainer.web.visitors.visitor_id``): another visitor's
session, decision or replay answers 404, and their rows never reach a list. GET pages never
make a visitor id (a first visit sees an empty log).
"""

from __future__ import annotations

import uuid
from datetime import date
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from game import labels
from game.engine.cards import Card
from game.engine.hands import is_natural
from game.engine.round import Action
from game.engine.strategy.advisor import is_correct
from game.labels import ACTION_KEYS
from game.models import RoundRecord
from game.table_view import (
    SEVERITY_LABELS,
    card_view,
    even_money_offered,
    round_view,
    variant_name,
)
from trainer.review import replay as replays
from trainer.review.forms import DRILL_PERIODS, LogFilterForm, StatsFilterForm, variant_choices
from trainer.review.log import (
    SOURCES,
    Entry,
    LogFilter,
    SessionSummary,
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
from trainer.review.models import Replay
from trainer.review.plots import heat_map, line_plot
from trainer.web.http import HtmxHttpRequest, respond
from trainer.web.numbers import signed_bets
from trainer.web.visitors import owned_or_404, visitor_id

SESSIONS_PER_PAGE = 10
MISTAKES_PER_SESSION = 5  # on the mistakes page; a session's own page lists them all
MISTAKES_PER_PAGE = 25
MAX_DRILL_DAYS = 3650  # the drills app's longest period


# -- what the templates show ---------------------------------------------------------------
def cards_view(codes: list[str]) -> list[dict[str, Any]]:
    """Card codes as face-up cards for ``{% card %}`` (templates/web/card.html)."""
    return [card_view(Card.parse(code)) for code in codes]


def action_label(action: str, even_money: bool = False) -> str:
    """An action's button word in the active language ("" for none); with ``even_money``
    (the insurance decision of a natural) the even-money words."""
    return labels.action_label(Action(action), even_money=even_money) if action else ""


def evs_view(
    evs: dict[str, float], chosen: str, best: str, even_money: bool = False
) -> list[dict[str, Any]]:
    """Every action's EV (bets), best first."""
    return [
        {
            "label": action_label(action, even_money),
            "ev": ev,
            "best": action == best,
            "chosen": action == chosen,
        }
        for action, ev in sorted(evs.items(), key=lambda item: -item[1])
    ]


def mistake_view(entry: Entry) -> dict[str, Any]:
    """One logged decision as the mistake list shows it."""
    d = entry.decision
    return {
        "pk": d.pk,
        "source": d.source,
        "replayable": d.source == "table",
        "created_at": d.created_at,
        "round_number": d.round_number,
        "situation": entry.hand.label,
        "cards": cards_view(d.hand),
        "upcard": cards_view([d.upcard])[0],
        "insurance": d.insurance,
        "chosen": action_label(d.action, d.even_money),
        "best": action_label(d.best_action, d.even_money),
        "loss": d.loss,
        "severity": d.severity,
        "severity_label": SEVERITY_LABELS.get(d.severity, ""),
        "right": d.correct,
        "standard": d.standard,
    }


def session_view(summary: SessionSummary, limit: int | None = None) -> dict[str, Any]:
    """A session's line: when, which game, its numbers and (the first ``limit``) mistakes."""
    mistakes = summary.mistakes if limit is None else summary.mistakes[:limit]
    return {
        "source": summary.source,
        "public_id": summary.public_id,
        "url": reverse("review:session", args=[summary.source, summary.public_id]),
        "variant_name": variant_name(summary.variant),
        "started": summary.started,
        "last": summary.last,
        "tally": summary.tally,
        "mistake_count": len(summary.mistakes),
        "mistakes": [mistake_view(e) for e in mistakes],
        "more": len(summary.mistakes) - len(mistakes),
    }


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
            "drill_variants": variant_choices(logged)
            if overall.correct < overall.decisions
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


@require_POST
def replay_start(request: HttpRequest, pk: int) -> HttpResponse:
    """Start a replay of the visitor's table decision ``pk`` and go to it; a decision that
    cannot be replayed goes back to its page with the reason. 404 for anyone else's."""
    found = get_object_or_404(visitor_log(_visitor(request)), pk=pk)
    try:
        started = replays.start_replay(found)
    except replays.ReplayError as exc:
        messages.error(request, exc.message)
        return redirect("review:decision", pk=found.pk)
    return redirect("review:replay", public_id=started.public_id)


def _own_replay(request: HttpRequest, public_id: uuid.UUID) -> Replay:
    return owned_or_404(request, Replay.objects.select_related("decision"), public_id=public_id)


def replay_context(replay: Replay) -> dict[str, Any]:
    """What the replay page shows: the round as the person may see it (no hole card before
    it is turned), the legal actions, the verdicts, and the original decision."""
    rnd = replay.round
    original = replay.decision
    actions = rnd.legal_actions()
    verdicts = []
    for v in replay.verdicts:
        even_money = "insurance" in v["evs"] and is_natural([Card.parse(c) for c in v["hand"]])
        verdicts.append(
            {
                "replayed": v.get("replayed", False),
                "chosen": action_label(v["action"], even_money),
                "best": action_label(v["best"], even_money),
                "right": is_correct(v["severity"]),
                "loss": v["loss"],
                "severity": v["severity"],
                "severity_label": SEVERITY_LABELS.get(v["severity"], ""),
                "cards": " ".join(Card.parse(c).rank.label for c in v["hand"]),
                "upcard": Card.parse(v["upcard"]).rank.label,
                "evs": evs_view(v["evs"], v["action"], v["best"], even_money),
            }
        )
    answer = next((v for v in verdicts if v["replayed"]), None)
    net_text = original_net_text = ""
    if rnd.is_over:
        base_bet = rnd.hands_of_seat(replay.human_seat)[0].base_bet
        net_text = signed_bets(rnd.seat_net(replay.human_seat) / base_bet, 2, trim=True)
        record = RoundRecord.objects.filter(
            table_id=original.table_id, number=original.round_number
        ).first()
        if record is not None and record.bet:
            original_net_text = signed_bets(record.net / record.bet, 2, trim=True)
    return {
        "replay": replay,
        "original": original,
        "original_chosen": action_label(original.action, original.even_money),
        "original_best": action_label(original.best_action, original.even_money),
        "round": round_view(rnd, replay.human_seat, replay.seat_count),
        "actions": [
            {
                "value": a.value,
                "label": labels.action_label(a, even_money=even_money_offered(rnd)),
                "key": ACTION_KEYS[a],
            }
            for a in actions
        ],
        "answer": answer,
        "latest": verdicts[-1] if verdicts and not verdicts[-1]["replayed"] else None,
        "net_text": net_text,
        "original_net_text": original_net_text,
        "variant_name": variant_name(original.variant),
        "section": "mistakes",
    }


@require_safe
def replay_page(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """The replay (full page, or its felt for an HTMX request). 404 for anyone else's."""
    replay = _own_replay(request, public_id)
    return respond(request, "review/replay.html", "replay-felt", replay_context(replay))


@require_POST
def replay_act(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Take the posted action in the replay; a refusal is an inline message. HTMX gets the
    felt back, a plain form post a redirect to the page."""
    replay = _own_replay(request, public_id)
    try:
        replays.play(replay, request.POST.get("action", ""), request.POST.get("version", ""))
    except replays.ReplayError as exc:
        messages.error(request, exc.message)
    if not request.htmx:
        return redirect("review:replay", public_id=replay.public_id)
    replay.refresh_from_db()
    return respond(request, "review/replay.html", "replay-felt", replay_context(replay))


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
