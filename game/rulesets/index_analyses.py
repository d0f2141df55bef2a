"""Background computation of a rule set's index plays for a counting system
(``store.indices_for``, some 50 s of CPU at 6 decks) and of the player's edge by the count
that the table's bet ramp is made from (``store.edges_for``, 10-15 s): a task of Django's
Tasks framework (django-tasks-db), run by ``manage.py db_worker`` like the rule sets' analyses
(analyses.py), never inside a request.

- ``index_state(rules, system)``: where it stands ("done", "waiting", "running", "failed",
  or "busy" when the site's queue is full and nothing was queued), enqueueing it when
  nothing stored or queued will produce it. One task per (rules, system) at a time however
  many requests ask (``IndexAnalysis``'s unique pair and its row lock decide).
- ``retry_indices(rules, system)``: a new task for a failed (or stalled) one.
- ``analyse_indices``: the task itself.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.tasks import TaskResultStatus, task
from django.utils import timezone

from game.engine.counting import find_system
from game.engine.rules import Rules
from game.rulesets import store
from game.rulesets.analyses import STALLED_AFTER
from game.rulesets.models import IndexAnalysis, RuleSet


@dataclass(frozen=True, slots=True)
class IndexState:
    """Where the indices of one rule set and system stand: ``status`` "done", "waiting",
    "running", "failed" or "busy" (not queued: the site's queue is full; asked again later)."""

    rules_id: str
    system: str
    status: str

    @property
    def ready(self) -> bool:
        """The indices are stored: the page can show them."""
        return self.status == "done"


@task()
def analyse_indices(rules_id: str, system: str) -> float:
    """The task: compute and store the ``system`` indices of rule set ``rules_id``
    (``IndexAnalysis``); returns the seconds it took. Raises IndexAnalysis.DoesNotExist for
    an unknown pair; an engine error fails the task (the page then offers a retry)."""
    row = IndexAnalysis.objects.get(rules_id=rules_id, system=system)
    started = timezone.now()
    store.indices_for(row.rules, system, compute=True)
    if find_system(system).balanced:  # the bet ramp goes by the true count
        store.edges_for(row.rules, system, compute=True)
    return (timezone.now() - started).total_seconds()


def _stored(rules: Rules, system: str) -> bool:
    """The task's results are stored: the indices, and the edges by the true count of a
    balanced system."""
    if not store.is_stored(rules, f"indices_{system}"):
        return False
    return not find_system(system).balanced or store.is_stored(rules, f"edges_{system}")


def _status_of(row: IndexAnalysis) -> str:
    if row.task is None:
        return "waiting"
    status = row.task.status
    stalled = (
        status == TaskResultStatus.RUNNING
        and row.task.started_at is not None
        and timezone.now() - row.task.started_at > STALLED_AFTER
    )
    if status == TaskResultStatus.FAILED or stalled:
        return "failed"
    return "running" if status == TaskResultStatus.RUNNING else "waiting"


def _needs_task(row: IndexAnalysis) -> bool:
    """No task of ``row`` waits, runs or failed: it finished (its result is gone, or of an
    older ENGINE_VERSION) or was pruned."""
    return row.task is None or row.task.status == TaskResultStatus.SUCCESSFUL


def _queue_full() -> bool:
    """The site has ``settings.MAX_QUEUED_ANALYSES`` index computations waiting or running:
    a visitor can make many rule sets, so the queue is bounded."""
    pending = Q(task__status=TaskResultStatus.READY) | Q(
        task__status=TaskResultStatus.RUNNING,
        task__started_at__gte=timezone.now() - STALLED_AFTER,
    )
    return IndexAnalysis.objects.filter(pending).count() >= settings.MAX_QUEUED_ANALYSES


def _enqueue(row: IndexAnalysis) -> None:
    result = analyse_indices.enqueue(row.rules_id, row.system)
    row.task_id = uuid.UUID(str(result.id))
    row.save(update_fields=["task", "updated_at"])


def index_state(rules: Rules, system: str) -> IndexState:
    """Where the ``system`` indices of ``rules`` stand, enqueueing their task when nothing
    stored, waiting, running or failed accounts for them (and the queue has room). A query
    or two, never any engine work."""
    rules_id = RuleSet.id_for(rules)
    if _stored(rules, system):
        return IndexState(rules_id, system, "done")
    with transaction.atomic():
        row = IndexAnalysis.objects.filter(rules_id=rules_id, system=system).first()
        if row is None or _needs_task(row):
            if _queue_full():
                return IndexState(rules_id, system, "busy")
            row, _created = IndexAnalysis.objects.get_or_create(
                rules_id=rules_id, system=system, defaults={"rules_json": rules.to_json()}
            )
            row = (
                IndexAnalysis.objects.select_for_update(of=("self",))
                .select_related("task")
                .get(pk=row.pk)
            )
            if _needs_task(row):
                if _stored(rules, system):
                    return IndexState(rules_id, system, "done")
                _enqueue(row)
        return IndexState(rules_id, system, _status_of(row))


def retry_indices(rules: Rules, system: str) -> IndexState:
    """Queue the ``system`` indices of ``rules`` again when their task failed or stalled;
    else (waiting, running, done, or never asked for) the same as ``index_state``."""
    rules_id = RuleSet.id_for(rules)
    with transaction.atomic():
        row = (
            IndexAnalysis.objects.select_for_update(of=("self",))
            .select_related("task")
            .filter(rules_id=rules_id, system=system)
            .first()
        )
        if row is not None and _status_of(row) == "failed":
            _enqueue(row)
            return IndexState(rules_id, system, "waiting")
    return index_state(rules, system)
