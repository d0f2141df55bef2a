"""The European round (seed 004, VARIANTS.md table 5) with scripted shoes and real values.

Deal order for one seat: player card, dealer upcard, player card, dealer hole card; then
the cards drawn in play. Bets are 10 chips unless said otherwise.
"""

import copy
import json
from fractions import Fraction

import pytest

from game.engine.cards import Card, Shoe, ShoeExhaustedError
from game.engine.errors import Reason
from game.engine.round import (
    Action,
    IllegalActionError,
    InvalidBetError,
    Outcome,
    Phase,
    Round,
    apply,
    deal,
    legal_actions,
)
from game.engine.rules import EUROPEAN

H, S, D, P = Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT


def start(player, dealer, draws=(), bet=10, rules=EUROPEAN):
    """Deal one seat ``player`` against ``dealer`` (upcard, hole card); ``draws`` follow."""
    (p1, p2), (up, hole) = player, dealer
    return deal(rules, [bet], Shoe.stacked_from([p1, up, p2, hole, *draws]))


def run(rnd, *actions):
    for action in actions:
        rnd = apply(rnd, action)
    return rnd


def ranks(cards):
    return "".join(c.rank.value for c in cards)


def results(rnd):
    return [(ranks(h.cards), h.bet, h.outcome, h.net) for h in rnd.hands]


# -- the dealer: S17 --------------------------------------------------------------------------


def test_dealer_stands_on_soft_17():
    rnd = run(start(("T", "8"), ("A", "6"), draws=("5",)), S)
    assert rnd.is_over
    assert ranks(rnd.dealer) == "A6"
    assert rnd.shoe.remaining == 1  # the 5 stayed in the shoe
    assert results(rnd) == [("T8", 10, Outcome.WIN, 10)]
    assert rnd.net == 10


def test_dealer_stands_on_soft_17_made_by_drawing():
    # 2,4 = 6, +A = soft 17: stand.
    rnd = run(start(("T", "9"), ("2", "4"), draws=("A", "K")), S)
    assert ranks(rnd.dealer) == "24A"
    assert rnd.shoe.remaining == 1
    assert results(rnd) == [("T9", 10, Outcome.WIN, 10)]


def test_h17_override_hits_soft_17():
    # The machinery for H17: the same cards, the dealer draws the 4 to soft 21.
    rules = EUROPEAN.with_overrides({"dealer_hits_soft_17": True})
    rnd = run(start(("T", "8"), ("A", "6"), draws=("4",), rules=rules), S)
    assert ranks(rnd.dealer) == "A64"
    assert results(rnd) == [("T8", 10, Outcome.LOSE, -10)]


def test_dealer_stands_on_hard_17():
    rnd = run(start(("T", "7"), ("T", "7"), draws=("4",)), S)
    assert ranks(rnd.dealer) == "T7"
    assert results(rnd) == [("T7", 10, Outcome.PUSH, 0)]


def test_dealer_hits_16():
    rnd = run(start(("T", "K"), ("T", "6"), draws=("5",)), S)
    assert ranks(rnd.dealer) == "T65"
    assert results(rnd) == [("TK", 10, Outcome.LOSE, -10)]


def test_dealer_hits_soft_16_and_hard_12_to_17():
    rnd = run(start(("T", "8"), ("A", "5"), draws=("2",)), S)
    assert ranks(rnd.dealer) == "A52"  # soft 18
    assert results(rnd) == [("T8", 10, Outcome.PUSH, 0)]
    # 2,3 -> 5, 9, 14, 17: four draws, stop at hard 17 with a card left.
    rnd = run(start(("T", "8"), ("2", "3"), draws=("4", "5", "3", "K")), S)
    assert ranks(rnd.dealer) == "23453"
    assert rnd.shoe.remaining == 1
    assert results(rnd) == [("T8", 10, Outcome.WIN, 10)]


def test_dealer_soft_hand_turning_hard_keeps_drawing():
    # A,5 soft 16 +K = hard 16: draw again; +6 = 22 bust.
    rnd = run(start(("T", "2"), ("A", "5"), draws=("K", "6")), S)
    assert ranks(rnd.dealer) == "A5K6"
    assert results(rnd) == [("T2", 10, Outcome.WIN, 10)]


