"""Cards and the shoe.

A card is a rank and a suit; its code is the rank letter followed by the suit letter
("QH" is the queen of hearts, "TS" the ten of spades). The shoe holds N standard 52-card
decks in a fixed order, shuffled with a CSPRNG (``secrets.SystemRandom``), and a cut card
placed at the penetration: once the cut card has come out, the shoe is reshuffled before
the next round (seed 004: "6 standard decks, shuffled by the server").

The shoe is an immutable value: ``draw`` returns the card and a new shoe, so a round that
holds a shoe is a value too and serializes with it. Every card dealt comes from the shoe's
order and the position only moves forward, so no card is dealt twice.

A shoe that runs out in the middle of a round (one deck at a full table, or a streak of
hits after the cut card) does what a casino dealer does: the discards (the cards of the
rounds finished since the shuffle, not the cards on the table) are shuffled into a new shoe
and the round goes on; the whole shoe is shuffled again before the next round.
"""

from __future__ import annotations

import functools
import secrets
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from game.engine.errors import EngineError, Reason


class Rank(StrEnum):
    """A card rank; the value is its one-letter code (T for ten)."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def points(self) -> int:
        """Blackjack points with the ace counted as 1 (hands.py makes it 11 when it fits)."""
        if self is Rank.ACE:
            return 1
        if self in _TEN_VALUES:
            return 10
        return int(self.value)

    @property
    def is_ten_value(self) -> bool:
        """True for T, J, Q and K: the cards worth 10."""
        return self in _TEN_VALUES

    @property
    def label(self) -> str:
        """The rank as printed on a card face: A, 2..10, J, Q, K."""
        return "10" if self is Rank.TEN else self.value


_TEN_VALUES = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})


class Suit(StrEnum):
    """A card suit; the value is its one-letter code."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♦ ♥ ♠."""
        return {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}[self.value]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class CardParseError(EngineError, ValueError):
    """A card code that is not a rank letter optionally followed by a suit letter
    (INVALID_CARD)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card."""

    rank: Rank
    suit: Suit
    # Two-letter code, rank then suit: "QH", "TS", "AC". Kept with the card, not made on
    # each read: a stored shoe writes hundreds of codes per table action.
    code: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", f"{self.rank.value}{self.suit.value}")

    @property
    def points(self) -> int:
        """Blackjack points, ace as 1."""
        return self.rank.points

    def __str__(self) -> str:
        return self.code

    @classmethod
    def parse(cls, text: str, default_suit: Suit = Suit.SPADES) -> Card:
        """Parse "Q", "QH", "10H" or "th" into a Card; a missing suit becomes default_suit.

        Raises CardParseError naming the bad text.
        """
        raw = str(text).strip().upper()
        if raw.startswith("10"):
            raw = "T" + raw[2:]
        if not raw or len(raw) > 2:
            raise CardParseError(Reason.INVALID_CARD, _not_a_card(text))
        try:
            rank = Rank(raw[0])
            suit = Suit(raw[1]) if len(raw) == 2 else default_suit
        except ValueError:
            raise CardParseError(Reason.INVALID_CARD, _not_a_card(text)) from None
        return cls(rank, suit)


def _not_a_card(text: object) -> str:
    # The suit may be left out ("T", "6"), and most of the engine's callers leave it out.
    return (
        f"{text!r} is not a card: use a rank A,2-9,T (or 10),J,Q,K, optionally followed by"
        " a suit C,D,H,S"
    )


def standard_deck() -> list[Card]:
    """The 52 cards of one deck, in suit then rank order."""
    return [Card(rank, suit) for suit in Suit for rank in Rank]


_BY_CODE = {card.code: card for card in standard_deck()}


class ShoeExhaustedError(EngineError, RuntimeError):
    """The shoe has no card left to deal (a scripted shoe that ran out, usually;
    SHOE_EXHAUSTED)."""


