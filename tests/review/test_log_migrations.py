"""The decision log took GradedDecision over from the table app, and the table took the
replays over from the review app, without touching their tables: rows written before the
moves (a table decision, a drill answer pointing at its decision, a replay with a verdict
in the old form) are read after them by the models of their new apps."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from game.table.models import Replay, TableSession
from trainer.drills.models import DrillQuestion
from trainer.review.models import GradedDecision

# Every app as it was before the moves.
BEFORE = [
    ("game", "0010_rule_sets_move_to_their_app"),
    ("review", "0002_replays_reshuffle_cards_past_the_round"),
    ("drills", "0002_answers_by_one_rule"),
]

OLD_VERDICT = {
    "hand": ["TH", "6S"],
    "upcard": "TD",
    "action": "stand",
    "best": "hit",
    "chart_action": "hit",
    "loss": 0.0123,
    "severity": "mistake",
    "standard": "exact",
    "evs": {"hit": -0.5377, "stand": -0.55},
    "replayed": True,
}


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_decisions_answers_and_replays_written_before_the_moves_are_read_after() -> None:
    apps = _migrate(BEFORE)
    visitor = uuid.uuid4()
    table = apps.get_model("game", "TableSession").objects.create(visitor=visitor)
    decision = apps.get_model("game", "GradedDecision").objects.create(
        table=table,
        visitor=visitor,
        table_version=3,
        round_number=2,
        rules_id="abcdefghij",
        variant="european",
        hand=["TH", "6S"],
        upcard="TD",
        action="stand",
        best_action="hit",
        evs={"hit": -0.5377, "stand": -0.55},
        loss=0.0123,
        severity="mistake",
    )
    session = apps.get_model("drills", "DrillSession").objects.create(
        visitor=visitor, variant="european", rules_id="abcdefghij", category="all"
    )
    question = apps.get_model("drills", "DrillQuestion").objects.create(
        session=session,
        number=1,
        hand_class="hard 16",
        upcard_value="T",
        hand=["TH", "6S"],
        upcard="TD",
        legal=["hit", "stand"],
        tier="new",
        shown_at=timezone.now(),
        decision=decision,
    )
    replay = apps.get_model("review", "Replay").objects.create(
        visitor=visitor, decision=decision, round_state={}, verdicts=[OLD_VERDICT]
    )
    ContentType.objects.filter(app_label__in=("review", "game")).delete()
    ContentType.objects.create(app_label="game", model="gradeddecision")
    ContentType.objects.create(app_label="review", model="replay")

    executor = MigrationExecutor(connection)
    _migrate(executor.loader.graph.leaf_nodes())

    logged = GradedDecision.objects.get(pk=decision.pk)
    assert (logged.action, logged.best_action, logged.severity) == ("stand", "hit", "mistake")
    assert not logged.correct
    assert TableSession.objects.get(pk=table.pk).decisions.get() == logged
    assert DrillQuestion.objects.get(pk=question.pk).decision == logged
    moved = Replay.objects.get(pk=replay.pk)
    assert moved.decision == logged
    (verdict,) = moved.verdicts
    assert verdict["best_action"] == "hit" and "best" not in verdict
    assert (verdict["insurance"], verdict["from_split"]) == (False, False)
    ContentType.objects.clear_cache()
    assert ContentType.objects.get_for_model(GradedDecision).app_label == "review"
    assert ContentType.objects.get_for_model(Replay).app_label == "game"
