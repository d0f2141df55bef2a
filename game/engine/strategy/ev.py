"""Exact expected value of every decision, computed from the rules and the unseen cards.

Units: every EV is in units of the initial bet (+1 a won hand, -1 a lost one, -2 a lost
double, -0.5 a surrender, +3/2 a natural at 3:2).

The shoe: by default the unseen cards are ``rules.decks`` fresh decks minus the player's
cards, the upcard and any extra ``seen`` cards; every card drawn (by the player, then by the
dealer) is removed from it, so the values are exact for the finite shoe
(composition-dependent). ``infinite=True`` draws from the infinite deck instead.

Conventions (../shared/ORACLES.md "Conventions"; Griffin, The Theory of Blackjack; Wizard
of Odds appendix 9; Eric Farmer's combinatorial analyzer):

- Peek games (a hole card that the dealer checks) with an ace or ten upcard: the EVs are
  conditioned on the dealer not having a natural, and the player's draws are conditioned
  too (the hole card is not the card that completes the natural). Computed as
  E[payoff * 1{no natural}] / P(no natural), both under the unconditioned deal.
- No peek (ENHC, or a hole card that is not checked): a dealer natural found after the
  players act takes the whole stake s of the hand when ``rules.lose_all_to_natural``
  (s = 1 stand/hit, 2 double), else only the original bet; so for a hand that does not
  split, EV = -p*s + (1-p)*EV_peek with p = P(dealer natural | cards seen) (lose all).
  A busted hand has lost its stake whatever the dealer holds, three sevens are paid at once
  and a surrender returns half the bet (round.py's settlement).
- The natural payout (1:1, 6:5, 3:2, 2:1) changes only the EV of a natural: a player natural
  stands and is paid ``blackjack_payout`` unless the dealer has a natural too (a push).
- Hit is the value of drawing a card and then playing on optimally: at every later hand
  the best of stand and hit for the cards then left (composition-dependent). Double draws
  one card for twice the stake. Doubling for less (``double_for_less``) never beats the
  better of a full double and a hit, so only the full double is valued.
- Splits are valued under CDZ-: each split hand is played with the pre-split strategy (the
  decision that is best for the same cards as an unsplit hand: stand, hit, and double when
  DAS allows), pairs are resplit up to ``max_split_hands`` (aces only with
  ``resplit_aces``), split aces take one card each unless ``hit_split_aces``. The EV of
  that strategy is then computed exactly with Farmer's method: split hands are
  exchangeable, so the sum over hands reduces, by inclusion-exclusion over which drawn
  cards were pair cards, to the EVs of one split hand with k more pair cards removed.
  In a no-peek game where a dealer natural takes only the original bet, the seat's loss
  to the natural is charged once (-p) even in the rare case where every split hand busted
  before (a small approximation; no preset has that combination). Resplitting ten-value
  cards by rank (``split_by="rank"``, more than 2 hands) is not valued.
- A resplit (a split hand that is itself a pair, the seat holding h hands, this one
  included, ``hands=h``) is valued by the same method as a first split, of this pair
  against the unseen cards at that moment (every other hand's cards out), with room for
  ``max_split_hands - h + 1`` hands: the hands that this hand becomes (the seat's other
  hands are left out, as for every other action of a split hand, and so is what their
  play does to the shoe). round.py plays a split hand to the end before the next one takes
  its second card, so the hands this one becomes are all made, drawn and played before the
  seat's later hands, whose resplits use what room is left; at h = 1 it is the pair's split
  EV. So at every depth the split's EV and the other actions' EVs of the same hand are
  values of the same hand.

- A fixed policy (a ``HandPolicy``: the basic strategy chart, an AI level) is valued with
  the same machinery (``policy_game_ev``): its hits follow the policy (``_Evaluator.follow``
  with a ``_PolicyEvaluator`` guide) and its splits use Farmer's method with the policy's
  decisions on the split hands. Both are exact: tests play every card order of small
  shoes through round.py and get the same EVs to 1e-12 (tests/engine/strategy/
  test_levels.py).

How it is computed: the player's decisions are a recursion over the shoe (memoized on the
composition and the hand, ``EVCache``), and every shoe it stands on needs the dealer's
distribution. Those are solved ahead in batches (``DealerSolver.solve_many``: numpy, one
column a shoe): the shoes after every draw a hand can make (``EVCache.prepare`` for all
the hands of a deal at once). A split hand plays the guide's fixed decisions, the same
for every k, so its endings are walked once and valued for every k with arrays
(``_split_hand_sums_batch``); the infinite deck and shoes too small for the batch use the
plain recursions.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, Literal, Protocol

import numpy as np

from game.engine.cards import Card
from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.composition import (
    INFINITE_PROBABILITIES,
    CardLike,
    CompositionError,
    DrawState,
    card_value,
    check_composition,
    full_shoe,
    natural_completer,
    natural_probability,
    remove_cards,
)
from game.engine.strategy.dealer import DealerSolver


class StrategyError(ValueError):
    """A hand the strategy engine cannot value (too few cards, already bust, the banker
    game, or a split it does not model)."""


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
        shoes = _Shoes(state)
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


class _Shoes:
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


# -- the recursion -----------------------------------------------------------------------
class _Evaluator:
    """Player values for one upcard and one shoe, in the unconditioned ("joint") measure.

    A value here is E[payoff at the dealer's turn, restricted as the natural mode says]:
    with ``conditioned`` the dealer-natural outcomes count 0 and the caller divides by
    P(no natural); otherwise they count what the settlement pays. Values are memoized on
    (composition, player hand); the shoe is a DrawState that the recursion takes cards from
    and puts back.
    """

    def __init__(
        self,
        rules: Rules,
        upcard: int,
        shoe: DrawState,
        dealer: DealerSolver,
        *,
        conditioned: bool,
        split_hand: bool = False,
        memo: dict[tuple[int, int, bool, int, bool], tuple[float, bool]] | None = None,
    ) -> None:
        self.rules = rules
        self.upcard = upcard
        self.shoe = shoe
        self.dealer = dealer
        self.conditioned = conditioned
        completer = natural_completer(upcard)
        self.completer = -1 if completer is None else completer - 1
        # What a standing hand of stake s loses to a dealer natural (no peek): everything
        # with lose_all_to_natural; else the original bet, which for split hands the caller
        # charges once for the seat.
        if conditioned:
            self.natural_loss = "none"
        elif rules.lose_all_to_natural:
            self.natural_loss = "stake"
        else:
            self.natural_loss = "none" if split_hand else "one"
        # that loss as -(stake * lose_stake + lose_fixed)
        self.lose_stake = 1.0 if self.natural_loss == "stake" else 0.0
        self.lose_fixed = 1.0 if self.natural_loss == "one" else 0.0
        self.sevens_bonus = rules.three_sevens_payout
        self.max_draws = rules.max_draws
        # The number of cards matters only to three sevens and a draw limit; leaving it out
        # of the memo key otherwise lets hands of equal totals share values.
        self.count_cards = self.sevens_bonus is not None or self.max_draws is not None
        # Keyed on the whole composition and the hand, so shareable by every evaluator with
        # the same rules, upcard and natural mode (EVCache), whatever hand it started from.
        self.memo = {} if memo is None else memo
        self.follow_memo: dict[tuple[int, int, bool, int, bool], float] = {}
        self.solved = dealer.solved(upcard)

    # terminal payoffs, at the shoe as it is now
    def natural_now(self) -> float:
        """P(the hole card completes a dealer natural) for the shoe as it is now."""
        if self.completer < 0:
            return 0.0
        return self.shoe.counts[self.completer] / self.shoe.total

    def stand(self, total: int, stake: float) -> float:
        """EV of standing on ``total`` (<= 21, not a natural) with ``stake`` at risk."""
        d = self.solved.get(self.shoe.key)
        if d is None:
            d = self.dealer.distribution(self.upcard, self.shoe)
        t17, t18, t19, t20, t21, natural, bust = d
        # won (the dealer busts or ends lower) less lost (the dealer ends higher)
        if total < 17:
            edge = bust - (t17 + t18 + t19 + t20 + t21)
        elif total == 17:
            edge = bust - (t18 + t19 + t20 + t21)
        elif total == 18:
            edge = bust + t17 - (t19 + t20 + t21)
        elif total == 19:
            edge = bust + (t17 + t18) - (t20 + t21)
        elif total == 20:
            edge = bust + (t17 + t18 + t19) - t21
        else:
            edge = bust + (t17 + t18 + t19 + t20)
        return stake * edge - natural * (stake * self.lose_stake + self.lose_fixed)

    def bust(self, stake: float) -> float:
        """EV of a hand that has just busted (lost at once, before the dealer's cards)."""
        if self.conditioned:
            return -stake * (1.0 - self.shoe.counts[self.completer] / self.shoe.total)
        return -stake

    def sevens(self, stake: float) -> float:
        """EV of three sevens (paid at once, whatever the dealer holds)."""
        assert self.sevens_bonus is not None
        bonus = stake * float(self.sevens_bonus)
        return bonus * (1.0 - self.natural_now()) if self.conditioned else bonus

    def natural_hand(self) -> float:
        """EV of a player natural: paid unless the dealer has one too (a push)."""
        return float(self.rules.blackjack_payout) * (1.0 - self.natural_now())

    # the player's draws
    def _can_hit(self, total: int, cards: int) -> bool:
        if total >= 21:  # standing on 21 is never worse than drawing to it
            return False
        return self.max_draws is None or cards - 2 < self.max_draws

    def best(self, low: int, ace: bool, cards: int, sevens: bool) -> tuple[float, bool]:
        """(EV, hits) of the better of stand and hit for the hand (low total with aces as 1,
        holds an ace, number of cards, all sevens so far)."""
        key = (self.shoe.key, low, ace, cards if self.count_cards else 0, sevens)
        found = self.memo.get(key)
        if found is not None:
            return found
        soft = ace and low <= 11
        total = low + 10 if soft else low
        if not self._can_hit(total, cards):
            result = (self.stand(total, 1.0), False)
        elif total <= 11 or (soft and total <= 16):
            # A hand that cannot bust on one card and wins now only if the dealer busts: a
            # draw keeps every such win (the dealer's cards are as likely as before), so
            # hitting is never worse and standing need not be valued.
            result = (self.hit(low, ace, cards, sevens), True)
        else:
            stand = self.stand(total, 1.0)
            hit = self.hit(low, ace, cards, sevens)
            result = (hit, True) if hit > stand else (stand, False)
        self.memo[key] = result
        return result

    def hits(self, low: int, ace: bool, cards: int, sevens: bool) -> bool:
        """Whether this evaluator's play draws to the hand (the better of stand and hit)."""
        return self.best(low, ace, cards, sevens)[1]

    def split_start(self, values: tuple[int, int]) -> int:
        """How a two-card split hand of these card values starts: ``_DOUBLE`` when DAS
        allows a double and it beats the better of stand and hit, else ``_HIT`` or
        ``_STAND`` (the pre-split strategy of CDZ-: this evaluator's shoe is the guide's)."""
        low, ace, ncards, sevens = _state(values, self.sevens_bonus is not None)
        best, hits = self.best(low, ace, ncards, sevens)
        if (
            double_allowed(self.rules, values, from_split=True)
            and self.double(low, ace, ncards, sevens) > best
        ):
            return _DOUBLE
        return _HIT if hits else _STAND

    # The draws below take each card out of the shoe in place (DrawState.take, inlined:
    # these loops are the engine's hot path) and put it back.
    def hit(self, low: int, ace: bool, cards: int, sevens: bool) -> float:
        """EV of drawing one card and then playing on optimally (stake 1)."""
        shoe = self.shoe
        counts, units, step = shoe.counts, shoe.units, shoe.step
        total, key = shoe.total, shoe.key
        bonus = sevens and cards == 2 and self.sevens_bonus is not None
        best = self.best
        acc = 0.0
        for i in range(10):
            count = counts[i]
            if not count:
                continue
            value = i + 1
            counts[i] = count - step
            shoe.total = total - step
            shoe.key = key - units[i]
            if low + value > 21:
                ev = self.bust(1.0)
            elif bonus and value == 7:
                ev = self.sevens(1.0)
            else:
                ev = best(low + value, ace or value == 1, cards + 1, sevens and value == 7)[0]
            counts[i] = count
            acc += count / total * ev
        shoe.total = total
        shoe.key = key
        return acc

    def double(self, low: int, ace: bool, cards: int, sevens: bool) -> float:
        """EV of doubling: twice the stake, exactly one card, then stand."""
        shoe = self.shoe
        counts, units, step = shoe.counts, shoe.units, shoe.step
        total, key = shoe.total, shoe.key
        bonus = sevens and cards == 2 and self.sevens_bonus is not None
        acc = 0.0
        for i in range(10):
            count = counts[i]
            if not count:
                continue
            value = i + 1
            new_low = low + value
            counts[i] = count - step
            shoe.total = total - step
            shoe.key = key - units[i]
            if new_low > 21:
                ev = self.bust(2.0)
            elif bonus and value == 7:
                ev = self.sevens(2.0)
            else:
                soft = (ace or value == 1) and new_low <= 11
                ev = self.stand(new_low + 10 if soft else new_low, 2.0)
            counts[i] = count
            acc += count / total * ev
        shoe.total = total
        shoe.key = key
        return acc

    # a fixed strategy: the decisions of another evaluator (the pre-split shoe)
    def follow(self, low: int, ace: bool, cards: int, sevens: bool, guide: _Evaluator) -> float:
        """EV of playing this hand on with ``guide``'s stand/hit decisions; ``guide.shoe``
        must hold the same drawn cards in step with this shoe."""
        key = (self.shoe.key, low, ace, cards if self.count_cards else 0, sevens)
        found = self.follow_memo.get(key)
        if found is not None:
            return found
        if guide.hits(low, ace, cards, sevens):
            ev = self.hit_following(low, ace, cards, sevens, guide)
        else:
            ev = self.stand(low + 10 if ace and low <= 11 else low, 1.0)
        self.follow_memo[key] = ev
        return ev

    def hit_following(
        self, low: int, ace: bool, cards: int, sevens: bool, guide: _Evaluator
    ) -> float:
        """EV of drawing one card, then following ``guide``'s decisions."""
        shoe, other = self.shoe, guide.shoe
        counts, units, step = shoe.counts, shoe.units, shoe.step
        other_counts, other_units, other_step = other.counts, other.units, other.step
        total, key = shoe.total, shoe.key
        other_total, other_key = other.total, other.key
        bonus = sevens and cards == 2 and self.sevens_bonus is not None
        follow = self.follow
        acc = 0.0
        for i in range(10):
            count = counts[i]
            if not count:
                continue
            value = i + 1
            counts[i] = count - step
            shoe.total = total - step
            shoe.key = key - units[i]
            other_counts[i] -= other_step
            other.total = other_total - other_step
            other.key = other_key - other_units[i]
            if low + value > 21:
                ev = self.bust(1.0)
            elif bonus and value == 7:
                ev = self.sevens(1.0)
            else:
                ev = follow(low + value, ace or value == 1, cards + 1, sevens and value == 7, guide)
            other_counts[i] += other_step
            counts[i] = count
            acc += count / total * ev
        shoe.total = total
        shoe.key = key
        other.total = other_total
        other.key = other_key
        return acc


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


class _PolicyEvaluator(_Evaluator):
    """A guide whose stand/hit and split-hand decisions are a ``HandPolicy``'s, for
    ``_Evaluator.follow`` and the split valuations; it values nothing by itself."""

    def __init__(
        self,
        rules: Rules,
        upcard: int,
        shoe: DrawState,
        dealer: DealerSolver,
        *,
        conditioned: bool,
        policy: HandPolicy,
    ) -> None:
        super().__init__(rules, upcard, shoe, dealer, conditioned=conditioned)
        self.policy = policy

    def best(self, low: int, ace: bool, cards: int, sevens: bool) -> tuple[float, bool]:
        raise TypeError("a policy guide has decisions, not values")

    def hits(self, low: int, ace: bool, cards: int, sevens: bool) -> bool:
        if not self._can_hit(_total(low, ace), cards):
            return False
        return self.policy.hits(low, ace, cards, self.upcard)

    def split_start(self, values: tuple[int, int]) -> int:
        legal = {Action.HIT, Action.STAND}
        if double_allowed(self.rules, values, from_split=True):
            legal.add(Action.DOUBLE)
        action = self.policy.first(values, self.upcard, frozenset(legal))
        if action is Action.DOUBLE:
            return _DOUBLE
        return _HIT if action is Action.HIT else _STAND


def _total(low: int, ace: bool) -> int:
    return low + 10 if ace and low <= 11 else low


def _state(values: Sequence[int], track_sevens: bool) -> tuple[int, bool, int, bool]:
    """(low total, holds an ace, cards, all sevens) of a hand given as card values."""
    sevens = track_sevens and all(v == 7 for v in values)
    return sum(values), 1 in values, len(values), sevens


# -- rules about which action is allowed ------------------------------------------------
def double_allowed(rules: Rules, values: Sequence[int], *, from_split: bool = False) -> bool:
    """Whether ``rules`` let a hand of these card values double now (round.py's rule):
    two cards, ``double_on`` ("any", hard "9-11" or "10-11"), DAS after a split, and split
    aces only when they may draw (``hit_split_aces``)."""
    if len(values) != 2 or rules.double_on == "none":
        return False
    if from_split:
        if not rules.double_after_split:
            return False
        if values[0] == 1 and not rules.hit_split_aces:
            return False
    if rules.double_on == "any":
        return True
    low = 9 if rules.double_on == "9-11" else 10
    soft = 1 in values and sum(values) <= 11
    return not soft and low <= sum(values) <= 11


def surrender_allowed(rules: Rules, values: Sequence[int], upcard: int, from_split: bool) -> bool:
    """Whether ``rules`` offer surrender to this hand: the first decision on two cards, not
    after a split, and against an ace only with ``surrender_vs_ace``."""
    if rules.surrender == "none" or len(values) != 2 or from_split:
        return False
    return upcard != 1 or rules.surrender_vs_ace


def split_allowed(rules: Rules, cards: Sequence[CardLike]) -> bool:
    """Whether ``rules`` let this two-card hand split: a pair by ``split_by`` (card values
    given as ints count as equal ranks) and ``max_split_hands`` of at least 2."""
    if rules.max_split_hands < 2 or len(cards) != 2:
        return False
    a, b = cards
    if card_value(a) != card_value(b):
        return False
    if rules.split_by == "rank" and isinstance(a, Card | str) and isinstance(b, Card | str):
        return _rank_of(a) == _rank_of(b)
    return True


def _rank_of(card: Card | str) -> str:
    return (card if isinstance(card, Card) else Card.parse(card)).rank.value


# -- splits (CDZ-) --------------------------------------------------------------------------
def split_coefficients(max_hands: int) -> tuple[dict[int, int], dict[int, int]]:
    """Farmer's inclusion-exclusion weights for pair splitting to ``max_hands`` hands.

    Returns (a, b): the EV of splitting is sum_k F(k) * (a[k] * A_k + b[k] * B_k), where
    F(k) = P(k given cards are all pair cards), A_k = E[a split hand's EV] and B_k =
    E[the EV of a split hand whose second card is not a pair card, 0 otherwise], both with
    k more pair cards out of the shoe. A second card dealt while the hands are fewer than
    ``max_hands`` is either a pair card (it starts a new hand) or not; once the limit is
    reached any card is kept. Raises ValueError for ``max_hands`` below 2.
    """
    if max_hands < 2:
        raise ValueError("a split makes at least two hands")
    a: dict[int, int] = {}
    b: dict[int, int] = {}

    def walk(kinds: tuple[str, ...], hands: int, pair_cards: int) -> None:
        if len(kinds) == hands:
            not_pair = kinds.count("N")
            for own in kinds:
                others = not_pair - (own == "N")
                target = b if own == "N" else a
                for t in range(others + 1):
                    k = pair_cards + t
                    target[k] = target.get(k, 0) + (-1) ** t * comb(others, t)
            return
        if hands < max_hands:
            walk(kinds, hands + 1, pair_cards + 1)  # a pair card: a new hand
            walk((*kinds, "N"), hands, pair_cards)
        else:
            walk((*kinds, "A"), hands, pair_cards)

    walk((), 2, 0)
    return a, b


def _split_ev(
    rules: Rules,
    pair: int,
    upcard: int,
    unseen: Sequence[int] | None,
    cache: EVCache,
    conditioned: bool,
    policy: HandPolicy | None = None,
    max_hands: int | None = None,
) -> float:
    """EV of splitting the pair of value ``pair`` (CDZ-), before dividing by P(no natural)
    in a conditioned game; ``unseen`` excludes both pair cards and the upcard. With a
    ``policy`` the split hands play that policy's decisions instead of the best ones (the
    resplits are the same: every pair card dealt to a split hand is split again while the
    rules allow, which is what a policy that splits this pair does). ``max_hands``: the
    most hands the split may make (default ``rules.max_split_hands``; a resplit of a hand
    of a seat that holds h hands: ``max_split_hands - h + 1``)."""
    may_hit = pair != 1 or rules.hit_split_aces
    may_resplit = pair != 1 or rules.resplit_aces
    room = rules.max_split_hands if max_hands is None else max_hands
    a, b = split_coefficients(room if may_resplit else 2)
    track_sevens = rules.three_sevens_payout is not None
    i = pair - 1
    # The guide plays each split hand as an unsplit hand with the same cards would be
    # played: its shoe is the unseen cards plus the second pair card (forgotten).
    if unseen is None:
        guide_shoe = DrawState(None)
        pair_cards, cards_left = INFINITE_PROBABILITIES[i], 1.0
    else:
        guide_shoe = DrawState([c + (j == i) for j, c in enumerate(unseen)])
        pair_cards, cards_left = unseen[i], sum(unseen)
    guide: _Evaluator
    if policy is None:
        guide = _Evaluator(
            rules,
            upcard,
            guide_shoe,
            cache.dealer,
            conditioned=conditioned,
            memo=cache.values_for(upcard),
        )
    else:
        guide = _PolicyEvaluator(
            rules, upcard, guide_shoe, cache.dealer, conditioned=conditioned, policy=policy
        )
    extra = sorted(set(a) | set(b))

    def all_pair(k: int) -> float:
        """F(k): P(k given cards are all pair cards)."""
        if unseen is None:
            return pair_cards**k
        f = 1.0
        for j in range(k):
            f *= max(pair_cards - j, 0) / (cards_left - j)
        return f

    weights = {k: w for k in extra if (w := all_pair(k)) != 0.0}
    # The batch needs every shoe it meets to hold more cards than the dealer can draw: a
    # split hand draws at most 21 cards (all aces), k more pair cards are out.
    smallest = None if unseen is None else sum(unseen) - max(weights, default=0) - 21
    if smallest is None or smallest <= cache.dealer.most_draws(upcard):
        sums = {
            k: _split_hand_sums(rules, pair, may_hit, track_sevens, guide, k, unseen)
            for k in weights
        }
    else:
        sums = _split_hand_sums_batch(rules, pair, may_hit, track_sevens, guide, unseen, weights)
    ev = 0.0
    for k, weight in weights.items():
        any_second, pair_second = sums[k]
        ev += weight * (a.get(k, 0) * any_second + b.get(k, 0) * (any_second - pair_second))
    if not conditioned and not rules.lose_all_to_natural:
        # Without a peek, a dealer natural takes the seat's original bet once.
        ev -= natural_probability(upcard, unseen)
    return ev


def _split_hand_sums(
    rules: Rules,
    pair: int,
    may_hit: bool,
    track_sevens: bool,
    guide: _Evaluator,
    k: int,
    unseen: Sequence[int] | None,
) -> tuple[float, float]:
    """(A_k, the part of A_k whose second card is a pair card) for one split hand played by
    ``guide``'s decisions, k more pair cards out, by recursion: for the infinite deck and
    shoes too small for ``_split_hand_sums_batch``."""
    i = pair - 1
    if unseen is None:
        shoe = DrawState(None)
    else:
        shoe = DrawState([c - k * (j == i) for j, c in enumerate(unseen)])
    hand = _Evaluator(
        rules,
        guide.upcard,
        shoe,
        guide.dealer,
        conditioned=guide.conditioned,
        split_hand=True,
    )
    any_second = 0.0
    pair_second = 0.0
    counts, total = shoe.counts, shoe.total
    for x in range(10):
        if not counts[x]:
            continue
        p = counts[x] / total
        shoe.take(x)
        guide.shoe.take(x)
        values = (pair, x + 1)
        low, ace, ncards, sevens = _state(values, track_sevens)
        if not may_hit or _total(low, ace) == 21:
            g = hand.stand(_total(low, ace), 1.0)
        else:
            g = _play_split_hand(hand, guide, rules, values, (low, ace, ncards, sevens))
        guide.shoe.put(x)
        shoe.put(x)
        any_second += p * g
        if x == i:
            pair_second = p * g
    return any_second, pair_second


_STAND, _HIT, _DOUBLE = 0, 1, 2
_BUST, _SEVENS = 0, 1
"""Codes of a split hand's ending in ``_split_hand_sums_batch`` (a stand codes its total)."""

_EDGE_SIGNS = np.array(
    [[-1.0] * 5] + [[1.0] * j + [0.0] + [-1.0] * (4 - j) for j in range(5)],
)
"""Row 0 for a total below 17, row t - 16 for a total t of 17..21: the sign of each dealer
final total 17..21 in the EV of standing (won +1, push 0, lost -1); a dealer bust is +1."""


def _split_hand_sums_batch(
    rules: Rules,
    pair: int,
    may_hit: bool,
    track_sevens: bool,
    guide: _Evaluator,
    unseen: Sequence[int],
    weights: dict[int, float],
) -> dict[int, tuple[float, float]]:
    """``_split_hand_sums`` for every k of ``weights`` at once, for a finite shoe.

    The split hand plays the guide's decisions, which depend on its cards and not on k, so
    the hands it can end with are walked once: every multiset D of cards drawn to it ends
    it in a stand, a bust or three sevens, reached by c(D) orderings that the decisions
    allow (c_p(D) of them with a pair card second). Any single ordering of D is drawn from
    the split shoe with P_k(D) = prod_v n_v (n_v - 1) ... / (N (N - 1) ...), so
    A_k = sum_D c(D) P_k(D) value_k(D); the stands' dealer distributions come in one batch.
    """
    shoe = guide.shoe  # unseen plus the other pair card, in step with the hand's draws
    counts, units = shoe.counts, shoe.units
    bonus = guide.sevens_bonus is not None
    nodes: dict[int, tuple[int, int, int, bool, bool, tuple[int, ...]]] = {}

    def walk(low: int, ace: bool, cards: int, sevens: bool) -> None:
        """Classify the hand now (stand, hit or double by the guide) and walk on."""
        if shoe.key in nodes:
            return
        if not may_hit or (cards == 2 and _total(low, ace) == 21):
            kind = _STAND
        elif cards == 2:
            kind = guide.split_start((pair, low - pair))
        else:
            kind = _HIT if guide.hits(low, ace, cards, sevens) else _STAND
        nodes[shoe.key] = (cards, kind, low, ace, sevens, tuple(counts))
        if kind != _HIT:
            return
        total, key = shoe.total, shoe.key
        for i in range(min(10, 21 - low)):  # not the cards that bust
            value = i + 1
            count = counts[i]
            if count and not (sevens and value == 7 and cards == 2 and bonus):
                counts[i] = count - 1  # DrawState.take(i), inlined
                shoe.total = total - 1
                shoe.key = key - units[i]
                walk(low + value, ace or value == 1, cards + 1, sevens and value == 7)
                counts[i] = count
        shoe.total = total
        shoe.key = key

    reach: dict[int, float] = {}  # c(D) by the guide shoe's key
    reach_pair: dict[int, float] = {}  # c_p(D)
    for x in range(10):
        if counts[x]:
            shoe.take(x)
            walk(*_state((pair, x + 1), track_sevens))
            reach[shoe.key] = 1.0
            reach_pair[shoe.key] = 1.0 if x == pair - 1 else 0.0
            shoe.put(x)

    # Count the orderings, fewest cards first, and list the endings: (hand, card drawn
    # last or -1, stand total or _SEVENS, stake, c, c_p), or (hand, the lowest card that
    # busts it, _BUST, ...) for drawing any card that busts, and the guide shoe's key at
    # each stand.
    order = sorted(nodes, key=lambda key: nodes[key][0])
    ends: list[tuple[int, int, int, float, float, float]] = []
    stand_keys: list[int] = []
    for row, key in enumerate(order):
        cards, kind, low, ace, sevens, left = nodes[key]
        c, c_pair = reach[key], reach_pair[key]
        if kind == _STAND:
            ends.append((row, -1, _total(low, ace), 1.0, c, c_pair))
            stand_keys.append(key)
            continue
        stake = 2.0 if kind == _DOUBLE else 1.0
        first_bust = max(21 - low, 0)  # the cards from this index on bust the hand
        if any(left[first_bust:]):  # all of them as one ending: the next card busts
            ends.append((row, first_bust, _BUST, stake, c, c_pair))
        for i in range(min(first_bust, 10)):
            if not left[i]:
                continue
            value = i + 1
            if sevens and value == 7 and cards == 2 and bonus:
                ends.append((row, i, _SEVENS, stake, c, c_pair))
            elif kind == _DOUBLE:
                ends.append((row, i, _total(low + value, ace or value == 1), 2.0, c, c_pair))
                stand_keys.append(key - units[i])
            else:
                child = key - units[i]
                reach[child] = reach.get(child, 0.0) + c
                reach_pair[child] = reach_pair.get(child, 0.0) + c_pair

    table = np.array(ends)
    rows = table[:, 0].astype(np.int64)
    last = table[:, 1].astype(np.int64)
    what, stake, c, c_pair = table[:, 2], table[:, 3], table[:, 4], table[:, 5]
    # the guide shoe at each ending, then the cards D drawn to the split hand
    after = np.array([nodes[key][5] for key in order], dtype=np.int64)[rows]
    busts, sevens_ends = what == _BUST, what == _SEVENS
    drew = np.flatnonzero((last >= 0) & ~busts)
    after[drew, last[drew]] -= 1
    drawn = np.array(counts, dtype=np.int64) - after
    size = drawn.sum(axis=1)
    stands = np.flatnonzero(what >= 4)
    bust_rows = np.flatnonzero(busts)
    first_bust = last[bust_rows]
    lose_stake = 1.0 if not guide.conditioned and rules.lose_all_to_natural else 0.0
    longest = int(drawn.max()) + 1
    # Per k: P_k(D), the values of the busts and sevens, and which stands need the dealer;
    # a shoe met under several k (k more pair cards out and D, or k + 1 and D less one
    # pair card) is solved once, and not at all when the cache already holds it.
    solved = guide.dealer.solved(guide.upcard)
    columns: dict[int, int] = {}
    known: list[tuple[float, ...]] = []
    known_columns: list[int] = []
    new_columns: list[int] = []
    new_shoes: list[np.ndarray] = []
    per_k: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]] = {}
    for k in weights:
        split_shoe = np.array(unseen, dtype=np.int64)
        split_shoe[pair - 1] -= k
        # P_k(D): falling factorials of each value's count over those of the total
        falling = np.cumprod(
            np.concatenate(
                [np.ones((10, 1)), split_shoe[:, None] - np.arange(longest - 1)], axis=1
            ),
            axis=1,
        )
        cards_left = int(split_shoe.sum())
        total_falling = np.cumprod(np.concatenate([[1.0], cards_left - np.arange(size.max())]))
        prob = falling[np.arange(10), drawn].prod(axis=1) / total_falling[size]
        left = split_shoe - drawn  # the split shoe at each ending
        value = np.zeros(len(ends))
        left_total = np.maximum(left.sum(axis=1), 2)  # (> 12 where it matters)
        conditioned_left = 1.0
        if guide.conditioned:
            conditioned_left = 1.0 - left[:, guide.completer] / left_total
        # A bust ending: P(any card from first_bust on) * -(stake), and in a peek game
        # P(no natural after it): sum over those cards i of left_i * (1 - q_i), where
        # q_i = (left_c - [i = c]) / (L - 1) for the card c that completes a natural.
        bust_left = left[bust_rows]
        suffix = np.cumsum(bust_left[:, ::-1], axis=1)[:, ::-1]
        busting = suffix[np.arange(len(bust_rows)), first_bust].astype(float)
        cards_at = left_total[bust_rows]
        if guide.conditioned:
            c_left = bust_left[:, guide.completer]
            c_busts = guide.completer >= first_bust
            busting = busting - c_left * (busting - c_busts) / (cards_at - 1)
        value[bust_rows] = -stake[bust_rows] * busting / cards_at
        if bonus:
            paid = float(rules.three_sevens_payout) * stake * conditioned_left
            value[sevens_ends] = np.broadcast_to(paid, value.shape)[sevens_ends]
        shift = (1 + k) * units[pair - 1]
        live = (prob[stands] > 0.0).tolist()
        standing: list[int] = []
        cols: list[int] = []
        fresh: list[int] = []
        for row, key, ok in zip(stands.tolist(), stand_keys, live, strict=True):
            if ok:
                n = len(columns)
                split_key = key - shift
                col = columns.setdefault(split_key, n)
                if col == n:  # a shoe not met before
                    found = solved.get(split_key)
                    if found is None:
                        fresh.append(row)
                        new_columns.append(col)
                    else:
                        known.append(found)
                        known_columns.append(col)
                standing.append(row)
                cols.append(col)
        new_shoes.append(left[fresh])
        per_k[k] = (prob, value, np.array(standing, dtype=np.int64), cols)
    dist = np.empty((7, len(columns)))
    if new_columns:
        dist[:, new_columns] = guide.dealer.distributions(guide.upcard, np.concatenate(new_shoes))
    if known:
        dist[:, known_columns] = np.array(known).T
    out: dict[int, tuple[float, float]] = {}
    for k, (prob, value, standing, cols) in per_k.items():
        if len(standing):
            d = dist[:, cols]
            signs = _EDGE_SIGNS[np.maximum(what[standing].astype(np.int64) - 16, 0)]
            edge = d[6] + (signs * d[:5].T).sum(axis=1)
            value[standing] = stake[standing] * edge - d[5] * stake[standing] * lose_stake
        weighted = np.where(prob > 0.0, prob * value, 0.0)
        out[k] = (float(weighted @ c), float(weighted @ c_pair))
    return out


