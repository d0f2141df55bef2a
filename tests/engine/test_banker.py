"""game/engine/banker.py: the historical banker game "Двадцать одно" (seed 003, VARIANTS.md
table 4).

Scripted shoes for each rule of the seed (the rule number is in each test's name or
docstring), the talia (rotation of the bank and the reshuffle), what a seat may see, the AI,
JSON, the scenario files tests/scenarios/dvadtsat-odno_*.json, and a hypothesis property
playing whole talias with random seat counts, stakes and legal decisions.
"""

import dataclasses
import json
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.banker import (
    BankerAction,
    BankerDeal,
    BankerObservation,
    BankerOutcome,
    BankerTable,
    DealPhase,
    InvalidStakeError,
    InvalidTableError,
    Role,
    SeatView,
    TaliaOverError,
    apply,
    autoplay,
    choose_action,
    deal_order,
    end_of_talia,
    fresh_shoe,
    legal_actions,
    new_table,
    next_deal,
    observe,
    play_banker_scenario,
    record_deal,
    start_deal,
)
from game.engine.cards import Card, Shoe, ShoeExhaustedError
from game.engine.errors import Reason
from game.engine.round import IllegalActionError, InvalidBetError

DRAW, STAND = BankerAction.DRAW, BankerAction.STAND
SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted(SCENARIOS.glob("dvadtsat-odno_*.json"))


def table(seats=3, banker=0, cards=(), **limits) -> BankerTable:
    return new_table(seats, banker, shoe=Shoe.stacked_from(list(cards)), **limits)


def scripted(hands: dict, draws=(), *, banker=0, stakes=None) -> BankerDeal:
    """A deal whose seats hold ``hands`` (seat -> two cards), then ``draws`` in order."""
    seats = len(hands)
    order = deal_order(seats, banker)
    cards = [hands[s][0] for s in order] + [hands[s][1] for s in order] + list(draws)
    if stakes is None:
        stakes = {s: 10 for s in order[:-1]}
    tbl = table(seats, banker)
    return start_deal(tbl, stakes, Shoe.stacked_from(cards))


def play(deal: BankerDeal, *moves) -> BankerDeal:
    for seat, action in moves:
        deal = apply(deal, action, seat=seat)
    return deal


def result(deal: BankerDeal, seat: int) -> tuple[BankerOutcome | None, Fraction]:
    hand = deal.hands[seat]
    return hand.outcome, hand.net


def codes(cards) -> list[str]:
    return [c.code for c in cards]


# -- the deal (seed 4, 15) ---------------------------------------------------------------------
def test_deal_order_starts_left_of_the_banker_and_ends_with_the_banker():
    assert deal_order(4, 1) == (2, 3, 0, 1)
    assert deal_order(3, 2) == (0, 1, 2)
    assert deal_order(2, 0) == (1, 0)


def test_rule_4_two_cards_each_one_at_a_time_banker_last():
    shoe = Shoe.stacked_from(["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"])
    deal = start_deal(table(4, 1), {0: 1, 2: 1, 3: 1}, shoe)
    # order 2, 3, 0, 1 and twice round
    assert codes(deal.hands[2].cards) == ["2H", "6H"]
    assert codes(deal.hands[3].cards) == ["3H", "7H"]
    assert codes(deal.hands[0].cards) == ["4H", "8H"]
    assert codes(deal.hands[1].cards) == ["5H", "9H"]
    assert [h.role for h in deal.hands] == [Role.PUNTER, Role.BANKER, Role.PUNTER, Role.PUNTER]
    assert deal.hands[1].stake == 0
    assert deal.to_act == 2
    assert deal.phase is DealPhase.PUNTERS
    assert deal.shoe.position == 8


def test_rule_15_play_goes_in_deal_order_and_the_banker_last():
    deal = scripted({0: ["T", "6"], 1: ["T", "5"], 2: ["9", "5"]}, ["2", "3"])
    assert deal.to_act == 1
    with pytest.raises(IllegalActionError) as info:
        apply(deal, DRAW, seat=2)
    assert info.value.reason is Reason.NOT_YOUR_TURN
    assert "rules 4 and 15" in str(info.value)
    with pytest.raises(IllegalActionError) as info:
        apply(deal, STAND, seat=0)
    assert info.value.reason is Reason.NOT_YOUR_TURN
    deal = play(deal, (1, DRAW))
    assert deal.to_act == 1  # still seat 1: it decides until it stands
    deal = play(deal, (1, STAND))
    assert deal.to_act == 2
    deal = play(deal, (2, STAND))
    assert deal.to_act == 0
    assert deal.phase is DealPhase.BANKER
    deal = play(deal, (0, DRAW), (0, STAND))
    assert deal.is_over
    assert codes(deal.hands[1].cards) == ["TS", "5S", "2S"]
    assert codes(deal.hands[0].cards) == ["TS", "6S", "3S"]


