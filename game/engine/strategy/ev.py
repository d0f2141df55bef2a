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
  cards by rank (``split_by="rank"``, more than 2 hands) raises StrategyError.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

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
from game.engine.strategy.dealer import BUST, NATURAL, DealerSolver


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
    Memory grows with use (about 100 bytes an entry): ``clear()`` frees it.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.dealer = DealerSolver(rules.dealer_hits_soft_17)
        self._values: dict[int, dict[tuple[int, int, bool, int, bool], tuple[float, bool]]] = {}

    def values_for(self, upcard: int) -> dict[tuple[int, int, bool, int, bool], tuple[float, bool]]:
        """The player-value memo for ``upcard`` (created empty on first use)."""
        return self._values.setdefault(upcard, {})

    def clear(self) -> None:
        """Forget every memoized value."""
        self.dealer.clear()
        self._values.clear()

    def __len__(self) -> int:
        return len(self.dealer) + sum(len(v) for v in self._values.values())


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
        self.sevens_bonus = rules.three_sevens_payout
        self.max_draws = rules.max_draws
        # The number of cards matters only to three sevens and a draw limit; leaving it out
        # of the memo key otherwise lets hands of equal totals share values.
        self.count_cards = self.sevens_bonus is not None or self.max_draws is not None
        # Keyed on the whole composition and the hand, so shareable by every evaluator with
        # the same rules, upcard and natural mode (EVCache), whatever hand it started from.
        self.memo = {} if memo is None else memo
        self.follow_memo: dict[tuple[int, int, bool, int, bool], float] = {}

    # terminal payoffs, at the shoe as it is now
    def natural_now(self) -> float:
        """P(the hole card completes a dealer natural) for the shoe as it is now."""
        if self.completer < 0:
            return 0.0
        return self.shoe.counts[self.completer] / self.shoe.total

    def _lost_to_natural(self, stake: float) -> float:
        if self.natural_loss == "stake":
            return -stake
        if self.natural_loss == "one":
            return -1.0
        return 0.0

    def stand(self, total: int, stake: float) -> float:
        """EV of standing on ``total`` (<= 21, not a natural) with ``stake`` at risk."""
        d = self.dealer.distribution(self.upcard, self.shoe)
        if total < 17:
            edge = d[BUST] - (d[0] + d[1] + d[2] + d[3] + d[4])
        else:
            i = total - 17
            edge = d[BUST] + sum(d[:i]) - sum(d[i + 1 : 5])
        return stake * edge + d[NATURAL] * self._lost_to_natural(stake)

    def bust(self, stake: float) -> float:
        """EV of a hand that has just busted (lost at once, before the dealer's cards)."""
        q = self.natural_now()
        return -stake * (1.0 - q) if self.conditioned else -stake

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

    def hit(self, low: int, ace: bool, cards: int, sevens: bool) -> float:
        """EV of drawing one card and then playing on optimally (stake 1)."""
        shoe = self.shoe
        counts = shoe.counts
        total = shoe.total
        acc = 0.0
        for i in range(10):
            count = counts[i]
            if not count:
                continue
            value = i + 1
            shoe.take(i)
            if low + value > 21:
                ev = self.bust(1.0)
            elif sevens and value == 7 and cards == 2 and self.sevens_bonus is not None:
                ev = self.sevens(1.0)
            else:
                ev = self.best(low + value, ace or value == 1, cards + 1, sevens and value == 7)[0]
            shoe.put(i)
            acc += count / total * ev
        return acc

    def double(self, low: int, ace: bool, cards: int, sevens: bool) -> float:
        """EV of doubling: twice the stake, exactly one card, then stand."""
        shoe = self.shoe
        counts = shoe.counts
        total = shoe.total
        acc = 0.0
        for i in range(10):
            count = counts[i]
            if not count:
                continue
            value = i + 1
            new_low = low + value
            shoe.take(i)
            if new_low > 21:
                ev = self.bust(2.0)
            elif sevens and value == 7 and cards == 2 and self.sevens_bonus is not None:
                ev = self.sevens(2.0)
            else:
                soft = (ace or value == 1) and new_low <= 11
                ev = self.stand(new_low + 10 if soft else new_low, 2.0)
            shoe.put(i)
            acc += count / total * ev
        return acc

    # a fixed strategy: the decisions of another evaluator (the pre-split shoe)
    def follow(self, low: int, ace: bool, cards: int, sevens: bool, guide: _Evaluator) -> float:
        """EV of playing this hand on with ``guide``'s stand/hit decisions; ``guide.shoe``
        must hold the same drawn cards in step with this shoe."""
        key = (self.shoe.key, low, ace, cards if self.count_cards else 0, sevens)
        found = self.follow_memo.get(key)
        if found is not None:
            return found
        soft = ace and low <= 11
        total = low + 10 if soft else low
        if guide.best(low, ace, cards, sevens)[1]:
            ev = self.hit_following(low, ace, cards, sevens, guide)
        else:
            ev = self.stand(total, 1.0)
        self.follow_memo[key] = ev
        return ev

    def hit_following(
        self, low: int, ace: bool, cards: int, sevens: bool, guide: _Evaluator
    ) -> float:
        """EV of drawing one card, then following ``guide``'s decisions."""
        shoe = self.shoe
        counts = shoe.counts
        total = shoe.total
        acc = 0.0
        for i in range(10):
            count = counts[i]
            if not count:
                continue
            value = i + 1
            shoe.take(i)
            guide.shoe.take(i)
            if low + value > 21:
                ev = self.bust(1.0)
            elif sevens and value == 7 and cards == 2 and self.sevens_bonus is not None:
                ev = self.sevens(1.0)
            else:
                ev = self.follow(
                    low + value, ace or value == 1, cards + 1, sevens and value == 7, guide
                )
            guide.shoe.put(i)
            shoe.put(i)
            acc += count / total * ev
        return acc


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
) -> float:
    """EV of splitting the pair of value ``pair`` (CDZ-), before dividing by P(no natural)
    in a conditioned game; ``unseen`` excludes both pair cards and the upcard."""
    may_hit = pair != 1 or rules.hit_split_aces
    may_resplit = pair != 1 or rules.resplit_aces
    a, b = split_coefficients(rules.max_split_hands if may_resplit else 2)
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
    guide = _Evaluator(
        rules,
        upcard,
        guide_shoe,
        cache.dealer,
        conditioned=conditioned,
        memo=cache.values_for(upcard),
    )

    def all_pair(k: int) -> float:
        """F(k): P(k given cards are all pair cards)."""
        if unseen is None:
            return pair_cards**k
        f = 1.0
        for j in range(k):
            f *= max(pair_cards - j, 0) / (cards_left - j)
        return f

    ev = 0.0
    for k in sorted(set(a) | set(b)):
        weight = all_pair(k)
        if weight == 0.0:
            continue
        if unseen is None:
            shoe = DrawState(None)
        else:
            shoe = DrawState([c - k * (j == i) for j, c in enumerate(unseen)])
        hand = _Evaluator(
            rules, upcard, shoe, cache.dealer, conditioned=conditioned, split_hand=True
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
        ev += weight * (a.get(k, 0) * any_second + b.get(k, 0) * (any_second - pair_second))
    if not conditioned and not rules.lose_all_to_natural:
        # Without a peek, a dealer natural takes the seat's original bet once.
        ev -= natural_probability(upcard, unseen)
    return ev


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
    guide_best, guide_hits = guide.best(low, ace, ncards, sevens)
    if (
        double_allowed(rules, values, from_split=True)
        and guide.double(low, ace, ncards, sevens) > guide_best
    ):
        return hand.double(low, ace, ncards, sevens)
    if guide_hits:
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
      with DAS, split aces draw only with ``hit_split_aces``; split is not valued).
    - ``cache``: an ``EVCache`` made for these same rules, to share memoized values
      between calls (a fresh one is used when None).
    - ``with_split``: False leaves ``split`` None without valuing it (the slowest action:
      about 0.1 s for a pair at 6 decks).

    Returns ``HandEVs``; an action the rules forbid for this hand is None. Raises
    StrategyError for fewer than two cards, a hand already past 21, or the banker game;
    CompositionError (a ValueError) when a card is not left in the shoe; ValueError for a
    cache made for other rules.
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
    unseen = _unseen_for(rules, cards, upcard, seen, composition, infinite)
    if cache is None:
        cache = EVCache(rules)
    elif cache.rules != rules:
        raise ValueError("the cache was made for other rules")

    peeks = rules.dealer_hole_card and rules.dealer_peeks
    conditioned = peeks and natural_completer(up) is not None
    shoe = DrawState(unseen)
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
    if with_split and not from_split and split_allowed(rules, cards):
        if rules.split_by == "rank" and values[0] == 10 and rules.max_split_hands > 2:
            raise StrategyError(
                "resplitting ten-value cards by rank needs the count of one rank, which a "
                "composition by value does not hold"
            )
        split = _split_ev(rules, values[0], up, unseen, cache, conditioned) * scale
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
    "CompositionError",
    "EVCache",
    "HandEVs",
    "StrategyError",
    "double_allowed",
    "game_ev",
    "hand_evs",
    "insurance_ev",
    "split_allowed",
    "split_coefficients",
    "surrender_allowed",
]