def _play_split_hand(
    hand: _Evaluator,
    guide: _Evaluator,
    rules: Rules,
    values: tuple[int, int],
    state: tuple[int, int, bool, bool],
) -> float:
    """EV of a two-card split hand played by ``guide``'s first decision (stand, hit, or a
    double if DAS allows it and the guide prefers it), then ``guide``'s stand/hit choices."""
    low, ace, ncards, sevens = state
    kind = guide.split_start(values)
    if kind == _DOUBLE:
        return hand.double(low, ace, ncards, sevens)
    if kind == _HIT:
        return hand.hit_following(low, ace, ncards, sevens, guide)
    return hand.stand(_total(low, ace), 1.0)


# -- the public entry points -------------------------------------------------------------
def _unseen_for(
    rules: Rules,
    cards: Sequence[CardLike],
    upcard: CardLike,
    seen: Sequence[CardLike],
    composition: Sequence[int] | None,
    infinite: bool,
) -> tuple[int, ...] | None:
    if infinite:
        return None
    if composition is not None:
        return check_composition(composition)
    return check_composition(remove_cards(full_shoe(rules.decks), [*cards, upcard, *seen]))


def hand_evs(
    cards: Sequence[CardLike],
    upcard: CardLike,
    rules: Rules,
    *,
    seen: Sequence[CardLike] = (),
    composition: Sequence[int] | None = None,
    infinite: bool = False,
    from_split: bool = False,
    hands: int | None = None,
    cache: EVCache | None = None,
    with_split: bool = True,
) -> HandEVs:
    """The EV of stand, hit, double, split and surrender for the player's ``cards`` against
    ``upcard``, in units of the initial bet.

    - ``cards``: the player's hand, two or more cards (Card, code or value 1..10).
    - ``upcard``: the dealer's face-up card.
    - ``rules``: a casino ``Rules`` (decks, H17/S17, peek, natural payout, doubling,
      splitting, surrender, three sevens, max_draws...).
    - ``seen``: other cards known to be out of the shoe (other hands, burnt cards).
    - ``composition``: the unseen cards as 10 counts (aces, 2..9, tens), replacing the
      default ``rules.decks`` decks minus ``cards``, ``upcard`` and ``seen``.
    - ``infinite``: draw from the infinite deck (``seen`` and ``composition`` ignored).
    - ``from_split``: the hand was made by splitting (no natural, no surrender, double only
      with DAS, split aces draw only with ``hit_split_aces``, split again only with
      ``resplit_aces``).
    - ``hands``: how many hands the seat holds now, this one included (default 1, or 2 for
      a split hand: the fewest it can be one of). A pair is split only while ``hands`` is
      below ``max_split_hands``, and its split is valued with room for
      ``max_split_hands - hands + 1`` hands (module docstring: a resplit).
    - ``cache``: an ``EVCache`` made for these same rules, to share memoized values
      between calls (a fresh one is used when None).
    - ``with_split``: False leaves ``split`` None without valuing it (the slowest action:
      some 10-30 ms for a pair at 6 decks, against a few ms for the others). ``split`` is
      None too for two ten-value cards when the rules split by rank and allow resplits
      (``tens_resplit_by_rank``): the composition by value does not hold the count of one
      rank that valuing it needs (splitting tens is never close to best).

    Returns ``HandEVs``; an action the rules forbid for this hand is None. Raises
    StrategyError for fewer than two cards, a hand already past 21, or the banker game;
    CompositionError (a ValueError) when a card is not left in the shoe; ValueError for a
    cache made for other rules, or ``hands`` out of 1..4 (at least 2 for a split hand,
    exactly 1 for one that is not).
    Sources: ORACLES.md "Hand EVs, 6 decks" and "Closed forms" (the tests' oracles).
    """
    if rules.game != "casino":
        raise StrategyError("the strategy engine values the casino game only")
    values = [card_value(c) for c in cards]
    up = card_value(upcard)
    if len(values) < 2:
        raise StrategyError("a hand has at least two cards")
    if sum(values) > 21:
        raise StrategyError("the hand is already past 21")
    if hands is None:
        hands = 2 if from_split else 1
    if not (2 if from_split else 1) <= hands <= (4 if from_split else 1):
        raise ValueError(f"a {'split ' if from_split else ''}hand cannot be one of {hands}")
    unseen = _unseen_for(rules, cards, upcard, seen, composition, infinite)
    if cache is None:
        cache = EVCache(rules)
    elif cache.rules != rules:
        raise ValueError("the cache was made for other rules")

    peeks = rules.dealer_hole_card and rules.dealer_peeks
    conditioned = peeks and natural_completer(up) is not None
    shoe = DrawState(unseen)
    # The most hands this hand's split may make: the seat's other hands take their room.
    room = rules.max_split_hands - hands + 1
    split_valued = (
        with_split
        and room >= 2
        and split_allowed(rules, cards)
        and not (from_split and values[0] == 1 and not rules.resplit_aces)
    )
    if unseen is not None:
        _prepare_hand(cache, rules, up, shoe, values, split_valued)
    ev = _Evaluator(
        rules, up, shoe, cache.dealer, conditioned=conditioned, memo=cache.values_for(up)
    )
    p_natural = ev.natural_now()
    scale = 1.0 / (1.0 - p_natural) if conditioned else 1.0

    track_sevens = rules.three_sevens_payout is not None
    low, ace, ncards, sevens = _state(values, track_sevens)
    total = _total(low, ace)
    split_aces = from_split and values[0] == 1
    natural = not from_split and len(values) == 2 and total == 21

    stand = ev.natural_hand() if natural else ev.stand(total, 1.0)
    hit = None if split_aces and not rules.hit_split_aces else ev.hit(low, ace, ncards, sevens)
    double = None
    if double_allowed(rules, values, from_split=from_split):
        double = ev.double(low, ace, ncards, sevens)
    split = None
    if split_valued and not tens_resplit_by_rank(rules, values, room):
        split = _split_ev(rules, values[0], up, unseen, cache, conditioned, max_hands=room)
        split *= scale
    surrender = -0.5 if surrender_allowed(rules, values, up, from_split) else None
    return HandEVs(
        stand=stand * scale,
        hit=None if hit is None else hit * scale,
        double=None if double is None else double * scale,
        split=split,
        surrender=surrender,
        natural_probability=p_natural,
        conditioned=conditioned,
    )