# -- the banker's natural (seed 7) -------------------------------------------------------------
def test_rule_7_banker_natural_is_shown_at_once_and_takes_every_stake():
    deal = scripted(
        {0: ["A", "K"], 1: ["A", "Q"], 2: ["T", "9"]}, stakes={1: 10, 2: Fraction(5, 2)}
    )
    assert deal.is_over
    assert deal.shoe.position == 6  # nobody drew
    assert result(deal, 1) == (BankerOutcome.BANKER_NATURAL, Fraction(-10))  # natural too
    assert result(deal, 2) == (BankerOutcome.BANKER_NATURAL, Fraction(-5, 2))
    assert deal.hands[0].net == Fraction(25, 2)
    assert deal.net_sum == 0
    assert legal_actions(deal) == ()
    for action in BankerAction:
        with pytest.raises(IllegalActionError) as info:
            apply(deal, action)
        assert info.value.reason is Reason.DEAL_OVER
    assert observe(deal, 1).others[0].visible == deal.hands[0].cards  # shown at once
    assert BankerOutcome.BANKER_NATURAL.rule == "7"


@pytest.mark.parametrize("ten", ["T", "J", "Q", "K"])
def test_rule_7_ace_with_any_ten_value_card_is_a_natural(ten):
    deal = scripted({0: [ten, "A"], 1: ["9", "9"]})
    assert deal.is_over
    assert result(deal, 1) == (BankerOutcome.BANKER_NATURAL, Fraction(-10))


def test_rule_7_two_aces_are_soft_12_not_a_natural():
    deal = scripted({0: ["A", "A"], 1: ["T", "8"]}, ["5"])
    assert not deal.is_over
    assert deal.hands[0].total == 12
    assert deal.hands[0].value.soft
    deal = play(deal, (1, STAND), (0, DRAW), (0, STAND))
    assert deal.hands[0].total == 17
    assert result(deal, 1) == (BankerOutcome.WIN, Fraction(10))


def test_a_banker_21_of_three_cards_is_no_natural():
    deal = scripted({0: ["7", "4"], 1: ["T", "9"]}, ["T"])
    deal = play(deal, (1, STAND), (0, DRAW), (0, STAND))
    assert deal.hands[0].total == 21
    assert result(deal, 1) == (BankerOutcome.LOSE, Fraction(-10))


# -- drawing (seed 8, 9, 14, 18) ---------------------------------------------------------------
def test_rule_9_a_fourth_draw_is_refused_and_the_deal_is_unchanged():
    deal = scripted({0: ["T", "7"], 1: ["2", "3"]}, ["2", "2", "3", "4"])
    deal = play(deal, (1, DRAW), (1, DRAW), (1, DRAW))
    assert deal.hands[1].drawn == 3
    assert deal.hands[1].total == 12
    assert deal.to_act == 1
    assert legal_actions(deal) == (STAND,)
    before = deal.to_json()
    with pytest.raises(IllegalActionError) as info:
        apply(deal, DRAW)
    assert info.value.reason is Reason.MAX_DRAWS
    assert "rule 9" in str(info.value)
    assert deal.to_json() == before
    deal = play(deal, (1, STAND), (0, STAND))
    assert result(deal, 1) == (BankerOutcome.LOSE, Fraction(-10))


def test_rule_9_the_banker_draws_at_most_three_cards_too():
    deal = scripted({0: ["2", "2"], 1: ["T", "9"]}, ["2", "3", "2"])
    deal = play(deal, (1, STAND), (0, DRAW), (0, DRAW), (0, DRAW))
    assert deal.hands[0].total == 11
    assert legal_actions(deal) == (STAND,)
    with pytest.raises(IllegalActionError) as info:
        apply(deal, DRAW, seat=0)
    assert info.value.reason is Reason.MAX_DRAWS


def test_no_draw_is_offered_at_21():
    deal = scripted({0: ["T", "7"], 1: ["7", "4"]}, ["T"])
    deal = play(deal, (1, DRAW))
    assert deal.hands[1].total == 21
    assert legal_actions(deal) == (STAND,)
    with pytest.raises(IllegalActionError) as info:
        apply(deal, DRAW)
    assert info.value.reason is Reason.AT_21


