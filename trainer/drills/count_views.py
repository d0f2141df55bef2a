"""The counting drills' pages: choose a skill and start, the drill (question, feedback,
summary), answer, next, end, and drill the misses again. Plain form posts with
redirects, so everything works without JavaScript; drills/count.js only paces the cards
(the running count's flashes, the countdown's one card at a time). Every drill belongs to a
visitor; another visitor's drill is a 404. The right answer is in no page until the
question is answered."""

from __future__ import annotations

import uuid
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe

from game.engine.cards import Card
from game.engine.counting import DEFAULT_SYSTEM, SYSTEMS
from game.engine.round import Action
from game.rulesets.index_views import hand_words, signed_index
from game.rulesets.models import variant_name
from trainer.drills import count_drilling as cd
from trainer.drills import count_questions as q
from trainer.drills.drill_view import variant_choices
from trainer.drills.drilling import NO_SUCH_GAME
from trainer.drills.models import CountDrill, CountQuestion
from trainer.web.errors import Refused
from trainer.web.labels import ACTION_KEYS, ACTION_LABELS, card_view
from trainer.web.numbers import number
from trainer.web.numbers import signed as signed_number
from trainer.web.visitors import count_system, owned_or_404, visitor_id

SKILL_LABELS = {
    "running": _("Running count"),
    "countdown": _("Deck countdown"),
    "true": _("True count"),
    "decks": _("Decks left"),
    "deviation": _("Index plays"),
    "insurance": _("Insurance by the count"),
}
SKILL_HELP = {
    "running": _(
        "Cards flash one, two or three at a time at the pace you choose; then type the "
        "running count, counted from 0."
    ),
    "countdown": _(
        "A deck with one to three cards taken out unseen: turn the cards as fast as you can "
        "keep the count, then type the end count. Timed."
    ),
    "true": _(
        "A running count and the discard tray: divide by the decks left and round down "
        "(+2.9 is +2, −0.3 is −1)."  # noqa: RUF001 (a true minus sign, as printed)
    ),
    "decks": _("The discard tray alone: how many decks are left, to the half deck?"),
    "deviation": _(
        "A hand, the dealer's upcard and the true count (the running count, for an "
        "unbalanced system): play it by the index plays computed for your game and counting "
        "system."
    ),
    "insurance": _(
        "Your hand against an ace and the true count (the running count, for an unbalanced "
        "system): insure or not?"
    ),
}
INDEX_SET_LABELS = {
    "i18": _("Illustrious 18"),
    "fab4": _("Fab 4 surrenders"),
    "all": _("Every index play"),
}


class CountStartForm(forms.Form):
    """A counting drill's settings (count_drilling.Settings); the game is checked when the
    drill starts."""

    skill = forms.ChoiceField(
        choices=[(s, s) for s in q.SKILLS],
        error_messages={
            "required": _("Choose a drill."),
            "invalid_choice": _("Choose a drill."),
        },
    )
    system = forms.ChoiceField(
        choices=[(s, s) for s in SYSTEMS],
        error_messages={
            "required": _("Choose a counting system."),
            "invalid_choice": _("Choose a counting system."),
        },
    )
    variant = forms.CharField(
        max_length=40,
        required=False,
        error_messages={"null_characters_not_allowed": NO_SUCH_GAME, "max_length": NO_SUCH_GAME},
    )
    group = forms.TypedChoiceField(
        choices=[(g, g) for g in q.GROUPS],
        coerce=int,
        required=False,
        empty_value=None,
        error_messages={"invalid_choice": _("Choose how many cards at a time from the list.")},
    )
    pace = forms.TypedChoiceField(
        choices=[(p, p) for p in q.PACES_MS],
        coerce=int,
        required=False,
        empty_value=None,
        error_messages={"invalid_choice": _("Choose a pace from the list.")},
    )
    indices = forms.ChoiceField(
        choices=[(s, s) for s in q.DEVIATION_SETS],
        required=False,
        error_messages={"invalid_choice": _("Choose a set of index plays from the list.")},
    )

    def settings(self) -> cd.Settings:
        """The settings of a valid form."""
        data = self.cleaned_data
        return cd.Settings(
            skill=data["skill"],
            system=data["system"],
            variant=data["variant"] or "european",
            group=data["group"] or 1,
            pace_ms=data["pace"] or q.DEFAULT_PACE_MS,
            indices=data["indices"] or "i18",
        )