def tens_resplit_by_rank(rules: Rules, values: Sequence[int], max_hands: int | None = None) -> bool:
    """Two ten-value cards under ``split_by="rank"`` whose split may make more than 2 hands
    (``max_hands``, default ``rules.max_split_hands``; a resplit has less room): a split the
    engine does not value (the resplits need the count of one rank, which a composition by
    value does not hold)."""
    room = rules.max_split_hands if max_hands is None else max_hands
    return (
        rules.split_by == "rank" and room > 2 and len(values) == 2 and values[0] == values[1] == 10
    )


def _prepare_hand(
    cache: EVCache, rules: Rules, up: int, shoe: DrawState, values: list[int], with_split: bool
) -> None:
    """Solve in one batch the dealer distributions that valuing this hand can need: the
    shoes after its draws (and those of its split's guide), unless ``cache.prepare``
    already did for the shoe it was dealt from."""
    dealt_from = shoe.key + sum(shoe.units[v - 1] for v in values)
    if cache.is_prepared(up, dealt_from):
        return
    draws = None if rules.max_draws is None else max(rules.max_draws - (len(values) - 2), 1)
    shoes = _Shoes(shoe)
    shoes.add_draws(sum(values), 0, 0, draws)
    if with_split:  # the split's guide: the shoe with the other pair card back
        pair = values[0]
        shoes.add_draws(pair, -1, pair, None if draws is None else draws + 1)
    shoes.solve(cache.dealer, up)


