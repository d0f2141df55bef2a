"""game/table/migrations/0013_one_state_column.py: a table keeps its game in one column, ``state``,
where it kept ``shoe_state`` and ``round_state`` (casino) or ``banker_state`` (the banker
game). Rows written by the schema before it (a casino table in the middle of a round, one
between rounds, a banker table in the middle of a deal, one never dealt at) are converted
and play on through the models of today; the migration runs backwards to the same columns."""

from __future__ import annotations

import uuid
from decimal import Decimal
from fractions import Fraction

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from game.engine.banker import BankerAction, BankerTable, start_deal
from game.engine.cards import Shoe
from game.engine.players import easy, play_ai_seats
from game.engine.round import Action, apply, deal
from game.engine.variants import find_rules
from game.table.models import RoundRecord, TableSession
from tests.factories import banker_stack, banker_state

BEFORE = [("game", "0012_replay_verdicts_as_the_log_stores_them")]
AFTER = [("game", "0013_one_state_column")]
EUROPEAN = find_rules("european")

# Two seats, the AI (easy) first: AI T,9 stands; the person 5,T is to act against a 6 with
# the Q in the hole; the next card is a 7.
MID_ROUND = ["TS", "5H", "6D", "9C", "TH", "QH", "7C", "2D"]
# One seat: the person's T,9 stood against 6,T, the dealer drew a 5 (21); the shoe then
# deals 9,8,K,2 to the next round: the person's 9,K (19) against 8,2 ...
BETWEEN_ROUNDS = ["TS", "6D", "9C", "TH", "5C", "9H", "8S", "KD", "2C", "TC", "4C"]
# Banker seats: 0 the AI bank, 1 the person, 2 an AI punter. The person's 5,7 is to act; the
# punter's T,8 stands; the bank's Q,6 draws the 9 and busts.
BANKER_DEAL = banker_stack(3, {1: ["5H", "7C"], 2: ["TD", "8S"], 0: ["QH", "6D"]}, ["9H"])


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _old_rows(apps) -> dict[str, object]:
    """The four tables as the three-column schema stored them."""
    Table = apps.get_model("game", "TableSession")
    mid = play_ai_seats(deal(EUROPEAN, [10, 10], Shoe.stacked_from(MID_ROUND)), {0: easy})
    assert mid.active_hand is not None and mid.active_hand.seat == 1
    settled = apply(deal(EUROPEAN, [10], Shoe.stacked_from(BETWEEN_ROUNDS)), Action.STAND)
    assert settled.is_over
    bank_table = BankerTable.from_json(banker_state(3, BANKER_DEAL)["table"])
    started = start_deal(bank_table, {1: 25, 2: 10})
    assert started.to_act == 1
    return {
        "mid": Table.objects.create(
            visitor=uuid.uuid4(),
            seat_count=2,
            human_seat=1,
            version=1,
            shoe_state=None,  # the first round: its shoe was shuffled at the deal
            round_state=mid.to_json(),
        ),
        "between": Table.objects.create(
            visitor=uuid.uuid4(),
            version=2,
            rounds_played=1,
            bankroll=Decimal(990),
            shoe_state=settled.shoe.to_json(),
            round_state=settled.to_json(),
        ),
        "banker": Table.objects.create(
            visitor=uuid.uuid4(),
            variant="dvadtsat-odno",
            seat_count=3,
            human_seat=1,
            version=1,
            banker_state={"table": bank_table.to_json(), "deal": started.to_json()},
        ),
        "never": Table.objects.create(visitor=uuid.uuid4()),
    }


