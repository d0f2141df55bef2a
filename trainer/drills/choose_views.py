"""The pages that start a drill of exactly what the person chooses: chart cells (and named
regions of the chart) at ``drills:situations``, and the cells whose play differs between
two rule sets at ``drills:changes``. Each shows what will be drilled first (GET) and starts
on a POST; bad input is a 400 page with the reason in the person's language, and starts
nothing."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from game.engine.rules import Rules
from game.engine.strategy.chart import HARD_ROWS, PAIR_ROWS, SOFT_ROWS, UPCARDS
from game.rulesets.chart_views import CODE_NAMES
from game.rulesets.models import variant_name
from trainer.drills.choosing import (
    REGIONS,
    cell_text,
    chart_changes,
    items_in,
    parse_cells,
    stored_chart,
)
from trainer.drills.drill_view import variant_choices
from trainer.drills.drilling import drill_rules, start_pool_drill
from trainer.drills.models import DrillSession
from trainer.review.situations import Situation, row_card
from trainer.web.errors import Refused
from trainer.web.http import HtmxHttpRequest
from trainer.web.visitors import visitor_id

DEFAULT_VARIANT = "european"


def _started(request: HtmxHttpRequest, session: DrillSession) -> HttpResponse:
    url = reverse("drills:session", kwargs={"public_id": session.public_id})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def situations_url(variant: str, cells: list[Situation]) -> str:
    """The ``drills:situations`` URL of ``cells`` in ``variant``."""
    query = urlencode([("variant", variant), *(("cell", cell_text(c)) for c in cells)])
    return f"{reverse('drills:situations')}?{query}"


def _picker(rules: Rules, chosen: set[Situation]) -> list[dict[str, Any]]:
    """The chart as check boxes: hard, soft and pairs tables (and the insurance decision
    where the rules offer it), each cell {"value", "label", "checked"}."""
    tables = []
    for kind, title, rows in (
        ("hard", _("Hard totals"), HARD_ROWS),
        ("soft", _("Soft totals"), SOFT_ROWS),
        ("pairs", _("Pairs"), PAIR_ROWS),
    ):
        found = []
        for row in rows:
            cells = [Situation(kind, row, up) for up in UPCARDS]
            found.append(
                {
                    "label": cells[0].hand_label,
                    "cells": [
                        {"value": cell_text(c), "label": c.label, "checked": c in chosen}
                        for c in cells
                    ],
                }
            )
        tables.append({"title": title, "rows": found})
    return tables


@require_http_methods(["GET", "HEAD", "POST"])
def situations(request: HtmxHttpRequest) -> HttpResponse:
    """GET: the chosen cells (``cell``, repeated, in ``variant``) in words with a Start
    button, or the chart to choose from and the named regions when none is given. POST:
    start a drill of exactly the drill items in those cells."""
    data = request.POST if request.method == "POST" else request.GET
    variant = data.get("variant") or DEFAULT_VARIANT
    texts = data.getlist("cell")
    visitor = visitor_id(request, create=False)
    context: dict[str, Any] = {
        "variant": variant,
        "variants": variant_choices(visitor, variant),
        "upcards": [row_card(u) if u != 10 else "10" for u in UPCARDS],
        "chosen": [],
        "items": 0,
        "error": None,
    }
    try:
        rules = drill_rules(variant)
        context["variant_name"] = variant_name(variant)
        context["regions"] = [
            {"label": r.label, "url": situations_url(variant, list(r.cells))}
            for r in REGIONS
            if r.key != "insurance" or rules.insurance
        ]
        cells = parse_cells(texts) if texts else []
        context["picker"] = _picker(rules, set(cells))
        context["insurance"] = rules.insurance
        context["insurance_checked"] = Situation("insurance", 0, 1) in cells
        if not cells:
            return render(request, "drills/situations.html", context)
        items = items_in(rules, cells)
        context["items"] = len(items)
        context["chosen"] = [
            {
                "value": cell_text(c),
                "label": c.label,
                "count": sum(1 for i in items if i.situation == c),
            }
            for c in cells
        ]
        if not items:
            raise Refused(_("These rules have none of the chosen situations. Choose others."))
        if request.method == "POST":
            session = start_pool_drill(
                visitor_id(request), variant, "cells", items, now=timezone.now()
            )
            return _started(request, session)
    except Refused as exc:
        context["error"] = exc.message
        return render(request, "drills/situations.html", context, status=400)
    return render(request, "drills/situations.html", context)


def _play(code: str) -> str:
    """A chart cell's play in words: "Stand", "Double, else hit", "Surrender, else hit"."""
    if code.startswith("R") and len(code) == 2:
        otherwise = str(CODE_NAMES[code[1].upper()]).lower()
        return pgettext("chart cell", "Surrender, else %(play)s") % {"play": otherwise}
    return str(CODE_NAMES.get(code, code))


@require_http_methods(["GET", "HEAD", "POST"])
def changes(request: HtmxHttpRequest) -> HttpResponse:
    """ "What changes between two rule sets": GET ``first`` and ``second`` (variants) list
    the chart cells whose play differs (from the stored charts); POST starts a drill of
    exactly those cells, played under ``second``'s rules."""
    data = request.POST if request.method == "POST" else request.GET
    first, second = data.get("first", ""), data.get("second", "")
    visitor = visitor_id(request, create=False)
    # The presets and the person's custom rule sets (and a saved one either field names).
    choices = variant_choices(visitor, first or None)
    seen = {c["value"] for c in choices}
    choices += [c for c in variant_choices(visitor, second or None) if c["value"] not in seen]
    context: dict[str, Any] = {
        "choices": choices,
        "first": first or "russian",
        "second": second or "european",
        "compared": False,
        "changes": [],
        "error": None,
    }
    if not first and not second:
        return render(request, "drills/changes.html", context)
    try:
        if first == second:
            raise Refused(_("Choose two different rule sets."))
        rules_a, rules_b = drill_rules(first), drill_rules(second)
        name_a, name_b = variant_name(first), variant_name(second)
        found = chart_changes(stored_chart(rules_a, name_a), stored_chart(rules_b, name_b))
        items = items_in(rules_b, [c.cell for c in found])
        context.update(
            compared=True,
            first_name=name_a,
            second_name=name_b,
            items=len(items),
            changes=[
                {
                    "value": cell_text(c.cell),
                    "label": c.cell.label,
                    "first": _play(c.first),
                    "second": _play(c.second),
                }
                for c in found
            ],
        )
        if request.method == "POST":
            if not items:
                raise Refused(_("The two charts agree in every cell: there is nothing to drill."))
            session = start_pool_drill(
                visitor_id(request), second, "changes", items, now=timezone.now()
            )
            return _started(request, session)
    except Refused as exc:
        context["error"] = exc.message
        return render(request, "drills/changes.html", context, status=400)
    return render(request, "drills/changes.html", context)
