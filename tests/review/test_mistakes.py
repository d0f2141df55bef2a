"""The mistakes page and a session's page: the numbers (accuracy, EV lost per 100
decisions) from made-up graded decisions, the filters and their messages, pagination, and
that another visitor's rows are never listed (their session and decision answer 404)."""

# The expected strings in Russian and Bulgarian are meant to hold Cyrillic letters.
# ruff: noqa: RUF001

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from django.utils.translation import override

from game.engine.round import Action
from tests.helpers import client_for
from tests.review.helpers import (
    DAY1,
    DAY2,
    DAY3,
    decision_ids,
    drill_decision,
    new_table,
    numbers,
    session_keys,
    table_decision,
)
from trainer.web.labels import ACTION_LABELS

pytestmark = pytest.mark.django_db


@pytest.fixture
def log():
    """One visitor's log: a table session on day 1 (4 decisions: 2 right, then losses of
    0.25 and 0.5 bets) and a drill session on day 3 (3 answers: 2 right, one losing 0.125)."""
    table = new_table()
    visitor = table.visitor
    right1 = table_decision(table, at=DAY1, round_number=1)
    right2 = table_decision(table, at=DAY1, round_number=2)
    lost_quarter = table_decision(table, 0.25, at=DAY1, round_number=3)
    lost_half = table_decision(table, 0.5, at=DAY1, round_number=4)
    drill = uuid.uuid4()
    drill_right = [drill_decision(visitor, drill, at=DAY3, round_number=n) for n in (1, 2)]
    drill_lost = drill_decision(visitor, drill, 0.125, at=DAY3, round_number=3)
    return {
        "visitor": visitor,
        "table": table,
        "drill": drill,
        "table_rows": [right1, right2, lost_quarter, lost_half],
        "lost_quarter": lost_quarter,
        "lost_half": lost_half,
        "drill_right": drill_right,
        "drill_lost": drill_lost,
    }


def test_sessions_with_their_accuracy_and_ev_lost(log) -> None:
    html = client_for(log["visitor"]).get("/en/review/").content.decode()
    # Newest first: the drill (day 3), then the table (day 1).
    assert session_keys(html) == [f"drill-{log['drill']}", f"table-{log['table'].public_id}"]
    assert numbers(html) == [
        # Everything: 7 decisions, 4 right; 0.875 bets lost (fewer than 20: the total).
        ("7", "57.1%", "0.875 bets"),
        # The drill: 2 of 3 right; 0.125 lost.
        ("3", "66.7%", "0.125 bets"),
        # The table: 2 of 4 right; 0.75 lost.
        ("4", "50.0%", "0.750 bets"),
    ]
    # The mistakes, newest first within each session (0.5 was logged after 0.25).
    assert decision_ids(html) == [
        log["drill_lost"].pk,
        log["lost_half"].pk,
        log["lost_quarter"].pk,
    ]
    assert "You chose Stand; the best play was Hit." in html
    assert "It cost 0.5000 of your bet on average." in html
    assert "It cost 0.2500 of your bet on average." in html
    assert 'data-card="10S"' in html and 'data-card="10H"' in html  # the hand and the upcard
    assert "3 mistakes shown." in html


def test_numbers_in_russian_formats(log) -> None:
    html = client_for(log["visitor"]).get("/ru/review/").content.decode()
    assert numbers(html)[0] == ("7", "57,1 %", "0,875 ставки")
    assert "Показаны 3 ошибки." in html


