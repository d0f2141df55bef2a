"""The dealer's final total: its probability distribution for an upcard and a shoe.

The dealer turns the hole card, then draws to 17: S17 stands on every 17, H17 hits a soft
17 (seeds 000-004; VARIANTS.md ``dealer_hits_soft_17``). Cards are drawn without
replacement from the unseen composition, so the result is exact for the finite shoe; the
infinite deck (``composition=None``) draws with fixed probabilities (1/13, tens 4/13).

Outcomes, in this order (``DealerTotals``): final 17, 18, 19, 20, 21 (three or more cards,
or two cards that are not a natural), natural (ace and ten-value in the first two cards)
and bust. ``DealerSolver`` memoizes every sub-result on (composition, dealer hand), so one
solver shared by many calls reuses the dealer hands that the calls have in common.

Many shoes at once (``DealerSolver.solve_many``, what the EV recursions use): the probability
of one ordered draw of a multiset of dealer cards is a product of count / total factors, so
for a batch of shoes (numpy, one column each) the dealer's non-final hands are walked once,
level by level (each hand's probability is its parent's times one factor), and the final
outcomes are weighted sums over the hands (a matrix product with the number of orderings
of each hand and the values that end it). The work grows with the dealer's few hundred
non-final hands times the batch, instead of a Python recursion per shoe.

Source of the oracle values the tests check: ../shared/ORACLES.md, "Dealer final totals,
6 decks, S17, only the upcard removed, unconditioned" (its sources: Eric Farmer's
combinatorial analysis, Wizard of Odds appendix 2B). The recursion itself is the textbook
one (Griffin, The Theory of Blackjack): draw every value with probability count / total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import NamedTuple

import numpy as np

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

CHUNK = 256
"""Shoes solved together by ``DealerSolver.distributions``: every chunk has this many
columns (the last one padded), so a shoe's result never depends on the batch it came in
(a matrix product's rounding may follow the array's shape) and the arrays stay in the
processor's cache. 256 rather than 512: the same cost per column, and half the padding
of the batches of a split's stand shoes (about a thousand shoes each)."""


