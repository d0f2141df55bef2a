"""The stats page: the heat map's cell values and tooltips, the weakest ten in order, the
per-day plot (its values, ticks and localized labels), the variant filter, each language."""

# The expected names are Russian and Bulgarian: their Cyrillic letters are meant.
# ruff: noqa: RUF001

from __future__ import annotations

import re
import uuid
from datetime import date
from pathlib import Path

import pytest
from django.utils.translation import override

from tests.helpers import client_for
from tests.review.helpers import DAY1, DAY3, new_table, table_decision
from trainer.review.log import (
    DayPoint,
    LogFilter,
    Tally,
    entries,
    tally_by_hand,
    tally_by_situation,
    visitor_log,
)
from trainer.review.log import weakest as weakest_of
from trainer.review.plots import EMPTY_FILL, accuracy_fill, heat_map, line_plot, nice_ceiling
from trainer.review.situations import Situation

pytestmark = pytest.mark.django_db

SPLIT_EVS = {"split": -0.5, "hit": -0.75}


def cell(html: str, key: str) -> dict[str, str]:
    """A heat map cell's decisions, right answers, tooltip, fill and text."""
    match = re.search(
        rf'<g class="cell" data-cell="{key}" data-decisions="(\d+)" data-correct="(\d+)">'
        r'<title>([^<]*)</title><rect [^>]*fill="([^"]+)"/>(?:<text [^>]*>([^<]*)</text>)?',
        html,
    )
    assert match, key
    decisions, correct, title, fill, text = match.groups()
    return {
        "decisions": decisions,
        "correct": correct,
        "title": title,
        "fill": fill,
        "text": text or "",
    }


@pytest.fixture
def chart_log():
    """Hard 16 v 10: 3 decisions, 2 right; soft 18 (A,7) v 9: 1 wrong; 8,8 v A: 1 right;
    16 v 10 again at a Russian table: 1 wrong."""
    table = new_table()
    for loss in (0, 0, 0.25):
        table_decision(table, loss, hand=["TS", "6D"], upcard="KH")
    table_decision(table, 0.125, hand=["AS", "7D"], upcard="9C")
    table_decision(table, hand=["8S", "8D"], upcard="AH", evs=SPLIT_EVS, action="split")
    russian = new_table(table.visitor, variant="russian")
    table_decision(russian, 0.5, hand=["9S", "7D"], upcard="TH")
    return table.visitor


def test_heat_map_cells_hold_the_accuracy_and_counts(chart_log) -> None:
    html = client_for(chart_log).get("/en/review/stats/?variant=european").content.decode()
    hard = cell(html, "hard-16-10")
    assert hard == {
        "decisions": "3",
        "correct": "2",
        "title": "Hard 16 against 10: 2 of 3 decisions right (67%)",
        "fill": "hsl(80, 65%, 36%)",  # two thirds of the way from red (0) to green (120)
        "text": "67",
    }
    assert cell(html, "soft-7-9") == {
        "decisions": "1",
        "correct": "0",
        "title": "Soft 18 (A,7) against 9: 0 of 1 decision right (0%)",
        "fill": "hsl(0, 65%, 36%)",
        "text": "0",
    }
    assert cell(html, "pairs-8-1")["title"] == "Pair 8,8 against A: 1 of 1 decision right (100%)"
    assert cell(html, "pairs-8-1")["fill"] == "hsl(120, 65%, 36%)"
    empty = cell(html, "hard-12-2")
    assert empty == {
        "decisions": "0",
        "correct": "0",
        "title": "Hard 12 against 2: no decisions yet",
        "fill": EMPTY_FILL,
        "text": "",
    }
    # Every chart cell is drawn: 31 rows (hard 5..17+, soft A,2..A,9, pairs) x 10 upcards.
    assert html.count('<g class="cell"') == 310
    # All games: the Russian table's 16 v 10 joins the cell.
    html = client_for(chart_log).get("/en/review/stats/").content.decode()
    assert cell(html, "hard-16-10")["title"] == "Hard 16 against 10: 2 of 4 decisions right (50%)"


def test_heat_map_geometry_follows_the_chart() -> None:
    heat = heat_map({Situation("hard", 16, 10): tally_of(3, 2)})
    assert [c["label"] for c in heat["columns"]] == [*"23456789", "10", "A"]
    labels = [r["label"] for r in heat["rows"]]
    assert labels[:13] == [*(str(t) for t in range(5, 17)), "17+"]
    assert labels[13:21] == [f"A,{n}" for n in range(2, 10)]
    assert labels[21:] == ["2,2", "3,3", "4,4", "5,5", "6,6", "7,7", "8,8", "9,9", "10,10", "A,A"]
    ys = [r["y"] for r in heat["rows"]]
    assert ys == sorted(ys) and len(set(ys)) == 31
    assert accuracy_fill(None) == EMPTY_FILL and accuracy_fill(50) == "hsl(60, 65%, 36%)"