def test_filter_by_source_kind_severity_and_dates(log) -> None:
    client = client_for(log["visitor"])
    # Severity: the 0.5 and 0.25 losses are blunders (> 0.05), so is 0.125.
    mistake = table_decision(
        log["table"], 0.03125, at=DAY2, round_number=5
    )  # 0.01..0.05: a mistake
    html = client.get("/en/review/?severity=mistake").content.decode()
    assert decision_ids(html) == [mistake.pk]
    # Only the sessions with such a mistake; their numbers still count every decision of
    # the kept kind and dates, right ones too.
    assert session_keys(html) == [f"table-{log['table'].public_id}"]
    assert numbers(html) == [
        ("8", "50.0%", "0.906 bets"),  # 0.90625 bets lost in 8 decisions
        ("5", "40.0%", "0.781 bets"),  # 0.78125 in 5
    ]

    html = client.get("/en/review/?date_from=2026-03-03&date_to=2026-03-08").content.decode()
    assert decision_ids(html) == [mistake.pk]
    assert numbers(html) == [("1", "0.0%", "0.031 bets"), ("1", "0.0%", "0.031 bets")]

    html = client.get("/en/review/?date_from=2026-03-09").content.decode()
    assert session_keys(html) == [f"drill-{log['drill']}"]


def test_filter_by_category() -> None:
    table = new_table()
    hard = table_decision(table, 0.25, hand=["TS", "6D"], upcard="TH")
    soft = table_decision(table, 0.25, hand=["AS", "7D"], upcard="9H")
    pair = table_decision(
        table,
        0.25,
        hand=["8S", "8D"],
        upcard="AH",
        evs={"split": -0.5, "hit": -0.75},
        action="hit",
    )
    surrender = table_decision(
        table, 0.25, evs={"surrender": -0.5, "hit": -0.75}, action="hit", hand=["TS", "6D"]
    )
    insurance = table_decision(
        table,
        0.25,
        hand=["TS", "9D"],
        upcard="AH",
        insurance=True,
        evs={"no_insurance": 0.0, "insurance": -0.25},
        action="insurance",
    )
    client = client_for(table.visitor)
    expected = {
        "hard": [surrender.pk, hard.pk],
        "soft": [soft.pk],
        "pairs": [pair.pk],
        "surrender": [surrender.pk],
        "insurance": [insurance.pk],
    }
    for category, ids in expected.items():
        html = client.get(f"/en/review/?category={category}").content.decode()
        assert decision_ids(html) == ids, category
    html = client.get("/en/review/?category=pairs").content.decode()
    assert numbers(html)[0] == ("1", "0.0%", "0.250 bets")


def test_filter_by_variant() -> None:
    table = new_table()
    russian = new_table(table.visitor, variant="russian")
    euro = table_decision(table, 0.25)
    rus = table_decision(russian, 0.25)
    client = client_for(table.visitor)
    assert decision_ids(client.get("/en/review/?variant=russian").content.decode()) == [rus.pk]
    assert decision_ids(client.get("/en/review/?variant=european").content.decode()) == [euro.pk]


BAD_FILTER = "variant=baccarat&category=jokers&severity=awful&date_from=yesterday"
BAD_MESSAGES = {
    "en": [
        "There is no such game here. Choose one from the list.",
        "There is no such kind of situation. Choose one from the list.",
        "There is no such grade. Choose one from the list.",
        "Enter a valid date, for example 2025-03-31.",
    ],
    "ru": [
        "Такой игры здесь нет. Выберите игру из списка.",
        "Такого вида ситуаций нет. Выберите из списка.",
        "Такой оценки нет. Выберите из списка.",
        "Введите правильную дату, например 2025-03-31.",
    ],
    "bg": [
        "Такава игра тук няма. Изберете от списъка.",
        "Няма такъв вид ситуации. Изберете от списъка.",
        "Няма такава оценка. Изберете от списъка.",
        "Въведете валидна дата, например 2025-03-31.",
    ],
    "sr-latn": [
        "Takve igre ovde nema. Izaberite jednu sa spiska.",
        "Takva vrsta situacija ne postoji. Izaberite jednu sa spiska.",
        "Takva ocena ne postoji. Izaberite jednu sa spiska.",
        "Unesite ispravan datum, na primer 2025-03-31.",
    ],
    "hr": [
        "Takve igre ovdje nema. Odaberite jednu s popisa.",
        "Takva vrsta situacija ne postoji. Odaberite jednu s popisa.",
        "Takva ocjena ne postoji. Odaberite jednu s popisa.",
        "Unesite ispravan datum, na primjer 2025-03-31.",
    ],
}


