"""The basic strategy chart page of a variant or a custom rule set: hard, soft and pairs
tables coloured by action, surrender in the same cell as its fallback (Rh, Rs, Rp, as
published charts print it) where the rules allow it, each cell's EVs on hover or tap,
the two-card exceptions, printable on one A4 page. The chart comes from the rule set's
stored results (game/rulesets/store.py), derived from exact EVs (chart.py)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_safe

from game.engine.round import Action
from game.engine.rules import Rules, RulesError
from game.engine.strategy.chart import HARD_ROWS, PAIR_ROWS, SOFT_ROWS, UPCARDS, Chart
from game.engine.variants import CASINO_VARIANTS
from game.rulesets.analyses import analysis_state
from game.rulesets.analysis_views import progress_context
from game.rulesets.models import RuleSet, rules_for, variant_name
from game.rulesets.store import chart_for, game_ev_for
from game.rulesets.words import rules_summary
from trainer.web.labels import ACTION_LABELS
from trainer.web.visitors import visitor_id

CODE_NAMES = {
    "H": pgettext_lazy("chart cell", "Hit"),
    "S": pgettext_lazy("chart cell", "Stand"),
    "D": pgettext_lazy("chart cell", "Double, else hit"),
    "Ds": pgettext_lazy("chart cell", "Double, else stand"),
    "P": pgettext_lazy("chart cell", "Split"),
    "R": pgettext_lazy("chart cell", "Surrender"),
    "Rh": pgettext_lazy("chart cell", "Surrender, else hit"),
    "Rs": pgettext_lazy("chart cell", "Surrender, else stand"),
    "Rp": pgettext_lazy("chart cell", "Surrender, else split"),
}
# Short cell letters per language (the chart's own abbreviations). A surrender cell is one
# cell with its fallback, as published charts print it (Rh, Rs, Rp): the chart's codes
# (game/engine/strategy/chart.py) already say what to do where surrender is not offered.
CODE_LETTERS = {
    "H": pgettext_lazy("chart cell letter: hit", "H"),
    "S": pgettext_lazy("chart cell letter: stand", "S"),
    "D": pgettext_lazy("chart cell letter: double else hit", "D"),
    "Ds": pgettext_lazy("chart cell letter: double else stand", "Ds"),
    "P": pgettext_lazy("chart cell letter: split", "P"),
    "R": pgettext_lazy("chart cell letter: surrender", "R"),
    "Rh": pgettext_lazy("chart cell letter: surrender else hit", "Rh"),
    "Rs": pgettext_lazy("chart cell letter: surrender else stand", "Rs"),
    "Rp": pgettext_lazy("chart cell letter: surrender else split", "Rp"),
}
# The legend's codes in order; the surrender codes only where the chart has such a cell.
LEGEND_CODES = ("H", "S", "D", "Ds", "P", "Rh", "Rs", "Rp")
MINUS = "\u2212"
UPCARD_LABELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "A"]


def _signed(value: float) -> str:
    """An EV with its sign and 4 decimals in the active language's format ("+0,0772";
    negative values get a typographic minus sign, U+2212)."""
    sign = "+" if value > 0 else MINUS if value < 0 else "±"
    return sign + number_format(abs(value), 4, use_l10n=True)


def _hover(evs: dict[Action, float]) -> str:
    """'Stand -0.1541 · Hit -0.2101 …' (with U+2212 minus signs): a cell's EVs, best first,
    in the active language's number format."""
    ordered = sorted(evs.items(), key=lambda item: -item[1])
    return " · ".join(f"{ACTION_LABELS[a]} {_signed(v)}" for a, v in ordered)


def _cells(chart: Chart, kind: str, row: int) -> list[dict[str, Any]]:
    """The row's cells for upcards 2..10, A: the chart's code (surrender combined with its
    fallback: "Rh"), its letter and name in the active language, the CSS class and every
    action's EV for the hover."""
    cells = []
    for up in UPCARDS:
        cell = getattr(chart, kind)[row][up]
        cells.append(
            {
                "code": cell.code,
                "letter": CODE_LETTERS[cell.code],
                "name": CODE_NAMES[cell.code],
                "css": cell.code.lower(),
                "hover": _hover(cell.evs),
                "up": up,
            }
        )
    return cells