def tally_of(decisions: int, correct: int, ev_lost: float = 0.0) -> Tally:
    return Tally(decisions=decisions, correct=correct, ev_lost=ev_lost)


def test_weakest_ten_most_ev_lost_first() -> None:
    table = new_table()
    # Hard 12 v 2: 2 wrong of 4, 0.25 each (0.5 lost); hard 16 v 10: 1 wrong of 1 (0.5 lost,
    # lower accuracy: before 12 v 2); soft 18 v 9: 0.75 lost (first); pair 8,8 v 10: 0.125;
    # hard 13 v 2: every decision right (not weak at all).
    for loss in (0.25, 0.25, 0, 0):
        table_decision(table, loss, hand=["TS", "2D"], upcard="2C")
    table_decision(table, 0.5, hand=["TS", "6D"], upcard="TH")
    table_decision(table, 0.75, hand=["AS", "7D"], upcard="9C")
    table_decision(
        table,
        0.125,
        hand=["8S", "8D"],
        upcard="TC",
        evs={"split": -0.5, "hit": -0.625},
        action="hit",
    )
    table_decision(table, 0, hand=["TS", "3D"], upcard="2C")
    kept = entries(visitor_log(table.visitor), LogFilter())
    order = [(s, t.decisions, t.correct, t.ev_lost) for s, t in weakest_of(tally_by_hand(kept))]
    assert order == [
        (Situation("soft", 7, 9, 18), 1, 0, 0.75),
        (Situation("hard", 16, 10, 16), 1, 0, 0.5),
        (Situation("hard", 12, 2, 12), 4, 2, 0.5),
        (Situation("pairs", 8, 10), 1, 0, 0.125),
    ]
    html = client_for(table.visitor).get("/en/review/stats/").content.decode()
    assert weakest_rows(html) == [
        ("soft-7-9", "18", "Soft 18 against 9", "1", "0%", "0.750"),
        ("hard-16-10", "16", "Hard 16 against 10", "1", "0%", "0.500"),
        ("hard-12-2", "12", "Hard 12 against 2", "4", "50%", "0.500"),
        ("pairs-8-10", "", "Pair 8,8 against 10", "1", "0%", "0.125"),
    ]


def weakest_rows(html: str) -> list[tuple[str, ...]]:
    """The weakest-ten table's rows: chart cell, hand total, situation, decisions, accuracy,
    EV lost."""
    return re.findall(
        r'<tr data-situation="([^"]+)"(?: data-total="(\d+)")?><td>([^<]*)</td><td>([^<]*)</td>'
        r"<td>([^<]*)</td><td>([^<]*)</td></tr>",
        html,
    )


def test_hard_17_and_more_is_one_heat_map_row_but_each_total_in_the_weakest() -> None:
    """A hard 4,10,6 against 8 is in the chart's 17+ row: the heat map counts it in the
    "hard-17-8" cell with the other hard 17-21 hands (its tooltip names the row "17+"),
    while the weakest ten name the hand by its own total, hard 20 apart from hard 18."""
    table = new_table()
    stand_best = {"stand": 0.5, "hit": -0.75}  # hitting a hard 20 or 18 loses 1.25
    table_decision(table, hand=["4S", "TD", "6C"], upcard="8H", evs=stand_best, action="hit")
    table_decision(table, hand=["TS", "KD"], upcard="8C", evs=stand_best, action="hit")
    table_decision(
        table, hand=["TS", "8D"], upcard="8D", evs={"stand": 0.25, "hit": -0.5}, action="hit"
    )
    table_decision(
        table, hand=["9S", "8D"], upcard="8S", evs={"stand": 0.0, "hit": -0.5}, action="stand"
    )
    kept = entries(visitor_log(table.visitor), LogFilter())
    assert {s: (t.decisions, t.correct) for s, t in tally_by_situation(kept).items()} == {
        Situation("hard", 17, 8): (4, 1)
    }
    assert {s: (t.decisions, t.correct) for s, t in tally_by_hand(kept).items()} == {
        Situation("hard", 17, 8, 20): (2, 0),
        Situation("hard", 17, 8, 18): (1, 0),
        Situation("hard", 17, 8, 17): (1, 1),
    }
    html = client_for(table.visitor).get("/en/review/stats/").content.decode()
    assert cell(html, "hard-17-8") == {
        "decisions": "4",
        "correct": "1",
        "title": "Hard 17+ against 8: 1 of 4 decisions right (25%)",
        "fill": "hsl(30, 65%, 36%)",
        "text": "25",
    }
    assert "every hard total from 17 to 21 is in the one row 17+." in html
    assert weakest_rows(html) == [
        ("hard-17-8", "20", "Hard 20 against 8", "2", "0%", "2.500"),
        ("hard-17-8", "18", "Hard 18 against 8", "1", "0%", "0.750"),
    ]
    assert "Hard 17+ against 8</td>" not in html


