"""Card counting systems as data, and the arithmetic of the running and the true count.

A counting system gives every card a tag; a player adds the tags of the cards as they are
turned face up (the running count, from the system's initial running count after the
shuffle) and, for a balanced system, divides by the decks not yet dealt (the true count):
the true count says how rich in high cards the rest of the shoe is, whatever its size.

- ``SYSTEMS``: the systems by name (``SYSTEMS["hilo"]``), ``find_system(name)``.
- ``CountingSystem.tag(card)``: a card's tag (a Fraction: Wong Halves has half points);
  ``tags_by_value()``: for each value 1..10, the tags of its cards with their shares (Red 7
  counts red and black sevens apart).
- ``running_count(system, cards, decks=)``, ``decks_remaining(decks, cards_seen)``,
  ``true_count(running, decks_remaining)`` and ``floored_true_count`` (the integer a player
  says and plays by: rounded down, never "-0").

The tags are the authors' (sources per system below): Hi-Lo (Harvey Dubner 1963, as in
Stanford Wong, Professional Blackjack, and Don Schlesinger, Blackjack Attack), KO (Vancura
and Fuchs, Knock-Out Blackjack, 1998), Hi-Opt I (Einstein, Humble and Cooper, The World's
Greatest Blackjack Book, 1980), Hi-Opt II (Lance Humble), Omega II (Bryce Carlson, Blackjack
for Blood, 1992), Zen (Arnold Snyder, Blackbelt in Blackjack, 1983), Wong Halves (Stanford
Wong, Professional Blackjack), Red 7 (Arnold Snyder, Blackbelt in Blackjack). Each
balanced system's tags sum to 0 over a deck; KO's to +4 and Red 7's to +2 a deck
(``deck_sum``).

Rounding. The true count is rounded down to an integer (floored: +2.9 is +2, -0.3 is -1),
the convention under which Blackjack Attack's Hi-Lo indices (the Illustrious 18 and the Fab
4) were simulated, and the one the indices computed by game/engine/strategy/indices.py are
stated for: a deviation with index i is played when the floored true count is i or more.
An unbalanced system (KO, Red 7) is played by its running count from its initial running
count, with no division (``key_count``, ``pivot``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from game.engine.cards import Card, Rank
from game.engine.errors import EngineError, Reason

CARDS_PER_DECK: Final = 52


class CountingError(EngineError, ValueError):
    """An unknown counting system, a count asked of no cards left, or a system that cannot
    do what is asked (a true count of an unbalanced system): COUNTING, the message says
    which."""


def _tags(**by_rank: float) -> Mapping[str, Fraction]:
    """Tags by rank letter ("A", "2".."9", "T"); the ten, jack, queen and king share "T"."""
    return MappingProxyType(
        {rank: Fraction(tag).limit_denominator(2) for rank, tag in by_rank.items()}
    )


@dataclass(frozen=True, slots=True)
class CountingSystem:
    """One counting system.

    - ``name``: the registry key ("hilo"); ``label``: how the field writes it ("Hi-Lo").
    - ``tags``: the tag of each rank ("A", "2".."9", "T" for every ten-value card).
    - ``red_seven``: the tag of a red seven when it differs from ``tags["7"]`` (Red 7 only).
    - ``level``: the largest tag in absolute value, rounded up (Wong Halves: 2, as its half
      points are often doubled to whole ones).
    - ``balanced``: the tags of a deck sum to 0, so a true count is the running count over
      the decks left; an unbalanced system starts from ``initial_running_count`` instead.
    - ``source``: the book the tags are from.
    """

    name: str
    label: str
    tags: Mapping[str, Fraction]
    level: int
    source: str
    red_seven: Fraction | None = None
    # KO's pivot (+4: at that running count the edge is that of a true count of about +4)
    # and Red 7's (0, about +2 true).
    pivot: int | None = None
    ranks: tuple[str, ...] = field(default=("A", "2", "3", "4", "5", "6", "7", "8", "9", "T"))

    @property
    def balanced(self) -> bool:
        """Whether a full deck's tags sum to 0."""
        return self.deck_sum == 0

    @property
    def deck_sum(self) -> Fraction:
        """The tags of one 52-card deck added up (0 for a balanced system, +4 for KO)."""
        total = sum((self.tags[r] * (16 if r == "T" else 4) for r in self.ranks), Fraction(0))
        if self.red_seven is not None:
            total += 2 * (self.red_seven - self.tags["7"])
        return total

    @property
    def all_tags(self) -> tuple[Fraction, ...]:
        """Every tag a card can have: one a rank, and a red seven's when it differs."""
        extra = () if self.red_seven is None else (self.red_seven,)
        return (*(Fraction(self.tags[r]) for r in self.ranks), *extra)

    @property
    def whole(self) -> bool:
        """Whether every tag is a whole number (all but Wong Halves): no count has a half."""
        return all(t.denominator == 1 for t in self.all_tags)

    @property
    def largest_tag(self) -> Fraction:
        """The largest tag in absolute value: ``n`` cards move a count by at most ``n``
        times it."""
        return max(abs(t) for t in self.all_tags)

    def tag(self, card: Card) -> Fraction:
        """The tag of ``card``; a red seven's is ``red_seven`` when the system has one."""
        if card.rank is Rank.SEVEN and self.red_seven is not None and card.suit.is_red:
            return self.red_seven
        letter = "T" if card.points == 10 else card.rank.value
        return self.tags[letter]

    def tags_by_value(self) -> tuple[tuple[tuple[Fraction, Fraction], ...], ...]:
        """For each card value 1..10 (index ``value - 1``, as a composition), its cards'
        tags as (share of the value's cards, tag) pairs: one pair a value, two for the
        sevens of Red 7 (half red, half black)."""
        out: list[tuple[tuple[Fraction, Fraction], ...]] = []
        for rank in self.ranks:
            if rank == "7" and self.red_seven is not None:
                out.append(((Fraction(1, 2), self.red_seven), (Fraction(1, 2), self.tags["7"])))
            else:
                out.append(((Fraction(1), self.tags[rank]),))
        return tuple(out)

    def initial_running_count(self, decks: int) -> int:
        """The running count right after the shuffle: 0 for a balanced system; KO's
        4 - 4 x decks (so its pivot is +4 in any shoe: Knock-Out Blackjack, ch. 5) and Red
        7's -2 x decks (Blackbelt in Blackjack: the count reaches 0 at about +2 true)."""
        if self.balanced:
            return 0
        if self.name == "ko":
            return 4 - 4 * decks
        return -int(self.deck_sum) * decks

    def key_count(self, decks: int) -> int | None:
        """KO's key count, the running count from which the edge turns to the player
        (Knock-Out Blackjack's table: +2 for 1 deck, +1 for 2, -4 for 6, -6 for 8 decks);
        None for the decks the book gives none for and for every other system."""
        if self.name != "ko":
            return None
        return {1: 2, 2: 1, 6: -4, 8: -6}.get(decks)