def test_unknown_action_is_refused_with_its_code():
    deal = scripted({0: ["T", "7"], 1: ["9", "4"]})
    with pytest.raises(IllegalActionError) as info:
        apply(deal, "double")
    assert info.value.reason is Reason.UNKNOWN_ACTION
    assert deal.apply("stand").to_act == 0  # the method form; strings are accepted


def test_rule_14_an_ace_counts_eleven_while_that_fits_else_one():
    deal = scripted({0: ["A", "7"], 1: ["A", "5"]}, ["K", "4"])
    assert deal.hands[1].total == 16
    deal = play(deal, (1, DRAW))
    assert deal.hands[1].total == 16  # A,5,K: the ace is 1
    deal = play(deal, (1, DRAW), (1, STAND), (0, STAND))
    assert deal.hands[1].total == 20
    assert deal.hands[0].total == 18  # A,7 soft 18
    assert result(deal, 1) == (BankerOutcome.WIN, Fraction(10))


def test_rule_18_a_punter_who_busts_is_done_shown_and_loses_to_a_standing_banker():
    deal = scripted({0: ["T", "7"], 1: ["T", "6"], 2: ["9", "7"]}, ["9"])
    deal = play(deal, (1, DRAW))
    assert deal.hands[1].is_bust
    assert deal.to_act == 2  # a bust hand has no more decisions
    assert observe(deal, 2).others[1].visible == deal.hands[1].cards  # shown at once
    assert observe(deal, 0).others[0].bust
    deal = play(deal, (2, STAND), (0, STAND))
    assert result(deal, 1) == (BankerOutcome.BUST, Fraction(-10))
    assert result(deal, 2) == (BankerOutcome.LOSE, Fraction(-10))
    assert deal.hands[0].net == 20


def test_every_punter_bust_settles_the_deal_without_asking_the_banker():
    # Punters T,6 and 9,5 draw a 9 and a K: both bust. The banker 5,6 (11) would surely draw,
    # but a bust punter loses whatever he does: he is not asked, nor does he draw.
    deal = scripted({0: ["5H", "6D"], 1: ["T", "6"], 2: ["9", "5"]}, ["9", "K", "2"])
    deal = play(deal, (1, DRAW), (2, DRAW))
    assert deal.is_over and deal.phase is DealPhase.SETTLED and deal.to_act is None
    assert len(deal.hands[0].cards) == 2 and deal.shoe.remaining == 1  # the 2 stays
    assert result(deal, 1) == (BankerOutcome.BUST, Fraction(-10))
    assert result(deal, 2) == (BankerOutcome.BUST, Fraction(-10))
    assert deal.hands[0].net == 20
    assert observe(deal, 0).legal_actions == ()


def test_one_punter_left_standing_still_asks_the_banker():
    deal = scripted({0: ["5H", "6D"], 1: ["T", "6"], 2: ["9", "5"]}, ["9"])
    deal = play(deal, (1, DRAW), (2, STAND))
    assert deal.to_act == 0 and deal.phase is DealPhase.BANKER
    assert legal_actions(deal) == (DRAW, STAND)


# -- settlement (seed 10-13, 16, 19, 20) -------------------------------------------------------
def test_rules_10_11_12_higher_wins_even_money_lower_loses_equal_pushes():
    deal = scripted(
        {0: ["T", "8"], 1: ["T", "9"], 2: ["T", "7"], 3: ["9", "9"]},
        stakes={1: 10, 2: 5, 3: 7},
    )
    deal = play(deal, (1, STAND), (2, STAND), (3, STAND), (0, STAND))
    assert result(deal, 1) == (BankerOutcome.WIN, Fraction(10))
    assert result(deal, 2) == (BankerOutcome.LOSE, Fraction(-5))
    assert result(deal, 3) == (BankerOutcome.PUSH, Fraction(0))
    assert deal.hands[0].net == -5
    assert deal.net_sum == 0


def test_rule_12_equal_totals_made_by_drawing_push():
    deal = scripted({0: ["T", "4"], 1: ["T", "5"]}, ["3", "4"])
    deal = play(deal, (1, DRAW), (1, STAND), (0, DRAW), (0, STAND))
    assert deal.hands[0].total == deal.hands[1].total == 18
    assert result(deal, 1) == (BankerOutcome.PUSH, Fraction(0))


