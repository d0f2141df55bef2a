"""A person sees only their own tables: every table URL (game/table/urls.py) answers 404 to
another logged-in person and to an anonymous visitor, and their requests change nothing.
Three people: Ana and Boris with accounts (logged in), and Vera without one."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from game.table.models import TableSession
from tests.accounts.people import browser, log_in, make_user
from tests.factories import TableSessionFactory
from tests.helpers import HX

pytestmark = pytest.mark.django_db

# Player T,9 against the dealer's 6 and Q, who then draws a ten and busts.
SHOE = ["TS", "6D", "9C", "QH", "TD"]


@pytest.fixture
def people() -> dict[str, tuple[Client, TableSession]]:
    """Each person's browser and open table (Ana's with a round in play)."""
    found = {}
    for name in ("ana", "boris"):
        user = make_user(name)
        client = browser()
        log_in(client, name)
        found[name] = (client, TableSessionFactory(visitor=user.account.visitor, stacked=SHOE))
    vera = uuid.uuid4()
    found["vera"] = (browser(vera), TableSessionFactory(visitor=vera, stacked=SHOE))
    ana_client, ana_table = found["ana"]
    assert (
        ana_client.post(
            f"/en/table/{ana_table.public_id}/deal/", {"bet": "10", "version": "0"}, headers=HX
        ).status_code
        == 200
    )
    return found


def state(table: TableSession) -> tuple:
    t = TableSession.objects.get(pk=table.pk)
    return (t.visitor, t.version, t.bankroll, t.state, t.ended_at)


def requests_on(table: TableSession, version: int):
    """Every request a table URL answers: the page (plain and HTMX), deal and act."""
    base = f"/en/table/{table.public_id}/"
    return [
        ("get", base, {}, {}),
        ("get", base, {}, HX),
        ("post", base + "deal/", {"bet": "10", "version": str(version)}, HX),
        ("post", base + "deal/", {"bet": "10", "version": str(version)}, {}),
        ("post", base + "act/", {"action": "stand", "version": str(version)}, HX),
        ("post", base + "act/", {"action": "hit", "version": str(version)}, {}),
    ]


@pytest.mark.parametrize("owner", ["ana", "boris", "vera"])
def test_another_person_s_table_answers_404_and_stays_as_it_was(people, owner) -> None:
    _client, table = people[owner]
    before = state(table)
    strangers = [people[name][0] for name in people if name != owner] + [Client()]
    for stranger in strangers:
        for method, url, data, headers in requests_on(table, before[1]):
            response = getattr(stranger, method)(url, data, headers=headers)
            assert response.status_code == 404, (owner, method, url)
    assert state(table) == before


@pytest.mark.parametrize("owner", ["ana", "boris", "vera"])
def test_the_owner_reaches_their_own_table(people, owner) -> None:
    client, table = people[owner]
    assert client.get(f"/en/table/{table.public_id}/").status_code == 200
    assert client.get("/en/table/")["Location"] == f"/en/table/{table.public_id}/"


def test_the_owner_s_action_goes_through(people) -> None:
    client, table = people["ana"]
    version = TableSession.objects.get(pk=table.pk).version

    response = client.post(
        f"/en/table/{table.public_id}/act/", {"action": "stand", "version": version}, headers=HX
    )

    assert response.status_code == 200
    after = TableSession.objects.get(pk=table.pk)
    assert after.version == version + 1 and after.bankroll == 1010  # the dealer busted


def test_a_new_session_ends_only_the_person_s_own_tables(people) -> None:
    boris, boris_table = people["boris"]
    others = {name: state(people[name][1]) for name in ("ana", "vera")}

    response = boris.post("/en/table/new/", {"variant": "croatian"})

    assert response.status_code == 302
    assert TableSession.objects.get(pk=boris_table.pk).ended_at is not None
    assert {name: state(people[name][1]) for name in others} == others
    new_table = TableSession.objects.get(visitor=boris_table.visitor, ended_at__isnull=True)
    assert response["Location"] == f"/en/table/{new_table.public_id}/"


def test_after_logging_out_the_account_s_table_is_out_of_reach(people) -> None:
    client, table = people["ana"]
    client.post("/en/accounts/logout/")

    assert client.get(f"/en/table/{table.public_id}/").status_code == 404
    assert client.get("/en/table/").status_code == 200  # the empty table, not Ana's
