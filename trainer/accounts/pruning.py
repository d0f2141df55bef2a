"""What may be deleted of anonymous visitors who are gone (``manage.py prune_abandoned``).

A visitor id lives only in its Django session (``trainer/web/visitors.py``) or in an account.
So:

- kept, always: everything of a visitor id that an account names, and everything of a
  visitor id that a live (unexpired) session holds, except its empty tables (below); the
  rule sets and their stored analyses (shared, with public URLs) are no visitor's;
- **empty tables**: an anonymous table never dealt at (no round, no deal of the banker
  game, so no history) and idle for the period goes whoever holds it; its visitor, if
  still around, finds the empty table again and the first deal opens a new one;
- **abandoned visitors**: an anonymous visitor id held by no live session, none of whose
  rows changed in the period, can never be reached again: every row it owns goes (tables
  with their rounds, graded decisions and replays, drill sessions with their questions,
  drill answers, FSRS cards).

"Idle" reads each owned model's ``updated_at``, else ``last_review``, else ``created_at``.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.exceptions import FieldDoesNotExist
from django.db import models

from trainer.accounts.models import Account
from trainer.web.visitors import SESSION_KEY, UNUSED_HOOK, owned_models, unused_models

# Session stores whose live sessions can be read from the database.
DATABASE_SESSION_ENGINES = (
    "django.contrib.sessions.backends.db",
    "django.contrib.sessions.backends.cached_db",
)
ACTIVITY_FIELDS = ("updated_at", "last_review", "created_at")
BATCH = 500


def require_database_sessions() -> None:
    """Raises ValueError when the session store is not in the database (signed cookies, a
    cache): its live sessions cannot be listed, so abandoned visitors cannot be told from
    live ones and nothing may be pruned."""
    if settings.SESSION_ENGINE not in DATABASE_SESSION_ENGINES:
        raise ValueError(
            f"SESSION_ENGINE {settings.SESSION_ENGINE} keeps no list of live sessions in "
            "the database; abandoned visitors cannot be told from live ones."
        )


def live_visitors(now: datetime) -> set[uuid.UUID]:
    """The visitor ids held by sessions that have not expired at ``now``. Raises
    ValueError for a session store outside the database (``require_database_sessions``)."""
    require_database_sessions()
    visitors = set()
    for session in Session.objects.filter(expire_date__gte=now).iterator():
        value = session.get_decoded().get(SESSION_KEY)
        try:
            visitors.add(uuid.UUID(str(value)))
        except ValueError:
            continue
    return visitors


def activity_field(model: type[models.Model]) -> str | None:
    """The field that tells when a row of ``model`` was last active (ACTIVITY_FIELDS)."""
    for name in ACTIVITY_FIELDS:
        try:
            model._meta.get_field(name)
        except FieldDoesNotExist:
            continue
        return name
    return None


def empty_rows(model: type[models.Model], cutoff: datetime) -> models.QuerySet[Any]:
    """Anonymous rows of ``model`` made and never used (its ``unused_rows``: tables never
    dealt at) and idle since before ``cutoff``."""
    field = activity_field(model) or "pk"
    unused: models.QuerySet[Any] = getattr(model, UNUSED_HOOK)()
    return unused.filter(**{f"{field}__lt": cutoff}).exclude(
        visitor__in=Account.objects.values("visitor")
    )


def abandoned_visitors(cutoff: datetime, now: datetime) -> set[uuid.UUID]:
    """Anonymous visitor ids held by no session live at ``now``, none of whose rows has
    been active since ``cutoff``."""
    owners: set[uuid.UUID] = set()
    active: set[uuid.UUID] = set()
    for model in owned_models():
        rows = model._default_manager.all()
        owners.update(rows.values_list("visitor", flat=True).distinct())
        field = activity_field(model)
        if field is not None:
            recent = rows.filter(**{f"{field}__gte": cutoff})
            active.update(recent.values_list("visitor", flat=True).distinct())
    accounts = set(Account.objects.values_list("visitor", flat=True))
    return owners - active - accounts - live_visitors(now)


def _batches(items: Iterable[Any]) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def prune(cutoff: datetime, now: datetime) -> tuple[int, int, Counter[str]]:
    """Delete the empty anonymous tables idle since ``cutoff`` and every row of the
    visitors abandoned at ``now`` (module docstring). Returns (empty tables, abandoned
    visitors, rows deleted per model label, cascades included). Run it in a transaction."""
    deleted: Counter[str] = Counter()
    empty = 0
    for model in unused_models():
        unused = list(empty_rows(model, cutoff).values_list("pk", flat=True))
        empty += len(unused)
        for batch in _batches(unused):
            deleted.update(model._default_manager.filter(pk__in=batch).delete()[1])
    gone = abandoned_visitors(cutoff, now)
    for batch in _batches(sorted(gone)):
        for model in owned_models():
            deleted.update(model._default_manager.filter(visitor__in=batch).delete()[1])
    return empty, len(gone), +deleted