# -- naturals --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bet", "net"), [(10, Fraction(15)), (5, Fraction(15, 2)), ("7.5", Fraction(45, 4))]
)
def test_natural_pays_3_to_2_at_once(bet, net):
    rnd = start(("A", "K"), ("9", "7"), draws=("5",), bet=bet)
    # no action: a natural stands at once and no hand needs the dealer to draw
    assert rnd.is_over
    assert rnd.phase is Phase.SETTLED
    assert legal_actions(rnd) == ()
    assert ranks(rnd.dealer) == "97"
    assert rnd.shoe.remaining == 1
    hand = rnd.hands[0]
    assert hand.outcome is Outcome.BLACKJACK
    assert hand.net == net
    assert hand.units == Fraction(3, 2)
    assert rnd.net == net


def test_natural_with_ten_first():
    rnd = start(("Q", "A"), ("T", "8"))
    assert results(rnd) == [("QA", 10, Outcome.BLACKJACK, 15)]


@pytest.mark.parametrize("dealer", [("A", "Q"), ("T", "A"), ("K", "A")])
def test_natural_against_dealer_natural_pushes(dealer):
    rnd = start(("A", "K"), dealer)
    assert rnd.is_over
    assert results(rnd) == [("AK", 10, Outcome.PUSH, 0)]
    assert rnd.net == 0


def test_player_natural_beats_dealer_21_in_three_cards():
    # Two seats: seat 1 keeps the dealer drawing so the dealer makes 21 in three.
    shoe = Shoe.stacked_from(["A", "T", "6", "K", "5", "8", "7"])
    rnd = deal(EUROPEAN, [10, 10], shoe)
    assert rnd.active == 1
    rnd = apply(rnd, S)
    assert ranks(rnd.dealer) == "687"
    assert results(rnd) == [
        ("AK", 10, Outcome.BLACKJACK, 15),
        ("T5", 10, Outcome.LOSE, -10),
    ]
    assert rnd.net == 5


def test_natural_of_one_seat_does_not_stop_the_other():
    # Deal order with two seats: s0, s1, up, s0, s1, hole.
    shoe = Shoe.stacked_from(["A", "9", "T", "K", "9", "7", "2"])
    rnd = deal(EUROPEAN, [10, 20], shoe)
    assert ranks(rnd.hands[0].cards) == "AK"
    assert rnd.hands[0].done
    assert ranks(rnd.hands[1].cards) == "99"
    assert ranks(rnd.dealer) == "T7"
    assert rnd.active == 1
    rnd = apply(rnd, S)
    assert results(rnd) == [
        ("AK", 10, Outcome.BLACKJACK, 15),
        ("99", 20, Outcome.WIN, 20),
    ]
    assert rnd.net == 35
    assert rnd.shoe.remaining == 1


# -- no peek: a dealer natural found after the players act -------------------------------------


def test_no_peek_player_acts_against_a_dealer_natural():
    rnd = start(("6", "5"), ("A", "K"), draws=("9",))
    assert not rnd.is_over
    assert legal_actions(rnd) == (H, S, D)
    assert rnd.dealer_visible == (Card.parse("A"),)


def test_dealer_natural_takes_a_doubled_hand():
    rnd = run(start(("6", "5"), ("A", "K"), draws=("9",)), D)
    assert results(rnd) == [("659", 20, Outcome.LOSE, -20)]
    assert rnd.net == -20
    assert rnd.hands[0].units == -2
    assert ranks(rnd.dealer) == "AK"


def test_dealer_natural_takes_both_split_hands():
    rnd = start(("8", "8"), ("K", "A"), draws=("3", "T"))
    rnd = run(rnd, P, S, S)
    assert results(rnd) == [
        ("83", 10, Outcome.LOSE, -10),
        ("8T", 10, Outcome.LOSE, -10),
    ]
    assert rnd.net == -20


def test_dealer_natural_takes_split_and_doubled_hands():
    rnd = start(("8", "8"), ("T", "A"), draws=("3", "T", "T"))
    rnd = run(rnd, P, D, S)
    assert results(rnd) == [
        ("83T", 20, Outcome.LOSE, -20),
        ("8T", 10, Outcome.LOSE, -10),
    ]
    assert rnd.net == -30


def test_original_bets_only_override_returns_the_extra():
    # Not European: with lose_all_to_natural off only the initial bet is lost.
    rules = EUROPEAN.with_overrides({"lose_all_to_natural": False})
    rnd = run(start(("6", "5"), ("A", "K"), draws=("9",), rules=rules), D)
    assert results(rnd) == [("659", 20, Outcome.LOSE, -10)]


# -- bust ------------------------------------------------------------------------------------


