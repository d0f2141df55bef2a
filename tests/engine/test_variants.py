"""The ajnc, croatian and russian presets against VARIANTS.md tables 1-3 and seeds 000-002.

Every rule is played on a scripted shoe under its preset, and the same script is played again
under the preset with that one rule changed (``with_overrides``): the outcome must differ,
which shows the test pins the rule rather than passing whatever the rule says.

Shoes list the cards in the order the engine deals them:
- ajnc (hole card first, seed 000): player, dealer hole card, player, dealer upcard, draws;
- russian: player, dealer upcard, player, dealer hole card, draws;
- croatian (no hole card, seed 001): player, dealer upcard, player, the players' draws, then
  the dealer's second card and his draws.
"""

import dataclasses
from fractions import Fraction

import pytest

from game.engine.cards import Card, Shoe
from game.engine.errors import Reason
from game.engine.round import (
    INSURANCE_DECISIONS,
    Action,
    IllegalActionError,
    Outcome,
    Phase,
    Round,
    apply,
    deal,
)
from game.engine.rules import AJNC, CROATIAN, DVADTSAT_ODNO, RULE_FIELDS, RUSSIAN, RulesError
from game.engine.scenario import apply_scripted
from game.engine.variants import (
    CASINO_VARIANTS,
    VARIANTS,
    find_rules,
    find_variant,
    is_variant,
)

H, S, D, P = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT
SURRENDER, INS, NO_INS = Action.SURRENDER, Action.INSURANCE, Action.NO_INSURANCE
NO_SURRENDER = Action.NO_SURRENDER

# -- the presets, field by field -----------------------------------------------------------------

# VARIANTS.md table 1 / seed 000 (Serbian "Ajnc").
AJNC_FIELDS = {
    "decks": 6,  # "decks: 6" (seed silent)
    "dealer_hits_soft_17": False,  # "hits 16 or less, stands on every 17 (S17)"
    "dealer_hole_card": True,  # "dealer hole (down)"
    "dealer_peeks": True,  # "checks the hole card ... ace (after insurance) or ten-value"
    "lose_all_to_natural": False,  # moot: the peek finds every dealer natural before any action
    "blackjack_payout": Fraction(3, 2),  # "natural: pays 3:2"
    "double_on": "9-11",  # "hard total 9, 10 or 11 only"
    "double_after_split": True,  # "double after split: allowed"
    "double_for_less": False,  # seed: "mora da duplira ulog" (must double the bet)
    "split_by": "rank",  # "two cards of equal rank"
    "max_split_hands": 2,  # "two hands, no resplit"
    "resplit_aces": False,  # no resplit at all
    "hit_split_aces": False,  # "split aces: one card each"
    "surrender": "late",  # "late (after the peek), keep half the bet"
    "surrender_vs_ace": True,  # seed silent: surrender "only after the deal", any upcard
    "insurance": True,  # "offered when the upcard is an ace"
    "even_money": True,  # seed silent: insurance is offered to every player
    "auto_stand_21": False,
    "three_sevens_payout": None,
    "max_draws": None,
    "insurance_for_less": False,  # "costs half the bet"
    "hole_card_first": True,  # "player up, dealer hole (down), player up, dealer up"
    "game": "casino",
}

# VARIANTS.md table 2 / seed 001 (Croatian casino).
CROATIAN_FIELDS = {
    "decks": 6,  # "6 paketa"
    "dealer_hits_soft_17": False,  # "stands on 17 or more (S17)"
    "dealer_hole_card": False,  # "hole card: none" (ENHC)
    "dealer_peeks": False,  # no hole card, nothing to peek at
    "lose_all_to_natural": True,  # "all bets on the hand are lost" (ENHC custom)
    "blackjack_payout": Fraction(3, 2),  # "natural: pays 3:2"
    "double_on": "any",  # "first two cards, any total"
    "double_after_split": True,  # "double after split: allowed"
    "double_for_less": True,  # "any amount up to the original bet"
    "split_by": "value",  # "equal value (10, J, Q, K are equal)"
    "max_split_hands": 4,  # "resplit up to 4 hands"
    "resplit_aces": False,  # "split aces: one card each, no further cards"
    "hit_split_aces": False,
    "surrender": "early",  # "after the initial deal, before any other action"
    "surrender_vs_ace": False,  # "not when the dealer shows an ace"
    "insurance": True,  # "offered on an ace upcard ... pays 2:1"
    "even_money": False,  # "not offered to a player holding a natural"
    "auto_stand_21": True,  # "a hand that reaches 21 stands automatically"
    "three_sevens_payout": Fraction(3, 2),  # "paid 3:2 at once and the hand is over"
    "max_draws": None,
    "insurance_for_less": True,  # "up to half the bet"
    "hole_card_first": False,  # no hole card
    "game": "casino",
}

# VARIANTS.md table 3 / seed 002 (Russian online casino).
RUSSIAN_FIELDS = {
    "decks": 6,  # "шесть стандартных колод"
    "dealer_hits_soft_17": False,  # "stands on every 17 (S17)"
    "dealer_hole_card": True,  # "одну открытую и одну закрытую"
    "dealer_peeks": True,  # "with a ten-value upcard the dealer checks at once ..."
    "lose_all_to_natural": False,  # moot: the peek finds every dealer natural before any action
    "blackjack_payout": Fraction(3, 2),  # "natural: pays 3:2"
    "double_on": "any",  # "any first two cards"
    "double_after_split": True,  # "double after split: allowed"
    "double_for_less": False,  # "удваивает свою ставку"
    "split_by": "rank",  # "same rank only (K-K yes, K-Q no)"
    "max_split_hands": 2,  # "two hands, no resplit"
    "resplit_aces": False,
    "hit_split_aces": False,  # "split aces: one card each"
    "surrender": "none",  # "surrender: none"
    "surrender_vs_ace": False,
    "insurance": True,  # "half the bet, pays 2:1"
    "even_money": True,  # seed silent: insurance is offered to every player
    "auto_stand_21": False,
    "three_sevens_payout": None,
    "max_draws": None,
    "insurance_for_less": False,  # "равная половине их основной ставки"
    "hole_card_first": False,
    "game": "casino",
}

