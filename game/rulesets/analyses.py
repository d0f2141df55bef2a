"""Background analyses of rule sets: every strategy result a rule set's pages need (its chart
and game EVs, or the banker game's best-play tables: ``store.analysis_kinds``) is
computed by a task of Django's Tasks framework (``django.tasks``), kept in this database by
django-tasks-db and run by ``manage.py db_worker`` (any number of workers, on any number of
machines sharing the database), never inside a request.

- ``analysis_state(rules, visitor)``: where the analysis stands ("done", "waiting",
  "running" or "failed", with how many of its parts are stored), enqueueing it when nothing
  stored or queued will produce it. Idempotent: one task per rule set at a time, however
  many requests ask at once (``Analysis.rules_id`` is unique and decides).
- ``start_analysis(rules, visitor)``: the same for a visitor who creates a rule set, refused
  with ``TooManyAnalyses`` beyond ``settings.MAX_PENDING_ANALYSES`` of theirs pending.
- ``retry_analysis(rules_id)``: a new task for a failed analysis (or one whose worker died:
  running for longer than ``STALLED_AFTER``).
- ``analyse``: the task itself (``store.precompute``).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.tasks import TaskResultStatus, task
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game.engine.rules import Rules
from game.rulesets import store
from game.rulesets.models import Analysis, RuleSet

if TYPE_CHECKING:
    from django_tasks_db.models import DBTaskResult

# An analysis takes seconds; one "running" this long lost its worker (killed, machine gone).
STALLED_AFTER = timedelta(minutes=10)


class TooManyAnalyses(Exception):
    """The visitor already has ``settings.MAX_PENDING_ANALYSES`` analyses waiting or running
    (or, ``busy``, the whole site has ``settings.MAX_QUEUED_ANALYSES``); ``message`` is shown
    to them (translated)."""

    def __init__(self, limit: int, *, busy: bool = False) -> None:
        if busy:
            self.message = _(
                "Many rule sets are being analysed right now. Please try again in a few "
                "minutes; the rules you entered are still in the form."
            )
        else:
            self.message = ngettext(
                "You already have %(count)s rule set being analysed. Wait until it is ready "
                "(its chart fills in by itself), then create this one.",
                "You already have %(count)s rule sets being analysed. Wait until one of them "
                "is ready (its chart fills in by itself), then create this one.",
                limit,
            ) % {"count": limit}
        super().__init__(str(self.message))


@dataclass(frozen=True, slots=True)
class AnalysisState:
    """Where the analysis of one rule set stands.

    ``status``: "done" (every result stored), "waiting" (queued for a worker), "running"
    or "failed" (the task raised; ``retry_analysis`` starts it again). ``parts_done`` of
    ``parts`` results are stored."""

    rules_id: str
    status: str
    parts_done: int
    parts: int

    @property
    def ready(self) -> bool:
        """Every result is stored: the pages can show them."""
        return self.status == "done"

    @property
    def failed(self) -> bool:
        """The task failed; nothing will happen until someone retries."""
        return self.status == "failed"


@task()
def analyse(rules_id: str) -> dict[str, float]:
    """The task: compute and store every result of the analysis of rule set ``rules_id``
    (``Analysis.rules_id``) not stored yet; returns the seconds each part took. Raises
    Analysis.DoesNotExist for an unknown id; an engine error fails the task (its page then
    offers a retry)."""
    rules = Analysis.objects.get(rules_id=rules_id).rules
    return store.precompute(rules)


def _stalled(task: DBTaskResult) -> bool:
    """The task has been running for longer than ``STALLED_AFTER``: its worker is gone."""
    return (
        task.status == TaskResultStatus.RUNNING
        and task.started_at is not None
        and timezone.now() - task.started_at > STALLED_AFTER
    )


def _status_of(analysis: Analysis | None) -> str:
    if analysis is None or analysis.task is None:
        return "waiting"
    status = analysis.task.status
    if status == TaskResultStatus.FAILED or _stalled(analysis.task):
        return "failed"
    if status == TaskResultStatus.RUNNING:
        return "running"
    return "waiting"


def _needs_task(analysis: Analysis) -> bool:
    """No task of ``analysis`` is waiting, running or failed: its task finished (results
    stored before are gone, or were made by an older ENGINE_VERSION) or was pruned."""
    return analysis.task is None or analysis.task.status == TaskResultStatus.SUCCESSFUL


def _enqueue(analysis: Analysis) -> None:
    """Queue a new task for ``analysis`` (in the caller's transaction: the task row and the
    analysis row are committed together)."""
    result = analyse.enqueue(analysis.rules_id)
    analysis.task_id = uuid.UUID(str(result.id))
    analysis.save(update_fields=["task", "updated_at"])


def analysis_state(rules: Rules, visitor: uuid.UUID | None = None) -> AnalysisState:
    """Where the analysis of ``rules`` stands, enqueueing it (for ``visitor``, who asked)
    when no stored result, waiting or running task or failure accounts for it. Costs a
    query or two when the results are stored, never any engine work."""
    parts = len(store.analysis_kinds(rules))
    done = len(store.stored_kinds(rules))
    rules_id = RuleSet.id_for(rules)
    if done == parts:
        return AnalysisState(rules_id, "done", done, parts)
    analysis = Analysis.objects.select_related("task").filter(rules_id=rules_id).first()
    if analysis is None or _needs_task(analysis):
        analysis = _ensure_task(rules, rules_id, visitor)
        if analysis is None:  # stored meanwhile, by a task that just finished
            return AnalysisState(rules_id, "done", parts, parts)
    return AnalysisState(rules_id, _status_of(analysis), done, parts)


def _ensure_task(rules: Rules, rules_id: str, visitor: uuid.UUID | None) -> Analysis | None:
    """The analysis row of ``rules`` with a task queued if it needs one; None when the
    results turned out to be stored. The row's unique ``rules_id`` and its row lock make
    concurrent callers agree on one task."""
    with transaction.atomic():
        analysis, created = Analysis.objects.get_or_create(
            rules_id=rules_id, defaults={"rules_json": rules.to_json(), "visitor": visitor}
        )
        if created:
            _enqueue(analysis)
            return analysis
        analysis = (
            Analysis.objects.select_for_update(of=("self",))
            .select_related("task")
            .get(pk=analysis.pk)
        )
        if _needs_task(analysis):
            if store.is_analysed(rules):
                return None
            analysis.visitor = visitor if visitor is not None else analysis.visitor
            _enqueue(analysis)
        return analysis


def _pending() -> Q:
    """Analyses whose task waits or runs (not stalled)."""
    return Q(task__status=TaskResultStatus.READY) | Q(
        task__status=TaskResultStatus.RUNNING,
        task__started_at__gte=timezone.now() - STALLED_AFTER,
    )


def pending_count(visitor: uuid.UUID | None = None) -> int:
    """How many analyses ``visitor`` asked for (everyone's with None) wait or run now."""
    found = Analysis.objects.filter(_pending())
    return (found if visitor is None else found.filter(visitor=visitor)).count()


def start_analysis(rules: Rules, visitor: uuid.UUID) -> AnalysisState:
    """``analysis_state`` for a rule set ``visitor`` is creating. Raises TooManyAnalyses
    when it would start a new analysis while ``settings.MAX_PENDING_ANALYSES`` of the
    visitor's, or ``settings.MAX_QUEUED_ANALYSES`` of everyone's, are pending (a visitor id
    costs nothing to make, so the second bound keeps the queue finite). Rules already
    analysed, or queued by anyone, are never refused."""
    rules_id = RuleSet.id_for(rules)
    if store.is_analysed(rules):
        return analysis_state(rules, visitor)
    # Counting and queueing are one step for all starters at once: posts that arrive together
    # would otherwise each count the same pending analyses and all pass the bound.
    with transaction.atomic():
        _lock_the_queue()
        queued = Analysis.objects.filter(_pending(), rules_id=rules_id).exists()
        limit = settings.MAX_PENDING_ANALYSES
        if not queued and pending_count(visitor) >= limit:
            raise TooManyAnalyses(limit)
        if not queued and pending_count() >= settings.MAX_QUEUED_ANALYSES:
            raise TooManyAnalyses(limit, busy=True)
        return analysis_state(rules, visitor)


# Any fixed 64-bit key: PostgreSQL's advisory locks are named by a number.
_QUEUE_LOCK = 0x6A61_6E61_6C79_7365


def _lock_the_queue() -> None:
    """Serialise the callers of ``start_analysis`` until the end of the transaction. On
    PostgreSQL an advisory transaction lock; SQLite (``transaction_mode`` IMMEDIATE, in
    settings) already holds its database-wide write lock from the start of the
    transaction. Creating a rule set is rare, so one lock for everyone costs nothing."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_QUEUE_LOCK])


def retry_analysis(rules_id: str) -> AnalysisState | None:
    """Queue the failed analysis of rule set ``rules_id`` again (once, however many people
    press Retry at once). None for a rule set never analysed here."""
    with transaction.atomic():
        analysis = (
            Analysis.objects.select_for_update(of=("self",))
            .select_related("task")
            .filter(rules_id=rules_id)
        ).first()
        if analysis is None:
            return None
        task = analysis.task
        if task is None or task.status == TaskResultStatus.FAILED or _stalled(task):
            _enqueue(analysis)
    return analysis_state(analysis.rules)