TAG_COLUMNS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)


def tag_rows() -> list[dict[str, Any]]:
    """Each system's tags by card value (2..10, then the ace), from the engine's data, as
    counts are written on the page ("+1", "0", "+0,5"); two for a value whose cards count
    differently (Red 7's sevens: "+1/0", red before black)."""
    rows = []
    for system in SYSTEMS.values():
        by_value = system.tags_by_value()
        cells = ["/".join(_text(tag) for _share, tag in by_value[v - 1]) for v in TAG_COLUMNS]
        rows.append({"system": system.label, "tags": cells, "balanced": system.balanced})
    return rows


def _chosen_system(request: HttpRequest) -> str:
    name = request.GET.get("system") or count_system(request) or DEFAULT_SYSTEM
    return name if name in SYSTEMS else DEFAULT_SYSTEM


def _index(
    request: HttpRequest, form: CountStartForm, status: int = 200, *, pending: bool = False
) -> HttpResponse:
    visitor = visitor_id(request, create=False)
    asked = str(form["variant"].value() or request.GET.get("variant") or "european")
    variants = variant_choices(visitor, asked)
    # Only a game of the list: anything else (a slash, a made-up name) would make a link
    # to no page, and the start says why it is refused.
    chosen = asked if asked in {v["value"] for v in variants} else "european"
    drills = (
        CountDrill.objects.filter(visitor=visitor, ended_at__isnull=True)[:10]
        if visitor is not None
        else []
    )
    stats = {s.skill: s for s in cd.skill_stats(visitor, timezone.now())}
    chosen_system = form["system"].value() or _chosen_system(request)
    context = {
        "form": form,
        "skills": [
            {
                "value": s,
                "label": SKILL_LABELS[s],
                "help": SKILL_HELP[s],
                "stats": stats[s],
                "balanced_only": s in cd.BALANCED_SKILLS,
            }
            for s in q.SKILLS
        ],
        "systems": [
            {"value": k, "label": v.label, "balanced": v.balanced} for k, v in SYSTEMS.items()
        ],
        "chosen_system": chosen_system,
        # A drill waiting for its index plays links their page, which shows the progress.
        "errors_link": {
            "url": reverse("rulesets:indices", args=[chosen])
            + "?"
            + urlencode({"system": chosen_system}),
            "label": _("Index plays of this game"),
        }
        if pending
        else None,
        "chosen_skill": form["skill"].value() or request.GET.get("skill") or "running",
        "variants": variants,
        "chosen_variant": chosen,
        "groups": q.GROUPS,
        "paces": [{"ms": p, "seconds": p / 1000} for p in q.PACES_MS],
        "chosen_pace": _int(form["pace"].value(), q.DEFAULT_PACE_MS),
        "chosen_group": _int(form["group"].value(), 1),
        "chosen_indices": form["indices"].value() or "i18",
        "index_sets": list(INDEX_SET_LABELS.items()),
        "tag_columns": ["A" if v == 1 else str(v) for v in TAG_COLUMNS],
        "tag_rows": tag_rows(),
        # Systems' names are their authors', in Latin letters in every language.
        "red7_label": format_html('<span lang="en">{}</span>', SYSTEMS["red7"].label),
        "ko_label": format_html('<span lang="en">{}</span>', SYSTEMS["ko"].label),
        "drills": [
            {"drill": d, "label": SKILL_LABELS.get(d.skill, d.skill), "system": SYSTEMS[d.system]}
            for d in drills
            if d.system in SYSTEMS
        ],
    }
    return render(request, "drills/count_index.html", context, status=status)