PRESET_FIELDS = {"ajnc": AJNC_FIELDS, "croatian": CROATIAN_FIELDS, "russian": RUSSIAN_FIELDS}


@pytest.mark.parametrize(
    ("variant", "name", "value"),
    [(v, n, x) for v, fields in PRESET_FIELDS.items() for n, x in fields.items()],
)
def test_preset_field(variant, name, value):
    rules = find_rules(variant)
    assert getattr(rules, name) == value
    assert type(getattr(rules, name)) is type(value)


@pytest.mark.parametrize("variant", sorted(PRESET_FIELDS))
def test_preset_covers_every_field(variant):
    assert set(PRESET_FIELDS[variant]) == set(RULE_FIELDS)
    assert dataclasses.asdict(find_rules(variant)) == PRESET_FIELDS[variant]


def test_the_presets_are_registered():
    assert find_rules("ajnc") is AJNC
    assert find_rules("croatian") is CROATIAN
    assert find_rules("russian") is RUSSIAN


def test_the_registry_lists_every_game_once_in_the_sites_order():
    assert [(v.name, v.seed, v.game) for v in VARIANTS] == [
        ("european", "004", "casino"),
        ("ajnc", "000", "casino"),
        ("croatian", "001", "casino"),
        ("russian", "002", "casino"),
        ("dvadtsat-odno", "003", "banker"),
    ]
    assert CASINO_VARIANTS == ("european", "ajnc", "croatian", "russian")
    assert find_variant("dvadtsat-odno").rules is DVADTSAT_ODNO
    assert not find_variant("dvadtsat-odno").casino
    assert is_variant("croatian") and not is_variant("custom-abcdefghij")


def test_an_unknown_variant_names_the_known_ones():
    with pytest.raises(RulesError, match="dvadtsat-odno, european") as info:
        find_variant("klondike")
    assert "'klondike'" in str(info.value)


# -- helpers --------------------------------------------------------------------------------------


def play(rules, shoe, *actions, bets=(10,)) -> Round:
    """Deal ``bets`` from the stacked ``shoe`` and apply ``actions`` (an action, or a pair
    (action, amount)); a play action in the early-surrender phase declines it first
    (``apply_scripted``)."""
    rnd = deal(rules, list(bets), Shoe.stacked_from(list(shoe)))
    for step in actions:
        action, amount = step if isinstance(step, tuple) else (step, None)
        rnd = apply_scripted(rnd, action, amount)
    return rnd


def refused(rnd, action, amount=None) -> Reason:
    """The reason of the IllegalActionError ``action`` raises on ``rnd``."""
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, action, amount)
    return info.value.reason


def ranks(cards) -> str:
    return "".join(c.rank.value for c in cards)


def results(rnd):
    return [(ranks(h.cards), h.bet, h.outcome, h.net) for h in rnd.hands]


NO_INSURANCE_RULES = {"insurance": False, "even_money": False, "insurance_for_less": False}


# -- the insurance phase in every variant ------------------------------------------------------

# T,8 against an ace upcard and a king: each variant's deal order.
ACE_KING = {
    "ajnc": ["T", "K", "8", "A"],  # player, hole, player, upcard
    "russian": ["T", "A", "8", "K"],  # player, upcard, player, hole
    "croatian": ["T", "A", "8", "K"],  # player, upcard, player; the king comes after the player
}


@pytest.mark.parametrize("variant", sorted(ACE_KING))
def test_insurance_phase_offers_exactly_the_two_decisions(variant):
    rules = find_rules(variant)
    rnd = play(rules, ACE_KING[variant])
    assert rnd.phase is Phase.INSURANCE
    assert rnd.legal_actions() == (INS, NO_INS) == INSURANCE_DECISIONS
    assert rnd.dealer_visible == (Card.parse("A"),)  # the dealer has not checked yet
    assert not rnd.hole_revealed
    assert refused(rnd, H) is Reason.INSURANCE_FIRST
    # the same script without insurance: no such phase
    other = play(rules.with_overrides(NO_INSURANCE_RULES), ACE_KING[variant])
    assert other.phase is not Phase.INSURANCE


# 2,3 draws 2,2,2,A,A (hard 13 after five draws) against 9 up and 8 (the hole card, or in the
# croatian game the second card), in each variant's deal order.
SMALL_CARDS = {
    "ajnc": ["2", "8", "3", "9", "2", "2", "2", "A", "A", "T"],
    "russian": ["2", "9", "3", "8", "2", "2", "2", "A", "A", "T"],
    "croatian": ["2", "9", "3", "2", "2", "2", "A", "A", "8", "T"],
}


@pytest.mark.parametrize("variant", sorted(SMALL_CARDS))
def test_no_limit_on_the_cards_a_hand_draws(variant):
    rules = find_rules(variant)
    rnd = play(rules, SMALL_CARDS[variant], H, H, H, H, H)
    assert ranks(rnd.active_hand.cards) == "23222AA"
    assert rnd.legal_actions() == (H, S)
    other = play(rules.with_overrides({"max_draws": 3}), SMALL_CARDS[variant], H, H, H)
    assert other.is_over


@pytest.mark.parametrize("variant", ["ajnc", "russian"])
def test_no_auto_stand_on_21_and_no_three_sevens_bonus(variant):
    rules = find_rules(variant)
    # 7,7 against 9 up and 8 in the hole: the hit makes three sevens, 21
    shoe = {"ajnc": ["7H", "8", "7C", "9", "7D"], "russian": ["7H", "9", "7C", "8", "7D"]}[variant]
    rnd = play(rules, shoe, H)
    assert rnd.active_hand.value.total == 21
    assert rnd.legal_actions() == (H, S)  # the player still decides
    assert not play(rules.with_overrides({"auto_stand_21": True}), shoe, H).active_hand
    bonus = play(rules.with_overrides({"three_sevens_payout": "3/2"}), shoe, H)
    assert results(bonus) == [("777", 10, Outcome.THREE_SEVENS, 15)]
    # Not pinned for ajnc: seed 000 says "if you get 21 you have ajnc and are paid 3:2", and
    # whether a 21 of three cards pays 3:2 there is an open question.
    if variant == "russian":
        assert results(apply(rnd, S)) == [("777", 10, Outcome.WIN, 10)]


