"""Issue 14: the database queries of one table request are bounded, whatever the table's
history: every action of both games (deal, hit, stand, double, split, insurance, surrender;
the banker game's deal, draw and stand) and the table page, each after a few settled rounds
(the recent rounds list and their decisions are read once, not once a round).

The limits are what each request needs: the session, the table (read once: the change
goes on from the row as read, its compare-and-set refusing a change made meanwhile, and the
row is not read again after it), the change itself (the update, the settled round's record,
the graded decision, in one transaction), the recent rounds and their decisions; the full
page adds the header's due count. The recent rounds' rows and the decisions of the round
shown are kept per process from the request before (``presenters.KEPT_HISTORY``,
``KEPT_DECISIONS``: a settled round's row never changes, a change adds what it logged), so
only a table this process has not answered yet reads them. ``scripts/bench_web.py`` times
them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from game.table.models import TableSession
from game.table.presenters import KEPT_HISTORY
from tests.factories import BankerTableSessionFactory, TableSessionFactory, banker_stack, next_shoe
from tests.helpers import HX, client_for
from tests.table.pages import action_buttons, fresh, page_url, text

pytestmark = pytest.mark.django_db

# Session, table read, BEGIN, the update, COMMIT (the recent rounds' rows and the decisions
# of the round shown kept from the request before, and what the change wrote).
CHANGE = 5
# ...and, on a table this process has not answered yet, the recent rounds and their decisions.
COLD = CHANGE + 2
# ...and a settled round's record and a graded decision (the settled round's row made from
# the record as written).
SETTLED_AND_GRADED = CHANGE + 2
# The full page: the session, the table, the due count.
PAGE = 3

# A round to fill the history: T,7 against 9 (8 in the hole): stand, the dealer's 17 pushes.
FILLER = ["TS", "9D", "7C", "8H"]


def post(client: Client, table: TableSession, path: str, data: dict[str, Any]) -> str:
    """An HTMX post to the table's ``path`` ("deal/", "act/"); the version is read first."""
    data = {**data, "version": fresh(table).version}
    return _send(client, f"{page_url(table)}{path}", data)


def _send(client: Client, url: str, data: dict[str, Any]) -> str:
    response = client.post(url, data, headers=HX)
    assert response.status_code == 200
    return text(response)


def played(table: TableSession, rounds: int) -> Client:
    """A client of the table's visitor after ``rounds`` settled rounds, each with a graded
    stand (the history list and its marks have something to read)."""
    client = client_for(table)
    for _ in range(rounds):
        next_shoe(fresh(table), FILLER)
        html = post(client, table, "deal/", {"bet": "10"})
        while buttons := action_buttons(html):
            # A surrender offered first (Croatian) is declined, then the hand stands.
            action = "no_surrender" if "no_surrender" in buttons else "stand"
            html = post(client, table, "act/", {"action": action})
    assert fresh(table).rounds_played == rounds
    return client


def measured(
    django_assert_max_num_queries: Any,
    limit: int,
    client: Client,
    table: TableSession,
    path: str,
    data: dict[str, Any],
) -> str:
    """The post, its version read before the queries are counted."""
    url = f"{page_url(table)}{path}"
    data = {**data, "version": fresh(table).version}
    with django_assert_max_num_queries(limit):
        return _send(client, url, data)


@pytest.mark.parametrize("history", [0, 3])
def test_deal(django_assert_max_num_queries, history) -> None:
    table = TableSessionFactory()
    client = played(table, history)
    next_shoe(fresh(table), ["TS", "9D", "6C", "8H"])
    # Without a round played no request came before: the recent rounds are read.
    limit = CHANGE if history else COLD
    html = measured(django_assert_max_num_queries, limit, client, table, "deal/", {"bet": "10"})
    assert action_buttons(html) == ["hit", "stand", "double"]


@pytest.mark.parametrize("history", [0, 3])
def test_hit_and_stand(django_assert_max_num_queries, history) -> None:
    table = TableSessionFactory()
    client = played(table, history)
    next_shoe(fresh(table), ["TS", "9D", "4C", "8H", "2S"])
    post(client, table, "deal/", {"bet": "10"})
    # A hit that leaves the hand in play: graded, nothing settled.
    html = measured(
        django_assert_max_num_queries, CHANGE + 1, client, table, "act/", {"action": "hit"}
    )
    assert action_buttons(html) == ["hit", "stand"]
    html = measured(
        django_assert_max_num_queries,
        SETTLED_AND_GRADED,
        client,
        table,
        "act/",
        {"action": "stand"},
    )
    assert action_buttons(html) == []
    assert fresh(table).rounds_played == history + 1


def test_double(django_assert_max_num_queries) -> None:
    table = TableSessionFactory()
    client = played(table, 2)
    next_shoe(fresh(table), ["6S", "9D", "5C", "8H", "TS"])
    post(client, table, "deal/", {"bet": "10"})
    html = measured(
        django_assert_max_num_queries,
        SETTLED_AND_GRADED,
        client,
        table,
        "act/",
        {"action": "double"},
    )
    assert action_buttons(html) == []
    assert fresh(table).bankroll == 1020


