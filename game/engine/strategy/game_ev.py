"""The EV of a whole round for one seat: every upcard and every two-card hand dealt from
the shoe, each played composition-dependently (``game_ev``) or by a fixed ``HandPolicy``
such as the basic strategy chart (``policy_game_ev``). Units and conventions: hand.py's
module docstring.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from game.engine.errors import Reason
from game.engine.legality import double_refusal, split_refusal, surrender_refusal
from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.cache import (
    EVCache,
    HandEVs,
    HandPolicy,
    StrategyError,
    cards_must_last,
    draw_table,
)
from game.engine.strategy.chart import (
    UPCARDS,
    Chart,
    ChartPolicy,
    Exception2,
    basic_strategy,
    dealt_hand_evs,
    empty_chart,
    fill_upcard,
)
from game.engine.strategy.composition import (
    INFINITE_PROBABILITIES,
    DrawState,
    check_composition,
    full_shoe,
    natural_completer,
    natural_probability,
)
from game.engine.strategy.hand import deal_evs, hand_evs
from game.engine.strategy.recursion import Evaluator, PolicyEvaluator, hand_state, hand_total
from game.engine.strategy.splits import split_ev

Strategy = Literal["cd", "td"]
STRATEGIES: tuple[Strategy, ...] = ("cd", "td")


def game_ev(
    rules: Rules,
    *,
    strategy: Strategy = "cd",
    chart: Chart | None = None,
    composition: Sequence[int] | None = None,
    infinite: bool = False,
    cache: EVCache | None = None,
) -> float:
    """EV of a whole round for one seat, in units of the initial bet (the house edge is its
    negative; x100 for percent), when every hand is played by ``strategy``:

    - "cd" (the default): composition-dependent, each hand by its best EV (CDZ- splits);
    - "td": total-dependent, every decision the basic strategy chart's (``chart``, a
      ``chart.Chart``; by default ``basic_strategy(rules)`` for the same shoe, which takes
      about as long as the cd EV), valued exactly for the finite shoe (``policy_game_ev``);
      ``analysis`` computes the chart and both EVs in one pass.

    Sums over every upcard and every pair of player cards, dealt from ``composition`` (the
    unseen cards before the deal, default ``rules.decks`` fresh decks; None with
    ``infinite``): a player natural is paid ``blackjack_payout`` unless the dealer has one
    too; in a peek game an ace or ten upcard first shows a natural with probability p (the
    player loses the bet) and otherwise the conditioned EVs apply; without a peek the EVs
    already count the natural. Early surrender (before the peek) is weighed against the
    unconditioned EV of playing on. Insurance is never taken. Per upcard, the dealer's
    distributions for every hand of the deal are solved in one batch (``EVCache.prepare``);
    6 decks take about 0.45-0.6 s of CPU single-threaded and about 50 MB (without a
    ``cache`` each upcard's values are dropped once it is done), the infinite deck less.

    Raises StrategyError for the banker game (CASINO_GAME_ONLY), CompositionError for a bad
    composition, TooFewCardsError (TOO_FEW_CARDS) for one too small to finish every way
    the round can go, ValueError for an unknown strategy or a cache made for other rules.
    Sources: ORACLES.md "Game EV, 6 decks" (the test oracle); Wizard of Odds appendix 9.
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; use one of {', '.join(STRATEGIES)}")
    if rules.game != "casino":
        raise StrategyError(
            Reason.CASINO_GAME_ONLY, "the strategy engine values the casino game only"
        )
    if strategy == "td":
        if chart is None:
            chart = basic_strategy(rules, infinite=infinite)
        return policy_game_ev(
            rules, ChartPolicy(chart), composition=composition, infinite=infinite, cache=cache
        )

    def upcard_ev(up: int, p_up: float, after_up: tuple[int, ...] | None, cache: EVCache) -> float:
        if after_up is not None and sum(after_up) > 0:
            # every hand of the deal at once, from the arrays of the prepared deal
            evs_of = _dealt_evs(rules, deal_evs(rules, up, after_up, cache))
        else:
            evs_of = _valued_evs(rules, up, cache, infinite)
        return _cd_upcard_ev(rules, up, p_up, after_up, evs_of)

    return _over_upcards(rules, composition, infinite, cache, upcard_ev)


def _over_upcards(
    rules: Rules,
    composition: Sequence[int] | None,
    infinite: bool,
    cache: EVCache | None,
    upcard_ev: Callable[[int, float, tuple[int, ...] | None, EVCache], float],
) -> float:
    """The round's EV as the sum over the upcards of ``upcard_ev(up, p_up, after_up,
    cache)``, the part where ``up`` shows (dealt with probability ``p_up`` from the
    starting shoe, leaving ``after_up``; None for the infinite deck), in upcard order.
    Without a ``cache`` each upcard's values are dropped once it is done: nothing is
    shared between upcards. Raises CompositionError for a bad composition,
    TooFewCardsError for one too small, ValueError for a cache made for other rules."""
    own_cache = cache is None
    cache = _check_cache(rules, cache)
    shoe = _start_shoe(rules, composition, infinite)
    with cards_must_last(shoe):
        total_ev = 0.0
        for up in range(1, 11):
            p_up, after_up = _deal_one(shoe, up)
            if p_up == 0.0:
                continue
            total_ev += upcard_ev(up, p_up, after_up, cache)
            if own_cache:
                cache.clear()
        return total_ev


def _valued_evs(
    rules: Rules, up: int, cache: EVCache, infinite: bool
) -> Callable[[int, int, tuple[int, ...] | None], HandEVs]:
    """``hand_evs`` of a two-card hand against ``up`` from the shoe ``unseen``, for
    ``_cd_upcard_ev``."""

    def evs_of(first: int, second: int, unseen: tuple[int, ...] | None) -> HandEVs:
        # Two ten-value cards are a pair by rank only sometimes; splitting tens never
        # pays, so under split_by="rank" they are valued without the split.
        tens_by_rank = first == second == 10 and rules.split_by == "rank"
        return hand_evs(
            [first, second],
            up,
            rules,
            composition=unseen,
            infinite=infinite,
            cache=cache,
            with_split=not tens_by_rank,
        )

    return evs_of


def _cd_upcard_ev(
    rules: Rules,
    up: int,
    p_up: float,
    after_up: tuple[int, ...] | None,
    evs_of: Callable[[int, int, tuple[int, ...] | None], HandEVs],
) -> float:
    """The part of the composition-dependent game EV where ``up`` shows (dealt with
    probability ``p_up``, leaving ``after_up``): every two-card hand dealt from ``after_up``,
    valued by ``evs_of(first, second, unseen)``, weighed by how often it is dealt."""
    peeks = rules.dealer_hole_card and rules.dealer_peeks
    payout = float(rules.blackjack_payout)
    total_ev = 0.0
    for p_hand, first, second, unseen, q in _two_card_hands(up, after_up):
        weight = p_up * p_hand
        if {first, second} == {1, 10}:
            total_ev += weight * (1.0 - q) * payout
            continue
        evs = evs_of(first, second, unseen)
        total_ev += weight * _round_value(rules, evs, q, peeks)
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
    resplitting every pair card while the rules allow (``splits.split_ev``). Two ten-value cards
    under ``split_by="rank"`` are not offered the split (as in ``game_ev``). Timing: about
    that of ``game_ev`` (``make bench``).

    Raises StrategyError for the banker game (CASINO_GAME_ONLY), CompositionError for a bad
    composition, TooFewCardsError (TOO_FEW_CARDS) for one too small to finish every way
    the round can go, ValueError for a cache made for other rules.
    """
    if rules.game != "casino":
        raise StrategyError(
            Reason.CASINO_GAME_ONLY, "the strategy engine values the casino game only"
        )

    def upcard_ev(up: int, p_up: float, after_up: tuple[int, ...] | None, cache: EVCache) -> float:
        if after_up is not None and sum(after_up) > 0:
            cache.prepare(up, after_up)
        return _policy_upcard_ev(rules, policy, up, p_up, after_up, cache)

    return _over_upcards(rules, composition, infinite, cache, upcard_ev)


def _policy_upcard_ev(
    rules: Rules,
    policy: HandPolicy,
    up: int,
    p_up: float,
    after_up: tuple[int, ...] | None,
    cache: EVCache,
) -> float:
    """The part of ``policy_game_ev`` where ``up`` shows (dealt with probability ``p_up``,
    leaving ``after_up``), ``cache`` prepared for that shoe."""
    peeks = rules.dealer_hole_card and rules.dealer_peeks
    payout = float(rules.blackjack_payout)
    track_sevens = rules.three_sevens_payout is not None
    total_ev = 0.0
    conditioned = peeks and natural_completer(up) is not None
    # The guide of every hit: its shoe only moves in step (a policy ignores the shoe).
    guide = PolicyEvaluator(
        rules, up, DrawState(after_up), cache.dealer, conditioned=conditioned, policy=policy
    )
    follow_memo: dict[tuple[int, int, bool, int, bool], float] = {}
    # A prepared shoe: every hit of the deal valued at once with numpy (else the recursion)
    hit_values = cache.policy_hit_values(up, guide.shoe.key, policy) if guide.shoe.finite else None
    # and its stands and doubles, read off the prepared arrays (the recursion's floats)
    kept = cache.actions(up, guide.shoe.key) if guide.shoe.finite else None
    _table, children, _lows, _aces = draw_table()
    for p_hand, first, second, unseen, q in _two_card_hands(up, after_up):
        weight = p_up * p_hand
        if {first, second} == {1, 10}:
            total_ev += weight * (1.0 - q) * payout
            continue
        values = (first, second)
        legal = _first_actions(rules, values, up)
        action = policy.first(values, up, legal)
        if action not in legal:
            raise ValueError(f"the policy chose {action}, not one of the legal actions")
        if action is Action.SURRENDER:
            total_ev += weight * _surrendered(rules, conditioned, q)
            continue
        row = int(children[children[0, first - 1], second - 1])
        if action is Action.STAND and kept is not None:
            value = float(kept[0][row])
        elif action is Action.HIT and hit_values is not None:
            value = float(hit_values[row])
        elif action is Action.DOUBLE and kept is not None and kept[2][row] == kept[2][row]:
            value = float(kept[2][row])  # not NaN: valued by prepare
        elif action is Action.SPLIT:
            value = split_ev(rules, first, up, unseen, cache, conditioned, policy)
        else:
            ev = Evaluator(rules, up, DrawState(unseen), cache.dealer, conditioned=conditioned)
            ev.follow_memo = follow_memo  # shared: keyed on the whole shoe and the hand
            low, ace, ncards, sevens = hand_state(values, track_sevens)
            if action is Action.STAND:
                value = ev.stand(hand_total(low, ace), 1.0)
            elif action is Action.HIT:
                value = ev.hit_following(low, ace, ncards, sevens, guide)
            else:
                value = ev.double(low, ace, ncards, sevens)
        # A conditioned value counts the dealer-natural outcomes as 0: add the bet
        # lost to the natural the peek shows first.
        total_ev += weight * (value - q if conditioned else value)
    return total_ev


@dataclass(frozen=True, slots=True)
class Analysis:
    """The complete analysis of a casino rule set: its basic strategy ``chart`` and the game
    EVs (units of the initial bet) of the composition-dependent play (``cd``) and of that
    chart (``td``)."""

    chart: Chart
    cd: float
    td: float


def analysis(rules: Rules, *, infinite: bool = False) -> Analysis:
    """``basic_strategy(rules)``, ``game_ev(rules)`` and ``game_ev(rules, strategy="td")``
    in one pass, for ``rules.decks`` fresh decks (or the infinite deck): the chart and the
    composition-dependent game EV are made of the very same hand EVs (every two-card hand
    against every upcard from the full shoe), so each is computed once, and the chart's
    play of an upcard is valued while that upcard's dealer distributions are still cached.
    The same values as the three calls (to rounding, about 1e-16) in about 60 % of their
    time. Raises StrategyError for the banker game (CASINO_GAME_ONLY).
    """
    if rules.game != "casino":
        raise StrategyError(
            Reason.CASINO_GAME_ONLY, "the strategy engine values the casino game only"
        )
    cache = EVCache(rules)
    shoe = _start_shoe(rules, None, infinite)
    chart = empty_chart()
    policy = ChartPolicy(chart)  # reads only the column of the upcard being valued
    exceptions: dict[int, list[Exception2]] = {}
    cd = td = 0.0
    for up in range(1, 11):
        p_up, after_up = _deal_one(shoe, up)
        by_hand = dealt_hand_evs(rules, up, cache, infinite=infinite)
        exceptions[up] = fill_upcard(chart, rules, up, by_hand, infinite=infinite)
        cd += _cd_upcard_ev(rules, up, p_up, after_up, _dealt_evs(rules, by_hand))
        td += _policy_upcard_ev(rules, policy, up, p_up, after_up, cache)
        cache.clear()  # nothing is shared between upcards
    chart = replace(chart, exceptions=tuple(e for up in UPCARDS for e in exceptions[up]))
    return Analysis(chart=chart, cd=cd, td=td)


def _dealt_evs(
    rules: Rules, by_hand: dict[tuple[int, int], HandEVs]
) -> Callable[[int, int, tuple[int, ...] | None], HandEVs]:
    """``game_ev``'s EVs of a two-card hand, from ``dealt_hand_evs``: two ten-value cards
    under split_by="rank" without the split (as ``game_ev`` values them)."""

    def evs_of(first: int, second: int, _unseen: tuple[int, ...] | None) -> HandEVs:
        evs = by_hand[(first, second)]
        if first == second == 10 and rules.split_by == "rank":
            return replace(evs, split=None)
        return evs

    return evs_of


def _first_actions(rules: Rules, values: tuple[int, int], up: int) -> frozenset[Action]:
    """The actions the rules allow a two-card hand of these card values against ``up``
    (legality.py), insurance aside: a pair of ten-value cards is not offered the split
    under ``split_by="rank"`` (two values cannot say whether the ranks match)."""
    legal = {Action.HIT, Action.STAND}
    if double_refusal(rules, values, from_split=False, split_aces=False) is None:
        legal.add(Action.DOUBLE)
    tens_by_rank = values[0] == 10 and rules.split_by == "rank"
    if not tens_by_rank and split_refusal(rules, values, hands=1, split_aces=False) is None:
        legal.add(Action.SPLIT)
    if surrender_refusal(rules, values, up, from_split=False) is None:
        legal.add(Action.SURRENDER)
    return frozenset(legal)


def _surrendered(rules: Rules, conditioned: bool, q: float) -> float:
    """The EV of surrendering a hand (units of the bet) when the dealer has a natural with
    probability ``q``: after the peek (``conditioned``, late surrender) the natural is found
    first and takes the whole bet; with no peek, or surrendered before it (early), half the
    bet comes back in any case."""
    if conditioned and rules.surrender != "early":
        return -q - 0.5 * (1.0 - q)
    return -0.5


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


__all__ = ["STRATEGIES", "Analysis", "Strategy", "analysis", "game_ev", "policy_game_ev"]