# -- ajnc (table 1, seed 000) ---------------------------------------------------------------------


def test_ajnc_deals_the_hole_card_before_the_upcard():
    # Two seats: seat 0, seat 1, dealer (hole), seat 0, seat 1, dealer (upcard).
    shoe = ["2C", "3D", "4H", "5S", "6C", "7D"]
    rnd = play(AJNC, shoe, bets=(10, 10))
    assert [ranks(h.cards) for h in rnd.hands] == ["25", "36"]
    assert rnd.dealer == (Card.parse("7D"), Card.parse("4H"))  # (upcard, hole card)
    assert rnd.upcard == Card.parse("7D")
    assert rnd.dealer_visible == (Card.parse("7D"),)
    other = play(AJNC.with_overrides({"hole_card_first": False}), shoe, bets=(10, 10))
    assert other.upcard == Card.parse("4H")


def test_ajnc_dealer_stands_on_soft_17():
    shoe = ["T", "A", "7", "6", "4"]  # T,7 against 6 up, ace in the hole; a 4 to draw
    rnd = play(AJNC, shoe, S)
    assert ranks(rnd.dealer) == "6A"
    assert results(rnd) == [("T7", 10, Outcome.PUSH, 0)]
    h17 = play(AJNC.with_overrides({"dealer_hits_soft_17": True}), shoe, S)
    assert ranks(h17.dealer) == "6A4"
    assert results(h17) == [("T7", 10, Outcome.LOSE, -10)]


def test_ajnc_peek_with_a_ten_ends_the_round_before_any_action():
    shoe = ["T", "A", "9", "K"]  # T,9 against K up, ace in the hole
    rnd = play(AJNC, shoe)
    assert rnd.is_over
    assert rnd.legal_actions() == ()
    assert rnd.dealer == (Card.parse("K"), Card.parse("A"))
    assert results(rnd) == [("T9", 10, Outcome.LOSE, -10)]
    assert refused(rnd, SURRENDER) is Reason.ROUND_OVER  # late surrender comes after the peek
    no_peek = play(AJNC.with_overrides({"dealer_peeks": False}), shoe)
    assert not no_peek.is_over
    assert no_peek.legal_actions() == (H, S, SURRENDER)
    assert apply(no_peek, SURRENDER).hands[0].net == -5


def test_ajnc_player_natural_pushes_the_natural_found_at_the_peek():
    rnd = play(AJNC, ["A", "A", "K", "Q"])  # A,K against Q up, ace in the hole
    assert rnd.is_over
    assert results(rnd) == [("AK", 10, Outcome.PUSH, 0)]


def test_ajnc_ace_upcard_insurance_first_then_the_peek():
    shoe = ["T", "K", "8", "A"]  # T,8 against A up, king in the hole
    rnd = play(AJNC, shoe)
    assert rnd.phase is Phase.INSURANCE
    assert not rnd.is_over
    rnd = apply(rnd, NO_INS)
    assert rnd.is_over
    assert results(rnd) == [("T8", 10, Outcome.LOSE, -10)]
    # without insurance the dealer checks at once: the round is over at the deal
    other = play(AJNC.with_overrides(NO_INSURANCE_RULES), shoe)
    assert other.is_over
    assert results(other) == [("T8", 10, Outcome.LOSE, -10)]


def test_ajnc_after_the_peek_no_insurance_and_surrender_against_an_ace():
    shoe = ["T", "7", "6", "A"]  # T,6 against A up, 7 in the hole: no natural
    rnd = play(AJNC, shoe, NO_INS)
    assert rnd.phase is Phase.PLAYER
    assert rnd.legal_actions() == (H, S, SURRENDER)  # no double on 16, no insurance any more
    assert refused(rnd, INS) is Reason.INSURANCE_CLOSED
    assert refused(rnd, NO_INS) is Reason.INSURANCE_CLOSED
    assert results(apply(rnd, SURRENDER)) == [("T6", 10, Outcome.SURRENDER, -5)]
    other = play(AJNC.with_overrides({"surrender_vs_ace": False}), shoe, NO_INS)
    assert other.legal_actions() == (H, S)
    assert refused(other, SURRENDER) is Reason.SURRENDER_ACE


@pytest.mark.parametrize(
    ("player", "allowed", "other_double_on"),
    [
        (("5", "3"), False, "any"),  # hard 8
        (("5", "4"), True, "10-11"),  # hard 9
        (("6", "4"), True, "none"),  # hard 10
        (("7", "4"), True, "none"),  # hard 11
        (("T", "2"), False, "any"),  # hard 12
        (("A", "8"), False, "any"),  # soft 19
        (("A", "A"), False, "any"),  # soft 12
    ],
)
def test_ajnc_double_only_on_hard_9_10_11(player, allowed, other_double_on):
    shoe = [player[0], "T", player[1], "6", "T", "8"]  # against 6 up, ten in the hole
    rnd = play(AJNC, shoe)
    assert (D in rnd.legal_actions()) is allowed
    if not allowed:
        assert refused(rnd, D) is Reason.DOUBLE_TOTAL
    other = play(AJNC.with_overrides({"double_on": other_double_on}), shoe)
    assert (D in other.legal_actions()) is not allowed


def test_ajnc_double_on_9_draws_one_card_for_twice_the_bet():
    shoe = ["5", "T", "4", "6", "T", "8"]  # 9 doubles to 19 against 6 up; 6,T draws 8
    assert results(play(AJNC, shoe, D)) == [("54T", 20, Outcome.WIN, 20)]
    # "mora da duplira ulog": the whole bet, not less
    assert refused(play(AJNC, shoe), D, 5) is Reason.DOUBLE_AMOUNT
    other = play(AJNC.with_overrides({"double_for_less": True}), shoe, (D, 5))
    assert results(other) == [("54T", 15, Outcome.WIN, 15)]


