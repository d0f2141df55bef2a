"""What the drill pages show: plain dicts for the templates, every word in the active
language (action names and card faces from trainer.web.labels)."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from game.engine.cards import Card
from game.engine.hands import hand_value
from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.advisor import Severity
from game.engine.variants import CASINO_VARIANTS
from game.rulesets.models import RuleSet, custom_ids, variant_name
from trainer.drills.drilling import POOL_CATEGORIES
from trainer.drills.items import CATEGORIES, class_kind
from trainer.drills.models import DrillQuestion, DrillSession, cards_of
from trainer.review.explain import reason
from trainer.web.labels import (
    ACTION_KEYS,
    ACTION_LABELS,
    EVEN_MONEY_LABELS,
    SEVERITY_LABELS,
    card_view,
)
from trainer.web.numbers import MINUS, signed_bets
from trainer.web.visitors import used_variants

CATEGORY_LABELS = {
    "all": pgettext_lazy("drill category", "All hands"),
    "hard": pgettext_lazy("drill category", "Hard totals"),
    "soft": pgettext_lazy("drill category", "Soft totals"),
    "pairs": pgettext_lazy("drill category", "Pairs"),
    "surrender": pgettext_lazy("drill category", "Surrender"),
    "insurance": pgettext_lazy("drill category", "Insurance and even money"),
    "weak": pgettext_lazy("drill category", "My weak spots"),
    "mistakes": pgettext_lazy("drill category", "My mistakes"),
    "cells": pgettext_lazy("drill category", "Chosen situations"),
    "changes": pgettext_lazy("drill category", "What changes between two rule sets"),
    "retry": pgettext_lazy("drill category", "My misses again"),
}
assert set(CATEGORY_LABELS) == set(CATEGORIES) | set(POOL_CATEGORIES)

TIER_LABELS = {
    "due": pgettext_lazy("drill question", "Due for review"),
    "new": pgettext_lazy("drill question", "New"),
    "weak": pgettext_lazy("drill question", "Weak spot"),
    "extra": pgettext_lazy("drill question", "Extra question"),
}

# How many answers the score panel lists.
RECENT_ANSWERS = 10


def face(value_code: str) -> str:
    """A card value as printed: "A", "10", "7"."""
    return "10" if value_code == "T" else value_code


def hand_class_label(hand_class: str) -> str:
    """A hand class in words: "Hard 12", "Hard 12 (10,2)", "Soft 17 (A,6)", "Pair 8,8",
    "Insurance, no ten in your hand", "Even money"."""
    parts = hand_class.split(" ")
    kind = class_kind(hand_class)
    if hand_class == "even money":
        return pgettext("drill situation", "Even money")
    if kind == "insurance":
        return {
            "0": pgettext("drill situation", "Insurance, no ten in your hand"),
            "1": pgettext("drill situation", "Insurance, one ten in your hand"),
            "2": pgettext("drill situation", "Insurance, two tens in your hand"),
        }[parts[1]]
    if kind == "hard" and len(parts) == 3:
        cards = ",".join(face(c) for c in parts[2])
        return pgettext("drill situation", "Hard %(total)s (%(cards)s)") % {
            "total": parts[1],
            "cards": cards,
        }
    if kind == "hard":
        return pgettext("drill situation", "Hard %(total)s") % {"total": parts[1]}
    if kind == "soft":
        other = int(parts[1]) - 11
        return pgettext("drill situation", "Soft %(total)s (%(cards)s)") % {
            "total": parts[1],
            "cards": f"A,{other}",
        }
    card = face(parts[1])
    return pgettext("drill situation", "Pair %(cards)s") % {"cards": f"{card},{card}"}


def situation_label(hand_class: str, upcard: str) -> str:
    """A situation in words: "Hard 16 against 10"."""
    return pgettext("drill situation", "%(hand)s against %(upcard)s") % {
        "hand": hand_class_label(hand_class),
        "upcard": face(upcard),
    }


def category_label(category: str) -> str:
    """The category's name in the active language."""
    return str(CATEGORY_LABELS.get(category, category))