@pytest.mark.parametrize(
    ("lang", "title"),
    [
        ("en", "Hard 20 against 8"),
        ("ru", "Жёсткая сумма 20 против 8"),
        ("bg", "Твърд сбор 20 срещу 8"),
        ("sr-latn", "Tvrdi zbir 20 protiv 8"),
        ("hr", "Tvrdi zbroj 20 protiv 8"),
    ],
)
def test_weakest_names_the_hands_total_in_each_language(lang, title) -> None:
    table = new_table()
    table_decision(
        table, hand=["4S", "TD", "6C"], upcard="8H", evs={"stand": 0.5, "hit": -0.75}, action="hit"
    )
    html = client_for(table.visitor).get(f"/{lang}/review/stats/").content.decode()
    assert [row[2] for row in weakest_rows(html)] == [title]


def test_weakest_table_scrolls_inside_its_panel() -> None:
    """On a narrow phone the weakest ten's table scrolls inside its own box rather than
    widening the page (the site's stylesheet gives .table-scroll overflow-x: auto on every page)."""
    table = new_table()
    table_decision(table, 0.25, hand=["TS", "6D"], upcard="TH")
    html = client_for(table.visitor).get("/ru/review/stats/").content.decode()
    assert re.search(r'<div class="table-scroll">\s*<table class="weakest"', html)
    css = (Path(__file__).resolve().parents[2] / "static/web/site.css").read_text()
    assert ".table-scroll { max-width: 100%; overflow-x: auto;" in css


def test_weakest_keeps_ten() -> None:
    tallies = {Situation("hard", total, 10): tally_of(2, 1, total / 64) for total in range(5, 17)}
    found = weakest_of(tallies)
    assert [s.row for s, _ in found] == list(range(16, 6, -1))


def test_plot_of_ev_lost_per_100_by_day() -> None:
    table = new_table()
    # Day 1: 0.25 lost in 2 decisions (12.5 per 100); day 3: 0.125 in 4 (3.125 per 100);
    # nothing on day 2.
    table_decision(table, 0.25, at=DAY1)
    table_decision(table, 0, at=DAY1)
    table_decision(table, 0.125, at=DAY3)
    for _ in range(3):
        table_decision(table, 0, at=DAY3)
    html = client_for(table.visitor).get("/en/review/stats/").content.decode()
    points = re.findall(
        r'<circle cx="([\d.]+)" cy="([\d.]+)" r="4.5" class="point thin" data-day="([\d-]+)" '
        r'data-value="([\d.]+)" data-decisions="(\d+)"><title>([^<]*)</title>',
        html,
    )
    assert [(p[2], float(p[3]), p[4], p[5]) for p in points] == [
        # Fewer than 20 decisions each: hollow, the total lost in the tooltip.
        (
            "2026-03-02",
            12.5,
            "2",
            "2 Mar 2026: 0.250 bets lost in 2 decisions, too few for a rate per 100",
        ),
        (
            "2026-03-09",
            3.125,
            "4",
            "9 Mar 2026: 0.125 bets lost in 4 decisions, too few for a rate per 100",
        ),
    ]
    # A time axis: day 1 at the left inset, day 3 (7 days later) at the right inset.
    assert [float(p[0]) for p in points] == [78.0, 658.0]
    # 0 to 15 in steps of 5; 12.5 sits at 12.5/15 of the height above the axis (268 to 36).
    assert re.findall(r'data-testid="y-tick">([^<]*)<', html) == ["0", "5", "10", "15"]
    assert float(points[0][1]) == round(268 - 232 * 12.5 / 15, 1)
    assert re.findall(r'data-testid="x-tick">([^<]*)<', html) == ["2 Mar 2026", "9 Mar 2026"]
    assert "Bets lost per 100 decisions" in html and ">Day<" in html