class _Tree:
    """The dealer's non-final hands after one upcard, for solving many shoes at once.

    Hands are multisets of the cards drawn after the upcard (the hole card first), in
    levels by their number of cards: level 0 is the upcard alone. Each hand past level 0
    names one parent (itself less one card of value ``value``, of which the parent holds
    ``held``). ``weights`` has a row (o, v) per outcome o and card value v, and a row
    (o, -1) per outcome: in the column of hand h, row (o, v) holds c(h), the number of
    orderings of h that the dealer draws, if drawing v to h ends in o (else 0), and row
    (o, -1) holds c(h) times the cards h already holds of the values that end it in o.
    So, with n_v the shoe's cards of value v, P(o) = sum over hands h of
    P(one ordering of h) / (cards left after h) * sum over v of c(h) [v ends h in o]
    (n_v - h_v) = that sum's (o, v) rows times n_v less its (o, -1) row.
    """

    def __init__(self, hits_soft_17: bool, upcard: int) -> None:
        table = _TABLES[hits_soft_17]
        hands: list[tuple[int, ...]] = [(0,) * 10]
        states = [_FIRST + upcard]
        orderings = [1]
        index = {hands[0]: 0}
        self.levels: list[tuple[int, int, np.ndarray, np.ndarray]] = []
        factor_rows: dict[tuple[int, int, int], int] = {}
        frontier = [0]
        while frontier:
            parents: list[int] = []
            values: list[int] = []
            held: list[int] = []
            start = len(hands)
            for h in frontier:
                hand = hands[h]
                for i, next_state in table[states[h]][1]:
                    child = (*hand[:i], hand[i] + 1, *hand[i + 1 :])
                    c = index.get(child)
                    if c is None:
                        c = index[child] = len(hands)
                        hands.append(child)
                        states.append(next_state)
                        orderings.append(0)
                        parents.append(h)
                        values.append(i)
                        held.append(hand[i])
                    orderings[c] += orderings[h]
            if parents:
                # The factor of a hand of level l is (n_v - h_v) / (N - l) (v the card it
                # adds, h_v the parent's cards of that value): few distinct (l, v, h_v) for
                # the whole tree, each a row of a table computed once per solve.
                level = len(self.levels) + 1
                pairs_here = [
                    factor_rows.setdefault((level, v, h), len(factor_rows))
                    for v, h in zip(values, held, strict=True)
                ]
                self.levels.append((start, len(hands), np.array(parents), np.array(pairs_here)))
            frontier = list(range(start, len(hands)))
        self.size = len(hands)
        # ``DealerSolver.combined``'s chunks: about 64k values of ``reach`` (half a MiB, in
        # the processor's cache), at least CHUNK shoes; measured: 256 shoes for the big
        # trees (2, 3, ace: 200-350 hands), 1,024-2,048 for the small ones (8, 9, ten).
        self.chunk = max(CHUNK, 1 << ((1 << 16) // self.size).bit_length() - 1)
        self.factor_values = np.array([v for _l, v, _h in factor_rows])
        self.factor_held = np.array([h for _l, _v, h in factor_rows], dtype=float)[:, None]
        self.factor_level = np.array([lv for lv, _v, _h in factor_rows], dtype=float)[:, None]
        rows: dict[tuple[int, int], np.ndarray] = {}
        for h, hand in enumerate(hands):
            for i, outcome in table[states[h]][0]:
                rows.setdefault((outcome, i), np.zeros(self.size))[h] += orderings[h]
                if hand[i]:
                    rows.setdefault((outcome, -1), np.zeros(self.size))[h] += orderings[h] * hand[i]
        keys = sorted(rows)
        self.weights = np.array([rows[k] for k in keys])
        # Row (o, v) of the sums is multiplied by n_v and row (o, -1) by -1 (index 10 of the
        # counts with a row of -1 below them), then added into outcome o: one gather and
        # one small matrix product instead of a numpy call per row.
        self.factor_rows = np.array([10 if k[1] < 0 else k[1] for k in keys])
        self.into = np.zeros((7, len(keys)))
        self.into[[k[0] for k in keys], np.arange(len(keys))] = 1.0

        self._folded: dict[tuple[float, ...], np.ndarray] = {}

    def reach(self, counts: np.ndarray) -> np.ndarray:
        """reach[h] = P(one given ordering of hand h) / (cards left after h), shape (size,
        shoes), for ``counts`` (10, shoes), every shoe holding more cards than the dealer
        can draw."""
        cards_left = counts.sum(axis=0)
        reach = np.empty((self.size, counts.shape[1]))
        reach[0] = 1.0 / cards_left
        # (n_v - h_v) / (N - l) for every (l, v, h_v) of the tree: one gather and one
        # product per level then
        factors = counts[self.factor_values] - self.factor_held
        factors /= cards_left - self.factor_level
        for start, stop, parents, pairs in self.levels:
            np.multiply(reach[parents], factors[pairs], out=reach[start:stop])
        return reach

    def solve(self, counts: np.ndarray) -> np.ndarray:
        """P(each outcome) for every shoe: ``counts`` is (10, shoes), every shoe holding more
        cards than the dealer can draw; returns (7, shoes)."""
        sums = self.weights @ self.reach(counts)
        factors = np.concatenate([counts, np.full((1, counts.shape[1]), -1.0)])[self.factor_rows]
        return self.into @ (sums * factors)

    def folded(self, signs: tuple[float, ...]) -> np.ndarray:
        """The weights folded for one linear combination of the outcomes, ``signs`` (7, in
        ``DealerTotals`` order): row f of the result (11, size) is the sum of the rows (o, v)
        of ``weights`` whose factor is n_f (f = v; row 10 the rows (o, -1), factor -1), each
        times signs[o]. Then sum_o signs[o] P(o) = sum_f factor_f * (row f @ reach): 11 rows
        in the matrix product instead of some 55 (``DealerSolver.combined``)."""
        found = self._folded.get(signs)
        if found is None:
            coefficients = np.array(signs) @ self.into  # per row of ``weights``
            found = np.zeros((11, self.size))
            np.add.at(found, self.factor_rows, coefficients[:, None] * self.weights)
            self._folded[signs] = found
        return found


@cache
def _tree(hits_soft_17: bool, upcard: int) -> _Tree:
    return _Tree(hits_soft_17, upcard)


@cache
def _max_draws(hits_soft_17: bool, upcard: int) -> int:
    """The most cards the dealer can draw after ``upcard`` (hole card included)."""
    return len(_tree(hits_soft_17, upcard).levels) + 1


class DealerSolver:
    """Dealer distributions under one rule for soft 17, memoized on (composition, hand).

    ``distribution(upcard, shoe)`` gives the unconditioned outcome probabilities (a tuple
    of 7 floats, ``DealerTotals`` order) with the hole card and the draws taken from ``shoe``
    (a ``DrawState``; the upcard is not in it). The shoe is left as it was found.

    Reuse one solver for many shoes that differ by a few cards: the sub-results are keyed
    on the whole composition, so nothing stale is ever reused; ``clear()`` frees the memory.

    Many shoes at once: ``solve_many`` memoizes the distributions of a batch of shoes
    (what ``distribution`` then finds without recursing), ``distributions`` returns them as
    a numpy array without keeping them. Both need shoes large enough that the dealer cannot
    run out of cards (``too_small``).
    """

    def __init__(self, hits_soft_17: bool) -> None:
        self.hits_soft_17 = hits_soft_17
        self._table = _TABLES[hits_soft_17]
        # One memo per dealer state, each keyed on the composition's key.
        self._memos: list[dict[int, tuple[float, ...]]] = [{} for _ in self._table]
        # Batches kept as arrays (``know``), by upcard: (base key, offset -> row, table)
        self._known: dict[int, list[tuple[int, Mapping[int, int], np.ndarray]]] = {}
        self._known_size = 0
        # by upcard, the distributions read from those arrays so far, as tuples (``seen``)
        self._seen: dict[int, dict[int, tuple[float, ...]]] = {}

    def clear(self) -> None:
        """Forget every memoized result."""
        for memo in self._memos:
            memo.clear()
        self._known.clear()
        self._known_size = 0
        self._seen.clear()

    def __len__(self) -> int:
        return sum(len(memo) for memo in self._memos) + self._known_size

    def know(
        self, upcard: int, base_key: int, row_of: Mapping[int, int], table: np.ndarray
    ) -> None:
        """Keep a batch of ``distributions`` as it came, an array, instead of memoizing each
        shoe: the distribution of the shoe of key ``base_key - offset`` against ``upcard``
        is ``table[row_of[offset]]`` (7 floats; a row of NaN: not solved). ``distribution``
        and ``known`` then find them (the same floats as ``solve_many`` would keep), and
        nothing is built per shoe: a prepared deal solves some 30,000 shoes and reads a few
        hundred."""
        self._known.setdefault(upcard, []).append((base_key, row_of, table))
        self._known_size += int(np.count_nonzero(~np.isnan(table[:, 0])))

    def known(self, upcard: int, key: int) -> tuple[float, ...] | None:
        """The distribution of ``upcard`` for the shoe of DrawState key ``key`` if a batch
        given to ``know`` holds it, else None."""
        seen = self.seen(upcard)
        found = seen.get(key)
        if found is not None:
            return found
        for base_key, row_of, table in self._known.get(upcard, ()):
            row = row_of.get(base_key - key)
            if row is not None and table[row, 0] == table[row, 0]:  # not NaN
                found = seen[key] = tuple(table[row].tolist())
                return found
        return None

    def seen(self, upcard: int) -> dict[int, tuple[float, ...]]:
        """The distributions of ``upcard`` that ``known`` has read from the arrays so far,
        by shoe key (read it, never write it): looked up after ``solved`` (not counted in
        ``len``, which counts the arrays' shoes)."""
        found = self._seen.get(upcard)
        if found is None:
            found = self._seen[upcard] = {}
        return found

    def solved(self, upcard: int) -> dict[int, tuple[float, ...]]:
        """The memoized distributions of ``upcard`` by shoe key (read it, never write it):
        a hit here is what ``distribution`` would return for that shoe."""
        return self._memos[_FIRST + upcard]

    def solve_many(
        self, upcard: int, keys: Sequence[int], shoes: np.ndarray | Sequence[Sequence[int]]
    ) -> None:
        """Memoize the distribution of ``upcard`` for many shoes at once: ``shoes[j]`` holds
        the 10 counts of a shoe (the upcard not in it) whose ``DrawState`` key is ``keys[j]``.
        Afterwards ``distribution(upcard, shoe)`` finds them (the recursion's values up to
        rounding, about 1e-15). Shoes already known are skipped, and so is a shoe too small
        for the dealer to be sure to finish (left to the recursion). Finite shoes only."""
        memo = self._memos[_FIRST + upcard]
        new: dict[int, int] = {}
        for j, key in enumerate(keys):
            if key not in memo and key not in new:
                new[key] = j
        if not new:
            return
        counts = np.asarray(shoes, dtype=np.int64)[list(new.values())]
        fresh = list(new)
        small = self.too_small(upcard, counts)
        if small.any():
            fresh = [k for k, no in zip(fresh, small.tolist(), strict=True) if not no]
            counts = counts[~small]
        rows = self.distributions(upcard, counts).T.tolist()
        memo.update(zip(fresh, map(tuple, rows), strict=True))

    def distributions(self, upcard: int, shoes: np.ndarray | Sequence[Sequence[int]]) -> np.ndarray:
        """The distributions of ``upcard`` for many shoes at once, not memoized: ``shoes`` is
        (n, 10) counts (the upcard not in them), the result (7, n), one column per shoe in
        ``DealerTotals`` order. Each shoe must hold more cards than the dealer can draw
        (``too_small`` says which do not); the values are the recursion's up to rounding."""
        counts = np.asarray(shoes, dtype=np.int64)
        if len(counts) and self.too_small(upcard, counts).any():
            raise ValueError("a shoe has too few cards for the dealer to be sure to finish")
        tree = _tree(self.hits_soft_17, upcard)
        out = np.empty((7, len(counts)))
        for start in range(0, len(counts), CHUNK):
            chunk = counts[start : start + CHUNK].T.astype(float)
            width = chunk.shape[1]
            if width < CHUNK:  # pad with copies of the first shoe: see CHUNK
                chunk = np.concatenate([chunk, np.repeat(chunk[:, :1], CHUNK - width, 1)], 1)
            out[:, start : start + width] = tree.solve(chunk)[:, :width]
        return out

    def combined(
        self, upcard: int, shoes: np.ndarray, kinds: np.ndarray, signs: Sequence[Sequence[float]]
    ) -> np.ndarray:
        """sum_o signs[kinds[j]][o] * P(outcome o | shoe j) for many shoes, not memoized:
        ``shoes`` (n, 10) counts as for ``distributions``, ``kinds`` (n,) ints indexing
        ``signs`` (rows of 7 floats, ``DealerTotals`` order; e.g. the EV of standing on a
        total: +1 where the player wins, -1 where it loses). Returns (n,) floats, the values
        of ``distributions`` combined so up to rounding (about 1e-16) at a fifth of the
        matrix product (``_Tree.folded``). A shoe's value depends only on that shoe and the
        shoes of the same call (the chunks are cut from the shoes sorted by kind), so equal
        calls give equal floats. Raises ValueError for a shoe too small (``too_small``)."""
        counts = np.asarray(shoes, dtype=np.int64)
        out = np.empty(len(counts))
        if not len(counts):
            return out
        if self.too_small(upcard, counts).any():
            raise ValueError("a shoe has too few cards for the dealer to be sure to finish")
        tree = _tree(self.hits_soft_17, upcard)
        folded = [tree.folded(tuple(map(float, row))) for row in signs]
        order = np.argsort(kinds, kind="stable")
        sorted_kinds = np.asarray(kinds)[order]
        for start in range(0, len(order), tree.chunk):
            at = order[start : start + tree.chunk]
            chunk = counts[at].T.astype(float)
            reach = tree.reach(chunk)
            factors = np.concatenate([chunk, np.full((1, chunk.shape[1]), -1.0)])
            here = sorted_kinds[start : start + tree.chunk]
            cuts = np.flatnonzero(np.diff(here)) + 1
            for a, b in zip([0, *cuts.tolist()], [*cuts.tolist(), len(here)], strict=True):
                rows = folded[int(here[a])] @ reach[:, a:b]
                out[at[a:b]] = (rows * factors[:, a:b]).sum(axis=0)
        return out

    def too_small(self, upcard: int, shoes: np.ndarray) -> np.ndarray:
        """For (n, 10) counts, which shoes may run out before the dealer finishes (those
        are left to the recursion)."""
        return shoes.sum(axis=1) <= self.most_draws(upcard)

    def most_draws(self, upcard: int) -> int:
        """The most cards the dealer can draw after ``upcard``, the hole card included."""
        return _max_draws(self.hits_soft_17, upcard)

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
        if found is None and state > _FIRST and self._known:
            found = self.known(state - _FIRST, key)
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
    dist: Sequence[float] = solver.distribution(value, DrawState(composition))
    if peeked and natural_completer(value) is not None:
        dist = condition_on_no_natural(dist)
    return DealerTotals(*dist)
