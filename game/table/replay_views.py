"""The replay pages: a table decision played again from its recorded cards (game/table/replays.py),
started from the decision's page in the review. Everything is the visitor's own: another
visitor's decision or replay answers 404."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST, require_safe

from game.engine.cards import Card
from game.engine.hands import is_natural
from game.engine.strategy.advisor import is_correct
from game.rulesets.models import variant_name
from game.table import replays
from game.table.models import Replay, RoundRecord
from game.table.presenters import even_money_offered, round_view
from trainer.review.log import visitor_log
from trainer.review.presenters import action_label, evs_view
from trainer.web import labels
from trainer.web.errors import Refused
from trainer.web.http import HtmxHttpRequest, respond
from trainer.web.labels import ACTION_KEYS, SEVERITY_LABELS
from trainer.web.numbers import signed_bets
from trainer.web.visitors import owned_or_404, visitor_id


@require_POST
def replay_start(request: HttpRequest, pk: int) -> HttpResponse:
    """Start a replay of the visitor's table decision ``pk`` and go to it; a decision that
    cannot be replayed goes back to its page with the reason. 404 for anyone else's."""
    found = get_object_or_404(visitor_log(visitor_id(request, create=False)), pk=pk)
    try:
        started = replays.start_replay(found)
    except Refused as exc:
        messages.error(request, exc.message)
        return redirect("review:decision", pk=found.pk)
    return redirect("game:replay", public_id=started.public_id)


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
                "best": action_label(v["best_action"], even_money),
                "right": is_correct(v["severity"]),
                "loss": v["loss"],
                "severity": v["severity"],
                "severity_label": SEVERITY_LABELS.get(v["severity"], ""),
                "cards": " ".join(Card.parse(c).rank.label for c in v["hand"]),
                "upcard": Card.parse(v["upcard"]).rank.label,
                "evs": evs_view(v["evs"], v["action"], v["best_action"], even_money),
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
    return respond(request, "table/replay.html", "replay-felt", replay_context(replay))


@require_POST
def replay_act(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Take the posted action in the replay; a refusal is an inline message. HTMX gets the
    felt back, a plain form post a redirect to the page."""
    replay = _own_replay(request, public_id)
    try:
        replays.play(replay, request.POST.get("action", ""), request.POST.get("version", ""))
    except Refused as exc:
        messages.error(request, exc.message)
    if not request.htmx:
        return redirect("game:replay", public_id=replay.public_id)
    replay.refresh_from_db()
    return respond(request, "table/replay.html", "replay-felt", replay_context(replay))