def test_split(django_assert_max_num_queries) -> None:
    table = TableSessionFactory()
    client = played(table, 2)
    next_shoe(fresh(table), ["8S", "6D", "8C", "TH", "3S", "2C"])
    post(client, table, "deal/", {"bet": "10"})
    html = measured(
        django_assert_max_num_queries, CHANGE + 1, client, table, "act/", {"action": "split"}
    )
    assert "hit" in action_buttons(html)
    assert len(fresh(table).game.round.hands) == 2


def test_insurance(django_assert_max_num_queries) -> None:
    # Russian: T,6 against the dealer's ace, a king in the hole: insured, the round settles.
    table = TableSessionFactory(variant="russian")
    client = played(table, 2)
    next_shoe(fresh(table), ["TS", "AD", "6C", "KH"])
    html = post(client, table, "deal/", {"bet": "10"})
    assert action_buttons(html) == ["insurance", "no_insurance"]
    html = measured(
        django_assert_max_num_queries,
        SETTLED_AND_GRADED,
        client,
        table,
        "act/",
        {"action": "insurance"},
    )
    assert action_buttons(html) == []


def test_surrender(django_assert_max_num_queries) -> None:
    # Croatian (early surrender): T,6 against 9; surrendered, the round settles.
    table = TableSessionFactory(variant="croatian")
    client = played(table, 2)
    next_shoe(fresh(table), ["TS", "9D", "6C", "8H"])
    html = post(client, table, "deal/", {"bet": "10"})
    assert action_buttons(html) == ["surrender", "no_surrender"]
    html = measured(
        django_assert_max_num_queries,
        SETTLED_AND_GRADED,
        client,
        table,
        "act/",
        {"action": "surrender"},
    )
    assert action_buttons(html) == []
    assert fresh(table).bankroll == 995


# The banker game: the person punts at seat 2 (index 1) against the bank at seat 1.
PUNTER_DEAL = banker_stack(3, {1: ["5H", "7C"], 2: ["TD", "8S"], 0: ["QH", "6D"]}, ["4S", "9H"])


def test_banker_game_deal_draw_and_stand(django_assert_max_num_queries) -> None:
    table = BankerTableSessionFactory(stacked=PUNTER_DEAL)
    client = client_for(table)
    html = measured(django_assert_max_num_queries, COLD, client, table, "deal/", {"bet": "25"})
    assert action_buttons(html) == ["draw", "stand"]
    html = measured(
        django_assert_max_num_queries, CHANGE + 1, client, table, "act/", {"action": "draw"}
    )
    assert action_buttons(html) == ["draw", "stand"]
    html = measured(
        django_assert_max_num_queries,
        SETTLED_AND_GRADED,
        client,
        table,
        "act/",
        {"action": "stand"},
    )
    assert action_buttons(html) == []
    assert fresh(table).rounds_played == 1


def test_banker_game_after_some_deals(django_assert_max_num_queries) -> None:
    table = BankerTableSessionFactory()
    client = client_for(table)
    for _ in range(3):  # deals of the shuffled shoe, standing at once
        html = post(client, table, "deal/", {"bet": "10"})
        while action_buttons(html):
            html = post(client, table, "act/", {"action": "stand"})
    assert fresh(table).rounds_played == 3
    html = measured(
        django_assert_max_num_queries, CHANGE + 1, client, table, "deal/", {"bet": "10"}
    )
    assert 'data-testid="bankroll"' in html


@pytest.mark.parametrize("history", [0, 3])
def test_table_page(django_assert_max_num_queries, history) -> None:
    table = TableSessionFactory()
    client = played(table, history)
    next_shoe(fresh(table), ["TS", "9D", "6C", "8H"])
    post(client, table, "deal/", {"bet": "10"})
    with django_assert_max_num_queries(PAGE):
        response = client.get(page_url(table))
    assert response.status_code == 200
    assert action_buttons(text(response)) == ["hit", "stand", "double"]
    # The felt alone, as HTMX reloads it: no header, no due count.
    with django_assert_max_num_queries(PAGE - 1):
        response = client.get(page_url(table), headers=HX)
    assert re.search(r'id="table-felt"', text(response))


def test_a_table_this_process_has_not_answered_reads_its_recent_rounds(
    django_assert_max_num_queries,
) -> None:
    table = TableSessionFactory()
    client = played(table, 3)
    KEPT_HISTORY.clear()  # as in another process, or once the rows were forgotten
    next_shoe(fresh(table), ["TS", "9D", "4C", "8H", "2S"])
    html = measured(django_assert_max_num_queries, COLD, client, table, "deal/", {"bet": "10"})
    assert action_buttons(html) == ["hit", "stand", "double"]
    assert len(re.findall(r"<tr><td>\d+</td>", html)) == 3
    # Kept again: the next change reads no round.
    html = measured(
        django_assert_max_num_queries, CHANGE + 1, client, table, "act/", {"action": "hit"}
    )
    assert len(re.findall(r"<tr><td>\d+</td>", html)) == 3