def game_ev(
    rules: Rules,
    *,
    composition: Sequence[int] | None = None,
    infinite: bool = False,
    cache: EVCache | None = None,
) -> float:
    """EV of a whole round for one seat playing every hand by its best EV (CDZ-), in units
    of the initial bet (the house edge is its negative; x100 for percent).

    Sums over every upcard and every pair of player cards, dealt from ``composition`` (the
    unseen cards before the deal, default ``rules.decks`` fresh decks; None with
    ``infinite``): a player natural is paid ``blackjack_payout`` unless the dealer has one
    too; in a peek game an ace or ten upcard first shows a natural with probability p (the
    player loses the bet) and otherwise the conditioned EVs apply; without a peek the EVs
    already count the natural. Early surrender (before the peek) is weighed against the
    unconditioned EV of playing on. Insurance is never taken. The upcards share the
    dealer's draws, so one cache serves them all: for 6 decks it holds about 3 million
    entries (about 1 GB) and takes some 20 s; the infinite deck takes well under a second.

    Raises StrategyError for the banker game, CompositionError for a bad composition.
    Sources: ORACLES.md "Game EV, 6 decks" (the test oracle); Wizard of Odds appendix 9.
    """
    if rules.game != "casino":
        raise StrategyError("the strategy engine values the casino game only")
    if cache is None:
        cache = EVCache(rules)
    elif cache.rules != rules:
        raise ValueError("the cache was made for other rules")
    if infinite:
        shoe = None
    elif composition is None:
        shoe = full_shoe(rules.decks)
    else:
        shoe = check_composition(composition)
    peeks = rules.dealer_hole_card and rules.dealer_peeks
    payout = float(rules.blackjack_payout)
    total_ev = 0.0
    for up in range(1, 11):
        p_up, after_up = _deal_one(shoe, up)
        if p_up == 0.0:
            continue
        for first in range(1, 11):
            p_first, after_first = _deal_one(after_up, first)
            for second in range(first, 11):
                p_second, unseen = _deal_one(after_first, second)
                weight = p_up * p_first * p_second * (1 if first == second else 2)
                if weight == 0.0:
                    continue
                q = natural_probability(up, unseen)
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
    return total_ev


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
