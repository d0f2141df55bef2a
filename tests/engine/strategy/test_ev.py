"""Exact action EVs (strategy/hand.py) against ORACLES.md "Hand EVs, 6 decks", the closed
forms, and rule-by-rule checks of which actions are allowed."""

import subprocess
import sys
from fractions import Fraction

import pytest

from game.engine.cards import Card
from game.engine.round import Action
from game.engine.rules import AJNC, CROATIAN, DVADTSAT_ODNO, Rules
from game.engine.strategy.cache import EVCache, StrategyError
from game.engine.strategy.composition import CompositionError, full_shoe, remove_cards
from game.engine.strategy.game_ev import game_ev
from game.engine.strategy.hand import deal_evs, hand_evs, insurance_ev
from game.engine.variants import find_rules

S17 = Rules()
H17 = Rules(dealer_hits_soft_17=True)

# ORACLES.md "Hand EVs, 6 decks": (cards, upcard, rules, stand, hit, double).
HAND_ORACLE = [
    ("T6", "T", S17, -0.540954, -0.534676, -1.069351),
    ("T6", "T", H17, -0.540954, -0.534676, -1.069351),
    ("88", "T", S17, -0.536853, -0.535361, -1.070722),
    ("88", "T", H17, -0.536853, -0.535361, -1.070722),
    ("56", "A", S17, -0.661883, 0.147596, 0.129710),
    ("56", "A", H17, -0.595078, 0.108668, 0.124007),
    ("A7", "9", S17, -0.182640, -0.098469, -0.284825),
    ("A7", "9", H17, -0.182640, -0.098469, -0.284825),
]


def only(value: int, count: int) -> tuple[int, ...]:
    return tuple(count if v == value else 0 for v in range(1, 11))


@pytest.mark.parametrize(("cards", "up", "rules", "stand", "hit", "double"), HAND_ORACLE)
def test_hand_evs_match_the_oracle(cards, up, rules, stand, hit, double):
    evs = hand_evs(list(cards), up, rules)
    assert evs.stand == pytest.approx(stand, abs=1e-6)
    assert evs.hit == pytest.approx(hit, abs=1e-6)
    assert evs.double == pytest.approx(double, abs=1e-6)
    assert evs.conditioned == (up in "AT")


def test_split_eights_against_a_ten_matches_the_cdz_minus_oracle():
    evs = hand_evs(["8", "8"], "T", S17)
    assert evs.split == pytest.approx(-0.474894, abs=1e-4)
    assert evs.best() == (Action.SPLIT, evs.split)


def test_insurance_off_the_top_is_3t_over_u_minus_1():
    assert insurance_ev(remove_cards(full_shoe(6), ["A"])) == Fraction(-23, 311)
    assert insurance_ev(None) == Fraction(-1, 13)
    assert insurance_ev(only(10, 5)) == 2  # the hole card is surely a ten


def test_game_ev_infinite_deck_matches_the_oracle():
    assert game_ev(S17, infinite=True) * 100 == pytest.approx(-0.511734, abs=1e-5)


@pytest.mark.parametrize("name", ["ajnc", "croatian", "russian", "european"])
def test_game_ev_of_every_casino_preset_is_a_small_house_edge(name):
    """Infinite deck: each preset's round EV lies between -2 % and +1 % (seeded rules from
    VARIANTS.md: peek or ENHC, rank or value splits, early surrender, three sevens)."""
    assert -0.02 < game_ev(find_rules(name), infinite=True) < 0.01


def test_the_natural_payout_moves_game_ev_by_its_change_times_p_natural_alone():
    cheap = S17.with_overrides({"blackjack_payout": "6/5"})
    p_player, p_dealer = 8 / 169, 8 / 169  # infinite deck: A then T or T then A
    shift = game_ev(S17, infinite=True) - game_ev(cheap, infinite=True)
    assert shift == pytest.approx(0.3 * p_player * (1 - p_dealer), abs=1e-12)


