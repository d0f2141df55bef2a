"""TableSession.deal/act straight on the model: the version compare-and-set, what is refused
(and that a refusal changes nothing), the round history, and the money: a settled round moves
the bankroll by exactly the sum of its hands' nets."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction

import pytest
from django.utils import timezone, translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.cards import Shoe
from game.engine.round import Action, Round
from game.table.models import (
    START_BANKROLL,
    RoundRecord,
    StaleActionError,
    TableSession,
    to_decimal,
)
from tests.factories import RoundRecordFactory, TableSessionFactory, casino_state
from trainer.review.models import GradedDecision
from trainer.web.errors import Refused

HITTABLE = ["TS", "6D", "2C", "9H", "3C", "2D", "4S", "TH", "TC"]


def fresh(table: TableSession) -> TableSession:
    return TableSession.objects.get(pk=table.pk)


def state(table: TableSession) -> tuple:
    t = fresh(table)
    return (t.version, t.bankroll, t.state, t.rounds_played, t.last_bet)


def refused(call, *args) -> str:
    """The English message of the Refused that ``call(*args)`` raises."""
    with translation.override("en"):
        with pytest.raises(Refused) as info:
            call(*args)
        return str(info.value.message)  # a lazy text: translate it while English is active


# -- versions --------------------------------------------------------------------------------
@pytest.mark.django_db
def test_each_change_bumps_the_version_by_one() -> None:
    table = TableSessionFactory(stacked=[*HITTABLE, "5S", "6S"])
    assert table.version == 0
    rnd = table.deal("10", "0").round
    assert table.version == 1  # the instance is refreshed
    assert fresh(table).version == 1
    assert fresh(table).state["round"] == rnd.to_json()
    table.act("hit", "1")
    assert fresh(table).version == 2
    table.act("hit", "2")
    assert fresh(table).version == 3
    rnd = table.act("stand", "3").round
    assert rnd.is_over
    assert fresh(table).version == 4
    table.deal("10", 4)  # an int is accepted as well as the form's text
    assert fresh(table).version == 5


@pytest.mark.django_db
def test_each_change_stamps_the_tables_last_activity(monkeypatch) -> None:
    # Pruning reads updated_at as the table's last activity: a round played stamps it,
    # though a change is an UPDATE of a few columns rather than a save().
    table = TableSessionFactory(stacked=[*HITTABLE, "5S", "6S"])
    later = fresh(table).updated_at + timedelta(days=40)
    monkeypatch.setattr(timezone, "now", lambda: later)
    table.deal("10", "0")
    assert fresh(table).updated_at == later
    table.act("hit", "1")
    assert fresh(table).updated_at == later


@pytest.mark.django_db
@pytest.mark.parametrize("version", ["1", "-1", "abc", "", None, "0.0", " "])
def test_wrong_version_is_stale_and_changes_nothing(version) -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    before = state(table)
    with pytest.raises(StaleActionError):
        table.deal("10", version)
    assert state(table) == before
    table.deal("10", "0")
    before = state(table)
    if version != "1":
        with pytest.raises(StaleActionError):
            table.act("hit", version)
    with pytest.raises(StaleActionError):
        table.act("hit", "0")
    assert state(table) == before


@pytest.mark.django_db
def test_stale_message_is_the_already_handled_one() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    message = refused(table.deal, "10", "7")
    assert message.startswith("That click was already handled")


@pytest.mark.django_db
def test_two_copies_of_a_table_cannot_both_deal() -> None:
    """Two requests that read the table at the same version: only the first one wins."""
    first = TableSessionFactory(stacked=HITTABLE)
    second = TableSession.objects.get(pk=first.pk)
    first.deal("10", "0")
    with pytest.raises(StaleActionError):
        second.deal("25", "0")
    table = fresh(first)
    assert (table.version, table.last_bet) == (1, Decimal(10))


@pytest.mark.django_db
def test_a_copy_read_before_a_change_settles_nothing_twice() -> None:
    """The change goes on from the row as the request read it: one read earlier than another
    request's change is refused at its compare-and-set, and nothing of it is kept."""
    first = TableSessionFactory(stacked=[*HITTABLE, "TS", "9D", "7C", "8H"])
    first.deal("10", "0")
    first.act("hit", "1")
    second = fresh(first)
    first.act("stand", "2")
    with pytest.raises(StaleActionError):
        second.act("stand", "2")
    assert RoundRecord.objects.count() == 1
    assert GradedDecision.objects.filter(table_id=first.pk).count() == 2
    assert fresh(first).bankroll == first.bankroll == Decimal(990)
    assert (second.version, second.bankroll) == (2, START_BANKROLL)  # unchanged by the refusal
    # The same old copy with the form of now: the row is read again, and the deal goes on.
    second.deal("25", "3")
    assert (second.version, fresh(first).version, fresh(first).last_bet) == (4, 4, Decimal(25))


