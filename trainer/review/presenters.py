"""What the review pages show of the log: plain dicts for the templates (a logged
decision's cards, words and EVs, a session's line)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from game.engine.banker import BankerAction
from game.engine.cards import Card
from game.engine.round import Action
from game.engine.rules import Rules, RulesError
from game.rulesets.models import RuleSet, rules_for, variant_name
from trainer.review.explain import reason
from trainer.review.log import Entry, SessionSummary
from trainer.review.situations import Situation, row_card
from trainer.web import labels
from trainer.web.labels import BANKER_ACTION_LABELS, ROLE_LABELS, SEVERITY_LABELS, card_view

# The situations a drill can ask about: the chart's cells and the insurance decision.
DRILLABLE_KINDS = ("hard", "soft", "pairs", "insurance")
# The casino rules of a variant, by variant string (a saved rule set never changes).
_RULES: dict[str, Rules] = {}


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


def casino_rules(variant: str) -> Rules | None:
    """The casino rules of ``variant`` (a preset or a saved rule set), None for the banker
    game, an unknown variant or a rule set that is gone."""
    if variant not in _RULES:
        try:
            rules = rules_for(variant)
        except (RuleSet.DoesNotExist, RulesError):
            return None
        if rules.game != "casino":
            return None
        _RULES[variant] = rules
    return _RULES[variant]


def drill_situation_url(variant: str, situation: Situation) -> str | None:
    """The link that drills one chart cell (or the insurance decision) of ``variant``:
    ``drills:situations`` with ``variant`` and ``cell`` "<kind>-<row>-<upcard>" (the
    situation's chart cell; the drills app reads it). None for a situation no drill asks
    (hard 4, soft 21) or a game without drills (the banker game)."""
    if situation.kind not in DRILLABLE_KINDS or casino_rules(variant) is None:
        return None
    cell = situation.cell
    query = {"variant": variant, "cell": f"{cell.kind}-{cell.row}-{cell.upcard}"}
    return f"{reverse('drills:situations')}?{urlencode(query)}"


def situation_label(entry: Entry) -> str:
    """The decision's situation in words ("Hard 20 against 8"); the insurance decision of a
    natural is even money ("Even money against A")."""
    if entry.decision.even_money:
        return _("Even money against %(upcard)s") % {"upcard": row_card(entry.situation.upcard)}
    return entry.hand.label


def reason_line(entry: Entry) -> str:
    """The one-line reason of the best play (explain.py), "" where the engine has none
    (the banker game, rules that are gone)."""
    d = entry.decision
    rules = casino_rules(d.variant)
    if rules is None:
        return ""
    try:
        return reason(d.hand, d.upcard, rules, d.evs, d.best_action, insurance=d.insurance)
    except (ValueError, KeyError, ZeroDivisionError):
        return ""


def mistake_view(entry: Entry) -> dict[str, Any]:
    """One logged decision as the mistake list shows it: the cards, the words, the reason
    line and the link that drills its situation."""
    d = entry.decision
    return {
        "pk": d.pk,
        "source": d.source,
        "replayable": d.source == "table" and d.banker_role is None,  # casino rounds only
        "created_at": d.created_at,
        "round_number": d.round_number,
        "situation": situation_label(entry),
        "reason": reason_line(entry),
        "drill_url": drill_situation_url(d.variant, entry.situation),
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
