"""The anonymous history goes with the person into their account: signing up keeps the
session's visitor id, logging in merges it into the account's, logging out starts afresh.
Checked on real rows (tables, settled rounds, table and drill decisions, and every other
model with a visitor field) by their ids: nothing lost, nothing duplicated, nothing moved
twice."""

from __future__ import annotations

import re
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.db import models
from django.test.utils import isolate_apps

from game.table.models import RoundRecord, TableSession
from tests.accounts.people import (
    PASSWORD,
    all_rows,
    browser,
    decision,
    history,
    log_in,
    make_user,
    owned,
    session_visitor,
    union,
)
from tests.factories import TableSessionFactory
from trainer.accounts.models import Account
from trainer.review.models import GradedDecision
from trainer.web.visitors import (
    check_visitor_models,
    merge_visitor,
    owned_models,
    visitor_model_errors,
)

pytestmark = pytest.mark.django_db


def table_of(response) -> str:
    """The table id a redirect to a table page points at."""
    match = re.fullmatch(r"/en/table/([0-9a-f-]{36})/", response["Location"])
    assert match, response["Location"]
    return match.group(1)


def test_the_person_s_models_are_the_ones_with_a_visitor_field() -> None:
    labels = {m._meta.label for m in owned_models()}
    assert {"game.TableSession", "review.GradedDecision", "game.Replay"} <= labels
    assert "accounts.Account" not in labels  # its visitor id names the person


def test_sign_up_gives_the_account_the_session_s_visitor_and_its_history() -> None:
    anonymous = uuid.uuid4()
    played = history(anonymous)
    before, totals = owned(anonymous), all_rows()
    client = browser(anonymous)

    response = client.post(
        "/en/accounts/signup/",
        {"username": "ana", "password1": PASSWORD, "password2": PASSWORD},
    )

    assert response.status_code == 302 and response["Location"] == "/en/table/"
    account = Account.objects.get(user__username="ana")
    assert account.visitor == anonymous
    assert owned(anonymous) == before and all_rows() == totals
    assert session_visitor(client) == anonymous
    assert table_of(client.get("/en/table/")) == str(played.public_id)


def test_log_in_merges_the_anonymous_rows_into_the_account_without_loss_or_duplication() -> None:
    user = make_user("ana")
    account_visitor = user.account.visitor
    history(account_visitor, open_table=False)
    anonymous = uuid.uuid4()
    anonymous_table = history(anonymous)
    mine, theirs, totals = owned(account_visitor), owned(anonymous), all_rows()
    assert mine["game.TableSession"] and theirs["review.GradedDecision"]
    rounds = set(RoundRecord.objects.values_list("pk", flat=True))
    client = browser(anonymous)

    response = log_in(client, "ana")

    assert response.status_code == 302 and response["Location"] == "/en/table/"
    assert owned(account_visitor) == union(mine, theirs)
    assert owned(anonymous) == {}
    assert all_rows() == totals
    assert set(RoundRecord.objects.values_list("pk", flat=True)) == rounds
    # A table decision follows its table: same owner on both.
    for d in GradedDecision.objects.filter(table__isnull=False):
        assert d.visitor == d.table.visitor == account_visitor
    assert session_visitor(client) == account_visitor
    assert table_of(client.get("/en/table/")) == str(anonymous_table.public_id)


def test_logging_in_again_moves_nothing() -> None:
    user = make_user("ana")
    anonymous = uuid.uuid4()
    history(anonymous)
    client = browser(anonymous)
    log_in(client, "ana")
    after_first = owned(user.account.visitor)

    assert log_in(client, "ana").status_code == 302  # the same person, same session
    assert owned(user.account.visitor) == after_first
    assert merge_visitor(anonymous, user.account.visitor) == 0  # nothing left to move
    assert owned(user.account.visitor) == after_first


