"""What the review pages show of the log: plain dicts for the templates (a logged
decision's cards, words and EVs, a session's line)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from game.engine.banker import BankerAction
from game.engine.cards import Card
from game.engine.round import Action
from game.rulesets.models import variant_name
from trainer.review.log import Entry, SessionSummary
from trainer.web import labels
from trainer.web.labels import BANKER_ACTION_LABELS, ROLE_LABELS, SEVERITY_LABELS, card_view


def cards_view(codes: list[str]) -> list[dict[str, Any]]:
    """Card codes as face-up cards for ``{% card %}`` (templates/web/card.html)."""
    return [card_view(Card.parse(code)) for code in codes]


def action_label(action: str, even_money: bool = False, *, banker_game: bool = False) -> str:
    """An action's button word in the active language ("" for none); with ``even_money``
    (the insurance decision of a natural) the even-money words; with ``banker_game`` the
    banker game's words ("draw", "stand")."""
    if not action:
        return ""
    if banker_game:
        return str(BANKER_ACTION_LABELS[BankerAction(action)])
    return labels.action_label(Action(action), even_money=even_money)


def evs_view(
    evs: dict[str, float], chosen: str, best: str, even_money: bool = False
) -> list[dict[str, Any]]:
    """Every action's EV (bets), best first."""
    banker_game = BankerAction.DRAW in evs  # only the banker game draws
    return [
        {
            "label": action_label(action, even_money, banker_game=banker_game),
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
        "replayable": d.source == "table" and d.banker_role is None,  # casino rounds only
        "created_at": d.created_at,
        "round_number": d.round_number,
        "situation": entry.hand.label,
        "cards": cards_view(d.hand),
        # The banker game has no dealer's upcard (its field holds the seat's role).
        "upcard": cards_view([d.upcard])[0] if d.banker_role is None else None,
        "role": ROLE_LABELS[d.banker_role] if d.banker_role is not None else "",
        "insurance": d.insurance,
        "chosen": action_label(d.action, d.even_money, banker_game=d.banker_role is not None),
        "best": action_label(d.best_action, d.even_money, banker_game=d.banker_role is not None),
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
