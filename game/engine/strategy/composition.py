"""Shoe compositions: how many cards of each value are left unseen.

A composition is a tuple of 10 non-negative ints: index 0 counts aces, index 1 twos, ...,
index 8 nines and index 9 every ten-value card (T, J, Q, K merged). A full deck is
``(4, 4, 4, 4, 4, 4, 4, 4, 4, 16)``. ``None`` stands for the infinite deck, where every
draw is an ace, 2..9 with probability 1/13 each and a ten-value card with 4/13.

Cards may be given as ``Card`` objects, card codes ("A", "7", "T", "QH", "10") or card
values (ints 1..10, the ace as 1); ``card_value`` turns any of them into its value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from game.engine.cards import Card
from game.engine.errors import EngineError, Reason

Composition = tuple[int, ...]
"""Counts of the unseen cards by value: index ``v - 1`` holds value ``v`` (1 = ace, 10 = tens)."""

CardLike = Card | int | str
"""A card as a ``Card``, a code ("A", "QH", "10") or a value (1..10, the ace as 1)."""

VALUES: Final = tuple(range(1, 11))
"""The ten card values, ace first (1) and the ten-value cards last (10)."""

INFINITE_PROBABILITIES: Final = (*(1 / 13,) * 9, 4 / 13)
"""P(value) for the infinite deck, indexed like a composition."""


class CompositionError(EngineError, ValueError):
    """A composition of the wrong shape, a negative count, or a card not left in the shoe
    (INVALID_COMPOSITION; the message says which)."""


def card_value(card: CardLike) -> int:
    """The blackjack value of ``card``: 1 for an ace, 10 for T/J/Q/K, else its number.

    Raises CompositionError for an int outside 1..10, and cards.CardParseError (a
    ValueError) for a code that is not a card.
    """
    if isinstance(card, Card):
        return card.points
    if isinstance(card, bool):
        raise CompositionError(Reason.INVALID_COMPOSITION, f"{card!r} is not a card")
    if isinstance(card, int):
        if not 1 <= card <= 10:
            raise CompositionError(
                Reason.INVALID_COMPOSITION, f"{card} is not a card value: use 1 (ace) to 10"
            )
        return card
    return Card.parse(card).points


def full_shoe(decks: int) -> Composition:
    """The composition of ``decks`` fresh 52-card decks: 4 of each value per deck, 16 tens.

    Raises CompositionError when ``decks`` is below 1.
    """
    if decks < 1:
        raise CompositionError(Reason.INVALID_COMPOSITION, "a shoe needs at least one deck")
    return (*(4 * decks,) * 9, 16 * decks)


def check_composition(composition: Sequence[int]) -> Composition:
    """``composition`` as a tuple after checking its shape (10 non-negative ints, not all 0).

    Raises CompositionError otherwise.
    """
    counts = tuple(composition)
    if len(counts) != 10:
        raise CompositionError(
            Reason.INVALID_COMPOSITION, "a composition counts 10 card values (ace, 2..9, tens)"
        )
    if any(not isinstance(c, int) or isinstance(c, bool) or c < 0 for c in counts):
        raise CompositionError(
            Reason.INVALID_COMPOSITION, "a composition's counts must be non-negative ints"
        )
    if sum(counts) == 0:
        raise CompositionError(Reason.INVALID_COMPOSITION, "the shoe is empty")
    return counts


def remove_cards(composition: Sequence[int], cards: Iterable[CardLike]) -> Composition:
    """The composition left after taking ``cards`` out of ``composition``.

    Raises CompositionError when a card is not left in the shoe (its count would go below 0).
    """
    counts = list(composition)
    for card in cards:
        value = card_value(card)
        if counts[value - 1] == 0:
            label = "A" if value == 1 else "T" if value == 10 else str(value)
            raise CompositionError(
                Reason.INVALID_COMPOSITION, f"no {label} is left in the shoe to remove"
            )
        counts[value - 1] -= 1
    return tuple(counts)


def natural_completer(upcard: int) -> int | None:
    """The hole-card value that gives the dealer a natural with ``upcard``: 10 for an ace,
    1 for a ten, None for any other upcard."""
    return {1: 10, 10: 1}.get(upcard)


def natural_probability(upcard: int, composition: Sequence[int] | None) -> float:
    """P(the dealer's hole card completes a natural) with ``upcard`` showing, the hole card
    drawn from ``composition`` (the unseen cards; None for the infinite deck): T/U for an
    ace upcard, A/U for a ten, 0 otherwise. A probability in [0, 1]."""
    completer = natural_completer(upcard)
    if completer is None:
        return 0.0
    if composition is None:
        return INFINITE_PROBABILITIES[completer - 1]
    return composition[completer - 1] / sum(composition)


KEY_BITS: Final = 12
"""Bits per value in a ``DrawState`` key: counts up to 4095 (78 decks of tens)."""


class DrawState:
    """A shoe that the recursions draw from and put back into, in place.

    - ``counts``: unseen cards by value, indexed like a composition (for the infinite deck,
      the weights 1 x 9 and 4, never changed).
    - ``total``: the sum of ``counts``.
    - ``key``: an int that identifies ``counts`` (``KEY_BITS`` bits per value; 0 for the
      infinite deck), the memo key of every cached value that depends on the shoe.
    - ``step``: cards a draw takes out (1; 0 for the infinite deck, which never changes).

    ``take(i)`` removes one card of value ``i + 1`` and ``put(i)`` returns it; both leave
    the infinite deck as it is. Raises CompositionError for a bad composition or a count
    too large for the key.
    """

    __slots__ = ("counts", "finite", "key", "step", "total", "units")

    def __init__(self, composition: Sequence[int] | None) -> None:
        if composition is None:
            self.finite = False
            self.counts = [1] * 9 + [4]
            self.units = [0] * 10
            self.key = 0
            self.step = 0
        else:
            counts = check_composition(composition)
            if max(counts) >= 1 << KEY_BITS:
                raise CompositionError(
                    Reason.INVALID_COMPOSITION,
                    f"a count above {(1 << KEY_BITS) - 1} is not supported",
                )
            self.finite = True
            self.counts = list(counts)
            self.units = [1 << (KEY_BITS * i) for i in range(10)]
            self.key = sum(c * u for c, u in zip(self.counts, self.units, strict=True))
            self.step = 1
        self.total = sum(self.counts)

    def composition(self) -> Composition | None:
        """The unseen cards now (None for the infinite deck)."""
        return tuple(self.counts) if self.finite else None

    def take(self, i: int) -> None:
        """Remove one card of value ``i + 1`` (the caller checks one is left)."""
        self.counts[i] -= self.step
        self.total -= self.step
        self.key -= self.units[i]

    def put(self, i: int) -> None:
        """Return one card of value ``i + 1``."""
        self.counts[i] += self.step
        self.total += self.step
        self.key += self.units[i]
