"""Who is asking: the visitor id that owns tables, drills and graded decisions, and the
person's grading standard.

Everything a person makes is owned by a visitor id (a UUID kept in the Django session, made
on first need), so the site works without an account. A logged-in person's visitor id is
their account's (``trainer.accounts.models.Account``), in every browser they log in from.

Models that belong to a person have a ``visitor`` UUIDField; ``merge_visitor`` moves every
such row from one id to another (what logging in does with the anonymous history). A model
can take part in merging in two other ways, with a ``merge_visitor_rows`` attribute:

- ``merge_visitor_rows = None``: its visitor id names a person rather than owning data (the
  Account itself); merging leaves it alone.
- a classmethod ``merge_visitor_rows(old, new) -> int``: the model merges its own rows, for
  rows that cannot simply change owner, such as one row per (visitor, situation) where both
  ids may hold one; it returns the number of rows moved or combined. ``check_visitor_models``
  (a system check) asks for it on every model with a uniqueness that includes ``visitor``.

A model whose rows can be made and then never used (a table opened and never dealt at) says
which with a classmethod ``unused_rows() -> QuerySet``; pruning (trainer/accounts/pruning.py)
deletes those of anonymous visitors once idle (``unused_models``).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, Literal, overload

from django.apps import apps
from django.core import checks
from django.core.exceptions import FieldDoesNotExist
from django.db import models, transaction
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from game.engine.counting import SYSTEMS
from game.engine.strategy.advisor import Standard

SESSION_KEY = "visitor"
STANDARD_KEY = "grading_standard"
COUNT_KEY = "count_system"
COUNT_MODE_KEY = "count_mode"
# "show": the table shows the count; "ask": the person keeps it and the table asks for it.
COUNT_MODES = ("show", "ask")
# The bet ramp by the count the table grades bets against: {"unit": chips, "spread": units}.
RAMP_KEY = "bet_ramp"
RAMP_UNITS = (5, 10, 25, 50)
RAMP_SPREADS = (2, 4, 6, 8, 10, 12)
MERGE_HOOK = "merge_visitor_rows"
UNUSED_HOOK = "unused_rows"

AccountVisitor = Callable[[Any, "uuid.UUID | None"], uuid.UUID]
# The visitor id of a logged-in user's account (given the session's own id, which a new
# account takes over): the accounts app, which stands above this layer and alone knows
# accounts, hands it in when it is ready (``use_account_visitors``).
_account_visitor: AccountVisitor | None = None


def use_account_visitors(lookup: AccountVisitor) -> None:
    """Let ``visitor_id`` answer a logged-in user with ``lookup(user, session visitor)``,
    their account's visitor id (trainer/accounts/apps.py calls this once at start-up)."""
    global _account_visitor
    _account_visitor = lookup


def session_visitor(request: HttpRequest) -> uuid.UUID | None:
    """The visitor id stored in this request's session, None when there is none (or it is
    not a UUID)."""
    value = request.session.get(SESSION_KEY)
    if value is None:
        return None
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


