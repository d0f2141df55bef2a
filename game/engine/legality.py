"""Which of a hand's actions the rules allow, written once for the round and the strategy.

round.py's ``legal_actions`` (the buttons the table offers) and the strategy engine (the
actions whose EVs it values) both ask these checks, so the two cannot disagree. Each check
returns None when the rules allow the action, else a ``Refusal`` (a ``Reason`` and the
English message).

A hand is given by what the rules look at: its cards (``Card`` objects, or card values
1..10 where the rank does not matter: a value counts as the same rank as an equal value),
whether it was made by splitting, whether it is a split ace (a hand made by splitting
aces), and how many hands its seat holds, this one included. What depends on the round's
phase (insurance and early surrender come before the players' turn) stays in round.py.

Sources: VARIANTS.md tables 1-3 (doubling, splitting, surrender) and seed 001 (early
surrender, resplitting).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from game.engine.cards import Card
from game.engine.errors import Reason
from game.engine.hands import is_pair
from game.engine.rules import Rules


class Refusal(NamedTuple):
    """The rule that forbids an action: ``reason`` names it (the web layer translates it),
    ``message`` says it in English with the case's numbers. ``IllegalActionError(*refusal)``
    raises it."""

    reason: Reason
    message: str


def draw_refusal(rules: Rules, *, split_aces: bool) -> Refusal | None:
    """Whether the hand may draw a card (hit, or double): not split aces unless
    ``hit_split_aces`` (SPLIT_ACES_ONE_CARD)."""
    if split_aces and not rules.hit_split_aces:
        return Refusal(
            Reason.SPLIT_ACES_ONE_CARD, "Split aces receive one card each and cannot draw more."
        )
    return None


def double_refusal(
    rules: Rules, values: Sequence[int], *, from_split: bool, split_aces: bool
) -> Refusal | None:
    """Whether the hand of these card values may double: it may draw
    (``draw_refusal``), doubling is allowed at all (DOUBLE_NONE), on two cards
    (DOUBLE_TWO_CARDS), after a split only with DAS (DOUBLE_AFTER_SPLIT), and on the totals
    of ``double_on``: "any", or a hard "9-11" or "10-11" (DOUBLE_TOTAL)."""
    refusal = draw_refusal(rules, split_aces=split_aces)
    if refusal is not None:
        return refusal
    if rules.double_on == "none":
        return Refusal(Reason.DOUBLE_NONE, "Doubling is not allowed in this game.")
    if len(values) != 2:
        return Refusal(Reason.DOUBLE_TWO_CARDS, "You can double only on your first two cards.")
    if from_split and not rules.double_after_split:
        return Refusal(Reason.DOUBLE_AFTER_SPLIT, "Doubling after a split is not allowed here.")
    if rules.double_on != "any":
        low = 9 if rules.double_on == "9-11" else 10
        total = sum(values)
        soft = 1 in values and total <= 11
        if soft or not low <= total <= 11:
            return Refusal(Reason.DOUBLE_TOTAL, f"Here you can double only on a hard {low} to 11.")
    return None


def split_refusal(
    rules: Rules, cards: Sequence[Card | int], *, hands: int, split_aces: bool
) -> Refusal | None:
    """Whether the hand may split: splitting is allowed at all (SPLIT_NONE), a pair by
    ``split_by`` (equal value, SPLIT_PAIR, or equal rank, SPLIT_RANK), the seat holding fewer
    than ``max_split_hands`` hands (SPLIT_LIMIT), and split aces again only with
    ``resplit_aces`` (RESPLIT_ACES)."""
    if rules.max_split_hands < 2:
        return Refusal(Reason.SPLIT_NONE, "Splitting is not allowed in this game.")
    if not _is_pair(cards, rules.split_by):
        if rules.split_by == "rank":
            return Refusal(Reason.SPLIT_RANK, "You can split only two cards of the same rank.")
        return Refusal(Reason.SPLIT_PAIR, "You can split only two cards of equal value.")
    if hands >= rules.max_split_hands:
        return Refusal(
            Reason.SPLIT_LIMIT,
            f"You can hold at most {rules.max_split_hands} hands by splitting.",
        )
    if split_aces and not rules.resplit_aces:
        return Refusal(Reason.RESPLIT_ACES, "Aces can be split only once.")
    return None


def surrender_refusal(
    rules: Rules, values: Sequence[int], upcard: int, *, from_split: bool, hands: int = 1
) -> Refusal | None:
    """Whether surrender is offered to the hand against ``upcard`` (a value, 1 for an ace):
    in a game with surrender (SURRENDER_NONE), only as the seat's first decision (two cards,
    no split: SURRENDER_FIRST), and against an ace only with ``surrender_vs_ace``
    (SURRENDER_ACE). Early surrender is offered in a phase of its own before the
    players' turn; that is the round's to say (round.py)."""
    if rules.surrender == "none":
        return Refusal(Reason.SURRENDER_NONE, "Surrender is not offered in this game.")
    if len(values) != 2 or from_split or hands > 1:
        return Refusal(Reason.SURRENDER_FIRST, "You can surrender only as your first decision.")
    if upcard == 1 and not rules.surrender_vs_ace:
        return Refusal(Reason.SURRENDER_ACE, "Surrender is not allowed against a dealer ace.")
    return None


def _is_pair(cards: Sequence[Card | int], split_by: str) -> bool:
    known = [c for c in cards if isinstance(c, Card)]
    if len(known) == len(cards):
        return is_pair(known, split_by)
    # A card value has no rank: two equal values pass for two cards of one rank.
    points = [c.points if isinstance(c, Card) else c for c in cards]
    return len(points) == 2 and points[0] == points[1]


__all__ = [
    "Refusal",
    "double_refusal",
    "draw_refusal",
    "split_refusal",
    "surrender_refusal",
]