def test_a_natural_stands_for_the_payout():
    assert hand_evs(["A", "K"], "T", S17).stand == pytest.approx(1.5)
    six_five = S17.with_overrides({"blackjack_payout": "6/5"})
    assert hand_evs(["A", "K"], "9", six_five).stand == pytest.approx(1.2)
    # No peek: the dealer's natural (4/13 infinitely) pushes it.
    enhc = S17.with_overrides({"dealer_hole_card": False, "dealer_peeks": False})
    assert hand_evs(["A", "T"], "A", enhc, infinite=True).stand == pytest.approx(1.5 * 9 / 13)
    # The payout touches nothing but the natural.
    assert hand_evs(["T", "6"], "T", six_five) == hand_evs(["T", "6"], "T", S17)


def test_double_follows_double_on():
    nine_eleven = S17.with_overrides({"double_on": "9-11"})
    assert hand_evs(["T", "6"], "T", nine_eleven).double is None
    assert hand_evs(["5", "4"], "6", nine_eleven).double is not None
    assert hand_evs(["A", "8"], "6", nine_eleven).double is None  # soft 19
    ten_eleven = S17.with_overrides({"double_on": "10-11"})
    assert hand_evs(["5", "4"], "6", ten_eleven).double is None
    assert hand_evs(["5", "6"], "6", ten_eleven).double is not None
    none = S17.with_overrides({"double_on": "none"})
    assert hand_evs(["5", "6"], "6", none).double is None
    assert hand_evs(["5", "3", "3"], "6", S17).double is None  # three cards
    no_das = S17.with_overrides({"double_after_split": False})
    assert hand_evs(["8", "3"], "6", no_das, from_split=True).double is None
    assert hand_evs(["8", "3"], "6", S17, from_split=True).double is not None


def test_surrender_is_minus_half_where_allowed():
    late = S17.with_overrides({"surrender": "late"})
    assert hand_evs(["T", "6"], "T", late).surrender == -0.5
    assert hand_evs(["T", "6"], "T", S17).surrender is None
    assert hand_evs(["T", "4", "2"], "T", late).surrender is None
    assert hand_evs(["T", "6"], "T", late, from_split=True).surrender is None
    assert hand_evs(["T", "6"], "A", CROATIAN).surrender is None  # not against an ace
    assert hand_evs(["T", "6"], "T", CROATIAN).surrender == -0.5


def test_split_needs_a_pair_the_rules_accept():
    assert hand_evs(["T", "6"], "6", S17).split is None
    assert hand_evs(["K", "Q"], "6", S17).split is not None  # equal value
    assert hand_evs(["K", "Q"], "6", AJNC).split is None  # AJNC splits equal rank only
    assert hand_evs(["K", "K"], "6", AJNC).split is not None
    assert hand_evs([Card.parse("9H"), Card.parse("9S")], "6", AJNC).split is not None
    assert hand_evs(["8", "8"], "6", S17.with_overrides({"max_split_hands": 1})).split is None


def test_split_aces_one_card_each_are_two_standing_hands():
    """With no resplit, each ace gets one card and stands: split = 2 * E[stand on A + x]."""
    rules = S17.with_overrides({"max_split_hands": 2})
    unseen = remove_cards(full_shoe(6), ["A", "A", "6"])
    evs = hand_evs(["A", "A"], "6", rules)
    expected = 0.0
    for x in range(1, 11):
        p = unseen[x - 1] / sum(unseen)
        rest = remove_cards(unseen, [x])
        # A split hand A + x is valued like a two-card hand from_split (no natural).
        expected += p * hand_evs([1, x], 6, rules, composition=rest, from_split=True).stand
    assert evs.split == pytest.approx(2 * expected, abs=1e-12)


def test_three_sevens_pay_at_once():
    sevens = only(7, 10)  # every card left is a 7; no ace, so no dealer natural
    evs = hand_evs(["7", "7"], "T", CROATIAN, composition=sevens)
    assert evs.hit == pytest.approx(1.5)
    assert evs.double == pytest.approx(3.0)
    assert evs.stand == pytest.approx(-1.0)  # T + 7 = 17 beats 14


def test_max_draws_stops_the_hand():
    twos = only(2, 20)  # the dealer's T draws 2s to 18; the player's 4 can draw to 20
    free = hand_evs(["2", "2"], "T", S17, composition=twos)
    one_draw = hand_evs(["2", "2"], "T", S17.with_overrides({"max_draws": 1}), composition=twos)
    assert free.hit == pytest.approx(1.0)
    assert one_draw.hit == pytest.approx(-1.0)  # 6 must stand against 18