def test_bust_loses_at_once_and_the_dealer_does_not_draw():
    rnd = run(start(("T", "6"), ("T", "6"), draws=("K", "5")), H)
    assert rnd.is_over
    assert ranks(rnd.dealer) == "T6"  # no hand needs the dealer: no draw
    assert rnd.hole_revealed
    assert rnd.shoe.remaining == 1
    assert results(rnd) == [("T6K", 10, Outcome.BUST, -10)]


def test_bust_hand_loses_even_when_the_dealer_busts():
    # Split 8s: the first hand busts, the second stands; the dealer then busts.
    rnd = start(("8", "8"), ("T", "6"), draws=("6", "T", "T", "K"))
    rnd = run(rnd, P, H, S)
    assert ranks(rnd.dealer) == "T6K"
    assert results(rnd) == [
        ("86T", 10, Outcome.BUST, -10),
        ("8T", 10, Outcome.WIN, 10),
    ]
    assert rnd.net == 0


def test_bust_seat_loses_while_the_other_seat_wins_on_dealer_bust():
    shoe = Shoe.stacked_from(["T", "T", "T", "6", "7", "6", "9", "K"])
    rnd = deal(EUROPEAN, [10, 10], shoe)
    rnd = run(rnd, H, S)
    assert ranks(rnd.dealer) == "T6K"
    assert results(rnd) == [
        ("T69", 10, Outcome.BUST, -10),
        ("T7", 10, Outcome.WIN, 10),
    ]


# -- double ----------------------------------------------------------------------------------


def test_double_draws_exactly_one_card_and_doubles_the_bet():
    rnd = start(("5", "6"), ("T", "7"), draws=("T", "2"))
    rnd = apply(rnd, D)
    assert rnd.is_over
    hand = rnd.hands[0]
    assert ranks(hand.cards) == "56T"
    assert hand.doubled
    assert hand.bet == 20
    assert results(rnd) == [("56T", 20, Outcome.WIN, 20)]
    assert rnd.shoe.remaining == 1


def test_double_stands_even_on_a_low_total_and_loses_double():
    rnd = run(start(("5", "6"), ("T", "7"), draws=("2", "9")), D)
    assert results(rnd) == [("562", 20, Outcome.LOSE, -20)]
    assert rnd.shoe.remaining == 1


@pytest.mark.parametrize("player", [("9", "9"), ("A", "7"), ("2", "3"), ("T", "8")])
def test_double_on_any_two_cards(player):
    rnd = start(player, ("T", "7"), draws=("2",))
    assert D in legal_actions(rnd)
    assert apply(rnd, D).hands[0].bet == 20


def test_double_only_on_the_first_two_cards():
    rnd = run(start(("2", "3"), ("T", "7"), draws=("4",)), H)
    assert ranks(rnd.hands[0].cards) == "234"
    assert legal_actions(rnd) == (H, S)
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, D)
    assert info.value.reason is Reason.DOUBLE_TWO_CARDS


def test_double_after_split():
    rnd = start(("8", "8"), ("T", "7"), draws=("3", "T", "T"))
    rnd = apply(rnd, P)
    assert ranks(rnd.active_hand.cards) == "83"
    assert D in legal_actions(rnd)
    rnd = run(rnd, D, S)
    assert results(rnd) == [
        ("83T", 20, Outcome.WIN, 20),
        ("8T", 10, Outcome.WIN, 10),
    ]
    assert rnd.net == 30


def test_no_das_override_forbids_double_after_split():
    rules = EUROPEAN.with_overrides({"double_after_split": False})
    rnd = apply(start(("8", "8"), ("T", "7"), draws=("3", "T"), rules=rules), P)
    assert D not in legal_actions(rnd)
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, D)
    assert info.value.reason is Reason.DOUBLE_AFTER_SPLIT


# -- split -----------------------------------------------------------------------------------


def test_split_equal_value_king_queen():
    rnd = start(("K", "Q"), ("T", "6"), draws=("9", "5", "8"))
    assert legal_actions(rnd) == (H, S, D, P)
    rnd = apply(rnd, P)
    assert [ranks(h.cards) for h in rnd.hands] == ["K9", "Q"]
    assert all(h.from_split and h.bet == 10 for h in rnd.hands)
    assert rnd.active == 0
    assert rnd.staked == 20
    rnd = apply(rnd, S)
    assert [ranks(h.cards) for h in rnd.hands] == ["K9", "Q5"]
    assert rnd.active == 1
    rnd = apply(rnd, S)
    assert ranks(rnd.dealer) == "T68"
    assert results(rnd) == [
        ("K9", 10, Outcome.WIN, 10),
        ("Q5", 10, Outcome.WIN, 10),
    ]