@pytest.mark.parametrize("lang", list(BAD_MESSAGES))
def test_bad_filter_values_are_reported_inline_in_the_persons_language(log, lang) -> None:
    response = client_for(log["visitor"]).get(f"/{lang}/review/?{BAD_FILTER}")
    assert response.status_code == 200
    html = response.content.decode()
    for message in BAD_MESSAGES[lang]:
        assert message in html
    # Nothing valid was asked for: every session is listed as without a filter.
    assert len(session_keys(html)) == 2


def test_end_date_before_start_date_keeps_the_start(log) -> None:
    html = (
        client_for(log["visitor"])
        .get("/en/review/?date_from=2026-03-09&date_to=2026-03-01")
        .content.decode()
    )
    assert "The end date is before the start date." in html
    assert session_keys(html) == [f"drill-{log['drill']}"]  # from 9 March on


def test_pagination_keeps_the_filter() -> None:
    visitor = uuid.uuid4()
    tables = [new_table(visitor) for _ in range(12)]
    for n, table in enumerate(tables):
        table_decision(table, 0.25, at=DAY1.replace(hour=n))
    client = client_for(visitor)
    first = client.get("/en/review/?severity=blunder").content.decode()
    assert session_keys(first) == [f"table-{t.public_id}" for t in reversed(tables[2:])]
    assert "Page 1 of 2" in first
    assert "?severity=blunder&amp;page=2" in first
    second = client.get("/en/review/?severity=blunder&page=2").content.decode()
    assert session_keys(second) == [f"table-{t.public_id}" for t in reversed(tables[:2])]
    # A page number that is not one shows the first page.
    assert session_keys(client.get("/en/review/?page=zz").content.decode()) == session_keys(first)


def test_session_page_lists_every_mistake_of_the_session(log) -> None:
    table = log["table"]
    client = client_for(log["visitor"])
    html = client.get(f"/en/review/sessions/table/{table.public_id}/").content.decode()
    assert numbers(html) == [("4", "50.0%", "0.750 bets")]
    assert decision_ids(html) == [log["lost_half"].pk, log["lost_quarter"].pk]
    html = client.get(f"/en/review/sessions/drill/{log['drill']}/").content.decode()
    assert decision_ids(html) == [log["drill_lost"].pk]
    assert client.get(f"/en/review/sessions/poker/{log['drill']}/").status_code == 404


def test_decision_page_shows_every_ev(log) -> None:
    decision = log["lost_half"]
    html = client_for(log["visitor"]).get(f"/en/review/decisions/{decision.pk}/").content.decode()
    rows = re.findall(r"<tr class=\"([^\"]*)\"><td>([^<]*)</td><td>([^<]*)</td>", html)
    assert [(cls.strip(), label, ev) for cls, label, ev in rows] == [
        ("best", "Hit · best", "\u22120.5000"),
        ("chosen", "Stand · your choice", "\u22121.0000"),
    ]
    assert 'data-testid="replay"' in html  # a table decision can be replayed


@pytest.mark.parametrize(
    ("lang", "hand", "upcard", "title"),
    [
        # A hard 20 of three cards: in the chart's 17+ row, but the heading is its total.
        ("en", ["4S", "TD", "6C"], "8H", "Hard 20 against 8"),
        ("ru", ["4S", "TD", "6C"], "8H", "Жёсткая сумма 20 против 8"),
        ("bg", ["4S", "TD", "6C"], "8H", "Твърд сбор 20 срещу 8"),
        ("en", ["TS", "7D"], "AH", "Hard 17 against A"),
        # A soft 18 of three cards plays as A,7: named by its total, not by the chart row.
        ("en", ["AS", "2D", "5C"], "9H", "Soft 18 against 9"),
        ("hr", ["AS", "7D"], "9H", "Meki zbroj 18 protiv 9"),
        ("en", ["8S", "8D"], "TH", "Pair 8,8 against 10"),
    ],
)
def test_decision_heading_names_the_hands_own_total(lang, hand, upcard, title) -> None:
    legal = {"stand": 0.5, "hit": -0.75, "split": -0.8} if hand[0][0] == hand[1][0] else None
    decision = table_decision(
        new_table(),
        hand=hand,
        upcard=upcard,
        evs=legal or {"stand": 0.5, "hit": -0.75},
        action="hit",
    )
    client = client_for(decision.visitor)
    html = client.get(f"/{lang}/review/decisions/{decision.pk}/").content.decode()
    assert f"<h1>{title}</h1>" in html
    assert f"<strong>{title}</strong>" in html  # the mistake's own line
    # (Not in the text: a <time datetime="…"> attribute may end in "17+00:00".)
    shown = re.sub(r'datetime="[^"]*"', "", html)
    assert "17+" not in shown and "(A,7)" not in shown
    listed = client.get(f"/{lang}/review/").content.decode()
    assert f"<strong>{title}</strong>" in listed