def test_seen_cards_leave_the_shoe():
    one_deck = S17.with_overrides({"decks": 1})
    seen = ["T"] * 10 + ["5"] * 3 + ["A"] * 2
    evs = hand_evs(["9", "3"], "4", one_deck, seen=seen)
    unseen = remove_cards(full_shoe(1), ["9", "3", "4", *seen])
    assert evs == hand_evs(["9", "3"], "4", one_deck, composition=unseen)
    assert evs != hand_evs(["9", "3"], "4", one_deck)
    for value in evs.values().values():
        assert -2 <= value <= 1.5


def test_a_cache_is_shared_and_gives_the_same_values():
    cache = EVCache(S17)
    first = hand_evs(["A", "7"], "9", S17, cache=cache)
    size = len(cache)
    assert hand_evs(["A", "7"], "9", S17, cache=cache) == first
    assert len(cache) == size
    assert hand_evs(["A", "7"], "9", S17) == first
    with pytest.raises(ValueError, match="other rules"):
        hand_evs(["A", "7"], "9", H17, cache=cache)


def test_bad_hands_raise():
    with pytest.raises(StrategyError):
        hand_evs(["T"], "9", S17)
    with pytest.raises(StrategyError):
        hand_evs(["T", "8", "5"], "9", S17)
    with pytest.raises(StrategyError):
        hand_evs(["T", "8"], "9", DVADTSAT_ODNO)
    with pytest.raises(CompositionError):
        hand_evs(["T", "8"], "9", S17, seen=["9"] * 24)  # no 9 is left for the upcard
    with pytest.raises(CompositionError):
        hand_evs(["T", "8"], "9", S17, composition=(1, 2, 3))


def test_tens_resplit_by_rank_leave_the_split_unvalued():
    """Resplitting K,K by rank needs the count of kings alone: the split is not valued (None)
    while the other actions are; with 2 hands at most it is valued."""
    by_rank = S17.with_overrides({"split_by": "rank"})
    evs = hand_evs(["K", "K"], "9", by_rank)
    assert evs.split is None and evs.best()[0] is Action.STAND
    assert evs.stand == pytest.approx(hand_evs(["K", "Q"], "9", S17).stand)
    two_hands = by_rank.with_overrides({"max_split_hands": "2"})
    assert hand_evs(["K", "K"], "9", two_hands).split < evs.stand


