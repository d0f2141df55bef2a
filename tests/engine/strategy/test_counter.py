"""The perfect card counter: EVs against the shoe as it really is (every card seen since the
shuffle out, the hole card still unknown), with stacked shoes where the count changes the
play."""

from dataclasses import replace
from fractions import Fraction

import pytest

from game.engine.cards import Card, Shoe, standard_deck
from game.engine.round import Action, Phase, deal
from game.engine.rules import EUROPEAN, RUSSIAN
from game.engine.strategy.composition import full_shoe, remove_cards
from game.engine.strategy.counter import (
    TooFewCardsError,
    counter_decision,
    counter_evs,
    counter_insurance_ev,
    known_unseen,
)
from game.engine.strategy.hand import hand_evs

# 60 small cards (2..6, twelve of each) dealt in earlier rounds: a high count.
SMALL = [f"{rank}{suit}" for rank in "23456" for suit in "SHDC"] * 3
# 60 ten-value cards: a low count.
TENS = [f"{rank}{suit}" for rank in "TJQK" for suit in "SHDC"] * 3 + ["TS"] * 12


def round_after(rules, seen, cards):
    """A round dealt from a shoe whose first cards ``seen`` went to earlier rounds."""
    shoe = replace(Shoe.stacked_from([*seen, *cards]), position=len(seen))
    return deal(rules, [10], shoe)


def test_the_known_unseen_cards_are_the_decks_less_every_card_seen():
    rnd = round_after(EUROPEAN, SMALL, ["TS", "TD", "6C", "9H", "5D"])
    unseen = known_unseen(rnd)
    # 6 decks less 12 of each of 2..6, less T,6 (player) and T (upcard); the hole 9 unseen.
    assert unseen == (24, 12, 12, 12, 12, 11, 24, 24, 24, 94)
    assert sum(unseen) == 312 - 60 - 3
    assert known_unseen(rnd, seen=[]) == remove_cards(full_shoe(6), ["T", "6", "T"])


def test_sixteen_against_a_ten_stands_when_the_small_cards_are_gone():
    rnd = round_after(EUROPEAN, SMALL, ["TS", "TD", "6C", "9H", "5D"])
    hand = rnd.active_hand.cards
    # Off the top (the published convention) 16 v T hits ...
    assert hand_evs(hand, rnd.upcard, EUROPEAN).best()[0] is Action.HIT
    # ... but with 60 small cards gone the counter stands.
    evs = counter_evs(rnd)
    assert evs.best()[0] is Action.STAND
    assert evs.stand == pytest.approx(-0.690053481, abs=1e-8)
    assert evs.hit == pytest.approx(-0.734630270, abs=1e-8)
    values, best = counter_decision(rnd)
    assert best is Action.STAND
    assert set(values) == {Action.HIT, Action.STAND, Action.DOUBLE}
    assert values[Action.STAND] == evs.stand


def test_the_counter_is_exactly_hand_evs_on_the_known_shoe():
    rnd = round_after(EUROPEAN, TENS, ["5S", "6D", "6C", "9H", "KD"])
    unseen = remove_cards(full_shoe(6), [*TENS, "5", "6", "6"])
    assert counter_evs(rnd) == hand_evs([5, 6], 6, EUROPEAN, composition=unseen)
    # With 60 tens gone, 11 v 6 no longer doubles as it does off the top.
    assert hand_evs([5, 6], 6, EUROPEAN).best()[0] is Action.DOUBLE
    assert counter_decision(rnd)[1] is Action.HIT


def test_insurance_pays_when_a_third_of_the_unseen_cards_are_tens():
    rnd = round_after(RUSSIAN, SMALL, ["9S", "AD", "7C", "5H"])
    assert rnd.phase is Phase.INSURANCE
    unseen = known_unseen(rnd)
    assert counter_insurance_ev(rnd) == Fraction(3 * unseen[9], sum(unseen)) - 1
    assert counter_insurance_ev(rnd) == Fraction(3 * 96, 249) - 1  # > 0
    values, best = counter_decision(rnd)
    assert best is Action.INSURANCE
    assert values[Action.INSURANCE] == pytest.approx(float(Fraction(39, 249)) / 2)
    # A fresh shoe: insurance loses (-23/311 per unit with only the ace out, ORACLES.md).
    fresh = round_after(RUSSIAN, [], ["9S", "AD", "7C", "5H"])
    assert counter_decision(fresh)[1] is Action.NO_INSURANCE


def test_the_hole_card_is_never_counted_as_seen():
    with_nine = round_after(EUROPEAN, SMALL, ["TS", "TD", "6C", "9H", "5D"])
    with_ace = round_after(EUROPEAN, SMALL, ["TS", "TD", "6C", "AH", "5D"])
    assert known_unseen(with_nine) == known_unseen(with_ace)
    assert counter_evs(with_nine) == counter_evs(with_ace)


def test_a_split_hand_counts_the_other_hands_on_the_table():
    rnd = round_after(EUROPEAN, [], ["8S", "6D", "8C", "7H", "3D", "TC"])
    rnd = rnd.apply(Action.SPLIT)  # hand 1: 8,3; hand 2: 8 waiting
    assert rnd.active_hand.from_split
    assert known_unseen(rnd) == remove_cards(full_shoe(6), ["8", "8", "3", "6"])
    evs = counter_evs(rnd)
    assert evs.split is None and evs.surrender is None
    assert evs.best()[0] is Action.DOUBLE  # 11 v 6 after a split, DAS


def test_no_decision_raises():
    rnd = round_after(EUROPEAN, [], ["TS", "6D", "TC", "7H", "9D"])
    rnd = rnd.apply(Action.STAND)
    assert rnd.is_over
    with pytest.raises(ValueError, match="no hand is to act"):
        counter_evs(rnd)
    with pytest.raises(ValueError, match="no decision"):
        counter_decision(rnd)


# One deck, 46 cards seen in earlier rounds: you 7,3 against the dealer's 4 (9 in the
# hole) with only 2,2 left behind them. Hit or stand, the dealer's 13 draws both twos and
# needs a card more than the unseen ones hold (the table would shuffle the discards in).
LAST_SIX = ["7H", "4D", "3C", "9S", "2D", "2C"]


def test_too_few_unseen_cards_to_finish_the_round_say_so():
    rules = EUROPEAN.with_overrides({"decks": 1})
    seen = [c for c in standard_deck() if c.code not in LAST_SIX]
    rnd = round_after(rules, seen, [Card.parse(c) for c in LAST_SIX])
    assert sum(known_unseen(rnd)) == 3  # the hole 9 and the two twos
    with pytest.raises(TooFewCardsError):
        counter_evs(rnd)
    with pytest.raises(TooFewCardsError):
        counter_decision(rnd)