def test_a_second_browser_sees_the_account_s_data_and_brings_its_own() -> None:
    user = make_user("ana")
    account_visitor = user.account.visitor
    first = browser(uuid.uuid4())
    table = history(session_visitor(first))
    log_in(first, "ana")
    second_anonymous = uuid.uuid4()
    drill_answer = decision(second_anonymous)
    second = browser(second_anonymous)

    log_in(second, "ana")

    assert session_visitor(first) == session_visitor(second) == account_visitor
    assert GradedDecision.objects.get(pk=drill_answer.pk).visitor == account_visitor
    for client in (first, second):
        assert client.get(f"/en/table/{table.public_id}/").status_code == 200
        assert table_of(client.get("/en/table/")) == str(table.public_id)


def test_an_untouched_anonymous_table_gives_way_to_the_account_s_table() -> None:
    """A table opened anonymously (New session) and never dealt at must not hide the
    account's played table after logging in: only one table stays open, the played one.
    The untouched one is ended, not deleted."""
    user = make_user("ana")
    played = TableSessionFactory(visitor=user.account.visitor, version=4, bankroll=1040)
    client = browser()
    empty_id = table_of(client.post("/en/table/new/"))
    totals = all_rows()

    log_in(client, "ana")

    empty = TableSession.objects.get(public_id=empty_id)
    assert empty.visitor == user.account.visitor
    assert empty.ended_at is not None and empty.version == 1
    assert all_rows() == totals
    assert table_of(client.get("/en/table/")) == str(played.public_id)


def test_of_two_played_open_tables_the_newest_stays_open() -> None:
    """One open table per visitor (a database constraint): merging two visitors that each
    have a played open table ends the older one (kept, version bumped); both stay
    readable by their URL."""
    user = make_user("ana")
    older = TableSessionFactory(visitor=user.account.visitor, version=5, bankroll=950)
    anonymous = uuid.uuid4()
    newer = TableSessionFactory(visitor=anonymous, version=2, bankroll=1010)
    client = browser(anonymous)

    log_in(client, "ana")

    open_tables = TableSession.objects.filter(visitor=user.account.visitor, ended_at__isnull=True)
    assert list(open_tables.values_list("pk", flat=True)) == [newer.pk]
    ended = TableSession.objects.get(pk=older.pk)
    assert (ended.visitor, ended.version, ended.bankroll) == (user.account.visitor, 6, 950)
    assert ended.ended_at is not None
    assert table_of(client.get("/en/table/")) == str(newer.public_id)
    assert client.get(f"/en/table/{older.public_id}/").status_code == 200


def test_merging_two_untouched_open_tables_keeps_the_newest_open() -> None:
    old_visitor, new_visitor = uuid.uuid4(), uuid.uuid4()
    first = TableSessionFactory(visitor=old_visitor)
    second = TableSessionFactory(visitor=new_visitor)

    assert TableSession.merge_visitor_rows(old_visitor, new_visitor) == 1

    assert TableSession.objects.get(pk=first.pk).ended_at is not None
    assert TableSession.objects.get(pk=second.pk).ended_at is None
    assert TableSession.merge_visitor_rows(old_visitor, new_visitor) == 0


def test_another_account_s_visitor_in_the_session_is_never_merged() -> None:
    ana = make_user("ana")
    history(ana.account.visitor)
    ana_rows = owned(ana.account.visitor)
    make_user("boris")
    # A session that still names Ana's id but is not logged in (not reachable through the
    # site, which flushes the session on log-out): Boris logging in must not take her rows.
    client = browser(ana.account.visitor)

    log_in(client, "boris")

    boris = Account.objects.get(user__username="boris")
    assert owned(ana.account.visitor) == ana_rows
    assert owned(boris.visitor) == {}
    assert session_visitor(client) == boris.visitor