def _system(
    name: str, label: str, source: str, level: int, tags: Mapping[str, Fraction], **kw: object
) -> CountingSystem:
    return CountingSystem(name=name, label=label, tags=tags, level=level, source=source, **kw)  # type: ignore[arg-type]


SYSTEMS: Final[Mapping[str, CountingSystem]] = MappingProxyType(
    {
        s.name: s
        for s in (
            _system(
                "hilo",
                "Hi-Lo",
                "Wong, Professional Blackjack; Schlesinger, Blackjack Attack",
                1,
                _tags(
                    A=-1, **{"2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 0, "8": 0, "9": 0}, T=-1
                ),
            ),
            _system(
                "ko",
                "KO",
                "Vancura and Fuchs, Knock-Out Blackjack",
                1,
                _tags(
                    A=-1, **{"2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 0, "9": 0}, T=-1
                ),
                pivot=4,
            ),
            _system(
                "hiopt1",
                "Hi-Opt I",
                "Einstein, Humble and Cooper, The World's Greatest Blackjack Book",
                1,
                _tags(
                    A=0, **{"2": 0, "3": 1, "4": 1, "5": 1, "6": 1, "7": 0, "8": 0, "9": 0}, T=-1
                ),
            ),
            _system(
                "hiopt2",
                "Hi-Opt II",
                "Humble and Cooper, The World's Greatest Blackjack Book",
                2,
                _tags(
                    A=0, **{"2": 1, "3": 1, "4": 2, "5": 2, "6": 1, "7": 1, "8": 0, "9": 0}, T=-2
                ),
            ),
            _system(
                "omega2",
                "Omega II",
                "Carlson, Blackjack for Blood",
                2,
                _tags(
                    A=0, **{"2": 1, "3": 1, "4": 2, "5": 2, "6": 2, "7": 1, "8": 0, "9": -1}, T=-2
                ),
            ),
            _system(
                "zen",
                "Zen",
                "Snyder, Blackbelt in Blackjack",
                2,
                _tags(
                    A=-1, **{"2": 1, "3": 1, "4": 2, "5": 2, "6": 2, "7": 1, "8": 0, "9": 0}, T=-2
                ),
            ),
            _system(
                "halves",
                "Wong Halves",
                "Wong, Professional Blackjack",
                2,
                _tags(
                    A=-1,
                    **{"2": 0.5, "3": 1, "4": 1, "5": 1.5, "6": 1, "7": 0.5, "8": 0, "9": -0.5},
                    T=-1,
                ),
            ),
            _system(
                "red7",
                "Red 7",
                "Snyder, Blackbelt in Blackjack",
                1,
                _tags(
                    A=-1, **{"2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 0, "8": 0, "9": 0}, T=-1
                ),
                red_seven=Fraction(1),
                pivot=0,
            ),
        )
    }
)
"""The counting systems by name; Hi-Lo is the default everywhere."""

DEFAULT_SYSTEM: Final = "hilo"


def find_system(name: str) -> CountingSystem:
    """The system called ``name`` ("hilo", "ko", ...). Raises CountingError naming the
    systems there are."""
    try:
        return SYSTEMS[name]
    except KeyError:
        raise CountingError(
            Reason.COUNTING,
            f"no counting system {name!r}: choose one of {', '.join(SYSTEMS)}",
        ) from None


def running_count(system: CountingSystem, cards: Iterable[Card], *, decks: int) -> Fraction:
    """The running count after ``cards`` were seen from a shoe of ``decks`` decks: the
    system's initial running count plus every card's tag."""
    return system.initial_running_count(decks) + sum((system.tag(c) for c in cards), Fraction(0))


def decks_remaining(decks: int, cards_seen: int) -> Fraction:
    """The decks not yet dealt, exactly: (52 x ``decks`` - ``cards_seen``) / 52. A player
    estimates it from the discard tray (to the half deck, or the quarter at one or two
    decks). Raises CountingError when no card is left (or more were seen than the shoe
    holds)."""
    left = CARDS_PER_DECK * decks - cards_seen
    if cards_seen < 0 or left <= 0:
        raise CountingError(
            Reason.COUNTING,
            f"{cards_seen} cards seen leave no card of {decks} deck(s) to count against",
        )
    return Fraction(left, CARDS_PER_DECK)


def true_count(running: Fraction | int, remaining: Fraction | float) -> Fraction:
    """The running count per deck left: ``running`` / ``remaining`` (a Fraction, not yet
    rounded). Raises CountingError for no decks left."""
    if remaining <= 0:
        raise CountingError(Reason.COUNTING, "the true count needs some cards left")
    return Fraction(running) / Fraction(remaining)


def floored_true_count(running: Fraction | int, remaining: Fraction | float) -> int:
    """The true count a player plays by: ``true_count`` rounded down to an integer (+2.9 is
    +2, -0.3 is -1; an int, so never "-0"). Blackjack Attack's convention (module
    docstring)."""
    return math.floor(true_count(running, remaining))


def parse_count(text: str) -> Fraction | None:
    """A count as a person types it: "+3", "3", "-2", "- 2", "\u22122" (a typographic minus),
    "0", "-0" (0), "1.5" or "1,5" (Wong Halves); None for anything else (blank, words,
    spaces between digits, a count past 10,000 either way, or finer than a half)."""
    cleaned = text.strip().replace("\u2212", "-").replace(",", ".")
    if not _COUNT_TEXT.fullmatch(cleaned):
        return None
    cleaned = cleaned.replace(" ", "")
    value = Fraction(cleaned)
    if abs(value) > 10_000 or (2 * value).denominator != 1:
        return None
    return value


# A sign (a space may follow it), digits, and a decimal part: no exponent, fraction bar,
# word ("nan") or space between the digits ("1 0" is no count).
_COUNT_TEXT = re.compile(r"[+-]? ?\d{1,6}(\.\d{1,2})?")


def signed(count: int | Fraction) -> str:
    """A count as players say it: "+2", "0", "-1", "+1.5" (never "-0" or "+0")."""
    if count == 0:
        return "0"
    text = str(count) if Fraction(count).denominator == 1 else f"{float(count):g}"
    return f"+{text}" if count > 0 else text


__all__ = [
    "CARDS_PER_DECK",
    "DEFAULT_SYSTEM",
    "SYSTEMS",
    "CountingError",
    "CountingSystem",
    "decks_remaining",
    "find_system",
    "floored_true_count",
    "parse_count",
    "running_count",
    "signed",
    "true_count",
]