# -- the index page --------------------------------------------------------------------------
def variant_choices(visitor: uuid.UUID | None, extra: str | None = None) -> list[dict[str, str]]:
    """The games to drill: the casino presets, then the visitor's custom rule sets (those
    of their tables, drills and graded decisions, and ``extra`` when it names a saved rule
    set), each {"value", "label"}."""
    choices = [{"value": v, "label": variant_name(v)} for v in CASINO_VARIANTS]
    custom = used_variants(visitor) if visitor is not None else set()
    if extra:
        custom.add(extra)
    ids = {i for i in custom_ids(custom) if RuleSet.is_id(i)}  # ``extra`` is from the URL
    saved = RuleSet.objects.filter(pk__in=ids).order_by("created_at")
    for ruleset in saved:
        if ruleset.rules.game == "casino":
            choices.append({"value": ruleset.variant, "label": variant_name(ruleset.variant)})
    return choices


def session_row(session: DrillSession) -> dict[str, Any]:
    """A line of the index page's list of unfinished drills."""
    score = score_view(session)
    return {
        "session": session,
        "variant_name": variant_name(session.variant),
        "category": category_label(session.category),
        "score": score,
    }


# -- the session page ----------------------------------------------------------------------------
def score_view(session: DrillSession) -> dict[str, Any]:
    """The running score: answers, right answers, the streak of right answers now and the
    best one, the mean time per answer (seconds), and the last RECENT_ANSWERS answers."""
    answered = list(
        session.questions.filter(answered_at__isnull=False)
        .order_by("number")
        .values("number", "correct", "response_ms", "hand_class", "upcard_value")
    )
    right = sum(1 for a in answered if a["correct"])
    streak = best = run = 0
    for a in answered:
        run = run + 1 if a["correct"] else 0
        best = max(best, run)
    for a in reversed(answered):
        if not a["correct"]:
            break
        streak += 1
    times = [a["response_ms"] for a in answered if a["response_ms"] is not None]
    return {
        "answered": len(answered),
        "right": right,
        "percent": round(100 * right / len(answered)) if answered else None,
        "streak": streak,
        "best_streak": best,
        "mean_seconds": sum(times) / len(times) / 1000 if times else None,
        "recent": [
            {
                "number": a["number"],
                "correct": a["correct"],
                "seconds": (a["response_ms"] or 0) / 1000,
                "label": situation_label(a["hand_class"], a["upcard_value"]),
            }
            for a in answered[-RECENT_ANSWERS:]
        ],
    }


def question_view(question: DrillQuestion, rules: Rules) -> dict[str, Any]:
    """The question: the hand and the upcard as cards, the total, the legal actions as
    buttons (label, key), and what the person should know about the deal."""
    hand = [Card.parse(c) for c in question.hand]
    upcard = Card.parse(question.upcard)
    even_money = question.hand_class == "even money"
    actions = []
    for value in question.legal:
        action = Action(value)
        label = EVEN_MONEY_LABELS[action] if even_money else ACTION_LABELS[action]
        actions.append({"value": value, "label": label, "key": ACTION_KEYS[action]})
    notes = []
    if not question.insurance and upcard.points == 1 and rules.insurance:
        notes.append(_("You declined insurance."))
    if (
        not question.insurance
        and rules.dealer_hole_card
        and rules.dealer_peeks
        and upcard.points in (1, 10)
    ):
        notes.append(_("The dealer checked the hole card: no natural."))
    return {
        "number": question.number,
        "hand": [card_view(c) for c in hand],
        "upcard": card_view(upcard),
        "hole_card": rules.dealer_hole_card,
        "total": hand_value(hand).display(),
        "actions": actions,
        "insurance": question.insurance,
        "even_money": even_money,
        "notes": notes,
        "tier": question.tier,
        "tier_label": TIER_LABELS.get(question.tier, ""),
        "situation": situation_label(question.hand_class, question.upcard_value),
    }


