"""The data migrations of the replay fix, run on rows stored the old way: a round record
holding its table's whole shoe (the live table's next cards included) and a replay in
progress dealing from a copy of it. After them the record keeps the dealt cards only and
the replay's cards past the round are in a fresh order (its recorded cards stay)."""

from __future__ import annotations

import random
import uuid
from collections import Counter
from dataclasses import replace

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from game.engine.cards import Shoe
from game.engine.round import apply, deal
from game.engine.variants import find_rules

BEFORE = [("game", "0007_strategy_result"), ("review", "0001_initial")]
AFTER = [
    ("game", "0008_round_records_keep_dealt_cards_only"),
    ("review", "0002_replays_reshuffle_cards_past_the_round"),
]


def old_rows():
    """A settled round (the person stands at once) of a seeded six-deck shoe that is
    neither a natural nor over at the deal, and the replay the old code made of it: the
    same shoe put back to the round's start and dealt again."""
    rules = find_rules("european")
    for seed in range(100):
        shoe = Shoe.shuffled(6, 0.75, rng=random.Random(seed))
        for _ in range(30):  # mid-shoe: 30 cards dealt in earlier rounds
            _, shoe = shoe.draw()
        start = deal(rules, [10], shoe)
        if not start.is_over:
            return apply(start, "stand"), start
    raise AssertionError("no seed gave a round to play")


@pytest.mark.django_db(transaction=True)
def test_old_records_are_trimmed_and_old_replays_reshuffled_past_the_round() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    settled, replayed = old_rows()
    visitor = uuid.uuid4()
    table = apps.get_model("game", "TableSession").objects.create(
        visitor=visitor, shoe_state=settled.shoe.to_json()
    )
    record = apps.get_model("game", "RoundRecord").objects.create(
        table=table,
        number=1,
        bet=10,
        staked=10,
        net=0,
        bankroll_after=1000,
        state=settled.to_json(),
    )
    decision = apps.get_model("game", "GradedDecision").objects.create(
        table=table,
        visitor=visitor,
        round_number=1,
        rules_id="x",
        hand=[],
        upcard="2S",
        action="stand",
        best_action="stand",
        evs={},
        loss=0,
        severity="best",
    )
    replay = apps.get_model("review", "Replay").objects.create(
        visitor=visitor, decision=decision, round_state=replayed.to_json()
    )
    over = apps.get_model("review", "Replay").objects.create(
        visitor=visitor, decision=decision, round_state=apply(replayed, "stand").to_json()
    )
    end = settled.shoe.position
    assert end == 30 + 2 + len(settled.dealer)  # the hand, the dealer and his draws

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    record = apps.get_model("game", "RoundRecord").objects.get(pk=record.pk)
    kept = Shoe.from_json(record.state["shoe"])
    assert kept == replace(settled.shoe, cards=settled.shoe.cards[:end], cut=end)
    replay = apps.get_model("review", "Replay").objects.get(pk=replay.pk)
    after = Shoe.from_json(replay.round_state["shoe"])
    before = replayed.shoe
    # Dealt and recorded cards where they were; the rest in a new order.
    assert after.position == before.position and after.cards[:end] == before.cards[:end]
    assert Counter(after.cards[end:]) == Counter(before.cards[end:])
    assert after.cards[end:] != before.cards[end:]
    assert {k: v for k, v in replay.round_state.items() if k != "shoe"} == {
        k: v for k, v in replayed.to_json().items() if k != "shoe"
    }
    over = apps.get_model("review", "Replay").objects.get(pk=over.pk)
    assert Shoe.from_json(over.round_state["shoe"]).cards[:end] == before.cards[:end]
    # The table itself is not touched.
    table = apps.get_model("game", "TableSession").objects.get(pk=table.pk)
    assert table.shoe_state == settled.shoe.to_json()

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
