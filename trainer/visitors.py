"""Who is asking: the visitor id that owns tables, drills and graded decisions, and the
person's grading standard.

Everything a person makes is owned by a visitor id (a UUID kept in the Django session, made
on first need), so the site works without an account. Models that belong to a person have a
``visitor`` UUIDField; ``merge_visitor`` moves every such row from one id to another (what
logging in does with the anonymous history).
"""

from __future__ import annotations

import uuid

from django.apps import apps
from django.db import models, transaction
from django.http import HttpRequest

SESSION_KEY = "visitor"
STANDARD_KEY = "grading_standard"
STANDARDS = ("exact", "chart")
DEFAULT_STANDARD = "exact"


def visitor_id(request: HttpRequest, *, create: bool = True) -> uuid.UUID | None:
    """The visitor id of this request's session; a new one is made and kept when ``create``
    (else None when the session has none)."""
    value = request.session.get(SESSION_KEY)
    if value is None:
        if not create:
            return None
        value = str(uuid.uuid4())
        request.session[SESSION_KEY] = value
    return uuid.UUID(value)


def owned_models() -> list[type[models.Model]]:
    """Every installed model with a ``visitor`` UUIDField (the person's data)."""
    found = []
    for model in apps.get_models():
        try:
            field = model._meta.get_field("visitor")
        except Exception:  # FieldDoesNotExist
            continue
        if isinstance(field, models.UUIDField):
            found.append(model)
    return found


def merge_visitor(old: uuid.UUID, new: uuid.UUID) -> int:
    """Give every row owned by ``old`` to ``new`` in one transaction; returns the number of
    rows moved. Nothing is copied, so nothing is duplicated; merging an id into itself
    moves nothing."""
    if old == new:
        return 0
    moved = 0
    with transaction.atomic():
        for model in owned_models():
            moved += model._default_manager.filter(visitor=old).update(visitor=new)
    return moved


def grading_standard(request: HttpRequest) -> str:
    """The person's grading standard: "exact" (the composition-dependent best play of the
    hand) or "chart" (the variant's total-dependent basic strategy). Kept in the session;
    the table and the drills share it."""
    value = request.session.get(STANDARD_KEY, DEFAULT_STANDARD)
    return value if value in STANDARDS else DEFAULT_STANDARD