def test_ajnc_double_after_split():
    shoe = ["4H", "T", "4C", "6", "5", "T", "6", "9", "8"]  # 4,4 against 6 up, ten in the hole
    rnd = play(AJNC, shoe, P)
    assert ranks(rnd.active_hand.cards) == "45"
    assert D in rnd.legal_actions()
    rnd = play(AJNC, shoe, P, D, D)
    assert results(rnd) == [("45T", 20, Outcome.WIN, 20), ("469", 20, Outcome.WIN, 20)]
    other = play(AJNC.with_overrides({"double_after_split": False}), shoe, P)
    assert D not in other.legal_actions()
    assert refused(other, D) is Reason.DOUBLE_AFTER_SPLIT


def test_ajnc_split_equal_rank_only():
    kings = play(AJNC, ["KH", "T", "KC", "6"])
    assert P in kings.legal_actions()
    shoe = ["K", "T", "Q", "6"]  # king and queen against 6 up
    rnd = play(AJNC, shoe)
    assert P not in rnd.legal_actions()
    assert refused(rnd, P) is Reason.SPLIT_RANK
    other = play(AJNC.with_overrides({"split_by": "value"}), shoe)
    assert P in other.legal_actions()


def test_ajnc_one_split_no_resplit():
    shoe = ["8H", "T", "8C", "7", "8D", "T", "9"]  # 8,8 against 7 up; another 8 comes
    rnd = play(AJNC, shoe, P)
    assert ranks(rnd.active_hand.cards) == "88"
    assert P not in rnd.legal_actions()
    assert refused(rnd, P) is Reason.SPLIT_LIMIT
    other = play(AJNC.with_overrides({"max_split_hands": 4}), shoe, P)
    assert P in other.legal_actions()


def test_ajnc_split_aces_get_one_card_each():
    shoe = ["AH", "8", "AC", "9", "9", "5"]  # A,A against 9 up, 8 in the hole
    rnd = play(AJNC, shoe, P)
    assert rnd.is_over
    assert results(rnd) == [("A9", 10, Outcome.WIN, 10), ("A5", 10, Outcome.LOSE, -10)]
    other = play(AJNC.with_overrides({"hit_split_aces": True}), shoe, P)
    assert not other.is_over
    assert H in other.legal_actions()


def test_ajnc_late_surrender_keeps_half_the_bet():
    shoe = ["T", "7", "6", "T"]  # T,6 against T up, 7 in the hole
    rnd = play(AJNC, shoe)
    assert rnd.legal_actions() == (H, S, SURRENDER)
    assert results(apply(rnd, SURRENDER)) == [("T6", 10, Outcome.SURRENDER, -5)]
    other = play(AJNC.with_overrides({"surrender": "none"}), shoe)
    assert other.legal_actions() == (H, S)
    assert refused(other, SURRENDER) is Reason.SURRENDER_NONE


def test_ajnc_surrender_is_refused_after_a_hit():
    rnd = play(AJNC, ["T", "7", "2", "T", "3"], H)  # T,2 hits a 3 against T up
    assert refused(rnd, SURRENDER) is Reason.SURRENDER_FIRST


# Seed 000's worked example: "bet 100 and insurance of half the bet (50)".
def test_ajnc_seed_example_dealer_natural_net_zero():
    shoe = ["T", "K", "8", "A"]  # T,8 against A up, king in the hole
    rnd = play(AJNC, shoe, INS, bets=(100,))
    hand = rnd.hands[0]
    assert rnd.is_over
    assert hand.insurance == 50
    assert hand.outcome is Outcome.LOSE
    assert hand.insurance_net == 100  # the insurance back and twice it: 2:1
    assert hand.net == 0  # "ostaje u tom deljenju na nuli"
    other = deal(AJNC.with_overrides(NO_INSURANCE_RULES), [100], Shoe.stacked_from(shoe))
    assert refused(other, INS) is Reason.ROUND_OVER  # the peek ended it: no insurance to buy
    assert other.hands[0].net == -100


def test_ajnc_seed_example_dealer_wins_minus_150():
    shoe = ["T", "9", "7", "A"]  # T,7 against A up, 9 in the hole: 20 beats 17
    rnd = play(AJNC, shoe, INS, S, bets=(100,))
    hand = rnd.hands[0]
    assert (hand.outcome, hand.insurance, hand.insurance_net) == (Outcome.LOSE, 50, -50)
    assert hand.net == rnd.net == -150
    other = play(AJNC.with_overrides(NO_INSURANCE_RULES), shoe, bets=(100,))
    assert refused(other, INS) is Reason.INSURANCE_NONE
    assert apply(other, S).net == -100


def test_ajnc_seed_example_player_wins_plus_50():
    shoe = ["T", "7", "9", "A"]  # T,9 against A up, 7 in the hole: 19 beats soft 18
    rnd = play(AJNC, shoe, INS, S, bets=(100,))
    hand = rnd.hands[0]
    assert (hand.outcome, hand.insurance, hand.insurance_net) == (Outcome.WIN, 50, -50)
    assert hand.net == rnd.net == 50  # +100 for the win, -50 for the insurance
    other = play(AJNC.with_overrides(NO_INSURANCE_RULES), shoe, bets=(100,))
    assert refused(other, INS) is Reason.INSURANCE_NONE
    assert apply(other, S).net == 100


def test_ajnc_insurance_costs_exactly_half_the_bet():
    shoe = ["T", "9", "7", "A"]
    rnd = play(AJNC, shoe, bets=(100,))
    assert refused(rnd, INS, 30) is Reason.INSURANCE_AMOUNT
    other = play(AJNC.with_overrides({"insurance_for_less": True}), shoe, (INS, 30), S, bets=(100,))
    assert other.hands[0].insurance == 30
    assert other.net == -130


def test_ajnc_even_money_is_offered_to_a_natural():
    # Seed silent: insurance is offered to every player, so a natural may take even money.
    shoe = ["A", "9", "K", "A"]  # A,K against A up, 9 in the hole
    rnd = play(AJNC, shoe)
    assert rnd.phase is Phase.INSURANCE
    rnd = apply(rnd, INS)
    assert results(rnd) == [("AK", 10, Outcome.BLACKJACK, 10)]  # 15 - 5: even money
    other = play(AJNC.with_overrides({"even_money": False}), shoe)
    assert other.is_over
    assert results(other) == [("AK", 10, Outcome.BLACKJACK, 15)]