def test_rule_13_a_punter_natural_is_paid_2_to_1_and_stands_by_itself():
    deal = scripted({0: ["T", "8"], 1: ["A", "K"], 2: ["9", "5"]}, stakes={1: 10, 2: 5})
    assert deal.to_act == 2  # the natural is never asked
    deal = play(deal, (2, STAND), (0, STAND))
    assert result(deal, 1) == (BankerOutcome.NATURAL, Fraction(20))
    assert result(deal, 2) == (BankerOutcome.LOSE, Fraction(-5))
    assert deal.hands[0].net == -15


def test_rule_13_an_odd_stake_natural_is_exact():
    deal = scripted({0: ["T", "8"], 1: ["Q", "A"]}, stakes={1: "2.5"})
    deal = play(deal, (0, STAND))
    assert result(deal, 1) == (BankerOutcome.NATURAL, Fraction(5))


def test_rule_16_a_punter_natural_beats_the_bankers_drawn_21():
    deal = scripted({0: ["9", "5"], 1: ["K", "A"], 2: ["7", "4"]}, ["T", "7"])
    deal = play(deal, (2, DRAW), (2, STAND), (0, DRAW), (0, STAND))
    assert deal.hands[0].total == 21
    assert result(deal, 1) == (BankerOutcome.NATURAL, Fraction(20))
    assert result(deal, 2) == (BankerOutcome.PUSH, Fraction(0))  # drawn 21 vs drawn 21
    assert BankerOutcome.NATURAL.rule == "13, 16"


def test_rule_19_punter_and_banker_both_bust_push():
    deal = scripted({0: ["T", "6"], 1: ["T", "5"], 2: ["T", "9"]}, ["8", "9"])
    deal = play(deal, (1, DRAW), (2, STAND), (0, DRAW))
    assert deal.hands[0].is_bust and deal.hands[1].is_bust
    assert deal.is_over  # the bust banker has nothing left to decide
    assert result(deal, 1) == (BankerOutcome.BOTH_BUST, Fraction(0))
    assert result(deal, 2) == (BankerOutcome.BANKER_BUST, Fraction(20))
    assert deal.hands[0].net == -20


def test_rule_20_a_bust_banker_pays_standing_punters_2_to_1_and_a_natural_once():
    deal = scripted(
        {0: ["9", "7"], 1: ["5", "6"], 2: ["T", "4"], 3: ["A", "T"]},
        ["2", "8"],
        banker=2,
        stakes={3: 5, 0: 10, 1: 4},
    )
    assert deal.order == (3, 0, 1, 2)
    assert deal.to_act == 0  # seat 3's natural stands by itself
    deal = play(deal, (0, STAND), (1, DRAW), (1, STAND), (2, DRAW))
    assert deal.hands[2].total == 22
    assert result(deal, 3) == (BankerOutcome.NATURAL, Fraction(10))  # 2:1, not 4:1
    assert result(deal, 0) == (BankerOutcome.BANKER_BUST, Fraction(20))
    assert result(deal, 1) == (BankerOutcome.BANKER_BUST, Fraction(8))
    assert deal.hands[2].net == -38
    assert deal.net_sum == 0


# -- stakes and the table (seed 1, 5) ------------------------------------------------------------
@pytest.mark.parametrize(
    ("stakes", "words"),
    [
        ({1: 10}, "no stake from seat 2"),
        ({0: 5, 1: 10, 2: 10}, "holds the bank"),
        ({1: 10, 2: 10, 5: 1}, "no seat 5"),
        ({1: 10, 2: "0.5"}, "at least 1"),
        ({1: 10, 2: 101}, "at most 100"),
        ({1: 10, 2: "lots"}, "not a number"),
        ({1: 10, 2: True}, "not a number"),
        ({"x": 10, 2: 1}, "not a seat"),
    ],
)
def test_rule_5_stakes_are_checked_against_the_table(stakes, words):
    tbl = table(3, 0, ["T"] * 6, min_stake=1, max_stake=100)
    with pytest.raises(InvalidStakeError, match=words) as info:
        start_deal(tbl, stakes)
    assert isinstance(info.value, InvalidBetError)


def test_stakes_may_be_strings_keyed_by_strings():
    tbl = table(3, 0, ["T", "9", "8"] * 2)
    deal = start_deal(tbl, {"1": "2.5", "2": 3})
    assert deal.hands[1].stake == Fraction(5, 2)
    assert deal.hands[2].stake == 3


@pytest.mark.parametrize(
    ("seats", "banker", "limits"),
    [
        (1, 0, {}),
        (8, 0, {}),
        (3, 3, {}),
        (3, -1, {}),
        (3, 0, {"min_stake": 0}),
        (3, 0, {"min_stake": 5, "max_stake": 4}),
    ],
)
def test_impossible_tables_are_refused(seats, banker, limits):
    with pytest.raises(InvalidTableError):
        table(seats, banker, **limits)