def test_the_strategy_engine_imports_nothing_from_django():
    code = (
        "import sys, game.engine.strategy; print(any(m.startswith('django') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ORACLES.md "Game EV, 6 decks" (percent): agree to 0.001 percentage points.
@pytest.mark.slow
@pytest.mark.parametrize(("rules", "percent"), [(S17, -0.402870), (H17, -0.615389)])
def test_game_ev_six_decks_matches_the_oracle(rules, percent):
    assert game_ev(rules) * 100 == pytest.approx(percent, abs=1e-3)


def test_a_prepared_cache_gives_the_very_same_values():
    """``EVCache.prepare`` solves a whole deal's dealer distributions in one batch; the
    values are those of a lone ``hand_evs`` call, float for float."""
    cache = EVCache(H17)
    for up in (1, 6, 10):
        cache.prepare(up, remove_cards(full_shoe(6), [up]))
        for hand in (["T", "6"], ["8", "8"], ["A", "7"], ["2", "3"]):
            assert hand_evs(hand, up, H17, cache=cache) == hand_evs(hand, up, H17)


@pytest.mark.parametrize(
    ("rules", "shoe"),
    [
        (S17, full_shoe(6)),
        (H17.with_overrides({"decks": 1, "surrender": "late"}), full_shoe(1)),
        (S17.with_overrides({"surrender": "early", "double_on": "9-11"}), full_shoe(2)),
        (
            S17.with_overrides({"dealer_peeks": False, "dealer_hole_card": False}),
            (1, 0, 4, 4, 2, 4, 4, 4, 4, 12),  # one ace, no twos, two fives: hands left out
        ),
        (AJNC, full_shoe(AJNC.decks)),
        (CROATIAN, full_shoe(CROATIAN.decks)),
        (S17.with_overrides({"three_sevens_payout": Fraction(1)}), full_shoe(2)),
    ],
    ids=["S17", "1 deck H17 LS", "ES 9-11", "ENHC depleted", "ajnc", "croatian", "sevens"],
)
def test_every_dealt_hand_at_once_is_hand_evs_float_for_float(rules, shoe):
    """``deal_evs`` reads a prepared deal's stand, hit and double EVs from its arrays (or
    calls ``hand_evs`` where none were kept, as with three sevens): the very HandEVs of one
    ``hand_evs`` call per hand with a cache prepared for that deal, splits and surrender
    included, for every upcard; hands the shoe cannot deal are left out."""
    for up in (up for up in range(1, 11) if shoe[up - 1]):
        after_up = remove_cards(shoe, [up])
        found = deal_evs(rules, up, after_up, EVCache(rules))
        cache = EVCache(rules)
        cache.prepare(up, after_up)
        dealable = {
            (a, b)
            for a in range(1, 11)
            for b in range(a, 11)
            if after_up[a - 1] >= 1 + (a == b) and after_up[b - 1] >= 1
        }
        assert set(found) == dealable
        for (a, b), evs in found.items():
            unseen = remove_cards(after_up, [a, b])
            assert evs == hand_evs([a, b], up, rules, composition=unseen, cache=cache), (up, a, b)


def test_dealt_hands_refuse_the_banker_game_and_a_foreign_cache():
    with pytest.raises(StrategyError):
        deal_evs(DVADTSAT_ODNO, 5, full_shoe(1), EVCache(DVADTSAT_ODNO))
    with pytest.raises(ValueError, match="other rules"):
        deal_evs(S17, 5, remove_cards(full_shoe(6), [5]), EVCache(H17))


@pytest.mark.parametrize(
    "rules",
    [
        S17,
        H17.with_overrides({"dealer_hole_card": False, "dealer_peeks": False}),
        S17.with_overrides(
            {"dealer_peeks": False, "dealer_hole_card": False, "lose_all_to_natural": True}
        ),
        CROATIAN,
        S17.with_overrides({"resplit_aces": True, "hit_split_aces": True}),
        S17.with_overrides({"double_after_split": False, "max_split_hands": 3}),
        S17.with_overrides({"max_draws": 2, "double_on": "10-11"}),
    ],
    ids=["S17", "H17 ENHC", "ENHC lose all", "croatian", "RSA HSA", "no DAS 3", "2 draws"],
)
def test_split_hands_valued_at_once_agree_with_the_recursion(rules):
    """The batch (the split hand's endings walked once, valued for every k with arrays)
    against the recursion that plays each k's split hand on, card by card."""
    from game.engine.strategy.composition import DrawState
    from game.engine.strategy.recursion import Evaluator
    from game.engine.strategy.splits import (
        _split_hand_sums,
        _split_hand_sums_batch,
        split_coefficients,
    )

    one_deck = rules.with_overrides({"decks": 1})
    cache = EVCache(one_deck)
    seen = ["T", "5", "A", "7"]
    for pair in (1, 2, 7, 8, 10):
        for up in (1, 6, 10):
            unseen = remove_cards(full_shoe(1), [pair, pair, up, *seen])
            conditioned = rules.dealer_peeks and up in (1, 10)
            guide_shoe = DrawState([c + (i == pair - 1) for i, c in enumerate(unseen)])
            guide = Evaluator(
                one_deck,
                up,
                guide_shoe,
                cache.dealer,
                conditioned=conditioned,
                memo=cache.values_for(up),
            )
            may_hit = pair != 1 or rules.hit_split_aces
            resplit = pair != 1 or rules.resplit_aces
            a, b = split_coefficients(rules.max_split_hands if resplit else 2)
            # only the k that can happen (as many pair cards left)
            weights = {k: 1.0 for k in set(a) | set(b) if k <= unseen[pair - 1]}
            sevens = rules.three_sevens_payout is not None
            batch = _split_hand_sums_batch(one_deck, pair, may_hit, sevens, guide, unseen, weights)
            for k in weights:
                one = _split_hand_sums(one_deck, pair, may_hit, sevens, guide, k, unseen)
                assert batch[k] == pytest.approx(one, abs=1e-13)