@pytest.mark.django_db
def test_after_a_change_the_table_is_the_row_as_stored() -> None:
    """Not read again after a change, the table (read, as a request reads it) holds what a
    read would give back."""
    table = fresh(TableSessionFactory(stacked=HITTABLE))
    for change in (
        lambda: table.deal("10", "0"),
        lambda: table.act("hit", "1"),
        lambda: table.act("stand", "2"),
    ):
        change()
        row = fresh(table)
        for field in TableSession._meta.concrete_fields:
            mine, stored = getattr(table, field.attname), getattr(row, field.attname)
            if field.get_internal_type() == "JSONField":
                # Equal values; PostgreSQL's jsonb gives the keys back in its own order.
                assert mine == stored, field.name
            else:  # the text too: a Decimal keeps the places the column stores
                assert (mine, str(mine)) == (stored, str(stored)), field.name
        assert table.game == row.game


@pytest.mark.django_db
def test_store_is_a_compare_and_set_on_the_version() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    stale = TableSession.objects.get(pk=table.pk)
    game = table.deal("10", "0")
    with pytest.raises(StaleActionError):
        stale._store(game.apply(0, Action.STAND))
    assert fresh(table).version == 1
    assert fresh(table).round_in_play
    assert not RoundRecord.objects.exists()


# -- refusals ---------------------------------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("bankroll", "bet", "message"),
    [
        ("100", "200", "Not enough chips: you have 100 left."),
        ("400", "450", "Not enough chips: you have 400 left."),
        ("455.50", "456", "Not enough chips: you have 455.5 left."),
        ("7", "10", "Not enough chips: you have 7 left."),
        ("1000", "501", "Bets at this table are from 5 to 500 chips."),
        ("1000", "4", "Bets at this table are from 5 to 500 chips."),
        ("1000", "1000000000", "Bets at this table are from 5 to 500 chips."),
        ("1000", "-5", "Bets at this table are from 5 to 500 chips."),
        ("1000", "1e2", "Enter your bet as a whole number of chips."),
        ("1000", "25_0", "Enter your bet as a whole number of chips."),
        ("1000", "\u0662\u0665", "Enter your bet as a whole number of chips."),
        ("1000", "5." + "0" * 4301, "Enter your bet as a whole number of chips."),
        ("1000", "12.5", "Enter your bet as a whole number of chips."),
        ("1000", "abc", "Enter your bet as a whole number of chips."),
        ("1000", "", "Enter your bet as a whole number of chips."),
        ("1000", "sNaN", "Enter your bet as a whole number of chips."),
        ("1000", "-Infinity", "Enter your bet as a whole number of chips."),
    ],
)
def test_bad_bets_are_refused_with_a_message(bankroll, bet, message) -> None:
    table = TableSessionFactory(stacked=HITTABLE, bankroll=Decimal(bankroll))
    before = state(table)
    assert refused(table.deal, bet, "0") == message
    assert state(table) == before


@pytest.mark.django_db
def test_chips_left_are_written_in_the_language_of_the_page() -> None:
    table = TableSessionFactory(stacked=HITTABLE, bankroll=Decimal("455.50"))
    with translation.override("ru"), pytest.raises(Refused) as info:
        table.deal("500", "0")
    assert "455,5" in str(info.value.message)


@pytest.mark.django_db
@pytest.mark.parametrize("bet", ["5", "500", " 25 ", "25.0", "+25"])
def test_whole_bets_within_the_limits_are_dealt(bet) -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    rnd = table.deal(bet, "0").round
    assert rnd.hands[0].bet == Fraction(str(Decimal(bet.strip())))
    assert table.last_bet == Decimal(bet.strip())


