"""Drill exactly what you choose: chart cells named in a URL, named regions of the chart,
the cells whose play differs between two rule sets, and the categories a rule set can have.

A **cell** is written ``<kind>-<row>-<upcard>`` exactly as trainer/review/situations.py's
``Situation`` (the heat map's ``data-cell``, the review's "drill this situation" links and
the chart page's links use the same words): ``hard-16-10`` (rows 5..17, 17 = 17 and more),
``soft-7-6`` (A,7 against 6: rows 2..9 are the soft hand's other card), ``pairs-8-1`` (8,8
against an ace: rows 1..10 by card value, 1 = aces), ``insurance-0-1`` (the insurance
decision, row 0, only against an ace). Upcards are 1 (ace) to 10 (any ten-value card).
A drill of cells asks exactly the drill items (items.py ``DrillItem``) whose
``situation`` is one of the cells.
"""

# The regions name ranges with an en dash, as printed charts do.
# ruff: noqa: RUF001

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from game.engine.rules import Rules
from game.engine.strategy.chart import HARD_ROWS, PAIR_ROWS, SOFT_ROWS, UPCARDS, Chart
from game.rulesets.store import AnalysisPending, chart_for
from trainer.drills.items import (
    RULE_CATEGORIES,
    DrillItem,
    DrillUnavailable,
    catalog,
    category_situations,
)
from trainer.review.situations import Situation
from trainer.web.errors import Refused

# At most this many cells in one URL (the whole chart has 311 with insurance).
MAX_CELLS = 400
_CELL = re.compile(r"^(hard|soft|pairs|insurance)-([0-9]{1,2})-([0-9]{1,2})$")
_ROWS = {"hard": HARD_ROWS, "soft": SOFT_ROWS, "pairs": PAIR_ROWS, "insurance": (0,)}


def parse_cell(text: str) -> Situation:
    """The chart cell ``text`` names (see the module docstring).

    Raises Refused (a message naming the bad value) for anything else: an unknown kind, a
    row the chart has not, an upcard outside 1..10, insurance against anything but an ace.
    """
    found = _CELL.match(text.strip())
    if found is not None:
        kind, row, upcard = found.group(1), int(found.group(2)), int(found.group(3))
        if row in _ROWS[kind] and upcard in UPCARDS and (kind != "insurance" or upcard == 1):
            return Situation(kind, row, upcard)
    raise Refused(
        _(
            "“%(cell)s” is not a situation of the chart. A situation is written like "
            "hard-16-10, soft-7-6, pairs-8-1 or insurance-0-1."
        )
        % {"cell": text[:40]}
    )


def parse_cells(texts: Iterable[str]) -> list[Situation]:
    """The distinct cells of ``texts`` in the order given. Raises Refused for a bad one, for
    none at all and for more than MAX_CELLS."""
    cells: list[Situation] = []
    for text in texts:
        cell = parse_cell(text)
        if cell not in cells:
            cells.append(cell)
        if len(cells) > MAX_CELLS:
            raise Refused(_("Too many situations at once."))
    if not cells:
        raise Refused(_("Choose at least one situation to drill."))
    return cells


def cell_text(cell: Situation) -> str:
    """The URL word of a cell: "hard-16-10"."""
    return f"{cell.kind}-{cell.row}-{cell.upcard}"


def items_in(rules: Rules, cells: Iterable[Situation]) -> list[DrillItem]:
    """The drill items of ``rules`` that lie in ``cells``, in chart order (empty when the
    rules have no such situation, e.g. insurance in a game without it).

    Raises DrillUnavailable and AnalysisPending as items.catalog."""
    wanted = set(cells)
    return [item for item in catalog(rules).values() if item.situation in wanted]


# -- named regions ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Region:
    """A named group of chart cells: ``key`` (for tests), ``label`` and its cells."""

    key: str
    label: Promise
    cells: tuple[Situation, ...]


