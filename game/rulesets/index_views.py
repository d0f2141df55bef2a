"""The index plays page of a rule set and a counting system (``/<lang>/indices/<variant>/
?system=hilo``): the insurance index, the Illustrious 18 and (with surrender) the Fab 4 first,
then every cell whose play changes with the true count, grouped hard, soft and pairs;
printable. Computed by the exact engine for these rules in the background
(index_analyses.py); while it runs the page says so and fills in by itself."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from game.engine.counting import DEFAULT_SYSTEM, SYSTEMS, CountingSystem
from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.indices import FAB_4, ILLUSTRIOUS_18, all_cells, parse_cell
from game.rulesets.chart_views import chart_rules
from game.rulesets.index_analyses import index_state, retry_indices
from game.rulesets.models import variant_name
from game.rulesets.store import indices_for
from game.rulesets.words import rules_summary
from trainer.web.labels import ACTION_LABELS
from trainer.web.numbers import MINUS

_CARD = {1: "A", 10: "10"}
_KIND_TITLES = {"hard": "hard", "soft": "soft", "pair": "pairs"}


def _system(request: HttpRequest) -> CountingSystem:
    """The ``system`` asked for (Hi-Lo by default). Raises Http404 for an unknown one."""
    name = request.GET.get("system") or DEFAULT_SYSTEM
    if name not in SYSTEMS:
        raise Http404("no such counting system")
    return SYSTEMS[name]


def signed_index(index: int) -> str:
    """An index as charts print it: "+3", "0", "-1" (U+2212 for the minus)."""
    if index == 0:
        return "0"
    return f"+{index}" if index > 0 else f"{MINUS}{-index}"


def hand_words(key: str) -> str:
    """A cell's hand and upcard in words of cards: "16 against 10", "A,7 against 2"."""
    cell = parse_cell(key)
    up = _CARD.get(cell.upcard, str(cell.upcard))
    if cell.kind == "pair" and cell.pair is not None:
        card = _CARD.get(cell.pair, str(cell.pair))
        hand = f"{card},{card}"
    elif cell.kind == "soft":
        hand = f"A,{cell.total - 11}"
    else:
        hand = str(cell.total)
    return _("%(hand)s against %(upcard)s") % {"hand": hand, "upcard": up}


def _rows(key: str, entry: dict[str, Any] | None) -> list[dict[str, Any]]:
    """A cell's lines: one per change of its play (None: no change within ±10)."""
    if entry is None:
        return [{"key": key, "hand": hand_words(key), "unchanged": True}]
    return [
        {
            "key": key,
            "hand": hand_words(key),
            "play": ACTION_LABELS[Action(e["action"])],
            "below": ACTION_LABELS[Action(e["below"])],
            "index": signed_index(int(e["index"])),
            "unchanged": False,
        }
        for e in [entry, *entry.get("then", [])]
    ]


def index_context(rules: Rules, found: dict[str, Any]) -> dict[str, Any]:
    """The tables of the page from the stored ``found`` (store.indices_for): the insurance
    index, the Illustrious 18, the Fab 4 (only when the rules offer surrender), and every
    cell that changes, grouped by kind in chart order."""
    groups: dict[str, list[dict[str, Any]]] = {"hard": [], "soft": [], "pair": []}
    for cell in all_cells():
        if cell.key in found:
            groups[cell.kind] += _rows(cell.key, found[cell.key])
    return {
        "insurance": (signed_index(int(found["insurance"])) if "insurance" in found else None),
        "offers_insurance": rules.insurance,
        "illustrious": [r for k in ILLUSTRIOUS_18 for r in _rows(k, found.get(k))],
        "fab_4": (
            [r for k in FAB_4 for r in _rows(k, found.get(k))] if rules.surrender != "none" else []
        ),
        "groups": [{"kind": kind, "rows": rows} for kind, rows in groups.items() if rows],
    }


@require_safe
def index_page(request: HttpRequest, variant: str) -> HttpResponse:
    """The index plays of ``variant`` (a preset or a custom rule set's id; 404 for anything
    else or the banker game) for the ``system`` asked for (404 for an unknown one): true
    counts, or an unbalanced system's running counts; missing indices are queued and the
    page shows their progress."""
    rules = chart_rules(variant)
    system = _system(request)
    context: dict[str, Any] = {
        "title": _("Index plays: %(game)s") % {"game": variant_name(variant)},
        "variant": variant,
        "rules_summary": rules_summary(rules),
        "system": system,
        "systems": [
            {"name": s.name, "label": s.label, "balanced": s.balanced} for s in SYSTEMS.values()
        ],
        "decks_left": rules.decks / 2,
        # A system's name is its author's, in Latin letters on every page.
        "system_label": format_html('<span lang="en">{}</span>', system.label),
        "initial_count": signed_index(int(system.initial_running_count(rules.decks))),
    }
    key = system.key_count(rules.decks)
    if key is not None:
        context["key_count"] = signed_index(key)
        context["key_count_book"] = format_html('<cite lang="en">{}</cite>', "Knock-Out Blackjack")
    state = index_state(rules, system.name)
    context["state"] = state
    if state.ready:
        context.update(index_context(rules, indices_for(rules, system.name)))
    return render(request, "rulesets/indices.html", context)


@require_POST
def index_retry(request: HttpRequest, variant: str) -> HttpResponse:
    """Queue the failed indices of ``variant`` and the posted ``system`` again, then back to
    the page (404 as ``index_page``)."""
    rules = chart_rules(variant)
    name = request.POST.get("system", "")
    if name not in SYSTEMS:
        raise Http404("no such counting system")
    retry_indices(rules, name)
    return redirect(f"{reverse('rulesets:indices', args=[variant])}?system={name}")
