"""Issue 14: the recent rounds' rows and the decisions of the round shown kept per process
(``presenters.KEPT_HISTORY``, ``KEPT_DECISIONS``) are what a fresh read gives: after each
settled round (the new row made from the record as written, a decision's mark on it) and
each action, in each language, for both games; and a page answered from what is kept is
the page answered from the database."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client
from django.utils import translation

from game.table.models import TableSession
from game.table.presenters import (
    FELTS,
    KEPT_DECISIONS,
    KEPT_HISTORY,
    history_view,
    logged_decisions,
    round_number_shown,
)
from tests.factories import BankerTableSessionFactory, TableSessionFactory, next_shoe
from tests.helpers import HX, client_for
from tests.table.pages import action_buttons, fresh, page_url, text, without_csrf_tokens

pytestmark = pytest.mark.django_db

# Rounds of a scripted shoe: T,7 against 9 (8 in the hole): a graded stand pushes; 6,5
# against 9 (T in the hole): a graded double wins with 21 (T); T,T against 9: a stand wins.
ROUNDS = [
    (["TS", "9D", "7C", "8H"], "stand"),
    (["6S", "9D", "5C", "TH", "TD"], "double"),
    (["TS", "9D", "TC", "8H"], "stand"),
]


def post(client: Client, table: TableSession, path: str, data: dict[str, str]) -> str:
    data = {**data, "version": str(fresh(table).version)}
    response = client.post(f"{page_url(table)}{path}", data, headers=HX)
    assert response.status_code == 200
    return text(response)


def played_rounds() -> tuple[TableSession, Client]:
    """A table and its owner's client after the scripted ``ROUNDS``, each dealt and played."""
    table = TableSessionFactory()
    client = client_for(table)
    for cards, action in ROUNDS:
        next_shoe(fresh(table), cards)
        post(client, table, "deal/", {"bet": "10"})
        post(client, table, "act/", {"action": action})
    return table, client


def fresh_rows(table: TableSession, language: str) -> list[dict]:
    with translation.override(language):
        return history_view(fresh(table), FELTS[table.rules.game])


def test_the_kept_rows_are_the_rows_read_afresh_after_each_round() -> None:
    table = TableSessionFactory()
    client = client_for(table)
    for number, (cards, action) in enumerate(ROUNDS * 3, start=1):
        next_shoe(fresh(table), cards)
        post(client, table, "deal/", {"bet": "10"})
        html = post(client, table, "act/", {"action": action})
        assert action_buttons(html) == []
        with translation.override("en"):
            kept = KEPT_HISTORY.rows(fresh(table), number)
            assert kept == fresh_rows(table, "en")
        assert len(kept) == min(number, 8)
        assert kept[0]["number"] == number
        assert kept[0]["mark"]["count"] == 1
    # The double won 10 x 2, the stands 0 and +10: the nets as written are the nets as read.
    assert [row["net"] for row in kept[:3]] == [Decimal(10), Decimal(20), Decimal(0)]
    assert [row["net_text"] for row in kept[:3]] == ["+10", "+20", "0"]


def test_each_language_keeps_its_own_rows() -> None:
    table, client = played_rounds()
    response = client.get(page_url(table, "ru"))
    assert response.status_code == 200
    with translation.override("ru"):
        kept = KEPT_HISTORY.rows(fresh(table), 3)
        assert kept == fresh_rows(table, "ru")
        assert kept[0]["mark"]["url"].startswith("/ru/")
    with translation.override("en"):
        assert KEPT_HISTORY.rows(fresh(table), 3) != kept


def test_a_page_from_the_kept_rows_is_the_page_from_the_database() -> None:
    table, client = played_rounds()
    for language in ("en", "ru"):
        kept = without_csrf_tokens(text(client.get(page_url(table, language))))
        KEPT_HISTORY.clear()
        KEPT_DECISIONS.clear()
        read = without_csrf_tokens(text(client.get(page_url(table, language))))
        assert kept == read
        assert read.count('data-testid="round-mark"') == 3
        assert read.count('data-testid="round-decision"') == 1
        assert 'data-testid="flag"' in read


def kept_and_read(table: TableSession) -> tuple[list, list]:
    """The decisions of the round the table shows as kept, and as read afresh."""
    table = fresh(table)
    kept = KEPT_DECISIONS.get((str(table.public_id), table.version))
    assert kept is not None
    return list(kept), logged_decisions(table, [round_number_shown(table)])


def test_the_kept_decisions_are_the_decisions_read_afresh() -> None:
    # T,4 against 9 (8 in the hole): hit (2), hit (3): 19, stand: the dealer's 17 loses.
    table = TableSessionFactory()
    client = client_for(table)
    next_shoe(fresh(table), ROUNDS[0][0])
    post(client, table, "deal/", {"bet": "10"})
    post(client, table, "act/", {"action": "stand"})
    next_shoe(fresh(table), ["TS", "9D", "4C", "8H", "2S", "3C"])
    post(client, table, "deal/", {"bet": "10"})
    kept, read = kept_and_read(table)
    assert kept == read == []
    for taken, action in enumerate(["hit", "hit", "stand"], start=1):
        html = post(client, table, "act/", {"action": action})
        kept, read = kept_and_read(table)
        assert kept == read
        assert [d.action for d in kept] == ["hit", "hit", "stand"][:taken]
        assert [(d.pk, d.evs, d.hand, d.severity) for d in kept] == [
            (d.pk, d.evs, d.hand, d.severity) for d in read
        ]
        assert html.count('data-testid="round-decision"') == taken
    assert fresh(table).rounds_played == 2


def test_the_banker_games_kept_rows_are_the_rows_read_afresh() -> None:
    table = BankerTableSessionFactory()
    client = client_for(table)
    for number in range(1, 4):  # deals of the shuffled shoe, standing at once
        html = post(client, table, "deal/", {"bet": "10"})
        while action_buttons(html):
            html = post(client, table, "act/", {"action": "stand"})
        assert fresh(table).rounds_played == number
        with translation.override("en"):
            assert KEPT_HISTORY.rows(fresh(table), number) == fresh_rows(table, "en")


def test_a_kept_row_holds_its_line_as_rendered_once() -> None:
    # Each row's line of the list (``html``) is made with the row and kept with it: the
    # round's number, cards, the dealer's total, the mark linking to its decision and the net.
    table, client = played_rounds()
    html = text(client.get(page_url(table, "ru")))
    with translation.override("ru"):
        kept = KEPT_HISTORY.rows(fresh(table), 3)
    assert kept is not None
    for row in kept:
        assert row["html"] in html
        assert f"<td>{row['number']}</td>" in row["html"]
        assert f'href="{row["mark"]["url"]}"' in row["html"]
        assert f'<td class="{row["net_class"]}">{row["net_text"]}</td>' in row["html"]
    assert kept[0]["mark"]["url"].startswith("/ru/review/")
    assert [row["net_text"] for row in kept] == ["+10", "+20", "0"]


def test_the_banker_games_kept_lines_are_in_its_felt() -> None:
    table = BankerTableSessionFactory()
    client = client_for(table)
    html = post(client, table, "deal/", {"bet": "10"})
    while action_buttons(html):
        html = post(client, table, "act/", {"action": "stand"})
    with translation.override("en"):
        (row,) = KEPT_HISTORY.rows(fresh(table), 1)
    assert row["html"].strip().startswith("<tr><td>1</td>")
    assert row["html"] in html