def test_a_short_stacked_shoe_raises_shoe_exhausted():
    with pytest.raises(ShoeExhaustedError):
        start_deal(table(2, 0, ["T", "9", "8"]), {1: 1})
    deal = start_deal(table(2, 0, ["T", "9", "8", "7"]), {1: 1})
    with pytest.raises(ShoeExhaustedError):
        apply(deal, DRAW)


# -- the talia: rotation and reshuffle (seed 2, 3, 20, 21) ---------------------------------------
def test_rule_2_a_fresh_shoe_is_two_full_decks_dealt_to_the_end():
    shoe = fresh_shoe(random.Random(3))
    assert len(shoe.cards) == 104
    assert shoe.decks == 2
    assert shoe.cut == 104
    assert set(Counter(shoe.cards).values()) == {2}
    assert not shoe.stacked
    assert fresh_shoe().cards != fresh_shoe().cards  # the CSPRNG by default


def test_rule_20_the_bank_passes_left_after_the_talia_and_rule_21_the_cards_are_reshuffled():
    # 2 seats need 10 cards for a worst-case deal; 14 cards hold two dealt-and-stood deals.
    cards = ["T", "9", "9", "9", "T", "T", "7", "8", "5", "5", "5", "5", "5", "5"]
    tbl = table(2, 0, cards)
    assert not tbl.talia_over
    deal = play(next_deal(tbl, {1: 10}), (1, STAND), (0, STAND))  # 19 vs 18: seat 1 wins
    assert result(deal, 1) == (BankerOutcome.WIN, Fraction(10))
    tbl = record_deal(tbl, deal)
    assert (tbl.banker, tbl.talia, tbl.deals, tbl.shoe.remaining) == (0, 1, 1, 10)
    assert tbl.nets == (Fraction(-10), Fraction(10))

    nxt = Shoe.stacked_from(["2"] * 20)
    deal = play(next_deal(tbl, {1: 4}), (1, STAND), (0, STAND))  # 18 vs 17: banker wins
    after = record_deal(tbl, deal, shoe=nxt)
    assert after.banker == 1  # the seat on the left
    assert after.talia == 2
    assert after.deals == 0
    assert after.shoe == nxt
    assert after.nets == (Fraction(-6), Fraction(6))
    assert after.punter_seats == (0,)

    reshuffled = record_deal(tbl, deal, rng=random.Random(5))
    assert reshuffled.banker == 1
    assert reshuffled.shoe.position == 0
    assert len(reshuffled.shoe.cards) == 104
    assert set(Counter(reshuffled.shoe.cards).values()) == {2}


def test_the_bank_wraps_round_from_the_last_seat_and_the_cutter_is_on_the_right():
    tbl = table(3, 2)
    assert tbl.cutter == 1
    assert end_of_talia(tbl, rng=random.Random(1)).banker == 0
    assert table(3, 0).cutter == 2
    seen = []
    for _ in range(4):
        seen.append(tbl.banker)
        tbl = end_of_talia(tbl, shoe=tbl.shoe)
    assert seen == [2, 0, 1, 2]
    assert tbl.talia == 5


def test_no_deal_starts_without_the_worst_case_of_cards():
    tbl = table(3, 0, ["5"] * 14)  # 3 seats may need 15
    assert tbl.cards_needed == 15
    assert tbl.talia_over
    with pytest.raises(TaliaOverError, match="rule 20"):
        next_deal(tbl, {1: 1, 2: 1})


def test_record_deal_refuses_an_unsettled_or_foreign_deal():
    tbl = table(2, 0, ["T", "9", "8", "7"] * 4)
    deal = next_deal(tbl, {1: 1})
    with pytest.raises(InvalidTableError, match="not over"):
        record_deal(tbl, deal)
    other = table(2, 0, ["9"] * 16)
    with pytest.raises(InvalidTableError, match="not dealt from this table"):
        record_deal(other, play(deal, (1, STAND), (0, STAND)))


# -- what a seat may see --------------------------------------------------------------------------
def cards_in(value) -> list[Card]:
    """Every Card reachable in a (nested) observation value."""
    if isinstance(value, Card):
        return [value]
    if dataclasses.is_dataclass(value):
        return [c for f in dataclasses.fields(value) for c in cards_in(getattr(value, f.name))]
    if isinstance(value, tuple | list):
        return [c for v in value for c in cards_in(v)]
    return []