def test_ajnc_natural_pays_3_to_2():
    shoe = ["A", "7", "K", "9"]  # A,K against 9 up, 7 in the hole
    rnd = play(AJNC, shoe)
    assert results(rnd) == [("AK", 10, Outcome.BLACKJACK, 15)]
    other = play(AJNC.with_overrides({"blackjack_payout": "6/5"}), shoe)
    assert results(other) == [("AK", 10, Outcome.BLACKJACK, 12)]


# -- croatian (table 2, seed 001) -----------------------------------------------------------------


def test_croatian_dealer_stands_on_soft_17():
    shoe = ["T", "6", "7", "A", "4"]  # T,7 against 6; the dealer's second card an ace
    rnd = play(CROATIAN, shoe, S)
    assert ranks(rnd.dealer) == "6A"
    assert results(rnd) == [("T7", 10, Outcome.PUSH, 0)]
    h17 = play(CROATIAN.with_overrides({"dealer_hits_soft_17": True}), shoe, S)
    assert results(h17) == [("T7", 10, Outcome.LOSE, -10)]


def test_croatian_no_hole_card_the_second_card_comes_after_the_players():
    shoe = ["T", "T", "6", "3", "A", "5"]  # T,6 against T; the player draws 3, the dealer A
    rnd = play(CROATIAN, shoe)
    assert ranks(rnd.dealer) == "T"
    assert rnd.dealer_hidden_count == 0
    assert not rnd.is_over  # no peek: the player acts against the ten
    rnd = play(CROATIAN, shoe, H, S)
    assert ranks(rnd.dealer) == "TA"
    assert results(rnd) == [("T63", 10, Outcome.LOSE, -10)]
    other = play(CROATIAN.with_overrides({"dealer_hole_card": True}), shoe)
    assert ranks(other.dealer) == "T3"  # a hole card taken at the deal


def test_croatian_dealer_natural_takes_a_doubled_hand():
    shoe = ["6", "T", "5", "9", "A"]  # 11 doubles to 20 against T; then the dealer's ace
    rnd = play(CROATIAN, shoe, D)
    assert results(rnd) == [("659", 20, Outcome.LOSE, -20)]
    other = play(CROATIAN.with_overrides({"lose_all_to_natural": False}), shoe, D)
    assert results(other) == [("659", 20, Outcome.LOSE, -10)]


def test_croatian_dealer_natural_takes_both_split_hands():
    shoe = ["8H", "T", "8C", "T", "9", "A"]  # 8,8 split to 18 and 17 against T; then an ace
    rnd = play(CROATIAN, shoe, P, S, S)
    assert results(rnd) == [("8T", 10, Outcome.LOSE, -10), ("89", 10, Outcome.LOSE, -10)]
    assert rnd.net == -20
    other = play(CROATIAN.with_overrides({"lose_all_to_natural": False}), shoe, P, S, S)
    assert other.net == -10


def test_croatian_double_for_less():
    shoe = ["6", "6", "5", "T", "T", "8"]  # 11 against 6; the double draws T; 6,T draws 8
    rnd = play(CROATIAN, shoe, (D, 4))
    assert results(rnd) == [("65T", 14, Outcome.WIN, 14)]
    assert results(play(CROATIAN, shoe, D)) == [("65T", 20, Outcome.WIN, 20)]
    dealt = play(CROATIAN, shoe, NO_SURRENDER)
    assert refused(dealt, D, 15) is Reason.DOUBLE_AMOUNT  # at most the bet
    assert refused(dealt, D, 0) is Reason.DOUBLE_AMOUNT
    other = play(CROATIAN.with_overrides({"double_for_less": False}), shoe, NO_SURRENDER)
    assert refused(other, D, 4) is Reason.DOUBLE_AMOUNT


def test_croatian_double_on_any_total():
    shoe = ["A", "9", "7", "2", "8"]  # soft 18 against 9
    rnd = play(CROATIAN, shoe, NO_SURRENDER)
    assert rnd.legal_actions() == (H, S, D)  # surrender was its own phase, now over
    assert results(apply(rnd, D)) == [("A72", 20, Outcome.WIN, 20)]
    other = play(CROATIAN.with_overrides({"double_on": "9-11"}), shoe, NO_SURRENDER)
    assert refused(other, D) is Reason.DOUBLE_TOTAL


def test_croatian_double_after_split_for_less():
    shoe = ["9H", "T", "9C", "2", "9", "8", "7"]  # 9,9 against T; the dealer's 7 comes last
    rnd = play(CROATIAN, shoe, P, (D, 5), S)
    assert results(rnd) == [("929", 15, Outcome.WIN, 15), ("98", 10, Outcome.PUSH, 0)]
    other = play(CROATIAN.with_overrides({"double_after_split": False}), shoe, P)
    assert refused(other, D, 5) is Reason.DOUBLE_AFTER_SPLIT


def test_croatian_split_equal_value_king_queen():
    shoe = ["K", "6", "Q", "8", "9", "T", "7"]
    rnd = play(CROATIAN, shoe, NO_SURRENDER)
    assert P in rnd.legal_actions()
    rnd = play(CROATIAN, shoe, P, S, S)
    assert results(rnd) == [("K8", 10, Outcome.WIN, 10), ("Q9", 10, Outcome.WIN, 10)]
    other = play(CROATIAN.with_overrides({"split_by": "rank"}), shoe, NO_SURRENDER)
    assert refused(other, P) is Reason.SPLIT_RANK


def test_croatian_resplit_to_four_hands_and_no_fifth():
    shoe = ["8H", "7", "8C", "8D", "8S", "8H", "T"]  # 8s keep coming against 7
    rnd = play(CROATIAN, shoe, P, P, P)
    assert len(rnd.hands) == 4
    assert ranks(rnd.active_hand.cards) == "88"
    assert rnd.legal_actions() == (H, S, D)
    assert refused(rnd, P) is Reason.SPLIT_LIMIT
    other = play(CROATIAN.with_overrides({"max_split_hands": 3}), shoe, P, P)
    assert refused(other, P) is Reason.SPLIT_LIMIT


