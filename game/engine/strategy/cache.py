"""The strategy engine's types and its cache: its error, the EVs of a hand, the fixed
policies it values, and the cache of dealer distributions and player values that its calls
share.

Units: every EV is in units of the initial bet (hand.py's module docstring has the
conventions).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from game.engine.errors import EngineError, Reason
from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.composition import (
    CardLike,
    DrawState,
    card_value,
    full_shoe,
    natural_completer,
)
from game.engine.strategy.dealer import DealerSolver


class StrategyError(EngineError, ValueError):
    """What the strategy engine cannot value: the banker game (CASINO_GAME_ONLY), a hand of
    fewer than two cards or already past 21, or a decision none of whose legal actions it
    values (HAND_NOT_VALUED); see also TooFewCardsError (TOO_FEW_CARDS)."""


class TooFewCardsError(StrategyError):
    """The shoe holds too few cards to finish the round every way it can go: some way of
    playing it on would draw from an empty shoe (at a table the discards are shuffled in
    then, cards.py, so an exact value of that shoe means nothing), or, in a peek game, the
    cards left make the dealer's natural certain and no decision follows the peek
    (TOO_FEW_CARDS)."""


@contextmanager
def cards_must_last(unseen: Sequence[int] | None) -> Iterator[None]:
    """Run a valuation of the shoe ``unseen`` (10 counts; None: the infinite deck), turning
    the ZeroDivisionError of a shoe too small into TooFewCardsError. Every division of the
    engine is by the cards left in a shoe or by the chance of no dealer natural, so a zero
    there means an empty shoe reached or a natural that is certain. It sits on the public
    calls that value a shoe (hand_evs, deal_evs, game_ev, policy_game_ev; the counter's go
    through hand_evs)."""
    try:
        yield
    except ZeroDivisionError:
        raise _too_small(unseen) from None
    except TooFewCardsError as exc:
        # raised for a shoe further on (a hand's, inside a whole round): say the caller's
        if exc.message.startswith(_TOO_SMALL):
            raise _too_small(unseen) from None
        raise


def natural_certain(p_natural: float) -> None:
    """Raise TooFewCardsError when the dealer's natural is certain (``p_natural`` 1.0, in a
    peek game): the peek ends the round, so no decision is left to value after it."""
    if p_natural == 1.0:
        raise TooFewCardsError(
            Reason.TOO_FEW_CARDS,
            "the cards left make the dealer's natural certain: no decision follows the peek",
        )


_TOO_SMALL = "the shoe ("


def _too_small(unseen: Sequence[int] | None) -> TooFewCardsError:
    left = 0 if unseen is None else sum(unseen)
    cards = "an infinite deck" if unseen is None else f"{left} card{'' if left == 1 else 's'}"
    return TooFewCardsError(
        Reason.TOO_FEW_CARDS,
        f"{_TOO_SMALL}{cards}) is too small to finish every way the round can go",
    )


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
        self._values: dict[int, PlayerValues] = {}
        # (upcard, key of the shoe before the player's cards) already prepared
        self._prepared: set[tuple[int, int]] = set()
        # the same key -> the counts of that shoe and, for every multiset of player cards
        # of ``_draw_table`` (its rows), whether it can be dealt from it and whether the
        # best play draws to it (``hits_table``)
        self._hits: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        # the same key -> for every row of ``_draw_table``: its stand value, n_v / N of its
        # shoe and the value of drawing each card that busts it (the rest unread)
        self._stands: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        # the same key -> every row's EVs of standing, hitting and doubling (``actions``)
        self._actions: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        # the splits of a prepared deal, all pairs at once (splits._deal_split_sums): by
        # (upcard, key of the shoe, room for hands, conditioned, id of the policy), the
        # policy of the split hands (None for the best play) and pair -> k -> sums
        self.split_sums: dict[
            tuple[int, int, int, bool, int],
            tuple[HandPolicy | None, dict[int, dict[int, tuple[float, float]]]],
        ] = {}
        # the best play's split of each pair of those deals, by (upcard, key of the shoe,
        # room for hands, conditioned, pair): how its split hand plays (its rows of the
        # draw table, their plays and orderings, as bytes) and its sums, which a policy's
        # split that plays the same way reuses (a chart agrees with the best play on most
        # pairs: 87 of 100 in a 6-deck analysis)
        self.split_plays: dict[
            tuple[int, int, int, bool, int], tuple[bytes, dict[int, tuple[float, float]]]
        ] = {}
        # the EVs of standing on the shoes those splits met, by (upcard, key of the shoe):
        # by what a stake loses to a natural, the shoes' codes (sorted) and the EVs
        self.stand_values: dict[tuple[int, int], dict[float, tuple[np.ndarray, np.ndarray]]] = {}

    def values_for(self, upcard: int) -> PlayerValues:
        """The player-value memo for ``upcard`` (created empty on first use)."""
        found = self._values.get(upcard)
        if found is None:
            found = self._values[upcard] = PlayerValues()
        return found

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
        table, _offsets, upto, _sizes = _draw_table()
        n = upto[21]
        shoes = np.array(state.counts, dtype=np.int64) - table[:n]
        feasible = (shoes >= 0).all(axis=1)
        if self.dealer.too_small(up, shoes[feasible]).any():
            # the batch's shoes as the recursion will find them (the small ones left to it)
            batch = ShoeBatch(state)
            batch.add_draws(0, 0, 0)
            batch.solve(self.dealer, up)
        else:
            # Kept as one array (``DealerSolver.know``): memoizing 30,000 tuples one by one
            # cost more than solving them, and a deal reads a few hundred.
            dist = np.full((n, 7), np.nan)
            dist[feasible] = self.dealer.distributions(up, shoes[feasible]).T
            self.dealer.know(up, state.key, _offset_rows(), dist)
            self._solve_best(up, state, shoes, feasible, dist)
        self._prepared.add((up, state.key))

    def _solve_best(
        self,
        up: int,
        state: DrawState,
        shoes: np.ndarray,
        feasible: np.ndarray,
        dist: np.ndarray,
    ) -> None:
        """Keep, for every hand that can be dealt from ``state`` against ``up``, the better
        of stand and hit (what ``recursion.Evaluator.best`` returns for it), all hands at
        once with numpy: ``shoes`` (rows of ``_draw_table`` up to a low total of 21, 10
        counts each) is ``state`` less each row's cards, ``feasible`` which of them can be
        dealt, ``dist`` (rows, 7) the dealer's distribution of each feasible shoe.

        A hand is a multiset M of player cards (low total <= 21); its shoe is ``state``
        less M. Hitting M is worth sum over values v of n_v / N * (the best of M + v, or
        the bust), so the values are found a low total at a time, from 21 down, a few array
        operations for all the hands of a total (shape (hands, 10 card values)): the
        recursion's tens of thousands of Python calls per upcard become some 200 numpy
        calls. The arithmetic is the recursion's, operation for operation (same order, same
        rounding), so the memo holds the very values it would compute. Only where the
        number of cards does not matter (no three sevens, no draw limit: the recursion then
        keys its memo on the total alone) and every dealer distribution was solved in the
        batch; otherwise the recursion values the hands as they come. The values are kept
        as arrays, read through ``values_for(up)`` (``PlayerValues.lookup``).
        """
        rules = self.rules
        if rules.three_sevens_payout is not None or rules.max_draws is not None:
            return
        _table, _offsets, upto, _sizes = _draw_table()
        children, lows, aces = _draw_children()
        n = upto[21]
        dist = np.where(feasible[:, None], dist, 0.0)
        peeks = rules.dealer_hole_card and rules.dealer_peeks
        conditioned = peeks and natural_completer(up) is not None
        # Evaluator's loss to a dealer natural for an unsplit hand of stake 1: the stake
        # with lose_all_to_natural, else the original bet, nothing after a peek.
        lose_stake = 1.0 if not conditioned and rules.lose_all_to_natural else 0.0
        lose_fixed = 1.0 if not conditioned and not rules.lose_all_to_natural else 0.0
        left = shoes.sum(axis=1).astype(float)  # N, the cards in each hand's shoe
        counts = shoes.astype(float)
        t17, t18, t19, t20, t21, natural, bust = dist.T
        # Evaluator.stand(total, 1.0) for totals 16 (and below) to 21, by the same sums
        edges = [
            bust - (t17 + t18 + t19 + t20 + t21),
            bust - (t18 + t19 + t20 + t21),
            bust + t17 - (t19 + t20 + t21),
            bust + (t17 + t18) - (t20 + t21),
            bust + (t17 + t18 + t19) - t21,
            bust + (t17 + t18 + t19 + t20),
        ]
        stands = [1.0 * edge - natural * (1.0 * lose_stake + lose_fixed) for edge in edges]
        # Evaluator.stand(total, 2.0), what a double ends with, for every row's own total
        doubled = [2.0 * edge - natural * (2.0 * lose_stake + lose_fixed) for edge in edges]
        low_n, ace_n = lows[:n], aces[:n]
        soft_n = ace_n & (low_n <= 11)
        totals = np.where(soft_n, low_n + 10, low_n)
        kinds = np.clip(totals, 16, 21) - 16
        doubled_of = np.choose(kinds, doubled)
        stand_all = np.choose(kinds, stands)  # Evaluator.stand(total, 1.0) of every row
        # Evaluator.best's choice: a hand below 21 hits when it cannot bust or hitting is
        # better (``sure`` and ``better`` below)
        can_hit = totals < 21
        sure = can_hit & ((totals <= 11) | (soft_n & (totals <= 16)))
        # The hands drawn to (low total 1..20, dealt from the shoe), in row order: each low
        # total's rows are a slice of them. Their draws' weights n_v / N, the draws that bust
        # them, and their doubles do not depend on the best play: valued all at once.
        drawn_to = np.flatnonzero(feasible & (low_n >= 1) & (low_n <= 20))
        cut = np.searchsorted(low_n[drawn_to], np.arange(22))  # low l: cut[l]:cut[l + 1]
        count = counts[drawn_to]  # (hands, 10)
        cards_left = left[drawn_to][:, None]
        live = count > 0
        weight = count / cards_left
        busts = np.arange(10) >= (21 - low_n[drawn_to])[:, None]  # that card busts it
        if conditioned:  # Evaluator.bust(1.0) with that card drawn
            c = natural_completer(up) - 1  # type: ignore[operator]
            c_left = count[:, c : c + 1] - (np.arange(10) == c)
            no_natural = 1.0 - c_left / (cards_left - 1)
            bust_one: float | np.ndarray = -1.0 * no_natural
            bust_two: float | np.ndarray = -2.0 * no_natural
        else:
            bust_one, bust_two = -1.0, -2.0
        children_drawn = children[drawn_to]
        # Evaluator.double: a double's stand with each card, or its bust
        ev2 = np.where(busts, bust_two, doubled_of[children_drawn])
        # Evaluator.hit and Evaluator.double add count / N * ev value by value, skipping the
        # values not left; cumsum adds in that same order (adding 0.0 changes nothing).
        double_of = np.full(n, np.nan)  # NaN: not valued here
        double_of[drawn_to] = np.cumsum(np.where(live, weight * ev2, 0.0), axis=1)[:, -1]
        hit_of = np.full(n, np.nan)
        best = np.zeros(n)
        hits = np.zeros(n, dtype=bool)
        twenty_ones = np.flatnonzero(feasible & (low_n == 21))
        best[twenty_ones] = stand_all[twenty_ones]  # every total is 21: it stands
        for low in range(20, 0, -1):
            a, b = cut[low], cut[low + 1]
            if a == b:
                continue
            rows = drawn_to[a:b]
            stand = stand_all[rows]
            # the best of each hand with one more card, or the bust
            bust_here = bust_one[a:b] if isinstance(bust_one, np.ndarray) else bust_one
            ev = np.where(busts[a:b], bust_here, best[children[rows]])
            hit = np.cumsum(np.where(live[a:b], weight[a:b] * ev, 0.0), axis=1)[:, -1]
            hit_of[rows] = hit
            takes = can_hit[rows] & (sure[rows] | (hit > stand))
            best[rows] = np.where(takes, hit, stand)
            hits[rows] = takes
        # kept for ``policy_hit_values``: each hand's stand value, n_v / N and the value of
        # drawing v where v busts (rows of a total of 21 are never drawn to)
        stand_of = np.where(feasible & (low_n >= 1), stand_all, 0.0)
        weight_of = np.zeros((n, 10))
        weight_of[drawn_to] = weight
        bust_of = np.zeros((n, 10))
        bust_of[drawn_to] = np.where(busts, bust_one, best[children_drawn])
        self._hits[(up, state.key)] = (np.array(state.counts, dtype=np.int64), feasible, hits)
        self._stands[(up, state.key)] = (stand_of, weight_of, bust_of)
        self._actions[(up, state.key)] = (stand_of, hit_of, double_of)
        # Evaluator.best's memo: (shoe key, low, ace, 0 cards, no sevens) -> (EV, hits)
        self.values_for(up).know(state.key, best, hits, feasible, hit_of, double_of)

    def is_prepared(self, upcard: int, key: int) -> bool:
        """Whether ``prepare`` ran for ``upcard`` and the shoe of DrawState key ``key``."""
        return (upcard, key) in self._prepared

    def clear(self) -> None:
        """Forget every memoized value."""
        self.dealer.clear()
        self._values.clear()
        self._prepared.clear()
        self._hits.clear()
        self._stands.clear()
        self._actions.clear()
        self.split_sums.clear()
        self.split_plays.clear()
        self.stand_values.clear()

    def hits_table(self, upcard: int, key: int) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """For a shoe prepared against ``upcard`` (DrawState key ``key``): its counts (10),
        and for every row M of ``_draw_table`` whether M can be dealt from it and whether
        the best play (``Evaluator.best``, the shoe less M) draws to M. None when ``prepare``
        did not value that shoe's hands at once (three sevens, a draw limit, a small shoe)."""
        return self._hits.get((upcard, key))

    def actions(self, upcard: int, key: int) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """For a shoe prepared against ``upcard`` (DrawState key ``key``) whose hands were
        valued at once: for every row M of ``_draw_table``, the EVs (stake 1, in the
        recursion's unconditioned measure: not yet divided by P(no natural)) of standing
        on M, of drawing one card and then playing best, and of doubling, from the shoe
        less M, the very floats ``Evaluator.stand``/``hit``/``double`` give (hit and double
        NaN where not valued, every row 0 where M cannot be dealt); shape (rows,) each.
        None when ``prepare`` did not value them (three sevens, a draw limit, a small
        shoe)."""
        return self._actions.get((upcard, key))

    def policy_hit_values(self, upcard: int, key: int, policy: HandPolicy) -> np.ndarray | None:
        """For a shoe prepared against ``upcard`` (DrawState key ``key``): for every row M of
        ``_draw_table`` that it can deal, the EV (stake 1) of drawing one card to M and then
        playing on by ``policy.hits`` (what ``Evaluator.hit_following`` with a
        ``PolicyEvaluator`` guide returns for the shoe less M), all hands at once, a low
        total at a time from 21 down, by the same sums in the same order as
        ``_solve_best`` (so as the recursion); shape (rows,), 0 where M cannot be dealt or
        its total is 21. None when ``prepare`` did not value that shoe's hands at once (three
        sevens, a draw limit, a small shoe)."""
        found = self._stands.get((upcard, key))
        if found is None:
            return None
        stand_of, weight_of, bust_of = found
        _base, feasible, _hits = self._hits[(upcard, key)]
        _table, _offsets, upto, _sizes = _draw_table()
        children, lows, aces = _draw_children()
        n = upto[21]
        low_n = lows[:n]
        # the hands drawn to, in row order (each low total's a slice), as in _solve_best
        drawn_to = np.flatnonzero(feasible & (low_n >= 1) & (low_n <= 20))
        cut = np.searchsorted(low_n[drawn_to], np.arange(22))  # low l: cut[l]:cut[l + 1]
        busts = np.arange(10) >= (21 - low_n[drawn_to])[:, None]  # that card busts it
        weight, bust_ev = weight_of[drawn_to], bust_of[drawn_to]  # from _solve_best
        live = weight > 0
        low_d = low_n[drawn_to]
        can_hit = np.where(aces[drawn_to] & (low_d <= 11), low_d + 10, low_d) < 21  # not 21
        takes = can_hit & _policy_hits(policy, upcard, feasible)[drawn_to]
        follow = np.zeros(n)
        hit = np.zeros(n)
        twenty_ones = np.flatnonzero(feasible & (low_n == 21))
        follow[twenty_ones] = stand_of[twenty_ones]
        for low in range(20, 0, -1):
            a, b = cut[low], cut[low + 1]
            if a == b:
                continue
            rows = drawn_to[a:b]
            ev = np.where(busts[a:b], bust_ev[a:b], follow[children[rows]])
            drawn = np.cumsum(np.where(live[a:b], weight[a:b] * ev, 0.0), axis=1)[:, -1]
            hit[rows] = np.where(can_hit[a:b], drawn, 0.0)
            follow[rows] = np.where(takes[a:b], drawn, stand_of[rows])
        return hit

    def policy_hits_table(
        self, upcard: int, key: int, policy: HandPolicy
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """``hits_table`` with ``policy``'s draws instead of the best play's: for a shoe
        prepared against ``upcard`` (DrawState key ``key``), its counts and, for every row M
        of ``_draw_table``, whether M can be dealt from it and whether the policy draws to
        a hand of M's cards (its total under 21). None where ``hits_table`` is None."""
        found = self._hits.get((upcard, key))
        if found is None:
            return None
        base, feasible, _hits = found
        _table, _offsets, _upto, _sizes = _draw_table()
        _children, lows, aces = _draw_children()
        totals = np.where(aces & (lows <= 11), lows + 10, lows)
        return base, feasible, _policy_hits(policy, upcard, feasible) & (totals < 21)

    def __len__(self) -> int:
        return len(self.dealer) + sum(len(v) for v in self._values.values())


def _policy_hits(policy: HandPolicy, upcard: int, feasible: np.ndarray) -> np.ndarray:
    """``policy.hits`` for the hand of every row of ``_draw_table`` that ``feasible`` marks
    (False elsewhere), asked once for each (low total, ace, cards) met: a few hundred
    calls."""
    table, _offsets, upto, _sizes = _draw_table()
    _children, lows, aces = _draw_children()
    n = upto[21]
    cards = table[:n].sum(axis=1)
    codes = (lows[:n] * 2 + aces[:n]) * 32 + cards
    unique, inverse = np.unique(codes[feasible], return_inverse=True)
    choices = np.array(
        [policy.hits(c // 64, bool(c // 32 % 2), c % 32, upcard) for c in unique.tolist()],
        dtype=bool,
    )
    policy_hits = np.zeros(n, dtype=bool)
    policy_hits[feasible] = choices[inverse]
    return policy_hits


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


@functools.cache
def _offset_rows() -> dict[int, int]:
    """The row of ``_draw_table`` of each multiset by what it takes off a DrawState key."""
    return {offset: row for row, offset in enumerate(_draw_table()[1])}


class PlayerValues(dict[tuple[int, int, bool, int, bool], tuple[float, bool]]):
    """``recursion.Evaluator``'s memo of (EV, hits) by (shoe key, low total, holds an ace,
    cards or 0, all sevens), and the values ``EVCache.prepare`` found for whole deals,
    kept as arrays (``know``) and read on a miss (``lookup``): building a dict entry for
    each of a deal's 30,000 hands cost more than valuing them, and a deal reads a few
    hundred."""

    def __init__(self) -> None:
        super().__init__()
        # per deal given to ``know``: (its shoe's key, best, hits, feasible, hit, double)
        self._deals: list[tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]]
        self._deals = []
        self._known_size = 0  # the hands of those deals that can be dealt
        self._seen: dict[tuple[int, int, bool, int, bool], tuple[float, bool]] = {}
        # (hit or double, shoe key, low, ace) -> EV, read from the arrays so far
        self._seen_actions: dict[tuple[int, int, int, bool], float] = {}

    def know(
        self,
        base_key: int,
        best: np.ndarray,
        hits: np.ndarray,
        feasible: np.ndarray,
        hit_of: np.ndarray,
        double_of: np.ndarray,
    ) -> None:
        """Keep the values of the hands dealt from the shoe of key ``base_key``: row M of
        ``_draw_table`` (its cards) holds, if ``feasible[M]``, the EV and the draw of the
        better of stand and hit for the hand of M's low total and ace from that shoe less M,
        and the EVs of hitting once then playing best (``hit_of``) and of doubling
        (``double_of``; NaN where not valued), read by ``action``."""
        self._deals.append((base_key, best, hits, feasible, hit_of, double_of))
        self._known_size += int(feasible.sum())

    def _rows(
        self, shoe_key: int, low: int, ace: bool
    ) -> Iterator[tuple[tuple[np.ndarray, ...], int]]:
        """Each kept deal's arrays and the row there of the hand of low total ``low`` and
        ``ace`` whose shoe has key ``shoe_key``, for the deals that can deal it: the values
        depend only on that shoe, total and ace, so any such row holds them."""
        _children, lows, aces = _draw_children()
        rows = _offset_rows()
        for base_key, *arrays in self._deals:
            row = rows.get(base_key - shoe_key)
            if row is not None and arrays[2][row] and lows[row] == low and aces[row] == ace:
                yield tuple(arrays), row

    def action(self, kind: int, shoe_key: int, low: int, ace: bool) -> float | None:
        """The EV of hitting (``kind`` 0: one card, then the best play) or doubling (1) the
        hand of low total ``low`` and ``ace`` from the shoe of key ``shoe_key``, stake 1, as
        ``Evaluator.hit``/``double`` value it (no three sevens, no draw limit), if a batch
        given to ``know`` holds it; else None."""
        if not self._deals:
            return None
        key = (kind, shoe_key, low, ace)
        found = self._seen_actions.get(key)
        if found is not None:
            return found
        for (_best, _hits, _feasible, hit_of, double_of), row in self._rows(shoe_key, low, ace):
            value = float((double_of if kind else hit_of)[row])
            if value == value:  # not NaN
                self._seen_actions[key] = value
                return value
        return None

    def lookup(self, key: tuple[int, int, bool, int, bool]) -> tuple[float, bool] | None:
        """The value kept by ``know`` for a memo key (None if no batch holds it)."""
        if not self._deals:
            return None
        found = self._seen.get(key)
        if found is not None:
            return found
        shoe_key, low, ace, cards, sevens = key
        if cards or sevens or not low:
            return None
        for (best, hits, *_rest), row in self._rows(shoe_key, low, ace):
            found = self._seen[key] = (float(best[row]), bool(hits[row]))
            return found
        return None

    def clear(self) -> None:
        super().clear()
        self._deals.clear()
        self._known_size = 0
        self._seen.clear()
        self._seen_actions.clear()

    def __len__(self) -> int:
        # counted as they come: a server asks for the size at every grade (its memory bound)
        return super().__len__() + self._known_size


@functools.cache
def _draw_children() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For the multisets of ``_draw_table`` (all of them): the row of each one with one more
    card of each value (shape (n, 10); 0, a row never read, where that card takes the low
    total past 21), and each one's low total and whether it holds an ace."""
    table, _offsets, _upto, _sizes = _draw_table()
    rows = {tuple(c): j for j, c in enumerate(table.tolist())}
    children = np.zeros((len(table), 10), dtype=np.int64)
    for j, c in enumerate(table.tolist()):
        for i in range(10):
            c[i] += 1
            children[j, i] = rows.get(tuple(c), 0)
            c[i] -= 1
    return children, table @ np.arange(1, 11), table[:, 0] > 0


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


def draw_table() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every multiset of card values of low total at most 21 (aces as 1), by that total: its
    counts (n, 10), its row with one more card of each value (n, 10; 0 where that card
    takes it past 21), its low total and whether it holds an ace."""
    table = _draw_table()[0]
    children, lows, aces = _draw_children()
    return table, children, lows, aces


__all__ = [
    "EVCache",
    "HandEVs",
    "HandPolicy",
    "PlayerValues",
    "ShoeBatch",
    "StrategyError",
    "draw_table",
]