def insurance_ev(unseen: Sequence[int] | None) -> Fraction:
    """EV per unit insured of the insurance bet against an ace upcard: it pays 2:1 when the
    hole card is a ten-value card, so EV = 2*T/U - (1 - T/U) = 3T/U - 1 for T tens among
    U unseen cards (the ace upcard and every seen card already out of ``unseen``); -1/13
    for the infinite deck. An exact Fraction, in units of the insurance stake.

    Raises CompositionError for a bad composition. Source: ORACLES.md "Closed forms"
    (6 decks, ace removed only: -23/311); Griffin, The Theory of Blackjack, ch. on insurance.
    """
    if unseen is None:
        return Fraction(3 * 4, 13) - 1
    counts = check_composition(unseen)
    return Fraction(3 * counts[9], sum(counts)) - 1


__all__ = [
    "STRATEGIES",
    "CompositionError",
    "EVCache",
    "HandEVs",
    "HandPolicy",
    "StrategyError",
    "double_allowed",
    "game_ev",
    "hand_evs",
    "insurance_ev",
    "policy_game_ev",
    "split_allowed",
    "split_coefficients",
    "surrender_allowed",
]


Strategy = Literal["cd", "td"]
STRATEGIES: tuple[Strategy, ...] = ("cd", "td")


