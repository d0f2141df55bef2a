"""legality.py: the one statement of which actions the rules allow a hand, asked by the
round (its buttons) and by the strategy engine (the actions it values)."""

import itertools

import pytest

from game.engine.cards import Card, Shoe
from game.engine.errors import Reason
from game.engine.legality import double_refusal, draw_refusal, split_refusal, surrender_refusal
from game.engine.round import Action, deal
from game.engine.rules import CROATIAN, EUROPEAN, Rules
from game.engine.strategy.hand import hand_evs


def cards(*codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes]


def test_split_aces_draw_only_when_the_rules_say_so():
    assert draw_refusal(Rules(), split_aces=True).reason is Reason.SPLIT_ACES_ONE_CARD
    assert draw_refusal(Rules(hit_split_aces=True), split_aces=True) is None
    assert draw_refusal(Rules(), split_aces=False) is None
    refusal = double_refusal(Rules(), [1, 9], from_split=True, split_aces=True)
    assert refusal is not None and refusal.reason is Reason.SPLIT_ACES_ONE_CARD


@pytest.mark.parametrize(
    ("rules", "values", "from_split", "reason"),
    [
        (Rules(), [5, 6], False, None),
        (Rules(), [5, 6, 2], False, Reason.DOUBLE_TWO_CARDS),
        (Rules(double_on="none"), [5, 6], False, Reason.DOUBLE_NONE),
        (Rules(double_after_split=False), [5, 6], True, Reason.DOUBLE_AFTER_SPLIT),
        (Rules(double_on="10-11"), [4, 5], False, Reason.DOUBLE_TOTAL),
        (Rules(double_on="9-11"), [4, 5], False, None),
        (Rules(double_on="9-11"), [1, 8], False, Reason.DOUBLE_TOTAL),  # soft 19, low 9
    ],
)
def test_double(rules, values, from_split, reason):
    refusal = double_refusal(rules, values, from_split=from_split, split_aces=False)
    assert (refusal and refusal.reason) == reason


def test_split_by_rank_needs_cards_with_ranks_and_counts_values_as_one_rank():
    by_rank = Rules(split_by="rank")
    assert (
        split_refusal(by_rank, cards("KH", "QH"), hands=1, split_aces=False).reason
        is Reason.SPLIT_RANK
    )
    assert split_refusal(by_rank, cards("KH", "KS"), hands=1, split_aces=False) is None
    assert split_refusal(by_rank, [10, 10], hands=1, split_aces=False) is None
    assert split_refusal(Rules(), cards("KH", "QH"), hands=1, split_aces=False) is None
    assert (
        split_refusal(Rules(), cards("9H", "TH"), hands=1, split_aces=False).reason
        is Reason.SPLIT_PAIR
    )


def test_split_room_and_resplit_aces():
    rules = Rules(max_split_hands=3)
    assert split_refusal(rules, [8, 8], hands=2, split_aces=False) is None
    assert split_refusal(rules, [8, 8], hands=3, split_aces=False).reason is Reason.SPLIT_LIMIT
    assert split_refusal(rules, [1, 1], hands=2, split_aces=True).reason is Reason.RESPLIT_ACES
    assert split_refusal(Rules(max_split_hands=1), [8, 8], hands=1, split_aces=False).reason is (
        Reason.SPLIT_NONE
    )


def test_surrender():
    late = Rules(surrender="late")
    assert surrender_refusal(Rules(), [10, 6], 10, from_split=False).reason is Reason.SURRENDER_NONE
    assert surrender_refusal(late, [10, 6], 10, from_split=False) is None
    assert surrender_refusal(late, [10, 6], 10, from_split=True).reason is Reason.SURRENDER_FIRST
    assert (
        surrender_refusal(late, [10, 4, 2], 10, from_split=False).reason is Reason.SURRENDER_FIRST
    )
    assert surrender_refusal(late, [10, 6], 1, from_split=False) is None
    no_ace = late.with_overrides({"surrender_vs_ace": False})
    assert surrender_refusal(no_ace, [10, 6], 1, from_split=False).reason is Reason.SURRENDER_ACE


@pytest.mark.parametrize("rules", [Rules(), EUROPEAN, CROATIAN], ids=["S17", "EU", "HR"])
def test_the_round_and_the_strategy_offer_the_same_first_actions(rules):
    """Every two-card hand against every upcard: the actions the round offers in the
    players' turn are the actions hand_evs values (insurance and the early-surrender phase
    are the round's own)."""
    ranks = ["A", "2", "5", "8", "9", "T", "K"]
    for a, b, up in itertools.product(ranks, ranks, ["A", "6", "T"]):
        if rules.dealer_hole_card:
            order = [f"{a}S", f"{up}H", f"{b}D", "4C", *["2C"] * 20]
        else:
            order = [f"{a}S", f"{up}H", f"{b}D", *["2C"] * 20]
        rnd = deal(rules, [10], Shoe.stacked_from(order))
        while rnd.legal_actions() and Action.HIT not in rnd.legal_actions():
            first = rnd.legal_actions()[-1]  # decline insurance, play on past surrender
            rnd = rnd.apply(first)
        if rnd.is_over or rnd.active_hand is None:
            continue
        offered = set(rnd.legal_actions())
        evs = hand_evs(rnd.active_hand.cards, rnd.upcard, rules)
        valued = set(evs.values())
        if rules.surrender == "early":
            valued.discard(Action.SURRENDER)  # answered in its own phase
        if evs.split is None and Action.SPLIT in offered:
            offered.discard(Action.SPLIT)  # tens by rank with resplits: not valued
        assert offered == valued, (a, b, up)