def test_logging_in_as_someone_else_keeps_both_histories_apart() -> None:
    ana, boris = make_user("ana"), make_user("boris")
    history(ana.account.visitor)
    history(boris.account.visitor)
    ana_rows, boris_rows = owned(ana.account.visitor), owned(boris.account.visitor)
    client = browser()
    log_in(client, "ana")

    log_in(client, "boris")  # without logging out: Django flushes Ana's session first

    assert owned(ana.account.visitor) == ana_rows
    assert owned(boris.account.visitor) == boris_rows
    assert session_visitor(client) == boris.account.visitor


def test_a_wrong_password_moves_nothing_and_logs_nobody_in() -> None:
    make_user("ana")
    anonymous = uuid.uuid4()
    history(anonymous)
    before = owned(anonymous)
    client = browser(anonymous)

    response = log_in(client, "ana", password="not-the-password")

    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    assert owned(anonymous) == before
    assert session_visitor(client) == anonymous


def test_a_user_without_an_account_gets_one_that_keeps_the_session_s_history() -> None:
    get_user_model().objects.create_user("carla", password=PASSWORD)  # e.g. createsuperuser
    anonymous = uuid.uuid4()
    history(anonymous)
    before = owned(anonymous)
    client = browser(anonymous)

    log_in(client, "carla")

    assert Account.objects.get(user__username="carla").visitor == anonymous
    assert owned(anonymous) == before


def test_log_out_starts_a_fresh_anonymous_visitor() -> None:
    user = make_user("ana")
    table = history(user.account.visitor)
    client = browser()
    log_in(client, "ana")

    response = client.post("/en/accounts/logout/")

    assert response.status_code == 302 and response["Location"] == "/en/accounts/login/"
    assert session_visitor(client) is None
    assert client.get(f"/en/table/{table.public_id}/").status_code == 404
    assert client.get("/en/table/").status_code == 200  # the empty table, nothing written
    assert session_visitor(client) is None
    fresh = table_of(client.post("/en/table/new/"))
    assert fresh != str(table.public_id)
    assert session_visitor(client) not in {None, user.account.visitor}
    # Logging in again: the fresh, untouched table gives way to the account's.
    log_in(client, "ana")
    assert table_of(client.get("/en/table/")) == str(table.public_id)


def test_a_logged_in_session_always_carries_the_account_s_visitor() -> None:
    user = make_user("ana")
    table = history(user.account.visitor)
    client = browser()
    log_in(client, "ana")
    session = client.session
    session["visitor"] = str(uuid.uuid4())  # drifted somehow
    session.save()

    assert client.get(f"/en/table/{table.public_id}/").status_code == 200
    assert session_visitor(client) == user.account.visitor


def test_a_model_may_merge_its_own_rows(monkeypatch) -> None:
    calls = []

    def merge_rows(cls, old, new):
        calls.append((old, new))
        return cls.objects.filter(visitor=old).update(visitor=new)

    monkeypatch.setattr(
        GradedDecision, "merge_visitor_rows", classmethod(merge_rows), raising=False
    )
    old, new = uuid.uuid4(), uuid.uuid4()
    history(old)
    before = owned(old)

    moved = merge_visitor(old, new)

    assert calls == [(old, new)]
    assert moved == sum(len(ids) for ids in before.values())
    assert owned(new) == before


def test_the_system_check_finds_no_model_that_could_collide() -> None:
    assert check_visitor_models() == []


@isolate_apps("trainer.accounts")
def test_the_system_check_asks_for_a_merge_hook_where_rows_could_collide() -> None:
    class Card(models.Model):
        visitor = models.UUIDField()
        situation = models.CharField(max_length=20)

        class Meta:
            app_label = "accounts"
            constraints = [
                models.UniqueConstraint(fields=["visitor", "situation"], name="one_card")
            ]

        def __str__(self) -> str:
            return self.situation

    class MergingCard(Card):
        class Meta:
            app_label = "accounts"

        def __str__(self) -> str:
            return self.situation

        @classmethod
        def merge_visitor_rows(cls, old, new) -> int:
            return 0

    errors = visitor_model_errors([Card, MergingCard])

    assert [(e.id, e.obj) for e in errors] == [("visitors.E001", Card)]