def _block(kind: str, rows: Sequence[int], upcards: Sequence[int]) -> tuple[Situation, ...]:
    return tuple(Situation(kind, r, u) for r in rows for u in upcards)


SMALL = (2, 3, 4, 5, 6)
HIGH = (7, 8, 9, 10, 1)
REGIONS = (
    Region(
        "hard-stiff-small",
        pgettext_lazy("drill region", "Hard 12–16 against 2–6"),
        _block("hard", range(12, 17), SMALL),
    ),
    Region(
        "hard-stiff-high",
        pgettext_lazy("drill region", "Hard 12–16 against 7–A"),
        _block("hard", range(12, 17), HIGH),
    ),
    Region(
        "hard-doubles",
        pgettext_lazy("drill region", "Hard 9–11 (doubles)"),
        _block("hard", (9, 10, 11), UPCARDS),
    ),
    Region(
        "soft-doubles",
        pgettext_lazy("drill region", "Soft doubles against 3–6"),
        _block("soft", range(2, 9), (3, 4, 5, 6)),
    ),
    Region(
        "soft-18",
        pgettext_lazy("drill region", "Soft 18 (A,7) against every upcard"),
        _block("soft", (7,), UPCARDS),
    ),
    Region(
        "pairs-small",
        pgettext_lazy("drill region", "Pairs against 2–6"),
        _block("pairs", PAIR_ROWS, SMALL),
    ),
    Region(
        "pairs-high",
        pgettext_lazy("drill region", "Pairs against 7–A"),
        _block("pairs", PAIR_ROWS, HIGH),
    ),
    Region(
        "insurance",
        pgettext_lazy("drill region", "Insurance and even money"),
        (Situation("insurance", 0, 1),),
    ),
)


# -- what changes between two rule sets ------------------------------------------------------
def stored_chart(rules: Rules, name: str) -> Chart:
    """The rules' stored basic strategy chart (never computed in a request); ``name`` is
    the rule set's name for the message.

    Raises Refused when it is not computed yet."""
    try:
        return chart_for(rules)
    except AnalysisPending:
        raise Refused(
            _(
                "The basic strategy chart of %(rules)s is not computed yet. Open its chart "
                "page to start the analysis, then come back."
            )
            % {"rules": name}
        ) from None


@dataclass(frozen=True, slots=True)
class Change:
    """A chart cell whose play differs: the cell and the two charts' codes ("H", "Ds",
    "Rh"...)."""

    cell: Situation
    first: str
    second: str


def chart_changes(first: Chart, second: Chart) -> list[Change]:
    """The cells of the hard, soft and pairs charts whose code differs between ``first``
    and ``second`` (surrender codes included: "Rh" against "H" is a change), in chart
    order (hard 5..17+, soft A,2..A,9, pairs 2,2..A,A; upcards 2..A)."""
    changes = []
    for kind, rows in (("hard", HARD_ROWS), ("soft", SOFT_ROWS), ("pairs", PAIR_ROWS)):
        for row in rows:
            for upcard in UPCARDS:
                a, b = first.code(kind, row, upcard), second.code(kind, row, upcard)
                if a != b:
                    changes.append(Change(Situation(kind, row, upcard), a, b))
    return changes


# -- the categories a rule set can have --------------------------------------------------------
def offered_categories(rules: Rules) -> set[str] | None:
    """The rule-based categories (items.RULE_CATEGORIES) with at least one situation in
    ``rules`` (no "surrender" without surrender, no "insurance" without insurance); None
    when that cannot be told yet (the chart is not computed, or the engine cannot chart the
    rules: the start then says why)."""
    try:
        return {c for c in RULE_CATEGORIES if category_situations(rules, c)}
    except (AnalysisPending, DrillUnavailable):
        return None


__all__ = [
    "MAX_CELLS",
    "REGIONS",
    "Change",
    "Region",
    "cell_text",
    "chart_changes",
    "items_in",
    "offered_categories",
    "parse_cell",
    "parse_cells",
    "stored_chart",
]
