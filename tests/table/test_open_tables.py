"""One open table per visitor, kept by the database (``one_open_table_per_visitor``, a
partial unique constraint), not by a check before an insert: two New session posts at once
leave one open table, and both are sent to it."""

from __future__ import annotations

import threading
import uuid
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import IntegrityError, connection, connections, transaction
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.utils import timezone

from game.table.models import TableSession
from tests.factories import TableSessionFactory

BEFORE = [("game", "0007_strategy_result")]
AFTER = [("game", "0008_one_open_table_per_visitor")]


@pytest.mark.django_db
def test_a_second_open_table_of_a_visitor_is_refused_by_the_database() -> None:
    visitor = uuid.uuid4()
    TableSession.objects.create(visitor=visitor)
    with pytest.raises(IntegrityError), transaction.atomic():
        TableSession.objects.create(visitor=visitor, variant="croatian")
    # Ended tables do not count, nor do other visitors' open tables.
    TableSession.objects.create(visitor=visitor, ended_at=timezone.now())
    TableSession.objects.create(visitor=uuid.uuid4())
    assert TableSession.objects.filter(visitor=visitor, ended_at__isnull=True).count() == 1
    assert TableSession.objects.count() == 3


@pytest.mark.django_db
def test_new_session_ends_the_open_table_and_opens_one() -> None:
    old = TableSessionFactory(version=3)
    client = Client()
    session = client.session
    session["visitor"] = str(old.visitor)
    session.save()

    response = client.post("/en/table/new/", {"variant": "croatian", "ai_seats": "2"})

    new = TableSession.objects.get(visitor=old.visitor, ended_at__isnull=True)
    assert response.url == f"/en/table/{new.public_id}/"
    assert (new.variant, new.seat_count, new.bankroll) == ("croatian", 3, Decimal(1000))
    old.refresh_from_db()
    assert old.ended_at is not None and old.version == 4


def _post_at_once(cookie: str, posts: int) -> list:
    """``posts`` New session posts of one browser (the session cookie), each in its own
    thread with its own database connection, made to insert their tables at the same
    moment: every thread waits at a barrier just before its INSERT, inside its
    transaction, so both have already ended the open tables they saw."""
    barrier = threading.Barrier(posts)
    original_save = TableSession.save

    def save_after_the_others(self, *args, **kwargs):
        if self._state.adding:
            barrier.wait(timeout=60)  # a safety net against a hang, not a timing
        return original_save(self, *args, **kwargs)

    responses: list = [None] * posts

    def post(index: int) -> None:
        client = Client()
        client.cookies["sessionid"] = cookie
        try:
            responses[index] = client.post("/en/table/new/", {"variant": "russian"})
        finally:
            connections.close_all()

    TableSession.save = save_after_the_others
    try:
        threads = [threading.Thread(target=post, args=(i,)) for i in range(posts)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        TableSession.save = original_save
    return responses


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite takes the write lock at BEGIN (IMMEDIATE): its writers never overlap",
)
@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_new_sessions_leave_one_open_table() -> None:
    visitor = uuid.uuid4()
    played = TableSessionFactory(visitor=visitor, version=7, ended_at=timezone.now())
    client = Client()
    session = client.session
    session["visitor"] = str(visitor)
    session.save()

    responses = _post_at_once(client.cookies["sessionid"].value, 2)

    open_tables = TableSession.objects.filter(visitor=visitor, ended_at__isnull=True)
    assert open_tables.count() == 1
    table = open_tables.get()
    assert table.variant == "russian"
    assert [r.status_code for r in responses] == [302, 302]
    assert {r.url for r in responses} == {f"/en/table/{table.public_id}/"}
    assert TableSession.objects.filter(visitor=visitor).count() == 2  # and the ended one
    assert TableSession.objects.get(pk=played.pk).version == 7


@pytest.mark.django_db(transaction=True)
def test_the_migration_ends_extra_open_tables_before_adding_the_constraint() -> None:
    """Databases from before the constraint may hold visitors with several open tables:
    the newest dealt at stays open (else the newest), the others are ended, none deleted."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old_apps = executor.loader.project_state(BEFORE).apps
    Table = old_apps.get_model("game", "TableSession")
    visitor, untouched_only, alone = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    now = timezone.now()

    def table(owner, version, minutes_ago):
        row = Table.objects.create(visitor=owner, version=version)
        Table.objects.filter(pk=row.pk).update(created_at=now - timedelta(minutes=minutes_ago))
        return row.pk

    played_older = table(visitor, 5, 30)
    played_newer = table(visitor, 2, 20)
    untouched_newest = table(visitor, 0, 10)
    first_untouched = table(untouched_only, 0, 20)
    last_untouched = table(untouched_only, 0, 10)
    only = table(alone, 4, 10)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)

    open_ids = set(TableSession.objects.filter(ended_at__isnull=True).values_list("pk", flat=True))
    assert open_ids == {played_newer, last_untouched, only}
    versions = dict(TableSession.objects.values_list("pk", "version"))
    assert (versions[played_older], versions[untouched_newest], versions[first_untouched]) == (
        6,
        1,
        1,
    )
    assert TableSession.objects.count() == 6
