"""The dealer's final-total distribution (strategy/dealer.py) against ORACLES.md and
hand-checkable shoes, and the batch of many shoes against the recursion."""

import random

import numpy as np
import pytest

from game.engine.strategy.composition import (
    CompositionError,
    DrawState,
    full_shoe,
    natural_probability,
    remove_cards,
)
from game.engine.strategy.dealer import DealerSolver, dealer_totals

# ORACLES.md "Dealer final totals, 6 decks, S17, only the upcard removed, unconditioned":
# 17, 18, 19, 20, 21, natural, bust.
DEALER_ORACLE = {
    6: (0.165707, 0.106194, 0.106431, 0.101551, 0.097276, 0, 0.422842),
    7: (0.369208, 0.137931, 0.078428, 0.078682, 0.073816, 0, 0.261936),
    10: (0.111914, 0.111669, 0.111945, 0.340014, 0.034817, 0.077170, 0.212471),
    1: (0.130017, 0.130822, 0.130594, 0.130910, 0.053504, 0.308682, 0.115473),
}


def only(value: int, count: int) -> tuple[int, ...]:
    """A shoe holding ``count`` cards of one value."""
    return tuple(count if v == value else 0 for v in range(1, 11))


@pytest.mark.parametrize("upcard", sorted(DEALER_ORACLE))
def test_six_deck_s17_distribution_matches_the_oracle(upcard):
    got = dealer_totals(upcard, remove_cards(full_shoe(6), [upcard]))
    assert got == pytest.approx(DEALER_ORACLE[upcard], abs=1e-6)
    assert sum(got) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("upcard", [1, 10])
def test_peeked_distribution_is_conditioned_on_no_natural(upcard):
    shoe = remove_cards(full_shoe(6), [upcard])
    raw = dealer_totals(upcard, shoe)
    peeked = dealer_totals(upcard, shoe, peeked=True)
    assert peeked.natural == 0
    assert sum(peeked) == pytest.approx(1.0, abs=1e-12)
    assert peeked.bust == pytest.approx(raw.bust / (1 - raw.natural), abs=1e-15)
    assert raw.natural == pytest.approx(natural_probability(upcard, shoe), abs=1e-15)


def test_peeking_changes_nothing_for_an_upcard_that_cannot_make_a_natural():
    shoe = remove_cards(full_shoe(6), [7])
    assert dealer_totals(7, shoe, peeked=True) == dealer_totals(7, shoe)


def test_forced_shoes_give_certain_outcomes():
    assert dealer_totals(7, only(10, 20)).t17 == 1  # 7 + T
    assert dealer_totals(6, only(5, 20)).t21 == 1  # 6 + 5 + 5 + 5
    assert dealer_totals("A", only(10, 20)).natural == 1
    assert dealer_totals("T", only(10, 20)).t20 == 1
    assert dealer_totals(10, only(6, 20)).bust == 1  # 10 + 6 + 6


def test_soft_17_stands_under_s17_and_hits_under_h17():
    aces = only(1, 20)  # 6 + A is soft 17; another ace makes soft 18
    assert dealer_totals(6, aces, hits_soft_17=False).t17 == 1
    assert dealer_totals(6, aces, hits_soft_17=True).t18 == 1


def test_without_replacement_the_last_card_runs_out():
    # One five and tens: 6 + 5 + T = 21 or 6 + T + T bust; a second five cannot come.
    shoe = (0, 0, 0, 0, 1, 0, 0, 0, 0, 3)
    got = dealer_totals(6, shoe)
    assert got.t21 == pytest.approx(1 / 4 + 3 / 4 * 1 / 3)  # 5 then T, or T then 5
    assert got.bust == pytest.approx(3 / 4 * 2 / 3)


def test_infinite_deck_is_the_limit_of_large_shoes():
    for upcard in (2, 6, 10, 1):
        for hits in (False, True):
            big = dealer_totals(upcard, full_shoe(8), hits_soft_17=hits)
            infinite = dealer_totals(upcard, None, hits_soft_17=hits)
            assert infinite == pytest.approx(big, abs=0.01)
            assert sum(infinite) == pytest.approx(1.0, abs=1e-12)
    assert dealer_totals(1, None).natural == pytest.approx(4 / 13)