def feedback_view(question: DrillQuestion, rules: Rules) -> dict[str, Any] | None:
    """The graded answer: right or wrong, the chosen and the best play, the EV of every
    legal action (best first), the cost, the time taken and the engine's reason."""
    decision = question.decision
    if decision is None:
        return None
    severity = Severity(decision.severity)
    even_money = question.hand_class == "even money"
    labels = EVEN_MONEY_LABELS if even_money else ACTION_LABELS
    return {
        # advisor.py's one rule: a close call and the chart's play count as correct.
        "correct": decision.correct,
        "close": severity is Severity.CLOSE,
        "severity": severity.value,
        "severity_label": SEVERITY_LABELS.get(severity, ""),
        "chosen_label": labels[Action(decision.action)],
        "best_label": labels[Action(decision.best_action)],
        "standard": decision.standard,
        "chart_label": labels[Action(decision.chart_action)] if decision.chart_action else "",
        # Under "exact": not the best play for these cards, but the chart's play (also
        # said of a close call that is the chart's play).
        "by_chart": severity is Severity.BY_CHART
        or (
            severity is Severity.CLOSE
            and decision.standard == "exact"
            and decision.action == decision.chart_action
        ),
        "loss": decision.loss,
        "seconds": (question.response_ms or 0) / 1000,
        "options": [
            {
                "value": action,
                "label": labels[Action(action)],
                "ev": ev,
                "best": action == decision.best_action,
                "chosen": action == decision.action,
            }
            for action, ev in sorted(decision.evs.items(), key=lambda item: -item[1])
        ],
        "reason": reason(
            decision.hand,
            decision.upcard,
            rules,
            decision.evs,
            decision.best_action,
            insurance=decision.insurance,
        ),
        "insurance": decision.insurance,
    }


# -- the end of a drill ------------------------------------------------------------------------
def misses_view(session: DrillSession) -> list[dict[str, Any]]:
    """The drill's wrong answers in order: the situation in words, the chosen and the best
    play, and the cost as a signed EV: the bets the answer gave up, "-0.085" written with a
    true minus sign (U+2212)."""
    found = []
    wrong = session.questions.filter(correct=False).select_related("decision").order_by("number")
    for question in wrong:
        decision = question.decision
        if decision is None:
            continue
        labels = EVEN_MONEY_LABELS if question.hand_class == "even money" else ACTION_LABELS
        found.append(
            {
                "number": question.number,
                "situation": situation_label(question.hand_class, question.upcard_value),
                "chosen": labels[Action(decision.action)],
                "best": labels[Action(decision.best_action)],
                "cost": signed_bets(-decision.loss, 3, minus=MINUS, zero="±"),
                "loss": decision.loss,
            }
        )
    return found


def due_lines(visitor: uuid.UUID, rules_id: str, now: datetime) -> list[str]:
    """When the person's reviews of these rules come due, in words: how many situations
    are due now, when the next one comes ("in 10 minutes"), how many are due tomorrow (the
    person's local calendar day: the site's time zone)."""
    due = sorted(card.due for card in cards_of(visitor, rules_id).values())
    lines = []
    now_count = sum(1 for d in due if d <= now)
    if now_count:
        lines.append(
            ngettext(
                "%(count)d situation is due for review now.",
                "%(count)d situations are due for review now.",
                now_count,
            )
            % {"count": now_count}
        )
    later = [d for d in due if d > now]
    if later:
        if later[0] - now < timedelta(minutes=1):  # timeuntil would say "0 minutes"
            lines.append(_("Next review in less than a minute."))
        else:
            lines.append(
                _("Next review in %(time)s.") % {"time": timeuntil(later[0], now, depth=1)}
            )
        tomorrow = timezone.localdate(now) + timedelta(days=1)
        count = sum(1 for d in later if timezone.localdate(d) == tomorrow)
        if count:
            lines.append(
                ngettext(
                    "%(count)d situation is due tomorrow.",
                    "%(count)d situations are due tomorrow.",
                    count,
                )
                % {"count": count}
            )
    if not due:
        lines.append(_("Nothing is scheduled for review yet."))
    return lines
