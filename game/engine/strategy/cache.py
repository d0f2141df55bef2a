"""The strategy engine's types and its cache: its error, the EVs of a hand, the fixed
policies it values, and the cache of dealer distributions and player values that its calls
share.

Units: every EV is in units of the initial bet (hand.py's module docstring has the
conventions).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from game.engine.errors import EngineError
from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.composition import CardLike, DrawState, card_value, full_shoe
from game.engine.strategy.dealer import DealerSolver


class StrategyError(EngineError, ValueError):
    """What the strategy engine cannot value: the banker game (CASINO_GAME_ONLY), a hand of
    fewer than two cards or already past 21, or a decision none of whose legal actions it
    values (HAND_NOT_VALUED); see also counter.TooFewCardsError (TOO_FEW_CARDS)."""


@dataclass(frozen=True, slots=True)
class HandEVs:
    """The EV of every action for one hand, in units of the initial bet.

    - ``stand``, ``hit``, ``double``, ``split``, ``surrender``: EV of the action, None where
      the rules do not allow it for this hand (hit is None only for split aces that may not
      draw).
    - ``natural_probability``: P(the dealer has a natural | the cards seen), before the peek
      (0 unless the upcard is an ace or a ten).
    - ``surrender`` is -0.5 in every game. With early surrender in a peek game the choice
      comes before the peek: weigh it against -p + (1 - p) * EV of the other actions (as
      ``game_ev`` does), p = ``natural_probability``.
    - ``conditioned``: True when the EVs are conditioned on the dealer having no natural (a
      peek game with an ace or ten upcard).
    """

    stand: float
    hit: float | None
    double: float | None
    split: float | None
    surrender: float | None
    natural_probability: float
    conditioned: bool

    def values(self) -> dict[Action, float]:
        """The allowed actions and their EVs, in Action order."""
        found = {
            Action.HIT: self.hit,
            Action.STAND: self.stand,
            Action.DOUBLE: self.double,
            Action.SPLIT: self.split,
            Action.SURRENDER: self.surrender,
        }
        return {action: ev for action, ev in found.items() if ev is not None}

    def best(self) -> tuple[Action, float]:
        """The action with the highest EV and that EV (ties go to the earlier action in
        hit, stand, double, split, surrender order)."""
        return max(self.values().items(), key=lambda item: item[1])


class EVCache:
    """Memoized values shared by ``hand_evs`` calls under one rule set.

    Holds a ``DealerSolver`` (dealer distributions by composition) and, per upcard, the
    optimal value of every player hand met so far, keyed on (composition, hand). Every key
    holds the whole composition, so a cache is valid for any shoe and any starting hand;
    pass one to many calls (a strategy table, a game EV) to reuse the hands they share.
    ``prepare(upcard, shoe)`` solves at once every dealer distribution that any hand dealt
    from ``shoe`` can need (what ``game_ev`` and ``basic_strategy`` do per upcard); without
    it each ``hand_evs`` call solves those of its own hand. Memory grows with use (about
    300 bytes a dealer distribution or player value, some 6,000 of them per upcard for a
    6-deck deal): ``clear()`` frees it.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.dealer = DealerSolver(rules.dealer_hits_soft_17)
        self._values: dict[int, dict[tuple[int, int, bool, int, bool], tuple[float, bool]]] = {}
        # (upcard, key of the shoe before the player's cards) already prepared
        self._prepared: set[tuple[int, int]] = set()

    def values_for(self, upcard: int) -> dict[tuple[int, int, bool, int, bool], tuple[float, bool]]:
        """The player-value memo for ``upcard`` (created empty on first use)."""
        return self._values.setdefault(upcard, {})

    def prepare(self, upcard: CardLike, shoe: Sequence[int]) -> None:
        """Solve ahead, in one batch, the dealer distributions of every hand that can be
        dealt from ``shoe`` (the unseen cards, ``upcard`` already out of them) against
        ``upcard``: every set of player cards worth at most 21 with aces as 1. Later
        ``hand_evs`` calls for hands from this shoe (``composition`` = ``shoe`` less the
        hand) then skip that step; a split still solves the shoes of its split hands, which
        depend on how they are played. Raises CompositionError for a bad composition."""
        up = card_value(upcard)
        state = DrawState(shoe)
        if not state.finite or (up, state.key) in self._prepared:
            return
        shoes = ShoeBatch(state)
        shoes.add_draws(0, 0, 0)
        shoes.solve(self.dealer, up)
        self._prepared.add((up, state.key))

    def is_prepared(self, upcard: int, key: int) -> bool:
        """Whether ``prepare`` ran for ``upcard`` and the shoe of DrawState key ``key``."""
        return (upcard, key) in self._prepared

    def clear(self) -> None:
        """Forget every memoized value."""
        self.dealer.clear()
        self._values.clear()
        self._prepared.clear()

    def __len__(self) -> int:
        return len(self.dealer) + sum(len(v) for v in self._values.values())


