"""People for the accounts tests: users with accounts, browsers (test clients) holding a
visitor id, real history rows of a visitor, and a snapshot of every row a visitor owns."""

from __future__ import annotations

import uuid
from collections import defaultdict

from django.contrib.auth import get_user_model
from django.test import Client

from game.table.models import TableSession
from tests.factories import RoundRecordFactory, TableSessionFactory
from trainer.accounts.models import Account
from trainer.review.models import GradedDecision
from trainer.web.visitors import owned_models

PASSWORD = "Tr1cky-pass-99"


def make_user(username: str, *, visitor: uuid.UUID | None = None, email: str = ""):
    """A user with an account whose visitor id is ``visitor`` (a new one by default)."""
    user = get_user_model().objects.create_user(username, email=email, password=PASSWORD)
    Account.objects.create(user=user, visitor=visitor or uuid.uuid4())
    return user


def browser(visitor: uuid.UUID | None = None, **kwargs) -> Client:
    """A test client (one browser) whose session holds ``visitor``, if given."""
    client = Client(**kwargs)
    if visitor is not None:
        session = client.session
        session["visitor"] = str(visitor)
        session.save()
    return client


def session_visitor(client: Client) -> uuid.UUID | None:
    value = client.session.get("visitor")
    return uuid.UUID(value) if value else None


def log_in(client: Client, username: str, password: str = PASSWORD, lang: str = "en", **extra):
    """Log in through the real log-in view."""
    return client.post(
        f"/{lang}/accounts/login/", {"username": username, "password": password, **extra}
    )


def decision(visitor: uuid.UUID, table: TableSession | None = None) -> GradedDecision:
    """A graded decision of ``visitor``: at ``table``, or a drill answer without one (a
    16 against a ten, stood instead of hit)."""
    return GradedDecision.objects.create(
        source="table" if table else "drill",
        table=table,
        drill_session=None if table else uuid.uuid4(),
        visitor=visitor,
        round_number=1,
        rules_id="abcdefghij",
        variant="european",
        hand=["TS", "6D"],
        upcard="TC",
        action="stand",
        best_action="hit",
        evs={"hit": -0.535, "stand": -0.540},
        loss=0.005,
        severity="close",
    )


def history(visitor: uuid.UUID, *, open_table: bool = True) -> TableSession:
    """Real rows of a visitor: an ended table with a settled round and a decision, a table
    that was played (open unless ``open_table`` is False) with a decision, and a drill
    answer. Returns the played table."""
    ended = TableSessionFactory(visitor=visitor, version=3, rounds_played=1)
    TableSession.objects.filter(pk=ended.pk).update(ended_at=ended.created_at)
    RoundRecordFactory(table=ended, number=1)
    decision(visitor, ended)
    played = TableSessionFactory(visitor=visitor, version=2, bankroll=975)
    if not open_table:
        TableSession.objects.filter(pk=played.pk).update(ended_at=played.created_at)
    decision(visitor, played)
    decision(visitor)
    return played


def owned(visitor: uuid.UUID) -> dict[str, set[int]]:
    """The ids of every row ``visitor`` owns, per model (every model with a visitor field,
    whoever wrote it)."""
    rows: dict[str, set[int]] = defaultdict(set)
    for model in owned_models():
        for pk in model._default_manager.filter(visitor=visitor).values_list("pk", flat=True):
            rows[model._meta.label].add(pk)
    return dict(rows)


def all_rows() -> dict[str, int]:
    """How many rows every visitor-owned model holds in all."""
    return {model._meta.label: model._default_manager.count() for model in owned_models()}


def union(*snapshots: dict[str, set[int]]) -> dict[str, set[int]]:
    merged: dict[str, set[int]] = defaultdict(set)
    for snapshot in snapshots:
        for label, ids in snapshot.items():
            merged[label] |= ids
    return dict(merged)
