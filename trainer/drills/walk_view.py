"""What the walk through mistakes shows: plain dicts for templates/drills/walk*.html, every
word in the active language. A step shows only what was face up at the decision (the hand's
cards, the upcard, a face-down hole card where the game has one); the best play, the EVs
and the reason only once the person asks for the answer."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import npgettext, pgettext

from game.engine.cards import Card
from game.engine.hands import hand_value, is_natural
from game.engine.round import Action
from game.engine.rules import Rules, RulesError
from game.engine.strategy.advisor import Severity, Standard
from game.rulesets.models import RuleSet, rules_for, variant_name
from trainer.drills.drill_view import situation_label
from trainer.drills.models import MistakeWalk, MistakeWalkStep
from trainer.drills.walk import Summary, WalkScope, judge_step, walk_drills
from trainer.review.explain import reason
from trainer.review.situations import hand_situation, situation_of
from trainer.web.labels import ACTION_KEYS, SEVERITY_LABELS, action_label, card_view


def _rules(variant: str) -> Rules | None:
    try:
        return rules_for(variant)
    except (RuleSet.DoesNotExist, RulesError):
        return None


def even_money(step: MistakeWalkStep) -> bool:
    """The insurance decision of a natural: even money."""
    return step.insurance and is_natural([Card.parse(c) for c in step.hand])


def step_situation(step: MistakeWalkStep) -> str:
    """The step's situation in words, as the review names it ("Hard 16 against 10"),
    "Even money against A" for the insurance decision of a natural."""
    found = situation_of(step.hand, step.upcard, insurance=step.insurance, legal=step.evs)
    if even_money(step):
        return _("Even money against %(upcard)s") % {"upcard": "A"}
    return hand_situation(found, step.hand).label


def scope_label(scope: WalkScope) -> str:
    """Which mistakes, in words."""
    if scope.table:
        return _("The mistakes of this table session")
    if scope.drill:
        return _("The mistakes of this drill")
    game = variant_name(scope.variant) if scope.variant else _("all games")
    if scope.days:
        return npgettext(
            "walk scope",
            "Your mistakes of the last %(days)s day (%(game)s)",
            "Your mistakes of the last %(days)s days (%(game)s)",
            scope.days,
        ) % {"days": scope.days, "game": game}
    return pgettext("walk scope", "All your mistakes on record (%(game)s)") % {"game": game}


def _order(action: str) -> int:
    return list(Action).index(Action(action))


def step_view(step: MistakeWalkStep, total: int, standard: Standard) -> dict[str, Any]:
    """A step: the cards as they were, the question, the answers as buttons, the verdict
    of the last answer, and (once revealed) the answer: best play, EVs, reason."""
    rules = _rules(step.variant)
    money = even_money(step)
    hand = [Card.parse(c) for c in step.hand]
    upcard = Card.parse(step.upcard)
    surrender_phase = Action.NO_SURRENDER.value in step.evs
    actions = [
        {
            "value": a,
            "label": action_label(Action(a), even_money=money),
            "key": ACTION_KEYS[Action(a)],
        }
        for a in sorted(step.evs, key=_order)
    ]
    notes = []
    if step.from_split:
        notes.append(_("This hand was made by splitting a pair."))
    peeked = (
        rules is not None
        and rules.dealer_hole_card
        and rules.dealer_peeks
        and upcard.points in (1, 10)
        and not step.insurance
        and not surrender_phase
    )
    if peeked:
        notes.append(_("The dealer checked the hole card: no natural."))
    view: dict[str, Any] = {
        "number": step.number,
        "total_steps": total,
        "attempts": step.attempts,
        "hand": [card_view(c) for c in hand],
        "upcard": card_view(upcard),
        "hole_card": bool(rules and rules.dealer_hole_card),
        "total": hand_value(hand).display(),
        "insurance": step.insurance,
        "even_money": money,
        "surrender_phase": surrender_phase,
        "notes": notes,
        "actions": actions,
        "variant_name": variant_name(step.variant),
        "decided_at": step.decided_at,
        "original": action_label(Action(step.original_action), even_money=money),
        "original_severity": step.original_severity,
        "original_severity_label": SEVERITY_LABELS.get(step.original_severity, ""),
        "verdict": None,
        "revealed": step.revealed,
        "answer": None,
    }
    if step.answered:
        verdict = judge_step(step, step.last_action, standard)
        view["verdict"] = {
            "correct": verdict.correct,
            "chosen": action_label(Action(step.last_action), even_money=money),
            "close": verdict.severity is Severity.CLOSE,
            "by_chart": verdict.severity is Severity.BY_CHART,
            "first_correct": step.first_correct,
        }
    if step.revealed:
        view["answer"] = answer_view(step, rules, standard, money)
    return view


def answer_view(
    step: MistakeWalkStep, rules: Rules | None, standard: Standard, money: bool
) -> dict[str, Any]:
    """The answer on request: the reference play of ``standard``, every action's EV (best
    first), the reason line, and the situation."""
    best = judge_step(step, step.last_action or step.original_action, standard).reference
    text = ""
    if rules is not None:
        try:
            text = reason(
                step.hand, step.upcard, rules, step.evs, best.value, insurance=step.insurance
            )
        except (ValueError, KeyError):
            text = ""
    return {
        "best": action_label(best, even_money=money),
        "options": [
            {
                "value": a,
                "label": action_label(Action(a), even_money=money),
                "ev": ev,
                "best": a == best.value,
                "chosen": a == step.first_action,
            }
            for a, ev in sorted(step.evs.items(), key=lambda item: -item[1])
        ],
        "reason": text,
        "situation": step_situation(step),
        "standard": standard,
    }


def summary_view(walk: MistakeWalk, found: Summary) -> dict[str, Any]:
    """The end of the walk: counts, the still-wrong mistakes, and a drill per game."""
    started = walk_drills(walk)
    return {
        "right": len(found.right),
        "wrong": len(found.wrong),
        "total": len(found.right) + len(found.wrong),
        "still_wrong": [
            {
                "situation": step_situation(s),
                "cards": [card_view(Card.parse(c)) for c in s.hand],
                "upcard": card_view(Card.parse(s.upcard)),
            }
            for s in found.wrong
        ],
        "drills": [
            {
                "variant": variant,
                "variant_name": variant_name(variant),
                "situations": [situation_label(*key) for key in keys],
                "started": started.get(variant),
            }
            for variant, keys in found.to_drill.items()
        ],
    }