def test_croatian_split_aces_one_card_each_and_21_is_not_a_natural():
    shoe = ["AH", "9", "AC", "K", "7", "T"]  # A,A against 9; the dealer's T comes last
    rnd = play(CROATIAN, shoe, P)
    assert rnd.is_over
    assert results(rnd) == [("AK", 10, Outcome.WIN, 10), ("A7", 10, Outcome.LOSE, -10)]
    other = play(CROATIAN.with_overrides({"hit_split_aces": True}), shoe, P)
    assert not other.is_over


def test_croatian_split_aces_cannot_be_resplit():
    shoe = ["AH", "9", "AC", "AD", "7", "T"]  # A,A against 9: the first ace gets another ace
    rnd = play(CROATIAN, shoe, P)
    assert rnd.is_over  # one card each, no further card and no resplit
    assert [ranks(h.cards) for h in rnd.hands] == ["AA", "A7"]
    other = play(CROATIAN.with_overrides({"resplit_aces": True}), shoe, P)
    assert not other.is_over
    assert P in other.legal_actions()


def test_croatian_a_hand_reaching_21_stands_by_itself():
    shoe = ["5", "9", "6", "T", "8"]  # 11 hits a ten against 9; the dealer's 8 comes last
    rnd = play(CROATIAN, shoe, H)
    assert rnd.is_over
    assert results(rnd) == [("56T", 10, Outcome.WIN, 10)]
    other = play(CROATIAN.with_overrides({"auto_stand_21": False}), shoe, H)
    assert not other.is_over
    assert other.legal_actions() == (H, S)


def test_croatian_a_split_hand_dealt_21_stands_by_itself():
    shoe = ["KH", "9", "KC", "A", "8", "8"]  # K,K against 9: the first hand gets an ace
    rnd = play(CROATIAN, shoe, P)
    assert rnd.active == 1
    rnd = apply(rnd, S)
    assert results(rnd) == [("KA", 10, Outcome.WIN, 10), ("K8", 10, Outcome.WIN, 10)]
    other = play(CROATIAN.with_overrides({"auto_stand_21": False}), shoe, P)
    assert other.active == 0


def test_croatian_three_sevens_pay_3_to_2_even_against_a_dealer_natural():
    # seat 0 7,7 and seat 1 T,8 against T; seat 0 hits a 7, seat 1 stands; the dealer's ace
    shoe = ["7H", "T", "T", "7C", "8", "7D", "A"]
    rnd = play(CROATIAN, shoe, H, S, bets=(10, 10))
    assert rnd.is_over
    assert ranks(rnd.dealer) == "TA"
    assert results(rnd) == [("777", 10, Outcome.THREE_SEVENS, 15), ("T8", 10, Outcome.LOSE, -10)]
    other = play(CROATIAN.with_overrides({"three_sevens_payout": None}), shoe, H, S, bets=(10, 10))
    assert results(other)[0] == ("777", 10, Outcome.LOSE, -10)


def test_croatian_three_sevens_alone_leave_the_dealer_without_a_second_card():
    shoe = ["7H", "T", "7C", "7D", "A"]  # 7,7 against T; hits a 7; the ace stays in the shoe
    rnd = play(CROATIAN, shoe, H)
    assert rnd.is_over
    assert ranks(rnd.dealer) == "T"
    assert results(rnd) == [("777", 10, Outcome.THREE_SEVENS, 15)]
    assert rnd.shoe.remaining == 1


def test_croatian_three_sevens_paid_at_once_when_the_dealer_then_makes_21():
    # seat 0, seat 1, dealer up, seat 0, seat 1; seat 0 hits; then the dealer's 5 and T
    shoe = ["7H", "T", "6", "7C", "8", "7D", "5", "T"]
    rnd = play(CROATIAN, shoe, H, bets=(10, 10))
    assert rnd.hands[0].done
    assert rnd.active == 1
    rnd = apply(rnd, S)
    assert ranks(rnd.dealer) == "65T"
    assert results(rnd) == [
        ("777", 10, Outcome.THREE_SEVENS, 15),
        ("T8", 10, Outcome.LOSE, -10),
    ]
    other = play(CROATIAN.with_overrides({"three_sevens_payout": None}), shoe, H, S, bets=(10, 10))
    assert results(other)[0] == ("777", 10, Outcome.PUSH, 0)


def test_croatian_three_sevens_end_the_hand_by_themselves():
    shoe = ["7H", "T", "7C", "7D", "9"]
    rules = CROATIAN.with_overrides({"auto_stand_21": False})
    rnd = play(rules, shoe, H)
    assert rnd.is_over
    assert results(rnd) == [("777", 10, Outcome.THREE_SEVENS, 15)]
    other = play(rules.with_overrides({"three_sevens_payout": None}), shoe, H)
    assert not other.is_over


def test_croatian_early_surrender_returns_half_even_against_a_dealer_natural():
    # seat 0 T,6 and seat 1 T,9 against T; seat 0 surrenders, seat 1 stands; the dealer's ace
    shoe = ["T", "T", "T", "6", "9", "A"]
    rnd = play(CROATIAN, shoe, bets=(10, 10))
    assert rnd.phase is Phase.SURRENDER
    assert rnd.legal_actions() == (SURRENDER, NO_SURRENDER)
    rnd = play(CROATIAN, shoe, SURRENDER, NO_SURRENDER, S, bets=(10, 10))
    assert ranks(rnd.dealer) == "TA"
    assert results(rnd) == [("T6", 10, Outcome.SURRENDER, -5), ("T9", 10, Outcome.LOSE, -10)]
    other = play(CROATIAN.with_overrides({"surrender": "none"}), shoe, bets=(10, 10))
    assert other.phase is Phase.PLAYER
    assert refused(other, SURRENDER) is Reason.SURRENDER_NONE


