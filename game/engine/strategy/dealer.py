"""The dealer's final total: its probability distribution for an upcard and a shoe.

The dealer turns the hole card, then draws to 17: S17 stands on every 17, H17 hits a soft
17 (seeds 000-004; VARIANTS.md ``dealer_hits_soft_17``). Cards are drawn without
replacement from the unseen composition, so the result is exact for the finite shoe; the
infinite deck (``composition=None``) draws with fixed probabilities (1/13, tens 4/13).

Outcomes, in this order (``DealerTotals``): final 17, 18, 19, 20, 21 (three or more cards,
or two cards that are not a natural), natural (ace and ten-value in the first two cards)
and bust. ``DealerSolver`` memoizes every sub-result on (composition, dealer hand), so one
solver shared by many calls reuses the dealer hands that the calls have in common.

Source of the oracle values the tests check: ../shared/ORACLES.md, "Dealer final totals,
6 decks, S17, only the upcard removed, unconditioned" (its sources: Eric Farmer's
combinatorial analysis, Wizard of Odds appendix 2B). The recursion itself is the textbook
one (Griffin, The Theory of Blackjack): draw every value with probability count / total.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from game.engine.strategy.composition import (
    CardLike,
    DrawState,
    card_value,
    natural_completer,
)

NATURAL = 5
"""Index of the natural in a dealer distribution (17..21 are 0..4)."""
BUST = 6
"""Index of the bust in a dealer distribution."""


class DealerTotals(NamedTuple):
    """P(each final dealer outcome); the seven values sum to 1.

    A tuple in the order 17, 18, 19, 20, 21, natural, bust (``t17`` ... ``bust``).
    """

    t17: float
    t18: float
    t19: float
    t20: float
    t21: float
    natural: float
    bust: float


_FIRST = 64
"""Dealer states: ``2 * low + ace`` for a hand that draws (low total with aces as 1, ace
if it holds one); ``_FIRST + upcard`` before the hole card."""


def _state_table(hits_soft_17: bool) -> list[tuple[list[tuple[int, int]], list[tuple[int, int]]]]:
    """For each dealer state: the values that end the hand, as (index, outcome), and the
    values after which the dealer draws on, as (index, next state)."""
    table: list[tuple[list[tuple[int, int]], list[tuple[int, int]]]] = [
        ([], []) for _ in range(_FIRST + 11)
    ]
    for low in range(1, 27):
        for ace in (False, True):
            for upcard_state in (False, True):
                if upcard_state and (low > 10 or ace != (low == 1)):
                    continue
                state = _FIRST + low if upcard_state else 2 * low + ace
                ends, draws = table[state]
                for value in range(1, 11):
                    new_low, new_ace = low + value, ace or value == 1
                    soft = new_ace and new_low <= 11
                    total = new_low + 10 if soft else new_low
                    if upcard_state and total == 21 and new_low == 11:
                        ends.append((value - 1, NATURAL))
                    elif total > 21:
                        ends.append((value - 1, BUST))
                    elif total >= 18 or (total == 17 and not (soft and hits_soft_17)):
                        ends.append((value - 1, total - 17))
                    else:
                        draws.append((value - 1, 2 * new_low + new_ace))
    return table


_TABLES = {h17: _state_table(h17) for h17 in (False, True)}


class DealerSolver:
    """Dealer distributions under one rule for soft 17, memoized on (composition, hand).

    ``distribution(upcard, shoe)`` gives the unconditioned outcome probabilities (a tuple
    of 7 floats, ``DealerTotals`` order) with the hole card and the draws taken from ``shoe``
    (a ``DrawState``; the upcard is not in it). The shoe is left as it was found.

    Reuse one solver for many shoes that differ by a few cards: the sub-results are keyed
    on the whole composition, so nothing stale is ever reused; ``clear()`` frees the memory.
    """

    def __init__(self, hits_soft_17: bool) -> None:
        self.hits_soft_17 = hits_soft_17
        self._table = _TABLES[hits_soft_17]
        # One memo per dealer state, each keyed on the composition's key.
        self._memos: list[dict[int, tuple[float, ...]]] = [{} for _ in self._table]

    def clear(self) -> None:
        """Forget every memoized result."""
        for memo in self._memos:
            memo.clear()

    def __len__(self) -> int:
        return sum(len(memo) for memo in self._memos)

    def distribution(self, upcard: int, shoe: DrawState) -> tuple[float, ...]:
        """P(17, 18, 19, 20, 21, natural, bust) with ``upcard`` (1..10) showing, the hole card
        and every draw from ``shoe``. Unconditioned: the natural is one of the outcomes."""
        return self._play(shoe.counts, shoe.total, shoe.key, shoe.units, shoe.step, _FIRST + upcard)

    def _play(
        self, counts: list[int], total: int, key: int, units: list[int], step: int, state: int
    ) -> tuple[float, ...]:
        """The distribution from dealer ``state`` with ``counts`` left (``total`` cards,
        identified by ``key``); each draw takes ``step`` card (0 for the infinite deck).
        ``counts`` is changed during the call and restored."""
        # The key holds the whole composition, so the future from here is fully determined.
        memo = self._memos[state]
        found = memo.get(key)
        if found is not None:
            return found
        acc = [0.0] * 7
        ends, draws = self._table[state]
        for i, outcome in ends:
            acc[outcome] += counts[i] / total
        for i, next_state in draws:
            count = counts[i]
            if not count:
                continue
            p = count / total
            counts[i] = count - step
            sub = self._play(counts, total - step, key - units[i], units, step, next_state)
            counts[i] = count
            acc[0] += p * sub[0]
            acc[1] += p * sub[1]
            acc[2] += p * sub[2]
            acc[3] += p * sub[3]
            acc[4] += p * sub[4]
            acc[6] += p * sub[6]
        # A tuple of floats: the garbage collector stops tracking it (millions are kept).
        result = tuple(acc)
        memo[key] = result
        return result


def condition_on_no_natural(distribution: Sequence[float]) -> list[float]:
    """The distribution given that the dealer has no natural (what a player sees after the
    peek): the natural set to 0, the rest divided by 1 - P(natural).

    Raises ZeroDivisionError when a natural is certain.
    """
    keep = 1.0 - distribution[NATURAL]
    return [0.0 if i == NATURAL else p / keep for i, p in enumerate(distribution)]


def dealer_totals(
    upcard: CardLike,
    composition: Sequence[int] | None,
    *,
    hits_soft_17: bool = False,
    peeked: bool = False,
    solver: DealerSolver | None = None,
) -> DealerTotals:
    """The dealer's final-outcome distribution for ``upcard`` and the unseen cards.

    - ``upcard``: a card value 1..10 (1 = ace), a code ("A", "T", "7", "KH") or a Card.
    - ``composition``: the unseen cards the hole card and draws come from, as 10 counts
      (aces, 2..9, tens; see composition.py), the upcard already taken out; None for the
      infinite deck.
    - ``hits_soft_17``: H17 when True, S17 when False.
    - ``peeked``: condition on the dealer having no natural (a peek game after the check,
      upcard A or T); for other upcards the natural is impossible and nothing changes.
    - ``solver``: a ``DealerSolver`` with the same ``hits_soft_17`` to share memoized results.

    Returns ``DealerTotals`` (probabilities summing to 1). Raises CompositionError for a bad
    composition, ValueError for a solver with the other soft-17 rule.
    Source: ORACLES.md "Dealer final totals" (the test oracle).
    """
    value = card_value(upcard)
    if solver is None:
        solver = DealerSolver(hits_soft_17)
    elif solver.hits_soft_17 != hits_soft_17:
        raise ValueError("the solver was made for the other soft-17 rule")
    dist = solver.distribution(value, DrawState(composition))
    if peeked and natural_completer(value) is not None:
        dist = condition_on_no_natural(dist)
    return DealerTotals(*dist)