@overload
def visitor_id(request: HttpRequest, *, create: Literal[True] = True) -> uuid.UUID: ...
@overload
def visitor_id(request: HttpRequest, *, create: bool) -> uuid.UUID | None: ...
def visitor_id(request: HttpRequest, *, create: bool = True) -> uuid.UUID | None:
    """The visitor id of this request: a logged-in person's account's id (kept in the
    session too), else the session's own, a new one being made and kept when ``create``
    (else None when the session has none)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and _account_visitor is not None:
        account_visitor = _account_visitor(user, session_visitor(request))
        if request.session.get(SESSION_KEY) != str(account_visitor):
            request.session[SESSION_KEY] = str(account_visitor)
        return account_visitor
    visitor = session_visitor(request)
    if visitor is None:
        if not create:
            return None
        visitor = uuid.uuid4()
        request.session[SESSION_KEY] = str(visitor)
    return visitor


def _visitor_field(model: type[models.Model]) -> models.UUIDField | None:
    try:
        field = model._meta.get_field("visitor")
    except FieldDoesNotExist:
        return None
    return field if isinstance(field, models.UUIDField) else None


def owned_or_404(request: HttpRequest, model_or_queryset: Any, **lookup: Any) -> Any:
    """The object matching ``lookup`` that belongs to this request's visitor (a model or a
    queryset of one with a ``visitor`` field); Http404 for anyone else's, a missing one, or
    a session without a visitor id (none is made)."""
    visitor = visitor_id(request, create=False)
    if visitor is None:
        raise Http404("nothing of yours here")
    return get_object_or_404(model_or_queryset, visitor=visitor, **lookup)


def owned_models() -> list[type[models.Model]]:
    """Every installed model whose rows a visitor id owns: a ``visitor`` UUIDField, and no
    ``merge_visitor_rows = None``."""
    return [
        model
        for model in apps.get_models()
        if _visitor_field(model) is not None
        and not (hasattr(model, MERGE_HOOK) and getattr(model, MERGE_HOOK) is None)
    ]


def unused_models() -> list[type[models.Model]]:
    """The owned models (``owned_models``) whose rows can be made and never used: those
    with an ``unused_rows`` classmethod."""
    return [model for model in owned_models() if callable(getattr(model, UNUSED_HOOK, None))]


def used_variants(visitor: uuid.UUID) -> set[str]:
    """Every game the visitor has played, drilled or been graded on: the distinct values of
    the ``variant`` field (a preset's name or a custom rule set's variant string) of every
    row they own, over every owned model that has one (one query per such model)."""
    found: set[str] = set()
    for model in owned_models():
        try:
            model._meta.get_field("variant")
        except FieldDoesNotExist:
            continue
        found.update(
            model._default_manager.filter(visitor=visitor)
            .order_by()
            .values_list("variant", flat=True)
            .distinct()
        )
    return found


def merge_visitor(old: uuid.UUID, new: uuid.UUID) -> int:
    """Give every row owned by ``old`` to ``new`` in one transaction; returns the number of
    rows moved. Nothing is copied, so nothing is duplicated; merging an id into itself, or
    again after a merge, moves nothing. Models with a ``merge_visitor_rows`` classmethod
    merge their own rows."""
    if old == new:
        return 0
    moved = 0
    with transaction.atomic():
        for model in owned_models():
            hook = getattr(model, MERGE_HOOK, None)
            if hook is not None:
                moved += hook(old, new)
            else:
                moved += model._default_manager.filter(visitor=old).update(visitor=new)
    return moved


def _unique_with_visitor(model: type[models.Model]) -> bool:
    """Whether two rows of one visitor could collide: ``visitor`` unique, or in a
    unique_together or a UniqueConstraint."""
    meta = model._meta
    field = _visitor_field(model)
    if field is not None and field.unique:
        return True
    if any("visitor" in group for group in meta.unique_together):
        return True
    return any(
        isinstance(c, models.UniqueConstraint) and "visitor" in (c.fields or ())
        for c in meta.constraints
    )


def visitor_model_errors(candidates) -> list[checks.CheckMessage]:
    """The models among ``candidates`` whose rows a visitor owns and whose uniqueness
    includes the visitor, without a ``merge_visitor_rows``: changing the owner of their rows
    could make two rows collide, so they must merge their rows themselves."""
    errors: list[checks.CheckMessage] = []
    for model in candidates:
        if _visitor_field(model) is None or hasattr(model, MERGE_HOOK):
            continue
        if _unique_with_visitor(model):
            errors.append(
                checks.Error(
                    f"{model._meta.label} has a uniqueness that includes 'visitor', so "
                    "merging two visitors could collide.",
                    hint="Define a classmethod merge_visitor_rows(old, new) -> int that "
                    "combines the rows (see trainer/web/visitors.py).",
                    obj=model,
                    id="visitors.E001",
                )
            )
    return errors


def check_visitor_models(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """System check (registered by the accounts app): ``visitor_model_errors`` over every
    installed model."""
    return visitor_model_errors(apps.get_models())


def grading_standard(request: HttpRequest) -> Standard:
    """The person's grading standard: "exact" (the composition-dependent best play of the
    hand) or "chart" (the variant's total-dependent basic strategy). Kept in the session;
    the table and the drills share it."""
    return "chart" if request.session.get(STANDARD_KEY) == "chart" else "exact"


def count_system(request: HttpRequest) -> str | None:
    """The counting system whose count the table shows (training wheels: "hilo", "zen"...,
    game/engine/counting.py), or None: off, the default. Kept in the session."""
    name = request.session.get(COUNT_KEY)
    return name if name in SYSTEMS else None


def bet_ramp_setting(request: HttpRequest) -> tuple[int, int] | None:
    """The person's bet ramp: (unit in chips, spread in units), or None (off, the default).
    Kept in the session."""
    found = request.session.get(RAMP_KEY)
    if not isinstance(found, dict):
        return None
    unit, spread = found.get("unit"), found.get("spread")
    if unit not in RAMP_UNITS or spread not in RAMP_SPREADS:
        return None
    return unit, spread


def count_mode(request: HttpRequest) -> str:
    """How the table treats the count of ``count_system``: "show" it (the default) or "ask"
    for it now and then. Kept in the session."""
    mode = request.session.get(COUNT_MODE_KEY)
    return mode if mode in COUNT_MODES else "show"