def test_plot_labels_in_russian_formats() -> None:
    points = [
        DayPoint(date(2026, 3, 2), 80, 1.0),  # 1.25 per 100
        DayPoint(date(2026, 3, 5), 4, 0.0),
    ]
    with override("ru"):
        plot = line_plot(points)
    assert [t["label"] for t in plot["y_ticks"]] == ["0,0", "0,5", "1,0", "1,5"]
    assert [t["label"] for t in plot["x_ticks"]] == ["02.03.2026", "05.03.2026"]
    assert plot["markers"][0]["title"] == (
        "02.03.2026: потеряно 1,25 ставки на 100 решений (80 решений)"
    )
    assert [m["thin"] for m in plot["markers"]] == [False, True]
    assert plot["markers"][1]["title"] == (
        "05.03.2026: потеряно 0,000 ставки за 4 решения — слишком мало для расчёта на 100"
    )


def test_plot_x_ticks_are_at_most_six() -> None:
    points = [DayPoint(date(2026, 1, d), 10, 0.1) for d in range(1, 21)]
    plot = line_plot(points)
    assert len(plot["markers"]) == 20
    assert [t["label"] for t in plot["x_ticks"]] == [
        "1 Jan 2026",
        "5 Jan 2026",
        "9 Jan 2026",
        "12 Jan 2026",
        "16 Jan 2026",
        "20 Jan 2026",
    ]
    assert line_plot([]) is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [(12.5, (15, 5)), (1.25, (1.5, 0.5)), (0, (1.0, 0.25)), (3.9, (4, 1)), (100, (100, 25))],
)
def test_nice_ceiling(value, expected) -> None:
    top, step = nice_ceiling(value)
    assert (round(top, 9), round(step, 9)) == expected


STATS_TEXT = {
    "en": ("Your stats", "Accuracy over the chart", "Dealer's upcard", "Hard totals", "Day"),
    "ru": (
        "Ваша статистика",
        "Точность по таблице",
        "Открытая карта дилера",
        "Жёсткие суммы",
        "День",
    ),
    "bg": (
        "Вашата статистика",
        "Точност по таблицата",
        "Откритата карта на дилъра",
        "Твърди сборове",
        "Ден",
    ),
    "sr-latn": (
        "Vaša statistika",
        "Tačnost po tabeli",
        "Otvorena karta dilera",
        "Tvrdi zbirovi",
        "Dan",
    ),
    "hr": (
        "Vaša statistika",
        "Točnost po tablici",
        "Otvorena karta krupjea",
        "Tvrdi zbrojevi",
        "Dan",
    ),
}


@pytest.mark.parametrize("lang", list(STATS_TEXT))
def test_stats_page_in_each_language(chart_log, lang) -> None:
    response = client_for(chart_log).get(f"/{lang}/review/stats/")
    assert response.status_code == 200
    html = response.content.decode()
    for text in STATS_TEXT[lang]:
        assert text in html, text


def test_stats_for_a_bad_variant_says_so_and_shows_everything(chart_log) -> None:
    html = client_for(chart_log).get("/hr/review/stats/?variant=poker").content.decode()
    assert "Takve igre ovdje nema. Odaberite jednu s popisa." in html
    assert cell(html, "hard-16-10")["decisions"] == "4"


def test_stats_of_an_empty_log() -> None:
    html = client_for(uuid.uuid4()).get("/en/review/stats/").content.decode()
    assert "No decisions yet." in html and "No mistakes yet: nothing to work on." in html
    assert html.count('data-decisions="0"') == 310


@pytest.mark.parametrize(
    ("lang", "labels"),
    [
        ("en", ["0%", "25%", "50%", "75%", "100%"]),
        ("sr", ["0%", "25%", "50%", "75%", "100%"]),
        ("ru", ["0\u00a0%", "25\u00a0%", "50\u00a0%", "75\u00a0%", "100\u00a0%"]),
        ("hr", ["0\u00a0%", "25\u00a0%", "50\u00a0%", "75\u00a0%", "100\u00a0%"]),
    ],
)
def test_the_heat_maps_colour_key_writes_percentages_as_its_language_does(lang, labels) -> None:
    """As every other percentage on the site (numbers.percent_sign): "25%" in English and
    Serbian, "25 %" with a no-break space in Russian, Bulgarian and Croatian; never a
    plain space that may break the number from its sign."""
    with override(lang):
        assert [swatch["label"] for swatch in heat_map({})["legend"]] == labels