@dataclass(frozen=True, slots=True)
class Shoe:
    """The cards in dealing order, the position of the next card, and the cut card.

    - ``cards``: every card of the shoe in dealing order (``decks * 52`` for a real shoe).
    - ``position``: index of the next card to deal; cards before it have been dealt.
    - ``cut``: the cut card sits before ``cards[cut]``; once ``position >= cut`` the shoe
      ``needs_shuffle`` and the table reshuffles before the next round.
    - ``stacked``: True for a scripted shoe (tests, scenarios); it is never reshuffled
      between rounds.
    - ``round_start``: the position of the current round's first card (``start_round``),
      None for a shoe not dealing a round; the cards before it are the discards.
    - ``carried``: cards on the table in the current round that came from the shoe before
      a mid-round reshuffle (empty otherwise).
    """

    cards: tuple[Card, ...]
    position: int = 0
    cut: int = 0
    stacked: bool = False
    decks: int = field(default=0)
    round_start: int | None = None
    carried: tuple[Card, ...] = ()

    @classmethod
    def shuffled(cls, decks: int, penetration: float = 0.75, rng: Any = None) -> Shoe:
        """A fresh shoe of ``decks`` decks shuffled with ``rng`` (default a CSPRNG).

        ``penetration`` is the fraction of the shoe dealt before the cut card (0 < p <= 1).
        Raises ValueError for a deck count below 1 or a penetration outside (0, 1].
        """
        if decks < 1:
            raise ValueError("a shoe needs at least one deck")
        if not 0 < penetration <= 1:
            raise ValueError("penetration is the fraction of the shoe dealt: 0 < p <= 1")
        rng = rng or secrets.SystemRandom()
        cards = standard_deck() * decks
        rng.shuffle(cards)
        return cls(cards=tuple(cards), cut=int(len(cards) * penetration), decks=decks)

    @classmethod
    def stacked_from(cls, cards: Sequence[Card | str]) -> Shoe:
        """A scripted shoe dealing exactly ``cards`` in order (codes or Cards).

        Raises CardParseError for a bad code.
        """
        parsed = tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)
        return cls(cards=parsed, cut=len(parsed), stacked=True)

    @classmethod
    def following(cls, first: Sequence[Card], decks: int, rng: Any = None) -> Shoe:
        """A shoe dealing ``first`` in order, then fresh cards that no other shoe deals in
        the same order: the rest of ``decks`` decks (the decks less one of each card of
        ``first``), shuffled with ``rng`` (default a CSPRNG), then a second full shoe of
        ``decks`` decks shuffled the same way, so a very long round (one deck, seven seats)
        goes on as a casino's reshuffle would instead of running out. Stacked (never
        reshuffled), position 0. What a replay deals: the recorded cards of a round, then
        cards that no live table holds.

        Raises ValueError for a deck count below 1. A card of ``first`` beyond what the
        decks hold (a scripted test shoe) is simply not taken out twice.
        """
        if decks < 1:
            raise ValueError("a shoe needs at least one deck")
        rng = rng or secrets.SystemRandom()
        rest = standard_deck() * decks
        for card in first:
            if card in rest:
                rest.remove(card)
        spare = standard_deck() * decks
        rng.shuffle(rest)
        rng.shuffle(spare)
        cards = (*first, *rest, *spare)
        return cls(cards=cards, cut=len(cards), stacked=True, decks=decks)

    def dealt_part(self) -> Shoe:
        """This shoe without its undealt cards: what a record of a settled round keeps,
        so no stored past round holds the order of cards a live table has yet to deal."""
        return replace(self, cards=self.cards[: self.position], cut=min(self.cut, self.position))

    @property
    def remaining(self) -> int:
        """Cards not yet dealt."""
        return len(self.cards) - self.position

    @property
    def dealt(self) -> tuple[Card, ...]:
        """The cards dealt so far, in order."""
        return self.cards[: self.position]

    @property
    def needs_shuffle(self) -> bool:
        """True once the cut card has come out (never for a stacked shoe)."""
        return not self.stacked and self.position >= self.cut

    @property
    def on_table(self) -> tuple[Card, ...]:
        """The cards dealt in the current round (carried over a mid-round reshuffle
        included); () for a shoe not dealing a round."""
        if self.round_start is None:
            return ()
        return (*self.carried, *self.cards[self.round_start : self.position])

    @property
    def reshuffled_in_round(self) -> bool:
        """True when the shoe ran out in the current round and the discards were shuffled."""
        return bool(self.carried)

    def start_round(self) -> Shoe:
        """This shoe with a round starting at the next card: every card dealt so far is a
        discard (``reshuffle_discards`` may shuffle them back in if the round runs out)."""
        return replace(self, round_start=self.position, carried=())

    def draw(self, rng: Any = None) -> tuple[Card, Shoe]:
        """The next card and the shoe without it.

        An empty shoe dealing a round first reshuffles (``reshuffle_discards``, with ``rng``,
        default a CSPRNG). Raises ShoeExhaustedError when the shoe is empty and not dealing a
        round, or a scripted shoe is empty with no discards (a script too short)."""
        shoe = self
        if shoe.position >= len(shoe.cards):
            shoe = shoe.reshuffle_discards(rng)
        return shoe.cards[shoe.position], replace(shoe, position=shoe.position + 1)

    def reshuffle_discards(self, rng: Any = None) -> Shoe:
        """The new shoe of an empty shoe in the middle of a round: its discards (the cards
        dealt before ``round_start``) shuffled with ``rng`` (default a CSPRNG); the cards on
        the table stay out and are remembered in ``carried``. The new shoe's cut card is at
        its start, so the table shuffles a whole new shoe before the next round.

        Without discards (the round began the shoe and took every card: a real shoe only),
        the dealer opens new decks: ``decks`` decks less the cards on the table, or whole
        new decks when the table holds them all. Raises ShoeExhaustedError for a shoe not
        dealing a round, and for a scripted shoe with no discards."""
        if self.round_start is None:
            raise ShoeExhaustedError(Reason.SHOE_EXHAUSTED, "the shoe has no cards left")
        rng = rng or secrets.SystemRandom()
        on_table = self.on_table
        pool = list(self.cards[: self.round_start])
        if not pool:
            if self.stacked:
                raise ShoeExhaustedError(
                    Reason.SHOE_EXHAUSTED, "the scripted shoe has no cards left"
                )
            new_decks = standard_deck() * max(self.decks, 1)
            pool = list((Counter(new_decks) - Counter(on_table)).elements()) or new_decks
        rng.shuffle(pool)
        return Shoe(
            cards=tuple(pool),
            position=0,
            cut=0,
            stacked=False,
            decks=self.decks,
            round_start=0,
            carried=on_table,
        )

    def to_json(self, *, with_cards: bool = True) -> dict[str, Any]:
        """A JSON-ready dict; ``Shoe.from_json`` reverses it. ``round_start`` and ``carried``
        are written only when set (a shoe dealing a round). ``with_cards`` False leaves out
        ``cards`` (for a state that holds them elsewhere: casino_game.py)."""
        data: dict[str, Any] = (
            {"cards": "".join([c.code for c in self.cards])} if with_cards else {}
        )
        data.update(position=self.position, cut=self.cut, stacked=self.stacked, decks=self.decks)
        if self.round_start is not None:
            data["round_start"] = self.round_start
        if self.carried:
            data["carried"] = "".join([c.code for c in self.carried])
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Shoe:
        """Rebuild a shoe from ``to_json`` output. Raises CardParseError or KeyError."""
        round_start = data.get("round_start")  # absent in shoes stored before it existed
        return cls(
            cards=_parse_codes(data["cards"]),
            position=int(data["position"]),
            cut=int(data["cut"]),
            stacked=bool(data["stacked"]),
            decks=int(data.get("decks", 0)),
            round_start=None if round_start is None else int(round_start),
            carried=_parse_codes(data.get("carried", "")),
        )


@functools.lru_cache(maxsize=1024)
def _parse_codes(codes: str) -> tuple[Card, ...]:
    """Cards from their codes written one after another ("QHTS5C"). The shoes met lately
    are kept per process (each table action reads its table's shoe again; a tuple of cards
    is a value)."""
    return tuple(
        _BY_CODE.get(codes[i : i + 2]) or Card.parse(codes[i : i + 2])
        for i in range(0, len(codes), 2)
    )