def test_an_observation_holds_no_shoe_and_no_hidden_card():
    names = {f.name for f in dataclasses.fields(BankerObservation)}
    assert "shoe" not in names
    assert "hands" not in names
    assert {f.name for f in dataclasses.fields(SeatView)} >= {"visible", "hidden"}
    assert "cards" not in {f.name for f in dataclasses.fields(SeatView)}

    hands = {0: ["TH", "6H"], 1: ["2C", "3C"], 2: ["9D", "8D"]}
    deal = scripted(hands, ["4C", "KS", "QS"])
    deal = play(deal, (1, DRAW), (1, STAND))  # seat 1 draws 4C face up
    obs = observe(deal, 2)
    assert obs.legal_actions == (DRAW, STAND)
    assert codes(obs.cards) == ["9D", "8D"]
    seen = set(codes(cards_in(obs)))
    assert seen == {"9D", "8D", "4C"}  # own cards and seat 1's drawn card only
    by_seat = {v.seat: v for v in obs.others}
    assert codes(by_seat[1].visible) == ["4C"] and by_seat[1].hidden == 2
    assert by_seat[0].visible == () and by_seat[0].hidden == 2
    assert by_seat[0].role is Role.BANKER
    assert by_seat[1].stake == 10

    banker_view = observe(deal, 0)
    assert banker_view.legal_actions == ()  # not its turn
    assert set(codes(cards_in(banker_view))) == {"TH", "6H", "4C"}
    assert "2C" not in json.dumps(dataclasses.asdict(banker_view), default=str)

    deal = play(deal, (2, STAND), (0, DRAW))  # banker draws KS: bust, settled
    assert deal.is_over
    final = observe(deal, 1)
    assert set(codes(cards_in(final))) == {"TH", "6H", "KS", "2C", "3C", "4C", "9D", "8D"}
    assert final.net == 20 and final.outcome is BankerOutcome.BANKER_BUST


def test_the_banker_sees_punters_drawn_cards_when_deciding():
    deal = scripted({0: ["T", "6"], 1: ["T", "2"], 2: ["9", "7"]}, ["5", "K"])
    deal = play(deal, (1, DRAW), (1, STAND), (2, DRAW))  # seat 2 busts with K
    obs = observe(deal, 0)
    assert obs.role is Role.BANKER
    assert obs.legal_actions == (DRAW, STAND)
    views = {v.seat: v for v in obs.others}
    assert codes(views[1].visible) == ["5S"]
    assert codes(views[2].visible) == ["9S", "7S", "KS"]
    assert views[2].bust and views[2].hidden == 0


# -- AI and autoplay (VARIANTS.md table 4; seed 17) -------------------------------------------
def test_punter_ai_draws_below_16_and_stands_on_16():
    deal = scripted({0: ["T", "7"], 1: ["T", "5"], 2: ["T", "6"]}, ["K"])
    assert choose_action(observe(deal, 1)) is DRAW  # 15
    deal = play(deal, (1, STAND))
    assert choose_action(observe(deal, 2)) is STAND  # 16, seed rule 17
    assert choose_action(observe(deal, 2), punter_stands_on=17) is DRAW
    with pytest.raises(ValueError, match="no decision"):
        choose_action(observe(deal, 1))


def test_banker_ai_draws_below_17_and_at_most_three_cards():
    deal = scripted({0: ["T", "6"], 1: ["T", "9"]}, ["A"])
    deal = play(deal, (1, STAND))
    assert choose_action(observe(deal, 0)) is DRAW  # 16
    deal = play(deal, (0, DRAW))
    assert choose_action(observe(deal, 0)) is STAND  # 17
    low = scripted({0: ["2", "2"], 1: ["T", "9"]}, ["2", "2", "2"])
    done = autoplay(low)
    assert done.is_over
    assert done.hands[0].drawn == 3 and done.hands[0].total == 10


def test_autoplay_stops_at_a_seat_it_does_not_play():
    deal = scripted({0: ["T", "6"], 1: ["T", "2"], 2: ["9", "4"]}, ["5", "3"])
    waiting = autoplay(deal, seats={1, 0})
    assert waiting.to_act == 2
    assert codes(waiting.hands[1].cards) == ["TS", "2S", "5S"]  # 12 -> 17, stands
    done = autoplay(play(waiting, (2, STAND)), seats={0})
    assert done.is_over
    assert done.hands[0].total == 19  # 16 draws the 3, then stands