def chart_rules(variant: str) -> Rules:
    """The rules of a chart page's variant string. Raises Http404 for an unknown variant, a
    missing rule set or the banker game (no chart)."""
    try:
        rules = rules_for(variant)
    except RulesError:
        raise Http404("no such game") from None
    except RuleSet.DoesNotExist:
        raise Http404("no such rule set") from None
    if rules.game != "casino":
        raise Http404("the banker game has no basic strategy chart")
    return rules


def chart_context(variant: str) -> dict[str, Any]:
    """The chart page's context for a table variant string, from the rules' stored
    analysis. Raises Http404 as ``chart_rules``, AnalysisPending while the analysis is not
    stored."""
    rules = chart_rules(variant)
    chart = chart_for(rules)
    hard = [
        {
            "label": "17+" if t == 17 else str(t),
            "cells": _cells(chart, "hard", t),
            "key": f"hard-{t}",
        }
        for t in HARD_ROWS
    ]
    soft = [
        {"label": f"A,{o}", "cells": _cells(chart, "soft", o), "key": f"soft-{o}"}
        for o in SOFT_ROWS
    ]
    pair_name = {1: "A", 10: "10"}
    pairs = [
        {
            "label": f"{pair_name.get(c, c)},{pair_name.get(c, c)}",
            "cells": _cells(chart, "pairs", c),
            "key": f"pairs-{c}",
        }
        for c in PAIR_ROWS
    ]
    exceptions = [
        {
            "cards": ",".join(pair_name.get(c, str(c)) for c in e.cards),
            "upcard": UPCARD_LABELS[UPCARDS.index(e.upcard)],
            "chart": CODE_NAMES[e.chart],
            "best": CODE_NAMES[e.best],
            "gain": e.gain,
        }
        for e in chart.exceptions
    ]
    shown = {
        code
        for kind, rows in (("hard", HARD_ROWS), ("soft", SOFT_ROWS), ("pairs", PAIR_ROWS))
        for row in rows
        for code in (chart.code(kind, row, up) for up in UPCARDS)
    }
    return {
        "variant": variant,
        "variant_name": variant_name(variant),
        "rules_summary": rules_summary(rules),
        "upcards": UPCARD_LABELS,
        "hard": hard,
        "soft": soft,
        "pairs": pairs,
        "surrender_rule": rules.surrender,
        "exceptions": exceptions,
        "legend": [
            {"css": code.lower(), "letter": CODE_LETTERS[code], "name": CODE_NAMES[code]}
            for code in LEGEND_CODES
            if code in shown or not code.startswith("R")
        ],
        "house_edge": -100 * game_ev_for(rules, "cd"),
        "house_edge_chart": -100 * game_ev_for(rules, "td"),
        "other_games": [
            {"value": v, "label": variant_name(v), "current": v == variant} for v in CASINO_VARIANTS
        ],
        "decks": rules.decks,
    }


@require_safe
def chart_page(request: HttpRequest, variant: str) -> HttpResponse:
    """The chart page of ``variant`` (a preset or "custom-<id>"); 404 for anything else.
    While the rules' analysis waits or runs in the background, the page says so at once
    and fills in when it is done (rulesets/analysis.html)."""
    rules = chart_rules(variant)
    title = _("Basic strategy: %(game)s") % {"game": variant_name(variant)}
    state = analysis_state(rules, visitor_id(request, create=False))
    if not state.ready:
        context = {"title": title, "rules_summary": rules_summary(rules)}
        return render(
            request, "rulesets/analysis.html", {**context, **progress_context(request, state)}
        )
    context = chart_context(variant)
    context["title"] = title
    return render(request, "rulesets/chart.html", context)