def test_split_by_rank_override_refuses_king_queen():
    rules = EUROPEAN.with_overrides({"split_by": "rank"})
    rnd = start(("K", "Q"), ("T", "6"), rules=rules)
    assert legal_actions(rnd) == (H, S, D)
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, P)
    assert info.value.reason is Reason.SPLIT_RANK
    assert str(info.value) == "You can split only two cards of the same rank."


def test_split_needs_a_pair():
    rnd = start(("9", "T"), ("T", "6"))
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, P)
    assert info.value.reason is Reason.SPLIT_PAIR


def test_split_up_to_four_hands_and_not_a_fifth():
    # 8,8 against T,7; each new hand draws another 8 until the seat holds four hands.
    draws = ("8", "8", "8", "T", "2", "8", "K")
    rnd = run(start(("8", "8"), ("T", "7"), draws=draws), P, P)
    assert len(rnd.hands) == 3
    assert [ranks(h.cards) for h in rnd.hands] == ["88", "8", "8"]
    rnd = apply(rnd, P)
    assert len(rnd.hands) == 4
    assert [ranks(h.cards) for h in rnd.hands] == ["88", "8", "8", "8"]
    assert rnd.staked == 40
    # a fifth hand is refused
    assert legal_actions(rnd) == (H, S, D)
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, P)
    assert info.value.reason is Reason.SPLIT_LIMIT
    assert "4" in info.value.message
    rnd = run(rnd, S, S, S)  # 8,8 stands; 8,T stands; 8,2 stands
    assert [ranks(h.cards) for h in rnd.hands] == ["88", "8T", "82", "88"]
    with pytest.raises(IllegalActionError) as info:  # the last 8,8 cannot split either
        apply(rnd, P)
    assert info.value.reason is Reason.SPLIT_LIMIT
    rnd = apply(rnd, S)
    assert ranks(rnd.dealer) == "T7"
    assert rnd.shoe.remaining == 1
    assert results(rnd) == [
        ("88", 10, Outcome.LOSE, -10),
        ("8T", 10, Outcome.WIN, 10),
        ("82", 10, Outcome.LOSE, -10),
        ("88", 10, Outcome.LOSE, -10),
    ]
    assert rnd.net == -20


def test_max_split_hands_override_two():
    rules = EUROPEAN.with_overrides({"max_split_hands": 2})
    rnd = apply(start(("8", "8"), ("T", "7"), draws=("8", "8"), rules=rules), P)
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, P)
    assert info.value.reason is Reason.SPLIT_LIMIT


def test_split_aces_get_one_card_each_and_stand():
    rnd = start(("A", "A"), ("T", "7"), draws=("9", "K", "5"))
    rnd = apply(rnd, P)
    # both split aces are done at once: the round is over without another action
    assert rnd.is_over
    assert all(h.split_aces and h.from_split for h in rnd.hands)
    assert ranks(rnd.dealer) == "T7"
    assert rnd.shoe.remaining == 1
    # A,K after splitting aces is 21 but not a natural: it pays 1:1
    assert results(rnd) == [
        ("A9", 10, Outcome.WIN, 10),
        ("AK", 10, Outcome.WIN, 10),
    ]
    assert rnd.net == 20


def test_split_aces_cannot_be_resplit():
    rnd = apply(start(("A", "A"), ("T", "7"), draws=("A", "5")), P)
    assert len(rnd.hands) == 2
    assert results(rnd) == [
        ("AA", 10, Outcome.LOSE, -10),  # soft 12, and no chance to draw or split
        ("A5", 10, Outcome.LOSE, -10),
    ]


def test_resplit_aces_refused_when_hitting_split_aces_is_allowed():
    rules = EUROPEAN.with_overrides({"hit_split_aces": True})
    rnd = apply(start(("A", "A"), ("T", "7"), draws=("A", "5"), rules=rules), P)
    assert ranks(rnd.active_hand.cards) == "AA"
    assert P not in legal_actions(rnd)
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, P)
    assert info.value.reason is Reason.RESPLIT_ACES