def test_croatian_no_surrender_against_an_ace():
    shoe = ["T", "A", "6", "7"]  # T,6 against an ace
    rnd = play(CROATIAN, shoe, NO_INS)
    assert rnd.legal_actions() == (H, S, D)
    assert refused(rnd, SURRENDER) is Reason.SURRENDER_ACE
    other = play(CROATIAN.with_overrides({"surrender_vs_ace": True}), shoe, NO_INS)
    assert SURRENDER in other.legal_actions()


def test_croatian_surrender_only_as_the_first_decision():
    rnd = play(CROATIAN, ["T", "9", "2", "3", "8"], H)
    assert rnd.legal_actions() == (H, S)
    assert refused(rnd, SURRENDER) is Reason.SURRENDER_FIRST
    # Declined in the surrender phase, it is gone for the players' turn too.
    rnd = play(CROATIAN, ["T", "9", "2", "3", "8"], NO_SURRENDER)
    assert rnd.legal_actions() == (H, S, D)
    assert refused(rnd, SURRENDER) is Reason.SURRENDER_CLOSED


def test_croatian_surrender_is_offered_to_every_seat_before_anyone_draws():
    """Seed 001: 'Krupje će ponuditi predaju igračima nakon što podijeli svima po dvije karte
    te sebi jednu ... Kada se podijeli prva sljedeća karta, predaja više nije moguća'."""
    # seat 0, seat 1, dealer, seat 0, seat 1: both answer surrender before seat 0 hits.
    shoe = ["T", "T", "9", "2", "6", "3", "8", "9"]
    rnd = play(CROATIAN, shoe, NO_SURRENDER, bets=(10, 10))
    assert (rnd.phase, rnd.active) == (Phase.SURRENDER, 1)
    assert refused(rnd, H) is Reason.SURRENDER_DECIDE
    rnd = play(CROATIAN, shoe, NO_SURRENDER, SURRENDER, bets=(10, 10))
    assert (rnd.phase, rnd.active, rnd.legal_actions()) == (Phase.PLAYER, 0, (H, S, D))
    rnd = apply(apply(rnd, H), S)  # seat 0 draws the 3; seat 1 has already surrendered
    assert rnd.is_over
    assert results(rnd) == [("T23", 10, Outcome.LOSE, -10), ("T6", 10, Outcome.SURRENDER, -5)]
    assert ranks(rnd.dealer) == "98"


def test_croatian_insurance_up_to_half_the_bet():
    shoe = ["T", "A", "8", "K"]  # T,8 against an ace; the dealer's second card a king
    rnd = play(CROATIAN, shoe)
    assert refused(rnd, INS, 6) is Reason.INSURANCE_AMOUNT
    rnd = play(CROATIAN, shoe, (INS, 3))
    assert rnd.phase is Phase.PLAYER
    assert rnd.legal_actions() == (H, S, D)  # insurance decided; no surrender against an ace
    rnd = apply(rnd, S)
    hand = rnd.hands[0]
    assert (hand.outcome, hand.insurance, hand.insurance_net, hand.net) == (
        Outcome.LOSE,
        3,
        6,
        -4,
    )
    other = play(CROATIAN.with_overrides({"insurance_for_less": False}), shoe)
    assert refused(other, INS, 3) is Reason.INSURANCE_AMOUNT


def test_croatian_no_insurance_for_a_natural():
    shoe = ["A", "A", "K", "9"]  # A,K against an ace; the dealer's second card a 9
    rnd = play(CROATIAN, shoe)
    assert rnd.is_over
    assert results(rnd) == [("AK", 10, Outcome.BLACKJACK, 15)]
    other = play(CROATIAN.with_overrides({"even_money": True}), shoe)
    assert other.phase is Phase.INSURANCE


def test_croatian_insurance_skips_the_seat_holding_a_natural():
    shoe = ["A", "T", "A", "K", "8", "9"]  # seat 0 A,K; seat 1 T,8; against an ace
    rnd = play(CROATIAN, shoe, bets=(10, 10))
    assert rnd.phase is Phase.INSURANCE
    assert rnd.active == 1
    assert rnd.hands[0].insurance == 0


def test_croatian_natural_pays_3_to_2_and_pushes_a_dealer_natural():
    assert results(play(CROATIAN, ["A", "9", "K", "7"])) == [("AK", 10, Outcome.BLACKJACK, 15)]
    assert results(play(CROATIAN, ["A", "T", "Q", "A"])) == [("AQ", 10, Outcome.PUSH, 0)]


# -- russian (table 3, seed 002) ------------------------------------------------------------------


def test_russian_dealer_stands_on_soft_17():
    shoe = ["T", "6", "7", "A", "4"]  # T,7 against 6 up, ace in the hole
    assert results(play(RUSSIAN, shoe, S)) == [("T7", 10, Outcome.PUSH, 0)]
    h17 = play(RUSSIAN.with_overrides({"dealer_hits_soft_17": True}), shoe, S)
    assert results(h17) == [("T7", 10, Outcome.LOSE, -10)]


def test_russian_peek_with_a_ten_ends_the_round_at_once():
    shoe = ["T", "K", "9", "A"]  # T,9 against K up, ace in the hole
    rnd = play(RUSSIAN, shoe)
    assert rnd.is_over
    assert rnd.legal_actions() == ()
    assert results(rnd) == [("T9", 10, Outcome.LOSE, -10)]
    other = play(RUSSIAN.with_overrides({"dealer_peeks": False}), shoe)
    assert not other.is_over
    assert other.legal_actions() == (H, S, D)


def test_russian_player_natural_pushes_at_the_peek():
    assert results(play(RUSSIAN, ["A", "T", "J", "A"])) == [("AJ", 10, Outcome.PUSH, 0)]


def test_russian_ace_upcard_insurance_first_then_the_peek():
    shoe = ["T", "A", "8", "K"]  # T,8 against A up, king in the hole
    rnd = play(RUSSIAN, shoe)
    assert rnd.phase is Phase.INSURANCE
    assert rnd.legal_actions() == (INS, NO_INS)
    rnd = apply(rnd, NO_INS)
    assert rnd.is_over
    assert results(rnd) == [("T8", 10, Outcome.LOSE, -10)]
    other = play(RUSSIAN.with_overrides(NO_INSURANCE_RULES), shoe)
    assert other.is_over  # checked at once