@pytest.mark.django_db
def test_no_new_deal_while_a_round_is_in_play() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    table.deal("10", "0")
    before = state(table)
    assert refused(table.deal, "10", "1") == "Finish the round in play before dealing a new one."
    assert state(table) == before


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("setup", "action", "message"),
    [
        ([], "stand", "No round is in play yet. Place a bet and deal first."),
        (["stand"], "hit", "This round is over. Place a bet and deal a new one."),
        ([], "fly", "That is not an action of this game."),
        (["hit"], "double", "You can double only on your first two cards."),
        ([], "split", "You can split only two cards of equal value."),
        ([], "surrender", "Surrender is not offered at this table."),
    ],
)
def test_illegal_actions_are_refused_with_a_message(setup, action, message) -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    if action != "stand" or setup:
        table.deal("10", "0")
    for step in setup:
        table.act(step, str(table.version))
    before = state(table)
    assert refused(table.act, action, str(table.version)) == message
    assert state(table) == before


@pytest.mark.django_db
def test_an_engine_refusal_is_shown_in_the_language_of_the_page() -> None:
    # The engine's IllegalActionError carries a Reason; the table shows its translation.
    table = TableSessionFactory(stacked=HITTABLE)
    table.deal("10", "0")
    with translation.override("ru"), pytest.raises(Refused) as info:
        table.act("split", str(table.version))
    assert str(info.value.message) == "Разделить можно только две карты одинаковой стоимости."


@pytest.mark.django_db
@pytest.mark.parametrize("action", ["double", "split"])
def test_double_and_split_need_chips_for_another_bet(action) -> None:
    table = TableSessionFactory(stacked=["8S", "6C", "8D", "TH", "3C", "9C", "7D", "5S"])
    table.bankroll = Decimal(19)
    table.save()
    table.deal("10", "0")
    assert table.available == Decimal(9)
    assert table.in_play == Decimal(10)
    assert table.affordable_actions() == (Action.HIT, Action.STAND)
    assert table.game.round.legal_actions() == (
        Action.HIT,
        Action.STAND,
        Action.DOUBLE,
        Action.SPLIT,
    )
    before = state(table)
    assert refused(table.act, action, "1") == (
        "You do not have enough chips left for another bet of this size."
    )
    assert state(table) == before


@pytest.mark.django_db
def test_an_ended_session_neither_deals_nor_acts() -> None:
    table = TableSessionFactory(stacked=[*HITTABLE, "5S", "6S", "7S", "8S"])
    table.deal("10", "0")
    TableSession.objects.filter(pk=table.pk).update(ended_at=timezone.now())
    table.refresh_from_db()
    before = state(table)
    ended = "This session has ended. Start a new one to play on."
    assert refused(table.act, "stand", "1") == ended
    assert refused(table.deal, "10", "1") == ended
    assert state(table) == before


# -- settling and the history ------------------------------------------------------------------
@pytest.mark.django_db
def test_round_is_recorded_only_when_settled() -> None:
    table = TableSessionFactory(stacked=HITTABLE)
    table.deal("10", "0")
    table.act("hit", "1")
    assert not RoundRecord.objects.exists()
    assert table.bankroll == START_BANKROLL
    assert table.rounds_played == 0
    # The shoe is stored back only at settlement; its cards are written once, in the round.
    assert table.state["shoe"] == {
        **Shoe.stacked_from(HITTABLE).to_json(with_cards=False),
        "cards_of": "round",
    }
    assert table.game.shoe == Shoe.stacked_from(HITTABLE)
    rnd = table.act("stand", "2").round  # 15 v 15 + 2 = 17
    assert rnd.is_over
    record = RoundRecord.objects.get()
    assert (record.table, record.number, record.bet, record.staked, record.net) == (
        table,
        1,
        Decimal(10),
        Decimal(10),
        Decimal(-10),
    )
    assert record.bankroll_after == table.bankroll == Decimal(990)
    assert rnd.to_json() == table.state["round"]
    # The record keeps the round with the shoe's dealt cards only (not the table's next).
    assert record.state == replace(rnd, shoe=rnd.shoe.dealt_part()).to_json()
    assert record.round.shoe.cards == rnd.shoe.dealt
    assert record.round == replace(rnd, shoe=rnd.shoe.dealt_part())
    assert table.rounds_played == 1
    assert table.state["shoe"] == {**rnd.shoe.to_json(with_cards=False), "cards_of": "round"}
    assert table.game.shoe == rnd.shoe
    assert table.game.shoe.position == 6