def game_ev(
    rules: Rules,
    *,
    strategy: Strategy = "cd",
    chart: Any = None,
    composition: Sequence[int] | None = None,
    infinite: bool = False,
    cache: EVCache | None = None,
) -> float:
    """EV of a whole round for one seat, in units of the initial bet (the house edge is its
    negative; x100 for percent), when every hand is played by ``strategy``:

    - "cd" (the default): composition-dependent, each hand by its best EV (CDZ- splits);
    - "td": total-dependent, every decision the basic strategy chart's (``chart``, a
      ``chart.Chart``; by default ``basic_strategy(rules)`` for the same shoe, which takes
      about a second at 6 decks), valued exactly for the finite shoe (``policy_game_ev``).

    Sums over every upcard and every pair of player cards, dealt from ``composition`` (the
    unseen cards before the deal, default ``rules.decks`` fresh decks; None with
    ``infinite``): a player natural is paid ``blackjack_payout`` unless the dealer has one
    too; in a peek game an ace or ten upcard first shows a natural with probability p (the
    player loses the bet) and otherwise the conditioned EVs apply; without a peek the EVs
    already count the natural. Early surrender (before the peek) is weighed against the
    unconditioned EV of playing on. Insurance is never taken. Per upcard, the dealer's
    distributions for every hand of the deal are solved in one batch (``EVCache.prepare``);
    6 decks take about a second and 50 MB (without a ``cache`` each upcard's values are
    dropped once it is done), the infinite deck a tenth of that.

    Raises StrategyError for the banker game, CompositionError for a bad composition,
    ValueError for an unknown strategy or a cache made for other rules.
    Sources: ORACLES.md "Game EV, 6 decks" (the test oracle); Wizard of Odds appendix 9.
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; use one of {', '.join(STRATEGIES)}")
    if rules.game != "casino":
        raise StrategyError("the strategy engine values the casino game only")
    if strategy == "td":
        from game.engine.strategy.chart import basic_strategy
        from game.engine.strategy.levels import ChartPolicy  # chart.py imports this module

        if chart is None:
            chart = basic_strategy(rules, infinite=infinite)
        return policy_game_ev(
            rules, ChartPolicy(chart), composition=composition, infinite=infinite, cache=cache
        )
    own_cache = cache is None
    cache = _check_cache(rules, cache)
    shoe = _start_shoe(rules, composition, infinite)
    peeks = rules.dealer_hole_card and rules.dealer_peeks
    payout = float(rules.blackjack_payout)
    total_ev = 0.0
    for up in range(1, 11):
        p_up, after_up = _deal_one(shoe, up)
        if p_up == 0.0:
            continue
        if after_up is not None and sum(after_up) > 0:
            cache.prepare(up, after_up)
        for p_hand, first, second, unseen, q in _two_card_hands(up, after_up):
            weight = p_up * p_hand
            if {first, second} == {1, 10}:
                total_ev += weight * (1.0 - q) * payout
                continue
            # Two ten-value cards are a pair by rank only sometimes; splitting tens never
            # pays, so under split_by="rank" they are valued without the split.
            tens_by_rank = first == second == 10 and rules.split_by == "rank"
            evs = hand_evs(
                [first, second],
                up,
                rules,
                composition=unseen,
                infinite=infinite,
                cache=cache,
                with_split=not tens_by_rank,
            )
            total_ev += weight * _round_value(rules, evs, q, peeks)
        if own_cache:  # nothing is shared between upcards: keep one upcard's values at a time
            cache.clear()
    return total_ev


def policy_game_ev(
    rules: Rules,
    policy: HandPolicy,
    *,
    composition: Sequence[int] | None = None,
    infinite: bool = False,
    cache: EVCache | None = None,
) -> float:
    """EV of a whole round for one seat that plays every hand by ``policy``, in units of the
    initial bet, exact for the finite shoe (cards leave the shoe as they are drawn) or the
    infinite deck.

    The deal, naturals, the peek and early surrender are counted as in ``game_ev``; each
    two-card hand takes ``policy.first`` among the actions the rules allow it (hit, stand,
    double, split, surrender; insurance is never taken), a hit goes on by
    ``policy.hits``, a double takes one card, a split is valued with Farmer's method with
    the split hands playing ``policy.first`` (double only with DAS) then ``policy.hits``,
    resplitting every pair card while the rules allow (``_split_ev``). Two ten-value cards
    under ``split_by="rank"`` are not offered the split (as in ``game_ev``). Timing: about
    that of ``game_ev`` (``make bench``).

    Raises StrategyError for the banker game, CompositionError for a bad composition,
    ValueError for a cache made for other rules.
    """
    if rules.game != "casino":
        raise StrategyError("the strategy engine values the casino game only")
    own_cache = cache is None
    cache = _check_cache(rules, cache)
    shoe = _start_shoe(rules, composition, infinite)
    peeks = rules.dealer_hole_card and rules.dealer_peeks
    payout = float(rules.blackjack_payout)
    track_sevens = rules.three_sevens_payout is not None
    total_ev = 0.0
    for up in range(1, 11):
        p_up, after_up = _deal_one(shoe, up)
        if p_up == 0.0:
            continue
        if after_up is not None and sum(after_up) > 0:
            cache.prepare(up, after_up)
        conditioned = peeks and natural_completer(up) is not None
        # The guide of every hit: its shoe only moves in step (a policy ignores the shoe).
        guide = _PolicyEvaluator(
            rules, up, DrawState(after_up), cache.dealer, conditioned=conditioned, policy=policy
        )
        follow_memo: dict[tuple[int, int, bool, int, bool], float] = {}
        for p_hand, first, second, unseen, q in _two_card_hands(up, after_up):
            weight = p_up * p_hand
            if {first, second} == {1, 10}:
                total_ev += weight * (1.0 - q) * payout
                continue
            values = (first, second)
            legal = {Action.HIT, Action.STAND}
            if double_allowed(rules, values):
                legal.add(Action.DOUBLE)
            if split_allowed(rules, values) and not (first == 10 and rules.split_by == "rank"):
                legal.add(Action.SPLIT)
            if surrender_allowed(rules, values, up, False):
                legal.add(Action.SURRENDER)
            action = policy.first(values, up, frozenset(legal))
            if action not in legal:
                raise ValueError(f"the policy chose {action}, not one of the legal actions")
            if action is Action.SURRENDER:
                if conditioned and rules.surrender != "early":
                    total_ev += weight * (-q - 0.5 * (1.0 - q))
                else:  # no peek, or surrendered before it: half the bet back in any case
                    total_ev += weight * -0.5
                continue
            ev = _Evaluator(rules, up, DrawState(unseen), cache.dealer, conditioned=conditioned)
            ev.follow_memo = follow_memo  # shared: keyed on the whole shoe and the hand
            low, ace, ncards, sevens = _state(values, track_sevens)
            if action is Action.STAND:
                value = ev.stand(_total(low, ace), 1.0)
            elif action is Action.HIT:
                value = ev.hit_following(low, ace, ncards, sevens, guide)
            elif action is Action.DOUBLE:
                value = ev.double(low, ace, ncards, sevens)
            else:
                value = _split_ev(rules, first, up, unseen, cache, conditioned, policy)
            # A conditioned value counts the dealer-natural outcomes as 0: add the bet
            # lost to the natural the peek shows first.
            total_ev += weight * (value - q if conditioned else value)
        if own_cache:
            cache.clear()
    return total_ev


def _check_cache(rules: Rules, cache: EVCache | None) -> EVCache:
    if cache is None:
        return EVCache(rules)
    if cache.rules != rules:
        raise ValueError("the cache was made for other rules")
    return cache


def _start_shoe(
    rules: Rules, composition: Sequence[int] | None, infinite: bool
) -> tuple[int, ...] | None:
    if infinite:
        return None
    if composition is None:
        return full_shoe(rules.decks)
    return check_composition(composition)


def _two_card_hands(
    up: int, after_up: tuple[int, ...] | None
) -> Iterator[tuple[float, int, int, tuple[int, ...] | None, float]]:
    """Every two-card hand (first <= second, values 1..10) dealt from ``after_up`` (None: the
    infinite deck): (its probability, both orders counted; first; second; the shoe left;
    the probability q that the dealer's hole card makes a natural with ``up``). Hands that
    cannot be dealt are left out."""
    for first in range(1, 11):
        p_first, after_first = _deal_one(after_up, first)
        for second in range(first, 11):
            p_second, unseen = _deal_one(after_first, second)
            p_hand = p_first * p_second * (1 if first == second else 2)
            if p_hand == 0.0:
                continue
            yield p_hand, first, second, unseen, natural_probability(up, unseen)


def _deal_one(shoe: tuple[int, ...] | None, value: int) -> tuple[float, tuple[int, ...] | None]:
    """P(the next card is ``value``) and the shoe after it is dealt."""
    if shoe is None:
        return INFINITE_PROBABILITIES[value - 1], None
    count = shoe[value - 1]
    if count == 0:
        return 0.0, shoe
    rest = list(shoe)
    rest[value - 1] -= 1
    return count / sum(shoe), tuple(rest)


def _round_value(rules: Rules, evs: HandEVs, q: float, peeks: bool) -> float:
    """The round's EV for a non-natural hand from its action EVs (see ``game_ev``)."""
    if not evs.conditioned:
        return evs.best()[1]
    played = [ev for action, ev in evs.values().items() if action is not Action.SURRENDER]
    if evs.surrender is not None and rules.surrender == "early":
        # Surrendering before the peek saves half the bet even against a natural.
        return max(-0.5, -q + (1.0 - q) * max(played))
    return -q + (1.0 - q) * evs.best()[1]