def _int(value: object, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default


@require_safe
def count_index(request: HttpRequest) -> HttpResponse:
    """Choose a counting drill and its settings; your record per skill; unfinished drills."""
    return _index(request, CountStartForm(initial={"system": _chosen_system(request)}))


@require_POST
def count_start(request: HttpRequest) -> HttpResponse:
    """Start the posted counting drill and go to its first question; bad settings or a
    drill these rules cannot have show the page again with the reason (status 400), a drill
    that cannot start yet (index plays being computed) with the reason (status 409)."""
    form = CountStartForm(request.POST)
    if not form.is_valid():
        return _index(request, form, status=400)
    try:
        drill = cd.start_count_drill(visitor_id(request), form.settings(), now=timezone.now())
    except Refused as exc:
        form.add_error(None, exc.message)
        # Not yet (the index plays are being computed) is a conflict; never is bad input.
        pending = isinstance(exc, cd.IndicesPending)
        return _index(request, form, status=409 if pending else 400, pending=pending)
    return redirect("drills:count_drill", public_id=drill.public_id)


def _own(request: HttpRequest, public_id: uuid.UUID) -> CountDrill:
    return owned_or_404(request, CountDrill, public_id=public_id)


# -- the drill page ------------------------------------------------------------------------------
def _cards(codes: list[str]) -> list[dict[str, Any]]:
    return [card_view(Card.parse(c)) for c in codes]


def _text(value: Fraction | int | str) -> str:
    """A count as players say it, in the page's language: "+2", "0", "+1,5" (U+2212 minus)."""
    return signed_number(Fraction(value))


def _decks(value: Fraction | str) -> str:
    """Decks, or the size of an error, in the page's language: "3", "3.5" ("3,5")."""
    return number(Fraction(value))


def _tray(decks: int, played: Fraction) -> dict[str, Any]:
    """The discard tray drawn to scale: the tray holds the whole shoe (``decks``), the
    discards fill ``played`` of it; a mark at each deck on the side."""
    height = 40 * decks
    fill = float(40 * played)
    return {
        "width": 90,
        "height": height + 8,
        "inner": height,
        "fill": fill,
        "fill_y": 4 + height - fill,
        "marks": [4 + height - 40 * d for d in range(1, decks)],
        "decks": decks,
    }


def _actions(values: list[str]) -> list[dict[str, str]]:
    return [
        {"value": v, "label": str(ACTION_LABELS[Action(v)]), "key": ACTION_KEYS[Action(v)]}
        for v in values
    ]


def question_view(question: CountQuestion, drill: CountDrill) -> dict[str, Any]:
    """What the question shows: only ``shown`` (the answer is never in it)."""
    shown = question.shown
    view: dict[str, Any] = {"number": question.number, "skill": drill.skill}
    if drill.skill == "running":
        view["groups"] = [_cards(g) for g in shown["groups"]]
        view["pace_ms"] = shown["pace_ms"]
        view["cards"] = sum(len(g) for g in shown["groups"])
    elif drill.skill == "countdown":
        view["cards"] = _cards(shown["cards"])
    elif drill.skill in ("true", "decks"):
        view["tray"] = _tray(int(shown["decks"]), Fraction(shown["played"]))
        view["decks"] = shown["decks"]
        if drill.skill == "true":
            view["running"] = _text(shown["running"])
    else:
        view["hand"] = _cards(shown["hand"])
        view["upcard"] = card_view(Card.parse(shown["upcard"]))
        view["true"] = _text(shown["true"])
        view["actions"] = _actions(shown["legal"])
        view["hand_words"] = hand_words(question.item) if drill.skill == "deviation" else ""
    return view


def _tagged(system_name: str, codes: list[str]) -> list[dict[str, Any]]:
    system = SYSTEMS[system_name]
    cards = [Card.parse(c) for c in codes]
    return [{"card": card_view(c), "tag": _text(system.tag(c))} for c in cards]


def feedback_view(question: CountQuestion, drill: CountDrill) -> dict[str, Any]:
    """The answer judged, and why: the right count or play and the working."""
    key, shown = question.key, question.shown
    error = Fraction(question.error) if question.error else None
    view: dict[str, Any] = {
        "correct": bool(question.correct),
        "seconds": (question.response_ms or 0) / 1000,
        "error": _decks(abs(error)) if error else "",
        "answer": question.answer,
    }
    if drill.skill in ("running", "countdown"):
        view["right"] = _text(key["count"])
        view["yours"] = _text(question.answer)
        if drill.skill == "running":
            view["tagged"] = [_tagged(drill.system, g) for g in shown["groups"]]
        else:
            view["removed"] = _tagged(drill.system, key["removed"])
            view["deck_sum"] = _text(SYSTEMS[drill.system].deck_sum)
    elif drill.skill == "true":
        view["right"] = _text(key["true"])
        view["yours"] = _text(question.answer)
        view["working"] = gettext(
            "Running count %(running)s, decks played: %(played)s of %(decks)s, decks left: "
            "%(left)s. %(running)s ÷ %(left)s = %(exact)s, rounded down: %(true)s."
        ) % {
            "running": _text(shown["running"]),
            "played": _decks(shown["played"]),
            "decks": shown["decks"],
            "left": _decks(key["left"]),
            "exact": signed_number(Fraction(key["exact"]), 2),
            "true": _text(key["true"]),
        }
    elif drill.skill == "decks":
        view["right"] = _decks(key["left"])
        view["yours"] = _decks(question.answer)
        view["played"] = _decks(shown["played"])
        view["decks"] = shown["decks"]
    else:
        view["right"] = str(ACTION_LABELS[Action(key["play"])])
        view["yours"] = str(ACTION_LABELS[Action(question.answer)])
        view["true"] = _text(shown["true"])
        view["index"] = signed_index(int(key["index"]))
        if drill.skill == "deviation":
            view["hand_words"] = hand_words(question.item)
            view["above"] = str(ACTION_LABELS[Action(key["action"])])
            view["below"] = str(ACTION_LABELS[Action(key["below"])])
    return view


def _context(drill: CountDrill) -> dict[str, Any]:
    drill.refresh_from_db()
    latest = drill.latest
    ended = drill.ended_at is not None
    question = feedback = None
    if latest is not None:
        question = question_view(latest, drill)
        if latest.answered:
            feedback = feedback_view(latest, drill)
    missed = drill.questions.filter(correct=False).order_by("number") if ended else []
    misses = [
        {"number": row.number, "item": _item_label(drill, row.item), **feedback_view(row, drill)}
        for row in missed
    ]
    score = cd.score(drill)
    return {
        "drill": drill,
        "skill_label": SKILL_LABELS.get(drill.skill, drill.skill),
        "system": SYSTEMS[drill.system],
        "variant_name": variant_name(drill.variant),
        "index_set": INDEX_SET_LABELS.get(drill.indices, ""),
        "question": question,
        "feedback": feedback,
        "in_play": latest is not None and not latest.answered and not ended,
        "ended": ended,
        "score": score,
        "mean_error": number(score.mean_error, 1) if score.mean_error is not None else None,
        "misses": misses,
    }


def _item_label(drill: CountDrill, item: str) -> str:
    if drill.skill == "deviation":
        return hand_words(item)
    return str(SKILL_LABELS.get(drill.skill, item))


@require_safe
def count_drill(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """The drill: the question in play, the last answer's feedback, or the summary."""
    drill = _own(request, public_id)
    latest = drill.latest
    if latest is not None and drill.ended_at is None:
        cd.show_count_question(latest, timezone.now())
    return render(request, "drills/count_drill.html", _context(drill))


@require_POST
def count_answer(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Grade the posted ``answer`` to question number ``question``."""
    drill = _own(request, public_id)
    try:
        cd.answer_count(
            drill,
            request.POST.get("question", ""),
            request.POST.get("answer", "").strip(),
            now=timezone.now(),
        )
    except Refused as exc:
        messages.error(request, exc.message)
    return redirect("drills:count_drill", public_id=drill.public_id)


@require_POST
def count_next(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Ask the next question (once, however often it is posted)."""
    drill = _own(request, public_id)
    try:
        cd.next_count_question(drill, now=timezone.now())
    except Refused as exc:
        messages.error(request, exc.message)
    return redirect("drills:count_drill", public_id=drill.public_id)


@require_POST
def count_end(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """End the drill and show its summary."""
    drill = _own(request, public_id)
    cd.end_count_drill(drill, now=timezone.now())
    return redirect("drills:count_drill", public_id=drill.public_id)


@require_POST
def count_again(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """A new drill of the same settings (of the missed index plays, for a deviation
    drill)."""
    drill = _own(request, public_id)
    try:
        again = cd.again(drill, now=timezone.now())
    except Refused as exc:
        messages.error(request, exc.message)
        return redirect("drills:count_drill", public_id=drill.public_id)
    return redirect("drills:count_drill", public_id=again.public_id)
