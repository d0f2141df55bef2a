"""What a seat may see, and the AI players that act on it.

An AI seat never gets the Round: it gets an ``Observation`` built from the round, which holds
only what a player at the table may know (VARIANTS.md table 5, "AI seats"): its own hand, the
dealer's upcard, every player's face-up cards, the cards seen earlier in this shoe, and its
legal actions. The type has no field for the hole card or the shoe, so an AI cannot cheat by
construction. This module's level is "easy" (seed 004: hits below 17, else stands); the
strategy engine adds "normal" and "hard".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.engine.cards import Card
from game.engine.hands import HandValue, hand_value
from game.engine.round import Action, Phase, Round, apply


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the round when its hand is to act.

    - ``seat``: the seat acting; ``hand``: the cards of its hand to act (a tuple of Cards).
    - ``upcard``: the dealer's face-up card; no other dealer card is here.
    - ``table_cards``: every player hand's cards on the table (face up), in playing order.
    - ``seen``: cards seen face up earlier in this shoe (the history a counter would know).
    - ``legal``: the actions the rules allow now.
    - ``insurance_offered``: the round is in the insurance phase.
    """

    seat: int
    hand: tuple[Card, ...]
    upcard: Card
    table_cards: tuple[tuple[Card, ...], ...]
    seen: tuple[Card, ...]
    legal: tuple[Action, ...]
    insurance_offered: bool

    @property
    def value(self) -> HandValue:
        """The hand's best total and softness."""
        return hand_value(self.hand)


def observe(rnd: Round, seen: Sequence[Card] = ()) -> Observation:
    """The observation of the hand to act. Raises ValueError when no hand is to act."""
    hand = rnd.active_hand
    if hand is None:
        raise ValueError("no hand is to act")
    return Observation(
        seat=hand.seat,
        hand=hand.cards,
        upcard=rnd.upcard,
        table_cards=tuple(h.cards for h in rnd.hands),
        seen=tuple(seen),
        legal=rnd.legal_actions(),
        insurance_offered=rnd.phase is Phase.INSURANCE,
    )


def seen_before(rnd: Round) -> tuple[Card, ...]:
    """The cards dealt from this shoe before the round (all were turned face up by the end
    of their rounds): the history a seat may know."""
    in_round = sum(len(h.cards) for h in rnd.hands) + len(rnd.dealer)
    return rnd.shoe.cards[: rnd.shoe.position - in_round]


def easy(obs: Observation) -> Action:
    """Seed 004's easy level: decline insurance; hit below 17, else stand."""
    if obs.insurance_offered:
        return Action.NO_INSURANCE
    return Action.HIT if obs.value.total < 17 and Action.HIT in obs.legal else Action.STAND


Policy = Callable[[Observation], Action]

AI_LEVELS: dict[str, Policy] = {"easy": easy}


def play_ai_seats(rnd: Round, policies: dict[int, Policy], seen: Sequence[Card] = ()) -> Round:
    """Let AI seats act for as long as the hand to act belongs to one of them.

    ``policies`` maps a seat number to its policy; the loop stops at a seat without one (the
    person's) or when the round is settled. Each policy sees only an Observation.
    """
    while not rnd.is_over and rnd.active_hand is not None:
        policy = policies.get(rnd.active_hand.seat)
        if policy is None:
            break
        rnd = apply(rnd, policy(observe(rnd, seen)))
    return rnd
