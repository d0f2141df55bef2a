"""Sanity properties of the strategy engine that hold exactly (or in a limit), derived
from the rules rather than looked up: standing on 21 and on 16 from the dealer's
distribution, the ENHC identity, the infinite-deck limit, hit >= stand when a card cannot
bust the hand, hit >= double / 2, and Farmer's split weights counting hands."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.cache import EVCache
from game.engine.strategy.composition import full_shoe, natural_probability, remove_cards
from game.engine.strategy.dealer import dealer_totals
from game.engine.strategy.hand import hand_evs
from game.engine.strategy.splits import split_coefficients

S17 = Rules()
H17 = Rules(dealer_hits_soft_17=True)
ENHC = S17.with_overrides({"dealer_hole_card": False, "dealer_peeks": False})
ENHC_LOSE_ALL = ENHC.with_overrides({"lose_all_to_natural": True})
UPCARDS = range(1, 11)


@pytest.mark.parametrize("rules", [S17, H17], ids=["S17", "H17"])
def test_standing_on_21_wins_unless_the_dealer_makes_21(rules):
    cards = ["5", "6", "T"]
    for up in UPCARDS:
        unseen = remove_cards(full_shoe(6), [*cards, up])
        hits = rules.dealer_hits_soft_17
        # Peek game: given no natural, 21 pushes and everything else loses to 21.
        peeked = dealer_totals(up, unseen, hits_soft_17=hits, peeked=True)
        assert hand_evs(cards, up, rules).stand == pytest.approx(1 - peeked.t21, abs=1e-12)
        # No peek, all bets lost to a natural: it wins only when the dealer has neither.
        raw = dealer_totals(up, unseen, hits_soft_17=hits)
        lose_all = rules.with_overrides(
            {"dealer_hole_card": False, "dealer_peeks": False, "lose_all_to_natural": True}
        )
        expected = (1 - raw.t21 - raw.natural) - raw.natural
        assert hand_evs(cards, up, lose_all).stand == pytest.approx(expected, abs=1e-12)


def test_standing_on_16_wins_only_when_the_dealer_busts():
    for up in UPCARDS:
        unseen = remove_cards(full_shoe(6), ["T", "6", up])
        peeked = dealer_totals(up, unseen, peeked=True)
        assert hand_evs(["T", "6"], up, S17).stand == pytest.approx(2 * peeked.bust - 1, abs=1e-12)


@pytest.mark.parametrize("infinite", [False, True])
@pytest.mark.parametrize("cards", [["T", "6"], ["5", "6"], ["A", "7"], ["9", "7"]])
@pytest.mark.parametrize("up", ["A", "T"])
def test_enhc_identity(cards, up, infinite):
    """EV_enhc = -p*s + (1-p)*EV_peek, s = 1 stand/hit, 2 double (ORACLES.md closed form).
    When the natural takes only the original bet, stand and hit lose 1 to it as well (a
    busted double has lost 2 before the dealer's card, so double has no such identity)."""
    peek = hand_evs(cards, up, S17, infinite=infinite)
    p = peek.natural_probability
    assert peek.conditioned
    if not infinite:
        unseen = remove_cards(full_shoe(6), [*cards, up])
        assert p == natural_probability(1 if up == "A" else 10, unseen)
    lose_all = hand_evs(cards, up, ENHC_LOSE_ALL, infinite=infinite)
    original = hand_evs(cards, up, ENHC, infinite=infinite)
    assert not lose_all.conditioned
    for action, stake in (("stand", 1), ("hit", 1), ("double", 2)):
        peek_ev = getattr(peek, action)
        assert getattr(lose_all, action) == pytest.approx(-p * stake + (1 - p) * peek_ev)
    for action in ("stand", "hit"):
        peek_ev = getattr(peek, action)
        assert getattr(original, action) == pytest.approx(-p + (1 - p) * peek_ev)


def test_infinite_deck_is_the_limit_of_eight_decks():
    """Within 0.01 per unit staked (a double or a split risks two units, and its removal
    effects are twice as large: up to 0.015 for 5,6 v A double)."""
    eight = S17.with_overrides({"decks": 8})
    stakes = {Action.DOUBLE: 2, Action.SPLIT: 2}
    cache = EVCache(eight)
    for cards in (["T", "6"], ["5", "6"], ["A", "7"], ["T", "2"], ["9", "9"]):
        for up in (2, 6, 9, 10, 1):
            finite = hand_evs(cards, up, eight, cache=cache)
            infinite = hand_evs(cards, up, eight, infinite=True, cache=cache).values()
            for action, value in finite.values().items():
                limit = 0.01 * stakes.get(action, 1)
                assert infinite[action] == pytest.approx(value, abs=limit)


@pytest.mark.parametrize(
    ("rules", "infinite"),
    [(S17.with_overrides({"decks": 1}), False), (H17, True), (ENHC_LOSE_ALL, True)],
    ids=["1 deck", "infinite H17", "infinite ENHC"],
)
def test_hit_is_never_worse_than_standing_when_a_card_cannot_bust(rules, infinite):
    cache = EVCache(rules)
    hands = [["2", "3"], ["4", "5"], ["5", "6"], ["2", "9"], ["A", "5"], ["A", "2", "3"]]
    for cards in hands:
        for up in UPCARDS:
            evs = hand_evs(cards, up, rules, infinite=infinite, cache=cache)
            assert evs.hit >= evs.stand


@settings(max_examples=12, deadline=None)
@given(
    removed=st.lists(st.integers(1, 10), min_size=0, max_size=30),
    first=st.integers(2, 10),
    second=st.integers(2, 10),
    up=st.integers(1, 10),
)
def test_depleted_two_deck_shoes(removed, first, second, up):
    """Against any depleted shoe: values stay in range, hit >= double / 2 (hitting may stop
    after the one card a double takes), and hit >= stand below 12."""
    rules = S17.with_overrides({"decks": 2, "max_split_hands": 1})  # splits are slow here
    shoe = full_shoe(2)
    for value in removed:
        if shoe[value - 1] > 0:
            shoe = remove_cards(shoe, [value])
    try:
        unseen = remove_cards(shoe, [first, second, up])
    except ValueError:
        return
    evs = hand_evs([first, second], up, rules, composition=unseen)
    assert -1 <= evs.stand <= 1
    assert -1 <= evs.hit <= 1
    assert evs.double is not None and -2 <= evs.double <= 2
    assert evs.hit >= evs.double / 2 - 1e-12
    if first + second <= 11:
        assert evs.hit >= evs.stand


def _expected_hands(p: float, max_hands: int) -> float:
    """E[number of hands] when each second card is a pair card with probability p and pair
    cards start new hands until there are ``max_hands``."""

    def go(hands: int, waiting: int) -> float:
        if waiting == 0:
            return hands
        if hands < max_hands:
            return p * go(hands + 1, waiting + 1) + (1 - p) * go(hands, waiting - 1)
        return hands

    return go(2, 2)


@pytest.mark.parametrize("max_hands", [2, 3, 4])
def test_split_weights_count_the_hands(max_hands):
    """With every hand worth 1, Farmer's sum must give the expected number of hands."""
    a, b = split_coefficients(max_hands)
    for p in (0.0, 1 / 13, 4 / 13, 0.5):
        total = sum(p**k * a.get(k, 0) + p**k * b.get(k, 0) * (1 - p) for k in set(a) | set(b))
        assert total == pytest.approx(_expected_hands(p, max_hands), abs=1e-12)
    if max_hands == 2:
        assert (a, b) == ({0: 2}, {})