def test_another_visitors_data_is_never_visible(log) -> None:
    stranger_table = new_table()
    stranger_rows = [table_decision(stranger_table, 0.25) for _ in range(2)]
    stranger_drill = uuid.uuid4()
    stranger_rows.append(drill_decision(stranger_table.visitor, stranger_drill, 0.25))
    client = client_for(log["visitor"])
    for url in ("/en/review/", "/en/review/?severity=blunder", "/en/review/stats/"):
        html = client.get(url).content.decode()
        assert not set(decision_ids(html)) & {d.pk for d in stranger_rows}
        assert str(stranger_table.public_id) not in html and str(stranger_drill) not in html
    stats = client.get("/en/review/stats/").content.decode()
    assert 'data-testid="decisions">7<' in stats  # the visitor's own 7 decisions only
    for url in (
        f"/en/review/sessions/table/{stranger_table.public_id}/",
        f"/en/review/sessions/drill/{stranger_drill}/",
        f"/en/review/decisions/{stranger_rows[0].pk}/",
        f"/en/review/decisions/{stranger_rows[2].pk}/",
    ):
        assert client.get(url).status_code == 404, url
    assert client.post(f"/en/table/decisions/{stranger_rows[0].pk}/replay/").status_code == 404
    # A browser with no visitor yet sees an empty log and gets no visitor id from a GET.
    fresh = Client()
    html = fresh.get("/en/review/").content.decode()
    assert decision_ids(html) == [] and "No graded decisions yet." in html
    assert "visitor" not in fresh.session
    assert fresh.get(f"/en/review/decisions/{log['lost_half'].pk}/").status_code == 404


# Each language's words, and the table session's start (2 March 2026, 12:00 UTC) in its
# own date and time formats.
PAGE_TEXT = {
    "en": (
        "Your mistakes",
        "Drill my mistakes",
        "Table",
        "Drill",
        "Hard 16 against 10",
        "2 Mar 2026, 12:00",
    ),
    "ru": (
        "Ваши ошибки",
        "Тренировать мои ошибки",
        "Стол",
        "Тренировка",
        "Жёсткая сумма 16 против 10",
        "02.03.2026 12:00",
    ),
    "bg": (
        "Вашите грешки",
        "Упражнявайте грешките ми",
        "Маса",
        "Упражнение",
        "Твърд сбор 16 срещу 10",
        "02.03.2026 12:00",
    ),
    "sr-latn": (
        "Vaše greške",
        "Vežbajte svoje greške",
        "Sto",
        "Vežba",
        "Tvrdi zbir 16 protiv 10",
        "2.03.2026. 12:00",
    ),
    "hr": (
        "Vaše pogreške",
        "Vježbajte svoje pogreške",
        "Stol",
        "Vježba",
        "Tvrdi zbroj 16 protiv 10",
        "2.03.2026. 12:00",
    ),
}


@pytest.mark.parametrize("lang", list(PAGE_TEXT))
def test_mistakes_page_in_each_language(log, lang) -> None:
    html = client_for(log["visitor"]).get(f"/{lang}/review/").content.decode()
    assert f'<html lang="{lang}">' in html
    for text in PAGE_TEXT[lang]:
        assert text in html, text
    with override(lang):
        chosen, best = str(ACTION_LABELS[Action.STAND]), str(ACTION_LABELS[Action.HIT])
    assert chosen in html and best in html
