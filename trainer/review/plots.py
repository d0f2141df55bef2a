"""The stats page's pictures as plain data for server-rendered SVG (templates/review/
stats.html draws them; no JavaScript, no charting library).

- ``heat_map(tallies)``: the basic strategy chart's grid (rows hard 5..17+, soft A,2..A,9,
  pairs 2,2..A,A; columns the dealer's upcard 2..10, A), each cell coloured by the accuracy
  of the person's decisions in it (red 0 % through yellow to green 100 %, dark grey for no
  decisions) with its counts in a tooltip (SVG ``<title>``).
- ``line_plot(points)``: EV lost per 100 decisions by day, a line over a time axis with
  labelled, localized ticks (numbers and dates in the active language's formats).

Every length is in SVG user units (the SVG scales to the page's width with its viewBox).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from trainer.review.log import RATE_MIN_DECISIONS, DayPoint, Tally
from trainer.review.situations import CHART_ROWS, KIND_LABELS, UPCARDS, Situation, row_card
from trainer.web.numbers import number, percent_sign

# The heat map's grid.
HEAT_LEFT = 64  # row labels
HEAT_TOP = 44  # the axis title and the upcards
HEAT_CELL_W = 46
HEAT_CELL_H = 26
HEAT_GROUP_GAP = 26  # a group's heading (Hard, Soft, Pairs) above its rows
EMPTY_FILL = "#2a3a31"

# The line plot's frame.
PLOT_W = 720
PLOT_H = 320
PLOT_LEFT = 64
PLOT_RIGHT = 48
PLOT_TOP = 36
PLOT_BOTTOM = 52
PLOT_INSET = 14  # the first and the last day stand this far inside the axes
MAX_X_TICKS = 6


def accuracy_fill(accuracy: float | None) -> str:
    """The colour of an accuracy in percent: hue 0 (red) at 0 % to 120 (green) at 100 %;
    EMPTY_FILL for None (no decisions)."""
    if accuracy is None:
        return EMPTY_FILL
    hue = round(120 * max(0.0, min(100.0, accuracy)) / 100)
    return f"hsl({hue}, 65%, 36%)"


def heat_map(tallies: dict[Situation, Tally]) -> dict[str, Any]:
    """The heat map of ``tallies`` (situations outside the chart are left out): the SVG's
    ``width``/``height``, the upcard ``columns`` (x, label), the ``groups`` (heading y,
    label) and every ``rows`` entry (y, label, cells), each cell with its geometry,
    ``fill``, ``text`` (the accuracy in percent, empty without decisions), ``title`` (the
    tooltip: the situation, right of total and accuracy) and its counts."""
    columns = [
        {"x": HEAT_LEFT + i * HEAT_CELL_W + HEAT_CELL_W / 2, "label": row_card(up)}
        for i, up in enumerate(UPCARDS)
    ]
    groups = []
    rows = []
    y = HEAT_TOP
    kind_before = None
    for kind, row in CHART_ROWS:
        if kind != kind_before:
            groups.append({"y": y + HEAT_GROUP_GAP - 8, "label": KIND_LABELS[kind]})
            y += HEAT_GROUP_GAP
            kind_before = kind
        cells = []
        for i, up in enumerate(UPCARDS):
            situation = Situation(kind, row, up)
            tally = tallies.get(situation, Tally())
            accuracy = tally.accuracy
            if accuracy is None:
                title = _("%(situation)s: no decisions yet") % {"situation": situation.label}
            else:
                title = ngettext(
                    "%(situation)s: %(correct)s of %(decisions)s decision right (%(accuracy)s%%)",
                    "%(situation)s: %(correct)s of %(decisions)s decisions right (%(accuracy)s%%)",
                    tally.decisions,
                ) % {
                    "situation": situation.label,
                    "correct": formats.number_format(tally.correct),
                    "decisions": formats.number_format(tally.decisions),
                    "accuracy": number(accuracy, 0),
                }
            cells.append(
                {
                    "x": HEAT_LEFT + i * HEAT_CELL_W,
                    "y": y,
                    "w": HEAT_CELL_W - 2,
                    "h": HEAT_CELL_H - 2,
                    "cx": HEAT_LEFT + i * HEAT_CELL_W + (HEAT_CELL_W - 2) / 2,
                    "cy": y + (HEAT_CELL_H - 2) / 2,
                    "fill": accuracy_fill(accuracy),
                    "text": "" if accuracy is None else number(accuracy, 0),
                    "title": title,
                    "kind": kind,
                    "row": row,
                    "upcard": up,
                    "decisions": tally.decisions,
                    "correct": tally.correct,
                }
            )
        rows.append(
            {
                "y": y + (HEAT_CELL_H - 2) / 2,
                "label": Situation(kind, row, 2).hand_label,
                "cells": cells,
            }
        )
        y += HEAT_CELL_H
    return {
        "width": HEAT_LEFT + len(UPCARDS) * HEAT_CELL_W + 2,
        "height": y + 4,
        "label_x": HEAT_LEFT - 8,
        "axis_x": HEAT_LEFT + len(UPCARDS) * HEAT_CELL_W / 2,
        "columns_y": HEAT_TOP - 8,
        "columns": columns,
        "groups": groups,
        "rows": rows,
        "legend": [
            {"fill": accuracy_fill(a), "label": percent_sign(a, 0)} for a in (0, 25, 50, 75, 100)
        ],
        "empty_fill": EMPTY_FILL,
    }


def nice_ceiling(value: float, ticks: int = 4) -> tuple[float, float]:
    """(top, step) of a value axis from 0 holding ``value``: ``step`` a 1, 2, 2.5 or 5 times
    a power of ten, ``top`` = ``ticks`` steps at most. A value of 0 or less gives (1, 0.25)."""
    if value <= 0:
        return 1.0, 0.25
    raw = value / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        step = factor * power
        if step * ticks >= value:
            break
    top = step * math.ceil(value / step - 1e-9)
    return top, step


def _decimals(step: float) -> int:
    """Decimal places that print every multiple of ``step`` exactly (0, 1 or 2)."""
    for places in (0, 1, 2):
        if abs(round(step, places) - step) < 1e-9:
            return places
    return 2


def _point_title(point: DayPoint, day: str, thin: bool) -> str:
    """A day's tooltip: its rate per 100 and the decisions behind it, or for a day of
    fewer than RATE_MIN_DECISIONS decisions the total lost, as too few for a rate."""
    count = formats.number_format(point.decisions)
    if thin:
        return ngettext(
            "%(day)s: %(total)s bets lost in %(count)s decision, too few for a rate per 100",
            "%(day)s: %(total)s bets lost in %(count)s decisions, too few for a rate per 100",
            point.decisions,
        ) % {"day": day, "total": number(point.ev_lost, 3), "count": count}
    return ngettext(
        "%(day)s: %(value)s bets lost per 100 decisions (%(count)s decision)",
        "%(day)s: %(value)s bets lost per 100 decisions (%(count)s decisions)",
        point.decisions,
    ) % {"day": day, "value": number(point.ev_lost_per_100, 2), "count": count}


def line_plot(points: Sequence[DayPoint]) -> dict[str, Any] | None:
    """The plot of ``points`` (days in order), None without points: ``width``/``height``,
    the plot area's edges, the ``polyline`` points, each point's marker with a ``title``
    (day, EV lost per 100, decisions; a day of fewer than RATE_MIN_DECISIONS decisions is
    ``thin``, drawn hollow, its title the total lost), the y ticks (0 to a round top,
    localized numbers) and at most MAX_X_TICKS x ticks (localized short dates). Days are
    placed on a time axis (a gap of days shows as a gap); a single day sits in the middle."""
    if not points:
        return None
    left, right = PLOT_LEFT, PLOT_W - PLOT_RIGHT
    top, bottom = PLOT_TOP, PLOT_H - PLOT_BOTTOM
    first = points[0].day.toordinal()
    span = points[-1].day.toordinal() - first
    high, step = nice_ceiling(max(p.ev_lost_per_100 for p in points))
    places = _decimals(step)

    def x_of(point: DayPoint) -> float:
        if span == 0:
            return (left + right) / 2
        inner = right - left - 2 * PLOT_INSET
        return left + PLOT_INSET + inner * (point.day.toordinal() - first) / span

    def y_of(value: float) -> float:
        return bottom - (bottom - top) * value / high

    markers = []
    for point in points:
        value = point.ev_lost_per_100
        day = formats.date_format(point.day, "SHORT_DATE_FORMAT")
        thin = point.decisions < RATE_MIN_DECISIONS
        markers.append(
            {
                "x": round(x_of(point), 1),
                "y": round(y_of(value), 1),
                "day": point.day.isoformat(),
                "value": value,
                "decisions": point.decisions,
                "thin": thin,
                "title": _point_title(point, day, thin),
            }
        )
    y_ticks = []
    tick = 0.0
    while tick <= high + 1e-9:
        y_ticks.append({"y": round(y_of(tick), 1), "label": number(tick, places)})
        tick += step
    if len(points) <= MAX_X_TICKS:
        chosen = list(range(len(points)))
    else:
        last = len(points) - 1
        chosen = sorted({round(i * last / (MAX_X_TICKS - 1)) for i in range(MAX_X_TICKS)})
    x_ticks = [
        {
            "x": markers[i]["x"],
            "label": formats.date_format(points[i].day, "SHORT_DATE_FORMAT"),
        }
        for i in chosen
    ]
    return {
        "width": PLOT_W,
        "height": PLOT_H,
        "left": left,
        "right": right,
        "top": top,
        "bottom": bottom,
        "middle_x": (left + right) / 2,
        "polyline": " ".join(f"{m['x']},{m['y']}" for m in markers),
        "markers": markers,
        "y_ticks": y_ticks,
        "x_ticks": x_ticks,
    }