def test_split_aces_cannot_hit_even_when_resplit_is_allowed():
    # With RSA an A,A split hand waits for a decision; it may split again or stand only.
    rules = EUROPEAN.with_overrides({"resplit_aces": True})
    rnd = apply(start(("A", "A"), ("T", "7"), draws=("A", "5", "6", "K"), rules=rules), P)
    assert ranks(rnd.active_hand.cards) == "AA"
    assert legal_actions(rnd) == (S, P)
    for action in (H, D):
        with pytest.raises(IllegalActionError) as info:
            apply(rnd, action)
        assert info.value.reason is Reason.SPLIT_ACES_ONE_CARD
    rnd = apply(rnd, P)
    assert rnd.is_over
    assert [ranks(h.cards) for h in rnd.hands] == ["A5", "A6", "AK"]


def test_21_after_split_is_not_a_natural():
    rnd = start(("T", "T"), ("T", "7"), draws=("A", "9"))
    rnd = apply(rnd, P)
    hand = rnd.active_hand
    assert ranks(hand.cards) == "TA"
    assert not hand.is_natural
    assert not hand.done  # it is not stood for the player either
    assert legal_actions(rnd) == (H, S, D)
    rnd = run(rnd, S, S)
    assert results(rnd) == [
        ("TA", 10, Outcome.WIN, 10),
        ("T9", 10, Outcome.WIN, 10),
    ]


def test_21_after_split_pushes_with_dealer_21_and_loses_to_dealer_natural():
    rnd = run(start(("T", "T"), ("T", "6"), draws=("A", "9", "5")), P, S, S)
    assert ranks(rnd.dealer) == "T65"
    assert results(rnd) == [
        ("TA", 10, Outcome.PUSH, 0),
        ("T9", 10, Outcome.LOSE, -10),
    ]
    rnd = run(start(("A", "A"), ("A", "K"), draws=("K", "9")), P)
    assert results(rnd) == [
        ("AK", 10, Outcome.LOSE, -10),
        ("A9", 10, Outcome.LOSE, -10),
    ]


# -- no surrender, no insurance -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "dealer"),
    [(("T", "6"), ("A", "5")), (("T", "6"), ("T", "9")), (("8", "8"), ("A", "K"))],
)
def test_no_surrender_no_insurance(player, dealer):
    rnd = start(player, dealer)
    actions = legal_actions(rnd)
    assert Action.SURRENDER not in actions
    assert actions[:3] == (H, S, D)
    assert rnd.phase is Phase.PLAYER  # no insurance phase even against an ace
    assert Action.INSURANCE not in actions
    assert Action.NO_INSURANCE not in actions
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, "surrender")
    assert info.value.reason is Reason.SURRENDER_NONE
    assert "urrender" in str(info.value)
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, "insurance")
    assert info.value.reason is Reason.INSURANCE_NONE
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, "fly")
    assert info.value.reason is Reason.UNKNOWN_ACTION


# -- the hole card ----------------------------------------------------------------------------


def test_hole_card_hidden_until_settled():
    rnd = start(("T", "2"), ("9H", "KD"), draws=("3", "4"))
    assert not rnd.hole_revealed
    assert rnd.dealer_visible == (Card.parse("9H"),)
    assert rnd.dealer_hidden_count == 1
    assert rnd.dealer_value.total == 9
    assert rnd.upcard == Card.parse("9H")
    rnd = apply(rnd, H)
    assert not rnd.is_over
    assert Card.parse("KD") not in rnd.dealer_visible
    rnd = apply(rnd, S)
    assert rnd.is_over
    assert rnd.dealer_visible == (Card.parse("9H"), Card.parse("KD"))
    assert rnd.dealer_hidden_count == 0
    assert rnd.dealer_value.total == 19
    assert results(rnd) == [("T23", 10, Outcome.LOSE, -10)]


# -- illegal actions leave the round unchanged ---------------------------------------------------


def _after_hit():
    return run(start(("2", "3"), ("T", "7"), draws=("4",)), H)


def _das_off_split():
    rules = EUROPEAN.with_overrides({"double_after_split": False})
    return apply(start(("8", "8"), ("T", "7"), draws=("3", "T"), rules=rules), P)


def _double_9_11():
    rules = EUROPEAN.with_overrides({"double_on": "9-11"})
    return start(("A", "8"), ("T", "7"), rules=rules)


def _four_hands():
    draws = ("8", "8", "8", "T", "2", "8")
    return run(start(("8", "8"), ("T", "7"), draws=draws), P, P, P)


def _resplit_aces():
    rules = EUROPEAN.with_overrides({"resplit_aces": True})
    return apply(start(("A", "A"), ("T", "7"), draws=("A", "5"), rules=rules), P)