@pytest.mark.django_db(transaction=True)
def test_old_tables_are_converted_and_play_on_and_the_migration_runs_backwards() -> None:
    apps = _migrate(BEFORE)
    rows = _old_rows(apps)
    old = {
        name: apps.get_model("game", "TableSession")
        .objects.filter(pk=row.pk)
        .values("shoe_state", "round_state", "banker_state", "updated_at")
        .get()
        for name, row in rows.items()
    }

    _migrate(AFTER)
    tables = {name: TableSession.objects.get(pk=row.pk) for name, row in rows.items()}
    assert tables["mid"].state == {
        "game": "casino",
        "shoe": None,
        "round": old["mid"]["round_state"],
    }
    assert tables["between"].state == {
        "game": "casino",
        "shoe": old["between"]["shoe_state"],
        "round": old["between"]["round_state"],
    }
    assert tables["banker"].state == {"game": "banker", **old["banker"]["banker_state"]}
    assert tables["never"].state is None
    # The conversion leaves the time of the last change alone (pruning reads it).
    assert all(tables[n].updated_at == old[n]["updated_at"] for n in tables)
    # They play on under today's models: the later migrations applied too (0014 adds the
    # settled rounds' history line).
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    # The casino round in play: the person stands on 15, the dealer's 16 draws the 7 and
    # busts. Both seats win their 10.
    mid = tables["mid"]
    assert mid.round_in_play and mid.affordable_actions() == (
        Action.HIT,
        Action.STAND,
        Action.DOUBLE,
    )
    mid.act("stand", "1")
    assert (mid.bankroll, mid.rounds_played, mid.round_in_play) == (Decimal(1010), 1, False)
    assert [c.code for c in mid.game.round.dealer] == ["6D", "QH", "7C"]
    assert mid.game.shoe == mid.game.round.shoe  # the next round's shoe
    assert RoundRecord.objects.get(table=mid).net == 10

    # Between rounds: the next round deals from the stored shoe, the person's 9,K.
    between = tables["between"]
    assert not between.round_in_play
    dealt = between.deal("10", "2").round
    assert [c.code for c in dealt.hands[0].cards] == ["9H", "KD"]
    assert [c.code for c in dealt.dealer[:1]] == ["8S"]
    assert between.version == 3 and between.in_play == 10

    # The banker deal: the person stands on 12; the AI punter stands on 18; the AI bank's
    # 16 draws the 9 and busts: 2:1 to both punters.
    banker = tables["banker"]
    assert banker.affordable_actions() == (BankerAction.DRAW, BankerAction.STAND)
    assert banker.in_play == 25
    banker.act("stand", "1")
    assert banker.bankroll == Decimal(1050)
    assert banker.game.table.nets == (Fraction(-70), Fraction(50), Fraction(20))
    assert RoundRecord.objects.get(table=banker).net == 50

    # Never dealt at: a first deal like any new table's.
    never = tables["never"]
    assert not never.round_in_play and never.state is None

    # Backwards: the three columns again, with the state of now.
    now = {name: TableSession.objects.get(pk=row.pk).state for name, row in rows.items()}
    shoes = {
        name: TableSession.objects.get(pk=rows[name].pk).game.shoe for name in ("mid", "between")
    }
    apps = _migrate(BEFORE)
    back = {
        name: apps.get_model("game", "TableSession")
        .objects.filter(pk=row.pk)
        .values("shoe_state", "round_state", "banker_state")
        .get()
        for name, row in rows.items()
    }
    # The shoe written once now ("cards_of": "round") has its cards again, as the code of
    # then reads it (0015).
    assert now["mid"]["shoe"]["cards_of"] == "round" and "cards" not in now["mid"]["shoe"]
    for name in ("mid", "between"):
        shoe = {k: v for k, v in now[name]["shoe"].items() if k != "cards_of"}
        assert back[name] == {
            "shoe_state": {**shoe, "cards": now[name]["round"]["shoe"]["cards"]},
            "round_state": now[name]["round"],
            "banker_state": None,
        }
        assert Shoe.from_json(back[name]["shoe_state"]) == shoes[name]
    assert back["banker"] == {
        "shoe_state": None,
        "round_state": None,
        "banker_state": {"table": now["banker"]["table"], "deal": now["banker"]["deal"]},
    }
    assert back["never"] == {"shoe_state": None, "round_state": None, "banker_state": None}

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