# -- JSON ------------------------------------------------------------------------------------
def test_deal_and_table_survive_a_json_round_trip():
    deal = scripted({0: ["T", "6"], 1: ["A", "K"], 2: ["9", "4"]}, ["5", "K"])
    for step in [(), ((2, DRAW),), ((2, STAND), (0, DRAW))]:
        deal = play(deal, *step)
        back = BankerDeal.from_json(json.loads(json.dumps(deal.to_json())))
        assert back == deal
    assert deal.is_over and back.nets == deal.nets
    tbl = record_deal(table(3, 0, deal.shoe.cards), deal)
    assert BankerTable.from_json(json.loads(json.dumps(tbl.to_json()))) == tbl
    limited = new_table(4, 2, rng=random.Random(0), min_stake="0.5", max_stake=50)
    assert BankerTable.from_json(json.loads(json.dumps(limited.to_json()))) == limited


# -- scenario files ----------------------------------------------------------------------------
SCRIPTABLE_ROWS = {
    "deal",
    "banker natural",
    "drawing",
    "ace",
    "settlement",
    "punter natural",
    "both bust",
    "banker bust",
}


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_are_enough_banker_scenarios_covering_table_4():
    assert len(FILES) >= 8
    rows = {load(path)["rule"].split(":")[0] for path in FILES}
    assert rows == SCRIPTABLE_ROWS


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_banker_scenario(path):
    data = load(path)
    assert set(data) == {"name", "rule", "scenario", "expect"}
    assert data["name"] and "seed" in data["rule"]
    assert data["scenario"]["variant"] == "dvadtsat-odno"
    got = play_banker_scenario(data["scenario"])
    expect = data["expect"]
    if "error_contains" in expect:
        assert set(got) == {"error"}, got
        assert expect["error_contains"] in got["error"]
    else:
        assert got == expect
        assert sum(Fraction(s["net"]) for s in got["seats"]) == 0
        assert got["net_sum"] == "0"


BASE = {
    "seats": 2,
    "banker": 0,
    "stakes": {"1": 10},
    "hands": {"0": ["T", "7"], "1": ["T", "8"]},
    "actions": [["1", "stand"], ["0", "stand"]],
}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"variant": "european"}, "not 'european'"),
        ({"hands": None}, "'hands'"),
        ({"hands": {"0": ["T", "7"]}}, "two cards for each seat"),
        ({"hands": {"0": ["T", "7"], "1": ["ZZ", "8"]}}, "'ZZ' is not a card"),
        ({"seats": 9}, "2 to 7"),
        ({"stakes": {}}, "no stake from seat 1"),
        ({"actions": [["1", "stand"]]}, "not over: seat 0 still needs one of draw, stand"),
        ({"actions": [["1", "draw"], ["1", "stand"], ["0", "stand"]]}, "draws ran out"),
        ({"draws": ["5"]}, "1 scripted draws were not used"),
        ({"actions": [["1", "stand"], ["0", "stand"], ["0", "stand"]]}, "deal is over"),
        ({"actions": [["1", "split"]]}, "action 1 (seat 1 split) is illegal"),
    ],
)
def test_bad_banker_scenarios_report_errors(change, words):
    spec = {**BASE, **change}
    spec = {k: v for k, v in spec.items() if v is not None}
    got = play_banker_scenario(spec)
    assert set(got) == {"error"}, got
    assert words in got["error"]


def test_the_scenario_of_the_brief_plays():
    got = play_banker_scenario(
        {
            "variant": "dvadtsat-odno",
            "seats": 3,
            "banker": 0,
            "stakes": {"1": 10, "2": 5},
            "hands": {"0": ["T", "7"], "1": ["A", "K"], "2": ["9", "5"]},
            "draws": ["3"],
            "actions": [["2", "draw"], ["2", "stand"], ["0", "stand"]],
        }
    )
    keys = ("seat", "role", "cards", "total", "result", "net")
    assert got == {
        "seats": [
            dict(zip(keys, (0, "banker", ["TS", "7S"], 17, None, "-20"), strict=True)),
            dict(zip(keys, (1, "punter", ["AS", "KS"], 21, "natural", "20"), strict=True)),
            dict(zip(keys, (2, "punter", ["9S", "5S", "3S"], 17, "push", "0"), strict=True)),
        ],
        "net_sum": "0",
    }


# -- properties --------------------------------------------------------------------------------
STAKES = [1, 2, 5, 10, 25, "0.5", "2.5"]


def best_total(cards) -> int:
    """The best total worked out apart from hands.py: an ace is 11 while that fits."""
    low = sum(1 if c.rank.value == "A" else min(10, c.rank.points) for c in cards)
    return low + 10 if any(c.rank.value == "A" for c in cards) and low + 10 <= 21 else low