@pytest.mark.parametrize(
    ("make", "action", "reason"),
    [
        (_after_hit, D, Reason.DOUBLE_TWO_CARDS),
        (_after_hit, P, Reason.SPLIT_PAIR),
        (_after_hit, Action.SURRENDER, Reason.SURRENDER_NONE),
        (_after_hit, "fold", Reason.UNKNOWN_ACTION),
        (_after_hit, "", Reason.UNKNOWN_ACTION),
        (_das_off_split, D, Reason.DOUBLE_AFTER_SPLIT),
        (_double_9_11, D, Reason.DOUBLE_TOTAL),
        (_four_hands, P, Reason.SPLIT_LIMIT),
        (_resplit_aces, H, Reason.SPLIT_ACES_ONE_CARD),
        (_resplit_aces, D, Reason.SPLIT_ACES_ONE_CARD),
    ],
)
def test_illegal_action_raises_with_its_reason_and_leaves_the_round(make, action, reason):
    rnd = make()
    before = copy.deepcopy(rnd)
    before_json = json.dumps(rnd.to_json())
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, action)
    assert info.value.reason is reason
    assert info.value.message == str(info.value)
    assert info.value.message
    assert isinstance(info.value, ValueError)
    assert rnd == before
    assert json.dumps(rnd.to_json()) == before_json
    assert action not in legal_actions(rnd)
    # and the round still plays on from where it was
    assert apply(rnd, S) == apply(before, S)


def test_action_after_the_round_is_over():
    rnd = run(start(("T", "8"), ("T", "7")), S)
    assert rnd.is_over
    assert legal_actions(rnd) == ()
    for action in [*Action, "hit", "stand"]:
        before = copy.deepcopy(rnd)
        with pytest.raises(IllegalActionError) as info:
            apply(rnd, action)
        assert info.value.reason is Reason.ROUND_OVER
        assert rnd == before


def test_round_method_forms():
    rnd = start(("T", "2"), ("T", "7"), draws=("9",))
    assert rnd.legal_actions() == legal_actions(rnd) == (H, S, D)
    assert rnd.apply("hit") == apply(rnd, H)


# -- the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize("bets", [[], [0], [-5], ["ten"], [10, 0]])
def test_bad_bets(bets):
    with pytest.raises(InvalidBetError):
        deal(EUROPEAN, bets, Shoe.stacked_from(["T"] * 12))


def test_deal_order_with_a_hole_card():
    shoe = Shoe.stacked_from(["2C", "3C", "4C", "5C", "6C", "7C"])
    rnd = deal(EUROPEAN, [1, 2], shoe)
    assert [h.cards for h in rnd.hands] == [
        (Card.parse("2C"), Card.parse("5C")),
        (Card.parse("3C"), Card.parse("6C")),
    ]
    assert rnd.dealer == (Card.parse("4C"), Card.parse("7C"))
    assert [h.seat for h in rnd.hands] == [0, 1]
    assert [h.bet for h in rnd.hands] == [1, 2]
    assert rnd.active == 0


def test_short_shoe_raises():
    with pytest.raises(ShoeExhaustedError):
        start(("T", "6"), ("T", "6")).apply(H)


# -- JSON --------------------------------------------------------------------------------------


def test_json_round_trip_mid_round_plays_on_the_same():
    rnd = start(("8", "8"), ("T", "6"), draws=("3", "T", "9", "2", "K"))
    rnd = apply(rnd, P)
    assert not rnd.is_over
    text = json.dumps(rnd.to_json())
    back = Round.from_json(json.loads(text))
    assert back == rnd
    assert back.legal_actions() == rnd.legal_actions()
    assert back.dealer_visible == rnd.dealer_visible
    a = run(rnd, D, H)
    b = run(back, D, H)
    assert a == b
    assert Round.from_json(json.loads(json.dumps(a.to_json()))) == a
    a, b = apply(a, S), apply(b, S)
    assert a == b
    assert ranks(b.dealer) == "T6K"  # 16 draws the K and busts
    assert results(b) == [
        ("83T", 20, Outcome.WIN, 20),
        ("892", 10, Outcome.WIN, 10),
    ]


def test_json_round_trip_of_a_settled_round():
    rnd = start(("5", "6"), ("A", "K"), draws=("9",), bet="2.5")
    rnd = apply(rnd, D)
    data = json.loads(json.dumps(rnd.to_json()))
    assert data["hands"][0]["bet"] == "5"
    assert data["hands"][0]["net"] == "-5"
    assert data["phase"] == "settled"
    assert Round.from_json(data) == rnd
