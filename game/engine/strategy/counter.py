"""What a perfect card counter would do: the EVs of the hand to act against the shoe as it
really is, every card seen since the shuffle taken out.

The published convention (``hand_evs`` by default, the advisor's grades) values a hand
against a fresh shoe less the hand and the upcard. A perfect counter knows more: every card
turned face up since the shoe was shuffled (the rounds before this one, their hole cards
included, since each was turned at the end of its round), every hand on the table now and
the upcard. He does not know the dealer's hole card or the order of the undealt cards, so
the hole card stays among the unseen cards, with the peek conditioning of ``hand_evs``.

- ``known_unseen(rnd)``: the unseen cards as a player may count them (10 counts).
- ``counter_evs(rnd)``: ``hand_evs`` of the hand to act against that shoe.
- ``counter_insurance_ev(rnd)``: the insurance bet's EV against that shoe.
- ``counter_decision(rnd, chips=)``: the EVs of the actions offered now (legal and
  affordable; insurance phase included) and the best of them: what the table shows on
  request.

Speed: one decision from a half-dealt 6-deck shoe takes a few ms, a pair with its split
some tens of ms (``make bench``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from game.engine.cards import Card
from game.engine.errors import Reason
from game.engine.round import (
    INSURANCE_DECISIONS,
    Action,
    Phase,
    Round,
    actions_if_played_on,
    affordable_actions,
    seen_before,
)
from game.engine.strategy.advisor import surrender_phase_evs
from game.engine.strategy.cache import EVCache, HandEVs, StrategyError, TooFewCardsError
from game.engine.strategy.composition import Composition, full_shoe, remove_cards
from game.engine.strategy.hand import hand_evs, insurance_ev


def known_unseen(rnd: Round, seen: Sequence[Card] | None = None) -> Composition:
    """The cards a player at the table cannot have seen, by value (aces to tens):
    ``rnd.rules.decks`` decks less ``seen`` (default: every card dealt from this shoe
    before the round), every player hand's cards and the dealer's face-up cards. The hole
    card, while it is down, is still counted as unseen.

    Raises CompositionError when the cards seen are not in a shoe of that many decks (a
    stacked test shoe with more of a card than the decks hold).
    """
    before = seen_before(rnd) if seen is None else tuple(seen)
    on_table = [c for hand in rnd.hands for c in hand.cards]
    return remove_cards(full_shoe(rnd.rules.decks), [*before, *on_table, *rnd.dealer_visible])


def counter_evs(
    rnd: Round,
    *,
    seen: Sequence[Card] | None = None,
    cache: EVCache | None = None,
    with_split: bool = True,
) -> HandEVs:
    """The EV of every action of the hand to act (units of the initial bet) against the
    cards a perfect counter knows to be left (``known_unseen``), as ``hand_evs`` values
    them (peek conditioning, CDZ- splits and resplits with the room the seat's hands
    leave, the rules' options). ``cache``: an ``EVCache`` for
    ``rnd.rules``; values against a depleted shoe are rarely met twice, so a fresh one is
    the default. ``with_split`` False leaves the split unvalued (``hand_evs``).

    Raises ValueError when no hand is to act, StrategyError for the banker game
    (CASINO_GAME_ONLY), TooFewCardsError (TOO_FEW_CARDS) when the unseen cards cannot
    finish the round.
    """
    hand = rnd.active_hand
    if hand is None:
        raise ValueError("no hand is to act")
    unseen = known_unseen(rnd, seen)
    return hand_evs(
        hand.cards,
        rnd.upcard,
        rnd.rules,
        composition=unseen,
        from_split=hand.from_split,
        hands=len(rnd.hands_of_seat(hand.seat)),
        cache=cache,
        with_split=with_split,
    )


def counter_insurance_ev(rnd: Round, *, seen: Sequence[Card] | None = None) -> Fraction:
    """EV per unit insured of the insurance bet against the known unseen cards: 3T/U - 1
    (``insurance_ev``), exact. Positive when more than a third of the unseen cards are
    tens, which a counter sees and a fresh-shoe table never shows.

    Raises TooFewCardsError when no card is unseen."""
    unseen = known_unseen(rnd, seen)
    if not sum(unseen):
        raise TooFewCardsError(Reason.TOO_FEW_CARDS, "no unseen card")
    return insurance_ev(unseen)


def counter_decision(
    rnd: Round,
    *,
    seen: Sequence[Card] | None = None,
    cache: EVCache | None = None,
    chips: Fraction | None = None,
) -> tuple[dict[Action, float], Action]:
    """The EVs of the actions offered now and the best of them, for a perfect counter.

    ``chips``: what the seat can still put on the table; the actions offered are the legal
    ones it pays for (``round.affordable_actions``; None: no limit). A counter who cannot
    pay for a split or a double is advised among the rest, as the advisor grades, and in
    the surrender phase plays on only with what he can pay for.
    In the insurance phase: {INSURANCE: the EV the half-bet insurance adds (units of the
    initial bet), NO_INSURANCE: 0}; in the early-surrender phase: {SURRENDER: -0.5,
    NO_SURRENDER: the best play on} (advisor ``surrender_phase_evs``); else the hand's
    actions from ``counter_evs`` that are legal now. Ties go to the earlier action (hit,
    stand, double, split, surrender).

    Raises ValueError when no decision is to be made, StrategyError for the banker game
    (CASINO_GAME_ONLY) or when none of the actions offered is valued (HAND_NOT_VALUED),
    TooFewCardsError (TOO_FEW_CARDS) when the unseen cards cannot finish the round (the
    table would shuffle the discards in).
    """
    legal = affordable_actions(rnd, chips)
    if not legal:
        raise ValueError("no decision is to be made now")
    if rnd.phase is Phase.INSURANCE:
        per_unit = float(counter_insurance_ev(rnd, seen=seen))
        evs = {Action.INSURANCE: per_unit / 2, Action.NO_INSURANCE: 0.0}
        evs = {a: v for a, v in evs.items() if a in INSURANCE_DECISIONS and a in legal}
    elif rnd.phase is Phase.SURRENDER:
        values = counter_evs(rnd, seen=seen, cache=cache)
        evs = surrender_phase_evs(values, actions_if_played_on(rnd, chips))
    else:
        valued = counter_evs(rnd, seen=seen, cache=cache, with_split=Action.SPLIT in legal).values()
        evs = {a: v for a, v in valued.items() if a in legal}
    if not evs:
        raise StrategyError(Reason.HAND_NOT_VALUED, "none of the legal actions is valued")
    best = max(evs, key=evs.__getitem__)
    return evs, best


__all__ = [
    "TooFewCardsError",
    "counter_decision",
    "counter_evs",
    "counter_insurance_ev",
    "known_unseen",
]