@functools.cache
def _draw_table() -> tuple[np.ndarray, list[int], list[int], np.ndarray]:
    """Every multiset of card values whose low total (aces as 1) is at most 21, by that
    total: (counts by value, shape (n, 10); what each takes off a DrawState key; for each
    total t, how many multisets are worth t or less; the number of cards in each)."""
    found: list[tuple[int, ...]] = []

    def walk(start: int, low: int, counts: list[int]) -> None:
        found.append(tuple(counts))
        for i in range(start, min(10, 21 - low)):  # values in non-decreasing order
            counts[i] += 1
            walk(i, low + i + 1, counts)
            counts[i] -= 1

    walk(0, 0, [0] * 10)
    found.sort(key=lambda c: sum((i + 1) * n for i, n in enumerate(c)))
    table = np.array(found, dtype=np.int64)
    lows = table @ np.arange(1, 11)
    units = DrawState(full_shoe(1)).units
    offsets = [sum(n * u for n, u in zip(c, units, strict=True)) for c in found]
    upto = [int(np.searchsorted(lows, t, side="right")) for t in range(22)]
    return table, offsets, upto, table.sum(axis=1)


class ShoeBatch:
    """The shoes a hand's draws can leave, gathered from one DrawState to be solved in one
    batch: ``add_draws`` adds a shoe (the DrawState's, with some pair cards moved) and every
    shoe left after the draws that keep a hand's low total at 21 or less."""

    def __init__(self, state: DrawState) -> None:
        self.state = state
        self.keys: list[int] = []
        self.blocks: list[np.ndarray] = []

    def add_draws(self, low: int, out: int, pair: int, depth: int | None = None) -> None:
        """Add the shoe with ``out`` more cards of value ``pair`` taken out (negative: put
        back; 0 for none) and the shoes after drawing up to ``depth`` cards (None: no limit)
        to a hand of low total ``low``. Shoes with a negative count are skipped."""
        table, offsets, upto, sizes = _draw_table()
        state = self.state
        base = np.array(state.counts, dtype=np.int64)
        key = state.key
        if out:
            base[pair - 1] -= out
            key -= out * state.units[pair - 1]
        n = upto[21 - low]
        shoes = base - table[:n]
        keep = (shoes >= 0).all(axis=1)
        if depth is not None:
            keep &= sizes[:n] <= depth
        keys = [key - o for o in offsets[:n]]
        if not keep.all():
            keys = [k for k, ok in zip(keys, keep.tolist(), strict=True) if ok]
            shoes = shoes[keep]
        self.keys += keys
        self.blocks.append(shoes)

    def solve(self, dealer: DealerSolver, upcard: int) -> None:
        """Memoize the dealer's distribution for every shoe gathered."""
        if self.keys:
            dealer.solve_many(upcard, self.keys, np.concatenate(self.blocks))


class HandPolicy(Protocol):
    """A fixed way of playing a hand (a chart, an AI level), as the policy EVs need it.

    - ``first(values, upcard, legal)``: the action for a two-card hand (card values 1..10)
      against ``upcard`` (1..10) among ``legal`` (hit, stand and whatever the rules allow of
      double, split and surrender; no insurance decision: a policy never insures).
    - ``hits(low, ace, cards, upcard)``: whether a hand of low total ``low`` (aces as 1),
      holding an ace or not, of ``cards`` cards, draws again after a hit (stand otherwise);
      asked only while a draw is legal and the total is under 21.
    """

    def first(self, values: tuple[int, ...], upcard: int, legal: frozenset[Action]) -> Action:
        """The action for a two-card hand."""
        ...

    def hits(self, low: int, ace: bool, cards: int, upcard: int) -> bool:
        """Whether a hand draws again after a hit."""
        ...


__all__ = ["EVCache", "HandEVs", "HandPolicy", "ShoeBatch", "StrategyError"]