def test_russian_after_the_peek_no_insurance_and_no_surrender():
    shoe = ["T", "A", "6", "7"]  # T,6 against A up, 7 in the hole
    rnd = play(RUSSIAN, shoe, NO_INS)
    assert rnd.phase is Phase.PLAYER
    assert rnd.legal_actions() == (H, S, D)
    assert refused(rnd, INS) is Reason.INSURANCE_CLOSED
    assert refused(rnd, SURRENDER) is Reason.SURRENDER_NONE


def test_russian_no_surrender():
    shoe = ["T", "T", "6", "7"]  # T,6 against T up, 7 in the hole
    rnd = play(RUSSIAN, shoe)
    assert rnd.legal_actions() == (H, S, D)
    assert refused(rnd, SURRENDER) is Reason.SURRENDER_NONE
    other = play(RUSSIAN.with_overrides({"surrender": "late"}), shoe, SURRENDER)
    assert results(other) == [("T6", 10, Outcome.SURRENDER, -5)]


def test_russian_double_any_first_two_cards():
    shoe = ["T", "7", "2", "T", "8"]  # hard 12 against 7 up, ten in the hole
    rnd = play(RUSSIAN, shoe, D)
    assert results(rnd) == [("T28", 20, Outcome.WIN, 20)]
    assert refused(play(RUSSIAN, shoe), D, 4) is Reason.DOUBLE_AMOUNT  # the bet is doubled
    other = play(RUSSIAN.with_overrides({"double_on": "9-11"}), shoe)
    assert refused(other, D) is Reason.DOUBLE_TOTAL


def test_russian_double_after_split():
    shoe = ["9H", "T", "9C", "7", "2", "9", "8"]  # 9,9 against T up, 7 in the hole
    rnd = play(RUSSIAN, shoe, P, D, S)
    assert results(rnd) == [("929", 20, Outcome.WIN, 20), ("98", 10, Outcome.PUSH, 0)]
    other = play(RUSSIAN.with_overrides({"double_after_split": False}), shoe, P)
    assert refused(other, D) is Reason.DOUBLE_AFTER_SPLIT


def test_russian_split_same_rank_only():
    kings = play(RUSSIAN, ["KH", "6", "KC", "T", "8", "9", "7"], P, S, S)
    assert results(kings) == [("K8", 10, Outcome.WIN, 10), ("K9", 10, Outcome.WIN, 10)]
    shoe = ["K", "6", "Q", "T"]
    rnd = play(RUSSIAN, shoe)
    assert P not in rnd.legal_actions()
    assert refused(rnd, P) is Reason.SPLIT_RANK
    other = play(RUSSIAN.with_overrides({"split_by": "value"}), shoe)
    assert P in other.legal_actions()


def test_russian_no_resplit():
    shoe = ["8H", "7", "8C", "T", "8D", "T", "9"]  # 8,8 against 7 up; another 8 comes
    rnd = play(RUSSIAN, shoe, P)
    assert ranks(rnd.active_hand.cards) == "88"
    assert refused(rnd, P) is Reason.SPLIT_LIMIT
    other = play(RUSSIAN.with_overrides({"max_split_hands": 4}), shoe, P)
    assert P in other.legal_actions()


def test_russian_split_aces_one_card_each():
    shoe = ["AH", "9", "AC", "8", "9", "5"]  # A,A against 9 up, 8 in the hole
    rnd = play(RUSSIAN, shoe, P)
    assert results(rnd) == [("A9", 10, Outcome.WIN, 10), ("A5", 10, Outcome.LOSE, -10)]
    other = play(RUSSIAN.with_overrides({"hit_split_aces": True}), shoe, P)
    assert not other.is_over


def test_russian_insurance_half_the_bet_pays_2_to_1():
    shoe = ["T", "A", "8", "K"]  # T,8 against A up, king in the hole
    rnd = play(RUSSIAN, shoe, INS)
    hand = rnd.hands[0]
    assert (hand.outcome, hand.insurance, hand.insurance_net, hand.net) == (
        Outcome.LOSE,
        5,
        10,
        0,
    )
    assert refused(play(RUSSIAN, shoe), INS, 3) is Reason.INSURANCE_AMOUNT
    other = play(RUSSIAN.with_overrides(NO_INSURANCE_RULES), shoe)
    assert refused(other, INS) is Reason.ROUND_OVER
    assert other.net == -10
    less = play(RUSSIAN.with_overrides({"insurance_for_less": True}), shoe, (INS, 3))
    assert less.net == -4


def test_russian_insurance_lost_without_a_natural_and_play_goes_on():
    shoe = ["T", "A", "9", "7"]  # T,9 against A up, 7 in the hole
    rnd = play(RUSSIAN, shoe, INS)
    assert rnd.phase is Phase.PLAYER
    rnd = apply(rnd, S)
    assert results(rnd) == [("T9", 10, Outcome.WIN, 5)]
    assert rnd.hands[0].insurance_net == -5


def test_russian_even_money_is_offered_to_a_natural():
    # Seed silent: "игрокам будет предложена ... страховка" (every player is offered it).
    shoe = ["A", "A", "K", "9"]  # A,K against A up, 9 in the hole
    rnd = play(RUSSIAN, shoe)
    assert rnd.phase is Phase.INSURANCE
    assert results(apply(rnd, INS)) == [("AK", 10, Outcome.BLACKJACK, 10)]
    other = play(RUSSIAN.with_overrides({"even_money": False}), shoe)
    assert results(other) == [("AK", 10, Outcome.BLACKJACK, 15)]


def test_russian_natural_pays_3_to_2():
    shoe = ["A", "8", "Q", "9"]  # A,Q against 8 up, 9 in the hole; bet 5
    assert results(play(RUSSIAN, shoe, bets=(5,))) == [
        ("AQ", 5, Outcome.BLACKJACK, Fraction(15, 2))
    ]
    other = play(RUSSIAN.with_overrides({"blackjack_payout": "1"}), shoe, bets=(5,))
    assert other.net == 5
