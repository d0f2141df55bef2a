"""The player's side of the EVs: a recursion over the shoe for one upcard.

``Evaluator`` values a hand in the unconditioned ("joint") measure of hand.py's module
docstring: stand against the dealer's distribution for the shoe as it is, hit as the best
of stand and hit after each card (memoized on the composition and the hand, ``EVCache``),
double as one card for twice the stake; ``follow`` plays on with another evaluator's
decisions (a split hand with the pre-split strategy of CDZ-, or a fixed ``HandPolicy``
through a ``PolicyEvaluator``).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.legality import double_refusal
from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.cache import HandPolicy
from game.engine.strategy.composition import DrawState, natural_completer
from game.engine.strategy.dealer import DealerSolver

START_STAND, START_HIT, START_DOUBLE = 0, 1, 2
"""How a two-card split hand starts (``Evaluator.split_start``): stands, hits or doubles."""


class Evaluator:
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
        # the values a prepared deal kept as arrays, read on a miss (cache.PlayerValues)
        self._lookup = getattr(self.memo, "lookup", None)
        self._action = None if self.count_cards else getattr(self.memo, "action", None)
        self.follow_memo: dict[tuple[int, int, bool, int, bool], float] = {}
        self.solved = dealer.solved(upcard)
        self.seen = dealer.seen(upcard)

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
            d = self.seen.get(self.shoe.key)
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
        if found is None and self._lookup is not None:
            found = self._lookup(key)
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
        """How a two-card split hand of these card values starts: ``START_DOUBLE`` when DAS
        allows a double and it beats the better of stand and hit, else ``START_HIT`` or
        ``START_STAND`` (the pre-split strategy of CDZ-: this evaluator's shoe is the guide's)."""
        low, ace, ncards, sevens = hand_state(values, self.sevens_bonus is not None)
        best, hits = self.best(low, ace, ncards, sevens)
        if (
            double_refusal(self.rules, values, from_split=True, split_aces=values[0] == 1) is None
            and self.double(low, ace, ncards, sevens) > best
        ):
            return START_DOUBLE
        return START_HIT if hits else START_STAND

    # The draws below take each card out of the shoe in place (DrawState.take, inlined:
    # these loops are the engine's hot path) and put it back.
    def hit(self, low: int, ace: bool, cards: int, sevens: bool) -> float:
        """EV of drawing one card and then playing on optimally (stake 1)."""
        if self._action is not None:
            found = self._action(0, self.shoe.key, low, ace)
            if found is not None:
                return found
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
        if self._action is not None:
            found = self._action(1, self.shoe.key, low, ace)
            if found is not None:
                return found
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
    def follow(self, low: int, ace: bool, cards: int, sevens: bool, guide: Evaluator) -> float:
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
        self, low: int, ace: bool, cards: int, sevens: bool, guide: Evaluator
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


class PolicyEvaluator(Evaluator):
    """A guide whose stand/hit and split-hand decisions are a ``HandPolicy``'s, for
    ``Evaluator.follow`` and the split valuations; it values nothing by itself."""

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
        if not self._can_hit(hand_total(low, ace), cards):
            return False
        return self.policy.hits(low, ace, cards, self.upcard)

    def split_start(self, values: tuple[int, int]) -> int:
        legal = {Action.HIT, Action.STAND}
        if double_refusal(self.rules, values, from_split=True, split_aces=values[0] == 1) is None:
            legal.add(Action.DOUBLE)
        action = self.policy.first(values, self.upcard, frozenset(legal))
        if action is Action.DOUBLE:
            return START_DOUBLE
        return START_HIT if action is Action.HIT else START_STAND


def hand_total(low: int, ace: bool) -> int:
    return low + 10 if ace and low <= 11 else low


def hand_state(values: Sequence[int], track_sevens: bool) -> tuple[int, bool, int, bool]:
    """(low total, holds an ace, cards, all sevens) of a hand given as card values."""
    sevens = track_sevens and all(v == 7 for v in values)
    return sum(values), 1 in values, len(values), sevens
