"""Hand valuation: hard and soft totals, natural, bust, pair.

An ace counts 11 when that does not take the total past 21, else 1 (seed 004, "special
cases"; seed 000, "card values"). A total is *soft* when an ace is counted as 11:
A,A is soft 12; A,A,T is hard 12; A,6 is soft 17; A,6,T is hard 17.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.cards import Card


@dataclass(frozen=True, slots=True)
class HandValue:
    """The best total of some cards (<= 21 when possible) and whether it is soft."""

    total: int
    soft: bool

    @property
    def bust(self) -> bool:
        """True past 21."""
        return self.total > 21

    @property
    def low(self) -> int:
        """The total with every ace counted as 1 (the "7" of "7/17")."""
        return self.total - 10 if self.soft else self.total

    def display(self) -> str:
        """ "7/17" for a soft total below 21, else the plain total."""
        if self.soft and self.total < 21:
            return f"{self.low}/{self.total}"
        return str(self.total)


def hand_value(cards: Sequence[Card]) -> HandValue:
    """Value of a hand of cards (any length, empty gives hard 0)."""
    total = sum(card.points for card in cards)
    has_ace = any(card.points == 1 for card in cards)
    if has_ace and total + 10 <= 21:
        return HandValue(total + 10, True)
    return HandValue(total, False)


def is_natural(cards: Sequence[Card], *, from_split: bool = False) -> bool:
    """Two-card 21 (an ace and a ten-value card), never on a hand made by splitting."""
    return not from_split and len(cards) == 2 and hand_value(cards).total == 21


def is_bust(cards: Sequence[Card]) -> bool:
    """True when the hand's total is past 21."""
    return hand_value(cards).total > 21


def is_pair(cards: Sequence[Card], split_by: str = "value") -> bool:
    """Two cards that may be split: equal value (K with Q) or, with split_by="rank", equal rank."""
    if len(cards) != 2:
        return False
    a, b = cards
    if split_by == "rank":
        return a.rank == b.rank
    return a.points == b.points