def test_h17_only_moves_soft_17s():
    shoe = remove_cards(full_shoe(6), [10])
    assert dealer_totals(10, shoe, hits_soft_17=True) == dealer_totals(10, shoe)
    six = remove_cards(full_shoe(6), [6])
    assert dealer_totals(6, six, hits_soft_17=True).t17 < dealer_totals(6, six).t17


def test_a_shared_solver_memoizes_and_agrees_with_a_fresh_one():
    solver = DealerSolver(hits_soft_17=False)
    shoe = remove_cards(full_shoe(6), [6])
    first = dealer_totals(6, shoe, solver=solver)
    size = len(solver)
    assert size > 0
    assert dealer_totals(6, shoe, solver=solver) == first
    assert len(solver) == size  # every sub-result came from the memo
    assert dealer_totals(6, shoe) == first
    solver.clear()
    assert len(solver) == 0


def test_distribution_leaves_the_shoe_as_it_was():
    state = DrawState(remove_cards(full_shoe(2), [9]))
    before = (list(state.counts), state.total, state.key)
    DealerSolver(True).distribution(9, state)
    assert (state.counts, state.total, state.key) == before


def test_bad_input_raises():
    with pytest.raises(CompositionError):
        dealer_totals(6, (1, 2, 3))
    with pytest.raises(CompositionError):
        dealer_totals(6, (0,) * 10)
    with pytest.raises(CompositionError):
        remove_cards(only(10, 1), ["T", "K"])
    with pytest.raises(CompositionError):
        dealer_totals(11, full_shoe(1))
    with pytest.raises(ValueError, match="soft-17"):
        dealer_totals(6, full_shoe(1), hits_soft_17=True, solver=DealerSolver(False))


def _random_shoes(seed: int, count: int) -> list[tuple[int, ...]]:
    """Depleted 1-, 2-, 6- and 8-deck shoes, each with at least 20 cards."""
    rng = random.Random(seed)
    shoes = []
    while len(shoes) < count:
        shoe = list(full_shoe(rng.choice([1, 2, 6, 8])))
        for _ in range(rng.randrange(0, sum(shoe) - 20)):
            i = rng.randrange(10)
            shoe[i] -= shoe[i] > 0
        if sum(shoe) >= 20:
            shoes.append(tuple(shoe))
    return shoes


@pytest.mark.parametrize("hits", [False, True], ids=["S17", "H17"])
def test_many_shoes_at_once_agree_with_the_recursion(hits):
    """``solve_many`` (numpy, one column a shoe) memoizes the recursion's values, up to
    rounding; a shoe solved in another batch, or alone, gets the very same floats."""
    shoes = _random_shoes(11, 120)
    keys = [DrawState(s).key for s in shoes]
    for up in range(1, 11):
        batch = DealerSolver(hits)
        batch.solve_many(up, keys, shoes)
        recursion = DealerSolver(hits)
        other = DealerSolver(hits)
        other.solve_many(up, keys[7:9], shoes[7:9])  # a batch of two, padded to CHUNK
        for j, shoe in enumerate(shoes):
            got = batch.solved(up)[keys[j]]
            assert got == pytest.approx(recursion.distribution(up, DrawState(shoe)), abs=1e-14)
            assert batch.distribution(up, DrawState(shoe)) == got  # found, not recomputed
            if j in (7, 8):
                assert other.solved(up)[keys[j]] == got
        columns = batch.distributions(up, np.array(shoes[:5]))
        assert [tuple(col) for col in columns.T.tolist()] == [batch.solved(up)[k] for k in keys[:5]]


def test_shoes_too_small_for_the_batch_are_left_to_the_recursion():
    solver = DealerSolver(hits_soft_17=False)
    small = (0, 0, 0, 0, 1, 0, 0, 0, 0, 3)  # 4 cards: the dealer could run out
    big = full_shoe(1)
    keys = [DrawState(small).key, DrawState(big).key]
    solver.solve_many(6, keys, [small, big])
    assert keys[0] not in solver.solved(6)
    assert keys[1] in solver.solved(6)
    assert solver.too_small(6, np.array([small, big])).tolist() == [True, False]
    with pytest.raises(ValueError, match="too few cards"):
        solver.distributions(6, [small])
    assert dealer_totals(6, small, solver=solver).t21 == pytest.approx(1 / 4 + 3 / 4 * 1 / 3)