@pytest.mark.django_db
def test_a_natural_settles_at_the_deal() -> None:
    table = TableSessionFactory(stacked=["AS", "9D", "KC", "7H"])
    rnd = table.deal("10", "0").round
    assert rnd.is_over
    assert table.version == 1
    assert table.bankroll == Decimal(1015)
    assert not table.round_in_play
    assert table.affordable_actions() == ()
    assert RoundRecord.objects.get().net == Decimal(15)


@pytest.mark.django_db
def test_a_table_without_a_shoe_shuffles_six_decks() -> None:
    table = TableSessionFactory()
    assert table.state is None
    rnd = table.deal("10", "0").round
    assert len(rnd.shoe.cards) == 6 * 52
    assert rnd.shoe.position == len(rnd.dealer) + 2
    assert not rnd.shoe.stacked


@pytest.mark.django_db
def test_a_shoe_past_the_cut_card_is_reshuffled_before_the_deal() -> None:
    shoe = Shoe.shuffled(6, rng=random.Random(7))
    used = replace(shoe, position=shoe.cut)
    table = TableSessionFactory(state=casino_state(used.to_json()))
    rnd = table.deal("10", "0").round
    assert rnd.shoe.position == 4
    assert len(rnd.shoe.cards) == 312


@pytest.mark.django_db
def test_rounds_are_numbered_per_table() -> None:
    table = TableSessionFactory(stacked=["AS", "9D", "KC", "7H"] * 3)
    other = TableSessionFactory(stacked=["AS", "9D", "KC", "7H"])
    for version in range(3):
        table.deal("10", str(version))
    other.deal("10", "0")
    assert list(table.records.values_list("number", flat=True)) == [3, 2, 1]
    assert list(other.records.values_list("number", flat=True)) == [1]
    assert table.bankroll == Decimal(1045)


@pytest.mark.django_db
def test_round_record_factory_makes_a_settled_round() -> None:
    record = RoundRecordFactory()
    assert record.round.is_over
    assert record.net == to_decimal(record.round.net) == Decimal(-10)
    assert record.bankroll_after == record.table.bankroll - 10
    assert str(record) == f"round {record.number} of {record.table_id}"


# -- money: a property over whole shoes --------------------------------------------------------
@pytest.mark.django_db
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), rounds=st.integers(1, 3), data=st.data())
def test_bankroll_moves_by_the_sum_of_the_hand_nets(seed: int, rounds: int, data) -> None:
    shoe = Shoe.shuffled(6, rng=random.Random(seed))
    table = TableSessionFactory(state=casino_state(shoe.to_json()))  # a new table for each example
    played = 0
    for number in range(1, rounds + 1):
        if table.available < TableSession.MIN_BET:
            break  # lost (nearly) everything: the table takes no smaller bet
        played = number
        bankroll_before = table.bankroll
        bet = data.draw(st.integers(5, int(min(Decimal(500), table.available))), label="bet")
        version = table.version
        rnd = table.deal(str(bet), str(version)).round
        assert table.version == version + 1
        while not rnd.is_over:
            assert not rnd.hole_revealed
            assert RoundRecord.objects.filter(table=table).count() == number - 1
            assert table.bankroll == bankroll_before
            assert table.in_play == to_decimal(rnd.staked)
            choices = table.affordable_actions()
            assert choices and set(choices) <= set(rnd.legal_actions())
            action = data.draw(st.sampled_from(choices), label="action")
            version = table.version
            rnd = table.act(action.value, str(version)).round
            assert table.version == version + 1
            assert Round.from_json(table.state["round"]) == rnd

        record = table.records.get(number=number)
        hand_nets = sum((h.net for h in rnd.hands), Fraction(0))
        assert table.bankroll - bankroll_before == record.net == to_decimal(hand_nets)
        assert record.net == to_decimal(rnd.net)
        assert record.bankroll_after == table.bankroll
        assert record.bet == Decimal(bet)
        assert record.staked == to_decimal(sum((h.bet for h in rnd.hands), Fraction(0)))
        # A round can lose at most what was staked and win at most 3:2 on every stake.
        assert -record.staked <= record.net <= record.staked * Decimal("1.5")
        assert all(h.outcome is not None for h in rnd.hands)
        assert table.rounds_played == number
        assert table.in_play == 0
        assert fresh(table).bankroll == table.bankroll
    assert table.records.count() == played
