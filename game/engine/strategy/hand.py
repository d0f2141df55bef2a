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
  the same machinery (``game_ev.policy_game_ev``): its hits follow the policy
  (``recursion.Evaluator.follow`` with a ``PolicyEvaluator`` guide) and its splits use
  Farmer's method with the policy's decisions on the split hands. Both are exact: tests
  play every card order of small shoes through round.py and get the same EVs to 1e-12
  (tests/engine/strategy/test_levels.py).

How it is computed: the player's decisions are a recursion over the shoe (recursion.py,
memoized on the composition and the hand, ``EVCache`` in cache.py), and every shoe it
stands on needs the dealer's distribution. Those are solved ahead in batches
(``DealerSolver.solve_many``: numpy, one column a shoe): the shoes after every draw a hand
can make (``EVCache.prepare`` for all the hands of a deal at once, which also values every
hand of the deal with numpy, a low total at a time, into the recursion's memo). A split
hand plays the guide's fixed decisions, the same for every k, so its endings are found once
(with numpy from the prepared deal's decisions, else by a walk) and valued for every k
with arrays (splits.py); the infinite deck and shoes too small for the batch use the plain
recursions. The EV of a whole round, composition-dependent or for a fixed
policy, is in game_ev.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from game.engine.cards import Card
from game.engine.errors import Reason
from game.engine.legality import double_refusal, draw_refusal, split_refusal, surrender_refusal
from game.engine.rules import Rules
from game.engine.strategy.cache import (
    EVCache,
    HandEVs,
    ShoeBatch,
    StrategyError,
    cards_must_last,
    draw_table,
    natural_certain,
)
from game.engine.strategy.composition import (
    CardLike,
    DrawState,
    card_value,
    check_composition,
    full_shoe,
    natural_completer,
    remove_cards,
)
from game.engine.strategy.recursion import Evaluator, hand_state, hand_total
from game.engine.strategy.splits import split_ev


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
    StrategyError for fewer than two cards or a hand already past 21 (HAND_NOT_VALUED), or
    the banker game (CASINO_GAME_ONLY);
    CompositionError (a ValueError) when a card is not left in the shoe; ValueError for a
    cache made for other rules, or ``hands`` out of 1..4 (at least 2 for a split hand,
    exactly 1 for one that is not); TooFewCardsError (TOO_FEW_CARDS) when the shoe is too
    small to finish every way the round can go.
    Sources: ORACLES.md "Hand EVs, 6 decks" and "Closed forms" (the tests' oracles).
    """
    if rules.game != "casino":
        raise StrategyError(
            Reason.CASINO_GAME_ONLY, "the strategy engine values the casino game only"
        )
    values = [card_value(c) for c in cards]
    up = card_value(upcard)
    if len(values) < 2:
        raise StrategyError(Reason.HAND_NOT_VALUED, "a hand has at least two cards")
    if sum(values) > 21:
        raise StrategyError(Reason.HAND_NOT_VALUED, "the hand is already past 21")
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
    split_aces = from_split and values[0] == 1
    # The most hands this hand's split may make: the seat's other hands take their room.
    room = rules.max_split_hands - hands + 1
    split_valued = (
        with_split
        and split_refusal(rules, _as_cards(cards), hands=hands, split_aces=split_aces) is None
    )
    with cards_must_last(unseen):
        if unseen is not None:
            _prepare_hand(cache, rules, up, shoe, values, split_valued)
        ev = Evaluator(
            rules, up, shoe, cache.dealer, conditioned=conditioned, memo=cache.values_for(up)
        )
        p_natural = ev.natural_now()
        if conditioned:
            natural_certain(p_natural)
        scale = 1.0 / (1.0 - p_natural) if conditioned else 1.0

        track_sevens = rules.three_sevens_payout is not None
        low, ace, ncards, sevens = hand_state(values, track_sevens)
        total = hand_total(low, ace)
        natural = not from_split and len(values) == 2 and total == 21

        stand = ev.natural_hand() if natural else ev.stand(total, 1.0)
        hit = None
        if draw_refusal(rules, split_aces=split_aces) is None:
            hit = ev.hit(low, ace, ncards, sevens)
        double = None
        if double_refusal(rules, values, from_split=from_split, split_aces=split_aces) is None:
            double = ev.double(low, ace, ncards, sevens)
        split = None
        if split_valued and not tens_resplit_by_rank(rules, values, room):
            split = split_ev(rules, values[0], up, unseen, cache, conditioned, max_hands=room)
            split *= scale
        offered = surrender_refusal(rules, values, up, from_split=from_split, hands=hands) is None
        surrender = -0.5 if offered else None
        return HandEVs(
            stand=stand * scale,
            hit=None if hit is None else hit * scale,
            double=None if double is None else double * scale,
            split=split,
            surrender=surrender,
            natural_probability=p_natural,
            conditioned=conditioned,
        )


def deal_evs(
    rules: Rules, upcard: int, shoe: Sequence[int], cache: EVCache
) -> dict[tuple[int, int], HandEVs]:
    """``hand_evs`` of every two-card hand (a <= b, card values) that can be dealt from
    ``shoe`` (10 counts, ``upcard`` already out) against ``upcard`` (1..10), splits
    included, by (a, b): the same HandEVs, float for float, as one ``hand_evs`` call per
    hand with ``composition`` the shoe less the hand and this ``cache``.

    The deal is prepared first (``EVCache.prepare``); its stand, hit and double EVs are
    then read for all hands from the arrays it kept (``EVCache.actions``) instead of a
    ``hand_evs`` call each. Where they were not kept (three sevens, a draw limit, a small
    shoe) each hand goes through ``hand_evs``. Raises CompositionError for a bad shoe,
    TooFewCardsError for one too small to finish every way the round can go,
    StrategyError for the banker game, ValueError for a cache made for other rules.
    """
    if rules.game != "casino":
        raise StrategyError(
            Reason.CASINO_GAME_ONLY, "the strategy engine values the casino game only"
        )
    if cache.rules != rules:
        raise ValueError("the cache was made for other rules")
    counts = check_composition(shoe)
    with cards_must_last(counts):
        cache.prepare(upcard, counts)
        kept = cache.actions(upcard, DrawState(counts).key)
        peeks = rules.dealer_hole_card and rules.dealer_peeks
        conditioned = peeks and natural_completer(upcard) is not None
        completer = natural_completer(upcard)
        payout = float(rules.blackjack_payout)
        _table, children, _lows, _aces = draw_table()
        out: dict[tuple[int, int], HandEVs] = {}
        for a in range(1, 11):
            for b in range(a, 11):
                if counts[a - 1] < 1 + (a == b) or counts[b - 1] < 1:
                    continue
                unseen = remove_cards(counts, [a, b])
                row = int(children[children[0, a - 1], b - 1])
                if kept is None or kept[1][row] != kept[1][row]:  # not kept, or NaN
                    out[(a, b)] = hand_evs([a, b], upcard, rules, composition=unseen, cache=cache)
                    continue
                stand_of, hit_of, double_of = kept
                # Evaluator.natural_now and hand_evs' arithmetic, operation for operation
                left = sum(unseen)
                p_natural = 0.0 if completer is None else unseen[completer - 1] / left
                if conditioned:
                    natural_certain(p_natural)
                scale = 1.0 / (1.0 - p_natural) if conditioned else 1.0
                natural = a == 1 and b == 10
                stand = payout * (1.0 - p_natural) if natural else float(stand_of[row])
                double = None
                if double_refusal(rules, [a, b], from_split=False, split_aces=False) is None:
                    double = float(double_of[row]) * scale
                split = None
                room = rules.max_split_hands
                if split_refusal(
                    rules, [a, b], hands=1, split_aces=False
                ) is None and not tens_resplit_by_rank(rules, [a, b], room):
                    split = split_ev(rules, a, upcard, unseen, cache, conditioned, max_hands=room)
                    split *= scale
                offered = (
                    surrender_refusal(rules, [a, b], upcard, from_split=False, hands=1) is None
                )
                out[(a, b)] = HandEVs(
                    stand=stand * scale,
                    hit=float(hit_of[row]) * scale,
                    double=double,
                    split=split,
                    surrender=-0.5 if offered else None,
                    natural_probability=p_natural,
                    conditioned=conditioned,
                )
        return out


def _as_cards(cards: Sequence[CardLike]) -> list[Card | int]:
    """The cards as legality.py reads them: a code parsed, so that its rank counts."""
    return [Card.parse(c) if isinstance(c, str) else c for c in cards]


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
    shoes = ShoeBatch(shoe)
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


__all__ = ["deal_evs", "hand_evs", "insurance_ev", "tens_resplit_by_rank"]
