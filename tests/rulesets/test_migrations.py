"""Rule sets, strategy results and analyses moved from the table app to their own app
(game.rulesets, label "rulesets") without touching their tables: rows written by the schema
before the move are read by the models after it, the move runs backwards too, and the
content types follow the models."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from game.engine.variants import find_rules
from game.rulesets.models import Analysis, RuleSet, StrategyResult, rules_for

# The rule sets app unapplied too: it did not exist before the move.
BEFORE = [("game", "0009_merge_issue_10"), ("rulesets", None)]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state([t for t in targets if t[1] is not None]).apps


def _latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_rows_written_before_the_move_are_read_after_it() -> None:
    apps = _migrate(BEFORE)
    rules = find_rules("croatian").with_overrides({"decks": 2})
    ruleset_id = RuleSet.id_for(rules)
    apps.get_model("game", "RuleSet").objects.create(
        id=ruleset_id, base="croatian", rules_json=rules.to_json()
    )
    apps.get_model("game", "StrategyResult").objects.create(
        rules_id=ruleset_id, kind="game_ev_cd", payload=-0.0042, seconds=0.5
    )
    visitor = uuid.uuid4()
    apps.get_model("game", "Analysis").objects.create(
        rules_id=ruleset_id, rules_json=rules.to_json(), visitor=visitor
    )
    # As in a database from before the move: content types of the old app only.
    ContentType.objects.filter(app_label="rulesets").delete()
    old_type = ContentType.objects.get_or_create(app_label="game", model="ruleset")[0]

    _migrate(_latest())

    assert rules_for(f"custom-{ruleset_id}") == rules
    assert RuleSet.objects.get(pk=ruleset_id).base == "croatian"
    result = StrategyResult.objects.get(rules_id=ruleset_id, kind="game_ev_cd")
    assert (result.payload, result.seconds) == (-0.0042, 0.5)
    assert Analysis.objects.get(rules_id=ruleset_id).visitor == visitor
    assert ContentType.objects.get(pk=old_type.pk).app_label == "rulesets"
    ContentType.objects.clear_cache()
    assert ContentType.objects.get_for_model(RuleSet).pk == old_type.pk


@pytest.mark.django_db(transaction=True)
def test_the_move_runs_backwards_and_keeps_the_rows() -> None:
    rules = find_rules("european").with_overrides({"decks": 3})
    RuleSet.save_rules(rules, "european")

    apps = _migrate(BEFORE)
    old = apps.get_model("game", "RuleSet").objects.get(pk=RuleSet.id_for(rules))
    assert old.rules_json == rules.to_json()

    _migrate(_latest())
    assert RuleSet.objects.get(pk=RuleSet.id_for(rules)).rules == rules