def expected_net(punter, banker) -> Fraction:
    """An independent reading of the seed's settlement (module docstring order)."""
    p, b = best_total(punter.cards), best_total(banker.cards)
    p_nat = len(punter.cards) == 2 and p == 21
    b_nat = len(banker.cards) == 2 and b == 21
    if b_nat:
        return -punter.stake
    if p > 21:
        return Fraction(0) if b > 21 else -punter.stake
    if p_nat or b > 21:
        return 2 * punter.stake
    return punter.stake * ((p > b) - (p < b))


def check_legality(deal: BankerDeal) -> None:
    """Every legal action applies; every other one raises and leaves the deal unchanged."""
    legal = legal_actions(deal)
    assert legal == deal.legal_actions()
    assert legal == observe(deal, deal.to_act).legal_actions
    assert STAND in legal
    hand = deal.hands[deal.to_act]
    assert (DRAW in legal) == (hand.drawn < 3 and best_total(hand.cards) < 21)
    before = deal.to_json()
    for action in BankerAction:
        if action in legal:
            assert apply(deal, action) != deal
        else:
            with pytest.raises(IllegalActionError) as info:
                apply(deal, action)
            assert info.value.reason in {Reason.MAX_DRAWS, Reason.AT_21}
        assert deal.to_json() == before
    for seat in range(deal.seats):
        if seat != deal.to_act:
            assert observe(deal, seat).legal_actions == ()
            with pytest.raises(IllegalActionError):
                apply(deal, STAND, seat=seat)


def check_views(deal: BankerDeal) -> None:
    for viewer in range(deal.seats):
        obs = observe(deal, viewer)
        assert obs.cards == deal.hands[viewer].cards
        for view in obs.others:
            hand = deal.hands[view.seat]
            assert len(view.visible) + view.hidden == len(hand.cards)
            if deal.is_over or hand.is_bust:
                assert view.visible == hand.cards
            else:
                assert view.visible == hand.cards[2:]


def check_settled(deal: BankerDeal) -> None:
    assert deal.is_over and deal.to_act is None and legal_actions(deal) == ()
    assert deal.net_sum == 0
    banker = deal.banker_hand
    for punter in deal.punters:
        assert punter.net == expected_net(punter, banker)
        assert punter.outcome is not None
    assert banker.net == -sum(p.net for p in deal.punters)
    if banker.is_natural:
        assert all(len(h.cards) == 2 for h in deal.hands)
    for hand in deal.hands:
        assert 2 <= len(hand.cards) <= 5


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    seats=st.integers(min_value=2, max_value=7),
    banker=st.integers(min_value=0, max_value=6),
)
def test_a_whole_talia_conserves_chips_and_cards(seed, seats, banker):
    rng = random.Random(seed)
    tbl = new_table(seats, banker % seats, rng=rng, min_stake="0.5", max_stake=25)
    first = tbl
    talia_cards: list[Card] = []
    while tbl.talia == first.talia:
        assert tbl.shoe.remaining >= seats * 5
        start = tbl.shoe.position
        deal = next_deal(tbl, {s: rng.choice(STAKES) for s in tbl.punter_seats})
        while not deal.is_over:
            check_legality(deal)
            check_views(deal)
            assert BankerDeal.from_json(json.loads(json.dumps(deal.to_json()))) == deal
            deal = apply(deal, rng.choice(legal_actions(deal)), seat=deal.to_act)
        check_settled(deal)
        check_views(deal)
        assert BankerDeal.from_json(json.loads(json.dumps(deal.to_json()))) == deal
        # every card on the table came from this deal's stretch of the shoe
        assert Counter(deal.cards_dealt) == Counter(deal.shoe.cards[start : deal.shoe.position])
        talia_cards.extend(deal.cards_dealt)
        before = tbl
        tbl = record_deal(tbl, deal, rng=rng)
        assert sum(tbl.nets) == 0
        assert tbl.nets == tuple(a + b for a, b in zip(before.nets, deal.nets, strict=True))
    # the talia ended when the shoe could not hold another deal; no card came out twice
    assert Counter(talia_cards) == Counter(first.shoe.cards[: len(talia_cards)])
    assert max(Counter(talia_cards).values()) <= 2
    assert len(first.shoe.cards) - len(talia_cards) < seats * 5
    assert tbl.banker == (first.banker + 1) % seats
    assert tbl.talia == 2 and tbl.deals == 0
    assert tbl.shoe.position == 0 and len(tbl.shoe.cards) == 104
