"""The historical Russian banker game "Двадцать одно" (seed 003, VARIANTS.md table 4).

A different game from casino blackjack, so a state machine of its own rather than options
of ``round.py``: there is no dealer, one of the seats holds the bank and plays against every
other seat (the punters); the bank rotates after each talia (one pass through the shoe).

Values, as in ``round.py``: a deal is a frozen ``BankerDeal``; ``apply(deal, action)``
returns the next deal and never changes the one it was given; ``legal_actions(deal)`` is the
single source of truth for what the seat to act may do; both serialize to JSON. The talia
level is a frozen ``BankerTable`` (seats, banker seat, shoe, stake limits, running nets).

Money: stakes and nets are exact ``Fraction`` chips. Every payout is a transfer between one
punter and the banker, so the nets of a settled deal sum to exactly 0.

Readings of the seed's 21 rules (a rule number in brackets wherever it is applied below):

- [1] "any number of players": a table seats 2..7 (``MIN_SEATS``..``MAX_SEATS``), a product
  limit of the table layout.
- [2] two full decks shuffled together: 104 cards from ``Shoe.shuffled(2, 1.0, rng)``, the
  CSPRNG by default; penetration 1.0 because the whole shoe is one talia.
- [2, 20] "the banker finishes the talia, i.e. plays all the cards of both decks": a deal
  starts only when the shoe still holds the worst case of a deal, ``seats * 5`` cards (two
  dealt and three drawn per seat, [9]); otherwise the talia is over. So a deal never runs
  out of cards in the middle, and no card comes out twice within a talia; the last few cards
  (fewer than ``seats * 5``) are not played. Simpler than finishing a deal from a reshuffle,
  and it keeps "one pass through the shoe" exact.
- [3, 20] after the talia the bank passes to the next seat on the left: seat ``(banker + 1)
  % seats``. [21] the cards are reshuffled; the cut by the punter on the right (seat
  ``(banker - 1) % seats``, ``BankerTable.cutter``) is ceremonial with a CSPRNG shuffle and
  not modelled.
- [4, 15] the banker deals two cards to every seat, himself included: one card at a time,
  starting with the seat on the banker's left (``banker + 1``), the banker last, twice round.
  Drawing goes in the same order: the punters from the banker's left, the banker last.
- [5] every punter stakes what he likes, within the table's ``min_stake``..``max_stake``.
- [7] the banker looks first: with "условное 21 очко", read as a two-card 21 (an ace and a
  ten-value card; two aces are *not* a natural here, the seed does not say so: A+A is soft
  12), he shows it at once, the deal ends and he takes every stake, a punter's natural
  included (the seed says "all stakes": read literally).
- [8, 9] punters and banker may draw, at most three cards each. A hand that drew three cards
  must still stand (the table shows only "stand"); "draw" is refused with code
  ``max_draws``. A hand at 21 is not offered a draw (code ``at_21``; product decision: a
  card can only lower or bust it). A two-card 21 (a natural) stands by itself.
- [14] an ace counts 1 or 11, whichever the holder likes: the best total (hands.py); no
  total ever prefers the lower count.
- [18] a hand that draws past 21 is bust; its cards are turned face up at once, but the stake
  is settled with the others because of [19].
- Settlement of each punter against the banker, first matching line wins:
  1. banker natural [7]: the punter loses the stake (the deal ended after the deal).
  2. punter bust: if the banker is bust too, push ([19], read with VARIANTS.md as "both
     overdraw": the literal "if both draw nobody wins" would void nearly every deal);
     otherwise the punter loses the stake [18].
  3. punter natural [13, 16]: paid twice the stake, 2:1, against any banker total,
     a banker's 21 made by drawing [16] and a bust banker included. Paid once: [20] does not
     stack on [13] (2:1, never 4:1).
  4. banker bust [20], read with VARIANTS.md as "a banker who overdraws": the punter who
     stood (did not bust) is paid twice the stake, 2:1.
  5. totals [10, 11, 12]: higher than the banker wins even money ([11]'s "the banker wins
     the same sum" read as "pays", a misprint), lower loses the stake, equal pushes.
  The banker's net is minus the sum of the punters' nets.
- [17] "do not draw on 16..20" is advice, not a rule: nothing enforces it; the punter AI
  (``choose_action``) follows it and stands on 16 or more.
- Visibility (product decision; the seed is silent): each seat sees its own cards. The two
  dealt cards of every other seat are face down; cards drawn are dealt face up; a bust hand
  is turned face up at once [18]; a banker natural is shown at once [7]; everything is shown
  once the deal is settled (a punter's natural is shown then). A natural stands by itself,
  so the others learn only that the seat drew nothing.
- Every punter bust (product decision): the deal is settled without asking the banker,
  human or AI; a bust punter loses whatever the banker holds unless the banker busts too
  [18, 19], so standing is the banker's only sensible answer and nothing is left to decide.
- AI and autoplay (VARIANTS.md, product decision): the banker draws while under 17 and fewer
  than 3 cards drawn; the punter draws while under 16 (seed [17]) and fewer than 3 drawn.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Any

from game.engine.cards import Card, CardParseError, Shoe, ShoeExhaustedError
from game.engine.errors import EngineError, Reason
from game.engine.hands import HandValue, hand_value, is_natural
from game.engine.legality import Refusal
from game.engine.money import money
from game.engine.round import IllegalActionError, InvalidBetError

VARIANT = "dvadtsat-odno"
DECKS = 2  # seed rule 2
MAX_DRAWS = 3  # seed rule 9
MIN_SEATS = 2
MAX_SEATS = 7
CARDS_PER_SEAT_WORST_CASE = 2 + MAX_DRAWS  # two dealt [4] and three drawn [9]
NATURAL_PAYS = Fraction(2)  # seed rules 13, 16
BANKER_BUST_PAYS = Fraction(2)  # seed rule 20
BANKER_STANDS_ON = 17  # VARIANTS.md table 4: product decision
PUNTER_STANDS_ON = 16  # seed rule 17: 16..20 are "close to 21", do not draw

# Stakes by seat: ints from the engine, strings from JSON and forms.
type Stakes = Mapping[int, Any] | Mapping[str, Any]


class BankerAction(StrEnum):
    """A decision of the seat to act; the value is what forms post and the database stores."""

    DRAW = "draw"
    STAND = "stand"


class Role(StrEnum):
    """Who a seat is in this deal: the banker or a punter (seed rule 3)."""

    BANKER = "banker"
    PUNTER = "punter"


class DealPhase(StrEnum):
    """Where a deal is: punters deciding, the banker deciding, or settled."""

    PUNTERS = "punters"
    BANKER = "banker"
    SETTLED = "settled"


class BankerOutcome(StrEnum):
    """How a punter's stake was settled; ``rule`` names the seed rules that decided it."""

    BANKER_NATURAL = "banker_natural"
    BOTH_BUST = "both_bust"
    BUST = "bust"
    NATURAL = "natural"
    BANKER_BUST = "banker_bust"
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"

    @property
    def rule(self) -> str:
        """The seed 003 rule numbers behind this outcome, e.g. "13, 16"."""
        return _OUTCOME_RULES[self]


_OUTCOME_RULES = {
    BankerOutcome.BANKER_NATURAL: "7",
    BankerOutcome.BOTH_BUST: "19",
    BankerOutcome.BUST: "18",
    BankerOutcome.NATURAL: "13, 16",
    BankerOutcome.BANKER_BUST: "20",
    BankerOutcome.WIN: "11",
    BankerOutcome.LOSE: "10",
    BankerOutcome.PUSH: "12",
}


class InvalidStakeError(InvalidBetError):
    """Stakes that do not fit the deal [5]: a stake missing from a punter (BET_MISSING), a
    stake for no punter's seat (STAKE_SEAT: the banker's, or no seat of the table), an amount
    that is not a positive number of chips (BET_AMOUNT) or is outside the table's limits
    (STAKE_LIMITS)."""


class InvalidTableError(EngineError, ValueError):
    """A table that cannot be: a seat count outside 2..7, a banker seat out of range, bad
    stake limits, or a deal recorded on a table it was not dealt from (INVALID_TABLE: only
    code that builds tables meets it)."""


class TaliaOverError(EngineError, ValueError):
    """The shoe holds fewer cards than the worst case of a deal: the talia is over and the
    bank must pass on (``end_of_talia``) before the next deal (seed rules 2, 20;
    TALIA_OVER)."""


# -- hands -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SeatHand:
    """One seat's hand in a deal.

    - ``seat``: the seat number, 0..seats-1; ``role``: banker or punter.
    - ``cards``: the hand in the order dealt; ``cards[:2]`` dealt [4], the rest drawn [8].
    - ``stake``: chips the punter risks [5]; 0 for the banker.
    - ``stood``: the seat chose to stand.
    - ``outcome``/``net``: set at settlement (the banker's outcome stays None); ``net`` in
      chips, positive when the seat gained.
    """

    seat: int
    role: Role
    cards: tuple[Card, ...]
    stake: Fraction = Fraction(0)
    stood: bool = False
    outcome: BankerOutcome | None = None
    net: Fraction | None = None

    @property
    def value(self) -> HandValue:
        """Best total (an ace 1 or 11, seed rule 14) and softness."""
        return hand_value(self.cards)

    @property
    def total(self) -> int:
        """The best total."""
        return self.value.total

    @property
    def drawn(self) -> int:
        """Cards drawn after the deal, 0..3 (seed rule 9)."""
        return len(self.cards) - 2

    @property
    def is_natural(self) -> bool:
        """21 in the two dealt cards: an ace and a ten-value card (seed rules 7, 13)."""
        return is_natural(self.cards)

    @property
    def is_bust(self) -> bool:
        """Drawn past 21 (seed rule 18)."""
        return self.total > 21

    @property
    def done(self) -> bool:
        """No more decisions: stood, bust, or a natural (which stands by itself)."""
        return self.stood or self.is_bust or self.is_natural

    @property
    def is_banker(self) -> bool:
        """True for the seat holding the bank."""
        return self.role is Role.BANKER


# -- the deal --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BankerDeal:
    """One deal between the banker and the punters.

    - ``hands``: one ``SeatHand`` per seat, indexed by seat number.
    - ``banker``: the seat holding the bank.
    - ``shoe``: the shoe dealt from; it goes back to the table after the deal.
    - ``to_act``: the seat whose decision is awaited, None once settled.
    - ``phase``: punters deciding, the banker deciding, or settled.
    """

    hands: tuple[SeatHand, ...]
    banker: int
    shoe: Shoe
    to_act: int | None = None
    phase: DealPhase = DealPhase.PUNTERS

    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return len(self.hands)

    @property
    def order(self) -> tuple[int, ...]:
        """Deal and draw order: from the banker's left, the banker last (seed rules 4, 15)."""
        return deal_order(self.seats, self.banker)

    @property
    def banker_hand(self) -> SeatHand:
        """The banker's hand."""
        return self.hands[self.banker]

    @property
    def punters(self) -> tuple[SeatHand, ...]:
        """The punters' hands in deal order."""
        return tuple(self.hands[s] for s in self.order[:-1])

    @property
    def is_over(self) -> bool:
        """True once every stake is settled."""
        return self.phase is DealPhase.SETTLED

    @property
    def nets(self) -> tuple[Fraction, ...]:
        """Each seat's net in chips, by seat number (zeros before settlement)."""
        return tuple(h.net or Fraction(0) for h in self.hands)

    @property
    def net_sum(self) -> Fraction:
        """Sum of the seats' nets: exactly 0 (chips only move between seats)."""
        return sum(self.nets, Fraction(0))

    @property
    def cards_dealt(self) -> tuple[Card, ...]:
        """Every card on the table in this deal."""
        return tuple(c for h in self.hands for c in h.cards)

    def legal_actions(self) -> tuple[BankerAction, ...]:
        """Same as ``legal_actions(self)``."""
        return legal_actions(self)

    def apply(self, action: BankerAction | str, *, seat: int | None = None) -> BankerDeal:
        """Same as ``apply(self, action, seat=seat)``."""
        return apply(self, action, seat=seat)

    def visible_cards(self, seat: int, viewer: int) -> tuple[Card, ...]:
        """The cards of ``seat`` that ``viewer`` may see.

        A seat sees all its own cards. Of another seat it sees the drawn cards (dealt face
        up); the two dealt cards only once the hand is bust [18], the banker shows a
        natural [7], or the deal is settled. Raises IndexError for a seat out of range.
        """
        hand = self.hands[seat]
        if viewer == seat or self.is_over or hand.is_bust:
            return hand.cards
        return hand.cards[2:]

    def observe(self, seat: int) -> BankerObservation:
        """Same as ``observe(self, seat)``."""
        return observe(self, seat)

    # -- serialization -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict holding everything, hidden cards and shoe included (server
        only; a seat gets ``observe``). ``BankerDeal.from_json`` reverses it."""
        return {
            "variant": VARIANT,
            "banker": self.banker,
            "to_act": self.to_act,
            "phase": self.phase.value,
            "hands": [_hand_to_json(h) for h in self.hands],
            "shoe": self.shoe.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BankerDeal:
        """Rebuild a deal from ``to_json`` output. Raises KeyError/ValueError on bad data."""
        return cls(
            hands=tuple(_hand_from_json(h) for h in data["hands"]),
            banker=int(data["banker"]),
            shoe=Shoe.from_json(data["shoe"]),
            to_act=None if data["to_act"] is None else int(data["to_act"]),
            phase=DealPhase(data["phase"]),
        )


def _hand_to_json(hand: SeatHand) -> dict[str, Any]:
    return {
        "seat": hand.seat,
        "role": hand.role.value,
        "cards": [c.code for c in hand.cards],
        "stake": str(hand.stake),
        "stood": hand.stood,
        "outcome": hand.outcome.value if hand.outcome else None,
        "net": None if hand.net is None else str(hand.net),
    }


def _hand_from_json(data: dict[str, Any]) -> SeatHand:
    return SeatHand(
        seat=int(data["seat"]),
        role=Role(data["role"]),
        cards=tuple(Card.parse(c) for c in data["cards"]),
        stake=Fraction(data["stake"]),
        stood=bool(data["stood"]),
        outcome=BankerOutcome(data["outcome"]) if data["outcome"] else None,
        net=None if data["net"] is None else Fraction(data["net"]),
    )


def deal_order(seats: int, banker: int) -> tuple[int, ...]:
    """Seat numbers in deal order: the banker's left (``banker + 1``) first, the banker last
    (seed rules 4, 15). ``deal_order(4, 1) == (2, 3, 0, 1)``."""
    return tuple((banker + 1 + i) % seats for i in range(seats))


# -- the table and the talia -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BankerTable:
    """The talia-level state between deals.

    - ``seats``: 2..7 seats, numbered 0..seats-1 [1].
    - ``banker``: the seat holding the bank in this talia [3].
    - ``shoe``: the talia's two decks [2]; deals take cards from it in turn.
    - ``min_stake``/``max_stake``: the stake limits in chips [5]; ``max_stake`` None is no
      upper limit.
    - ``talia``: the number of the talia being played, from 1; ``deals``: deals finished in
      it.
    - ``nets``: each seat's running net in chips since the table opened (sums to 0).

    Raises InvalidTableError for a seat count, banker seat or limits out of range.
    """

    seats: int
    banker: int
    shoe: Shoe
    min_stake: Fraction = Fraction(1)
    max_stake: Fraction | None = None
    talia: int = 1
    deals: int = 0
    nets: tuple[Fraction, ...] = field(default=())

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise InvalidTableError(
                Reason.INVALID_TABLE, f"a table seats {MIN_SEATS} to {MAX_SEATS} players"
            )
        if not 0 <= self.banker < self.seats:
            raise InvalidTableError(
                Reason.INVALID_TABLE, f"the banker's seat must be 0..{self.seats - 1}"
            )
        if self.min_stake <= 0:
            raise InvalidTableError(
                Reason.INVALID_TABLE, "the minimum stake must be more than zero"
            )
        if self.max_stake is not None and self.max_stake < self.min_stake:
            raise InvalidTableError(
                Reason.INVALID_TABLE, "the maximum stake must be at least the minimum"
            )
        if not self.nets:
            object.__setattr__(self, "nets", (Fraction(0),) * self.seats)
        elif len(self.nets) != self.seats:
            raise InvalidTableError(
                Reason.INVALID_TABLE, "the table needs one running net per seat"
            )

    @property
    def cutter(self) -> int:
        """The punter on the banker's right, offered the cut after the shuffle [21]."""
        return (self.banker - 1) % self.seats

    @property
    def cards_needed(self) -> int:
        """Cards the worst case of one deal takes: ``seats * 5`` [4, 9]."""
        return self.seats * CARDS_PER_SEAT_WORST_CASE

    @property
    def talia_over(self) -> bool:
        """True when the shoe cannot hold a whole deal: the bank passes on [2, 20]."""
        return self.shoe.remaining < self.cards_needed

    @property
    def punter_seats(self) -> tuple[int, ...]:
        """The punters' seats in deal order."""
        return deal_order(self.seats, self.banker)[:-1]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; ``BankerTable.from_json`` reverses it."""
        return {
            "variant": VARIANT,
            "seats": self.seats,
            "banker": self.banker,
            "shoe": self.shoe.to_json(),
            "min_stake": str(self.min_stake),
            "max_stake": None if self.max_stake is None else str(self.max_stake),
            "talia": self.talia,
            "deals": self.deals,
            "nets": [str(n) for n in self.nets],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BankerTable:
        """Rebuild a table from ``to_json`` output. Raises KeyError/ValueError on bad data."""
        return cls(
            seats=int(data["seats"]),
            banker=int(data["banker"]),
            shoe=Shoe.from_json(data["shoe"]),
            min_stake=Fraction(data["min_stake"]),
            max_stake=None if data["max_stake"] is None else Fraction(data["max_stake"]),
            talia=int(data["talia"]),
            deals=int(data["deals"]),
            nets=tuple(Fraction(n) for n in data["nets"]),
        )


def fresh_shoe(rng: Any = None) -> Shoe:
    """Two full decks, 104 cards, shuffled with ``rng`` (default the CSPRNG
    ``secrets.SystemRandom``), dealt to the end: penetration 1.0 [2, 21]."""
    return Shoe.shuffled(DECKS, penetration=1.0, rng=rng or secrets.SystemRandom())


def new_table(
    seats: int,
    banker: int = 0,
    *,
    rng: Any = None,
    shoe: Shoe | None = None,
    min_stake: Fraction | Decimal | int | str = 1,
    max_stake: Fraction | Decimal | int | str | None = None,
) -> BankerTable:
    """A table at the start of its first talia, with a freshly shuffled shoe (or ``shoe``,
    e.g. a stacked one for tests). Stake limits in chips.

    Raises InvalidTableError for seats outside 2..7, a banker seat out of range or bad limits.
    """
    return BankerTable(
        seats=seats,
        banker=banker,
        shoe=shoe if shoe is not None else fresh_shoe(rng),
        min_stake=Fraction(str(min_stake)),
        max_stake=None if max_stake is None else Fraction(str(max_stake)),
    )


def end_of_talia(table: BankerTable, *, rng: Any = None, shoe: Shoe | None = None) -> BankerTable:
    """The table after its talia: the bank passes to the seat on the left, ``(banker + 1) %
    seats`` [3, 20], and the cards are shuffled afresh [21] (``shoe`` replaces the shuffle,
    for tests). Running nets carry over; ``talia`` counts on and ``deals`` starts again."""
    return replace(
        table,
        banker=(table.banker + 1) % table.seats,
        shoe=shoe if shoe is not None else fresh_shoe(rng),
        talia=table.talia + 1,
        deals=0,
    )


def next_deal(table: BankerTable, stakes: Stakes) -> BankerDeal:
    """Start the table's next deal from its shoe: ``start_deal(table, stakes)``.

    Raises TaliaOverError when the shoe holds fewer than ``seats * 5`` cards (call
    ``end_of_talia`` first; ``record_deal`` does it by itself), and InvalidStakeError as
    ``start_deal``.
    """
    if table.talia_over:
        raise TaliaOverError(
            Reason.TALIA_OVER,
            f"only {table.shoe.remaining} cards are left, fewer than the {table.cards_needed}"
            " a deal may need: the talia is over and the bank passes on (seed 003, rule 20).",
        )
    return start_deal(table, stakes)


def record_deal(
    table: BankerTable, deal: BankerDeal, *, rng: Any = None, shoe: Shoe | None = None
) -> BankerTable:
    """The table after a settled deal: the deal's shoe, the seats' nets added, one more deal
    in the talia; when the shoe can no longer hold a deal, ``end_of_talia`` too (the bank
    passes left and the cards are reshuffled with ``rng``, or ``shoe`` is used) [2, 20, 21].

    Raises InvalidTableError for a deal not settled, or not dealt from this table's shoe
    with this banker.
    """
    if not deal.is_over:
        raise InvalidTableError(Reason.INVALID_TABLE, "the deal is not over yet")
    if (
        deal.seats != table.seats
        or deal.banker != table.banker
        or deal.shoe.cards != table.shoe.cards
        or deal.shoe.position < table.shoe.position
    ):
        raise InvalidTableError(Reason.INVALID_TABLE, "the deal was not dealt from this table")
    after = replace(
        table,
        shoe=deal.shoe,
        deals=table.deals + 1,
        nets=tuple(a + b for a, b in zip(table.nets, deal.nets, strict=True)),
    )
    return end_of_talia(after, rng=rng, shoe=shoe) if after.talia_over else after


def _parse_stakes(table: BankerTable, stakes: Stakes) -> dict[int, Fraction]:
    """Stakes by seat as Fractions, checked against the table [5]. Raises InvalidStakeError."""
    parsed: dict[int, Fraction] = {}
    for key, amount in stakes.items():
        try:
            seat = int(key)
        except (TypeError, ValueError):
            raise InvalidStakeError(Reason.STAKE_SEAT, f"{key!r} is not a seat number") from None
        if seat == table.banker:
            raise InvalidStakeError(
                Reason.STAKE_SEAT, f"seat {seat} holds the bank and does not stake"
            )
        if not 0 <= seat < table.seats:
            raise InvalidStakeError(Reason.STAKE_SEAT, f"there is no seat {seat}")
        if isinstance(amount, bool):
            raise InvalidStakeError(Reason.BET_AMOUNT, f"{amount!r} is not a number of chips")
        try:
            stake = Fraction(str(amount))
        except (ValueError, ZeroDivisionError):
            raise InvalidStakeError(
                Reason.BET_AMOUNT, f"{amount!r} is not a number of chips"
            ) from None
        if stake < table.min_stake:
            raise InvalidStakeError(
                Reason.STAKE_LIMITS,
                f"seat {seat}: the stake must be at least {money(table.min_stake)}",
            )
        if table.max_stake is not None and stake > table.max_stake:
            raise InvalidStakeError(
                Reason.STAKE_LIMITS,
                f"seat {seat}: the stake may be at most {money(table.max_stake)}",
            )
        parsed[seat] = stake
    missing = [s for s in table.punter_seats if s not in parsed]
    if missing:
        raise InvalidStakeError(
            Reason.BET_MISSING,
            "every punter stakes before the deal; no stake from seat "
            + ", ".join(str(s) for s in missing),
        )
    return parsed


def start_deal(table: BankerTable, stakes: Stakes, shoe: Shoe | None = None) -> BankerDeal:
    """Deal two cards to every seat and return the deal awaiting its first decision.

    ``stakes`` maps every punter's seat (int or "1") to chips (Fraction, int or "2.5"), none
    for the banker [5]. Cards come from ``shoe`` (default ``table.shoe``): one at a time from
    the banker's left, the banker last, twice round [4]. If the banker holds a natural he
    shows it and takes every stake: the deal comes back settled [7]. Punter naturals stand
    by themselves.

    Does not check the talia (see ``next_deal``). Raises InvalidStakeError for bad stakes
    and ShoeExhaustedError when a (stacked) shoe runs out.
    """
    staked = _parse_stakes(table, stakes)
    shoe = table.shoe if shoe is None else shoe
    order = deal_order(table.seats, table.banker)
    dealt: dict[int, list[Card]] = {s: [] for s in order}
    for _ in range(2):
        for seat in order:
            card, shoe = shoe.draw()
            dealt[seat].append(card)
    hands = tuple(
        SeatHand(
            seat=seat,
            role=Role.BANKER if seat == table.banker else Role.PUNTER,
            cards=tuple(dealt[seat]),
            stake=staked.get(seat, Fraction(0)),
        )
        for seat in range(table.seats)
    )
    deal = BankerDeal(hands=hands, banker=table.banker, shoe=shoe)
    if deal.banker_hand.is_natural:  # seed rule 7: the banker looks first
        return _settle(deal)
    return _advance(deal)


# -- legality and actions ----------------------------------------------------------------------
def legal_actions(deal: BankerDeal) -> tuple[BankerAction, ...]:
    """The actions the seat ``deal.to_act`` may take now, in BankerAction order; () once the
    deal is settled."""
    return tuple(a for a in BankerAction if _why_illegal(deal, a) is None)


def _why_illegal(deal: BankerDeal, action: BankerAction) -> Refusal | None:
    """None when ``action`` is legal for the seat to act, else the ``Refusal`` naming the
    rule that forbids it."""
    if deal.is_over or deal.to_act is None:
        return Refusal(Reason.DEAL_OVER, "The deal is over; the next deal starts with new stakes.")
    if action is BankerAction.STAND:
        return None
    hand = deal.hands[deal.to_act]
    if hand.drawn >= MAX_DRAWS:
        return Refusal(
            Reason.MAX_DRAWS,
            "A hand may draw at most three cards; stand now (seed 003, rule 9).",
        )
    if hand.total >= 21:
        return Refusal(
            Reason.AT_21, "Your total is 21: another card could only lower it or bust it."
        )
    return None


def apply(deal: BankerDeal, action: BankerAction | str, *, seat: int | None = None) -> BankerDeal:
    """The deal after the seat to act takes ``action``; ``deal`` itself is unchanged.

    Draw gives the seat the next card from the shoe (a hand past 21 is bust and done [18]);
    stand ends the seat's turn. Play passes in deal order [15]; after the banker's turn every
    stake is settled (see the module docstring for the order of the rules). ``seat``, when
    given, must be the seat to act (a form posted for another seat).

    Raises IllegalActionError with the ``reason`` UNKNOWN_ACTION, NOT_YOUR_TURN, DEAL_OVER,
    MAX_DRAWS [9] or AT_21, and ShoeExhaustedError when a stacked shoe runs out.
    """
    try:
        act = BankerAction(action)
    except ValueError:
        raise IllegalActionError(
            Reason.UNKNOWN_ACTION, f"{action!r} is not an action: draw or stand."
        ) from None
    if seat is not None and deal.to_act is not None and seat != deal.to_act:
        raise IllegalActionError(
            Reason.NOT_YOUR_TURN,
            f"It is seat {deal.to_act}'s turn, not seat {seat}'s: play goes in deal order,"
            " from the banker's left, the banker last (seed 003, rules 4 and 15).",
        )
    reason = _why_illegal(deal, act)
    if reason is not None:
        raise IllegalActionError(*reason)
    assert deal.to_act is not None
    hands = list(deal.hands)
    hand = hands[deal.to_act]
    shoe = deal.shoe
    if act is BankerAction.DRAW:
        card, shoe = shoe.draw()
        hands[deal.to_act] = replace(hand, cards=(*hand.cards, card))
    else:
        hands[deal.to_act] = replace(hand, stood=True)
    return _advance(replace(deal, hands=tuple(hands), shoe=shoe))


def _advance(deal: BankerDeal) -> BankerDeal:
    """Pass play to the first seat in deal order with a decision left, or settle. The
    banker is not asked once every punter is bust: each has lost his stake whatever the
    banker does (a draw could only turn that into a push [19]), so the deal is settled."""
    for seat in deal.order:
        if not deal.hands[seat].done:
            if seat == deal.banker and all(p.is_bust for p in deal.punters):
                break
            phase = DealPhase.BANKER if seat == deal.banker else DealPhase.PUNTERS
            return replace(deal, to_act=seat, phase=phase)
    return _settle(deal)


def settle_punter(punter: SeatHand, banker: SeatHand) -> tuple[BankerOutcome, Fraction]:
    """The outcome and net (chips, the punter's side) of one punter against the banker.

    First matching rule wins: banker natural takes the stake [7]; punter bust pushes when
    the banker is bust too [19], else loses [18]; punter natural is paid 2:1 [13, 16];
    banker bust pays a standing punter 2:1 [20]; else higher total wins even money [11],
    lower loses [10], equal pushes [12].
    """
    stake = punter.stake
    if banker.is_natural:
        return BankerOutcome.BANKER_NATURAL, -stake
    if punter.is_bust:
        if banker.is_bust:
            return BankerOutcome.BOTH_BUST, Fraction(0)
        return BankerOutcome.BUST, -stake
    if punter.is_natural:
        return BankerOutcome.NATURAL, stake * NATURAL_PAYS
    if banker.is_bust:
        return BankerOutcome.BANKER_BUST, stake * BANKER_BUST_PAYS
    if punter.total > banker.total:
        return BankerOutcome.WIN, stake
    if punter.total < banker.total:
        return BankerOutcome.LOSE, -stake
    return BankerOutcome.PUSH, Fraction(0)


def _settle(deal: BankerDeal) -> BankerDeal:
    """Settle every punter against the banker; the banker's net balances them exactly."""
    banker = deal.banker_hand
    hands = list(deal.hands)
    banker_net = Fraction(0)
    for seat in deal.order[:-1]:
        outcome, net = settle_punter(hands[seat], banker)
        hands[seat] = replace(hands[seat], outcome=outcome, net=net)
        banker_net -= net
    hands[deal.banker] = replace(banker, net=banker_net)
    return replace(deal, hands=tuple(hands), to_act=None, phase=DealPhase.SETTLED)


# -- what a seat may see ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SeatView:
    """Another seat as an observer sees it: no face-down card values.

    - ``visible``: the cards the observer may see (see ``BankerDeal.visible_cards``).
    - ``hidden``: how many of the seat's cards are face down.
    - ``stake``: chips on the table (0 for the banker); ``bust``: drawn past 21 (shown).
    - ``outcome``/``net``: after settlement, else None.
    """

    seat: int
    role: Role
    stake: Fraction
    visible: tuple[Card, ...]
    hidden: int
    bust: bool
    outcome: BankerOutcome | None = None
    net: Fraction | None = None


@dataclass(frozen=True, slots=True)
class BankerObservation:
    """What one seat may know of a deal; it holds no shoe and no face-down card of another.

    - ``seat``/``role``/``banker``: who is looking, as what, and the banker's seat.
    - ``cards``/``total``/``drawn``/``stake``: the seat's own hand (stake 0 for the banker).
    - ``others``: every other seat in seat order, as ``SeatView``.
    - ``to_act``/``phase``: whose turn it is; ``legal_actions``: this seat's choices, () when
      it is not its turn.
    - ``outcome``/``net``: the seat's result after settlement.
    """

    seat: int
    role: Role
    banker: int
    cards: tuple[Card, ...]
    total: int
    drawn: int
    stake: Fraction
    others: tuple[SeatView, ...]
    to_act: int | None
    phase: DealPhase
    legal_actions: tuple[BankerAction, ...]
    outcome: BankerOutcome | None = None
    net: Fraction | None = None


def observe(deal: BankerDeal, seat: int) -> BankerObservation:
    """The deal as ``seat`` may see it (the input of the AI and of the seat's page).

    Raises IndexError for a seat that is not at the table.
    """
    own = deal.hands[seat]
    others = []
    for hand in deal.hands:
        if hand.seat == seat:
            continue
        visible = deal.visible_cards(hand.seat, seat)
        others.append(
            SeatView(
                seat=hand.seat,
                role=hand.role,
                stake=hand.stake,
                visible=visible,
                hidden=len(hand.cards) - len(visible),
                bust=hand.is_bust,
                outcome=hand.outcome,
                net=hand.net,
            )
        )
    return BankerObservation(
        seat=seat,
        role=own.role,
        banker=deal.banker,
        cards=own.cards,
        total=own.total,
        drawn=own.drawn,
        stake=own.stake,
        others=tuple(others),
        to_act=deal.to_act,
        phase=deal.phase,
        legal_actions=legal_actions(deal) if deal.to_act == seat else (),
        outcome=own.outcome,
        net=own.net,
    )


# -- AI and autoplay -------------------------------------------------------------------------
def choose_action(
    obs: BankerObservation,
    *,
    punter_stands_on: int = PUNTER_STANDS_ON,
    banker_stands_on: int = BANKER_STANDS_ON,
) -> BankerAction:
    """The AI's decision for the observed seat: draw while the total is under the threshold
    and a draw is legal (fewer than 3 drawn [9], under 21), else stand.

    Thresholds: a punter stands on 16 (seed rule 17), the banker on 17 (VARIANTS.md table 4,
    a product decision). Raises ValueError when the seat has no decision to make.
    """
    if not obs.legal_actions:
        raise ValueError(f"seat {obs.seat} has no decision to make now")
    threshold = banker_stands_on if obs.role is Role.BANKER else punter_stands_on
    if BankerAction.DRAW in obs.legal_actions and obs.total < threshold:
        return BankerAction.DRAW
    return BankerAction.STAND


def autoplay(
    deal: BankerDeal,
    seats: Collection[int] | None = None,
    *,
    punter_stands_on: int = PUNTER_STANDS_ON,
    banker_stands_on: int = BANKER_STANDS_ON,
) -> BankerDeal:
    """Let the AI play while the seat to act is one of ``seats`` (every seat when None);
    returns the deal waiting on another seat, or settled. Each AI decision uses only that
    seat's ``observe`` view. Raises ShoeExhaustedError when a stacked shoe runs out."""
    while deal.to_act is not None and (seats is None or deal.to_act in seats):
        seat = deal.to_act
        action = choose_action(
            observe(deal, seat),
            punter_stands_on=punter_stands_on,
            banker_stands_on=banker_stands_on,
        )
        deal = apply(deal, action, seat=seat)
    return deal


# -- scripted deals ----------------------------------------------------------------------------
class BankerScenarioError(EngineError, ValueError):
    """A scripted deal that cannot be played: bad input, an illegal action, a short script
    (INVALID_SCENARIO; the message says which)."""


def play_banker_scenario(spec: dict[str, Any]) -> dict[str, Any]:
    """Play one scripted deal and report it (tests, scenario files).

    Input::

        {"variant": "dvadtsat-odno", "seats": 3, "banker": 0,
         "stakes": {"1": 10, "2": 5},
         "hands": {"0": ["T", "7"], "1": ["A", "K"], "2": ["9", "5"]},
         "draws": ["3"], "actions": [["2", "draw"], ["2", "stand"], ["0", "stand"]]}

    ``hands`` gives every seat's two dealt cards (they are stacked in deal order [4]);
    ``draws`` the cards drawn after the deal, in draw order; ``actions`` [seat, action]
    pairs in play order. Optional "min_stake"/"max_stake" (default 1 and none).

    Output: ``{"seats": [{"seat", "role", "cards", "total", "result", "net"}...],
    "net_sum": "0"}`` with cards as codes ("TS"), ``result`` the punter's BankerOutcome
    (None for the banker) and money as exact decimal strings; or ``{"error": "..."}`` naming
    the problem (an illegal action with its 1-based number, seat and the rule).
    """
    try:
        return _report(_play(spec))
    except BankerScenarioError as exc:
        return {"error": str(exc)}


def _play(spec: dict[str, Any]) -> BankerDeal:
    variant = spec.get("variant", VARIANT)
    if variant != VARIANT:
        raise BankerScenarioError(
            Reason.INVALID_SCENARIO, f"the banker game is {VARIANT!r}, not {variant!r}"
        )
    try:
        seats = int(spec["seats"])
        banker = int(spec.get("banker", 0))
        hands = {int(k): [Card.parse(c) for c in v] for k, v in spec["hands"].items()}
        draws = [Card.parse(c) for c in spec.get("draws", [])]
        actions = [(int(s), str(a)) for s, a in spec.get("actions", [])]
        stakes = dict(spec["stakes"])
        table = new_table(
            seats,
            banker,
            shoe=Shoe.stacked_from([]),
            min_stake=spec.get("min_stake", 1),
            max_stake=spec.get("max_stake"),
        )
    except KeyError as exc:
        raise BankerScenarioError(
            Reason.INVALID_SCENARIO, f"the scenario needs {exc.args[0]!r}"
        ) from None
    except (CardParseError, InvalidTableError, TypeError, ValueError) as exc:
        raise BankerScenarioError(Reason.INVALID_SCENARIO, str(exc)) from None
    order = deal_order(seats, banker)
    if sorted(hands) != list(range(seats)) or any(len(h) != 2 for h in hands.values()):
        raise BankerScenarioError(
            Reason.INVALID_SCENARIO, f'"hands" needs two cards for each seat 0..{seats - 1}'
        )
    stacked = [hands[s][0] for s in order] + [hands[s][1] for s in order] + draws
    try:
        deal = start_deal(table, stakes, Shoe.stacked_from(stacked))
        for number, (seat, action) in enumerate(actions, start=1):
            try:
                deal = apply(deal, action, seat=seat)
            except IllegalActionError as exc:
                raise BankerScenarioError(
                    Reason.INVALID_SCENARIO,
                    f"action {number} (seat {seat} {action}) is illegal: {exc}",
                ) from None
    except InvalidStakeError as exc:
        raise BankerScenarioError(Reason.INVALID_SCENARIO, str(exc)) from None
    except ShoeExhaustedError:
        raise BankerScenarioError(
            Reason.INVALID_SCENARIO, "the scripted draws ran out of cards"
        ) from None
    if not deal.is_over:
        legal = ", ".join(a.value for a in deal.legal_actions())
        raise BankerScenarioError(
            Reason.INVALID_SCENARIO,
            f"the deal is not over: seat {deal.to_act} still needs one of {legal}",
        )
    if deal.shoe.remaining:
        raise BankerScenarioError(
            Reason.INVALID_SCENARIO, f"{deal.shoe.remaining} scripted draws were not used"
        )
    return deal


def _report(deal: BankerDeal) -> dict[str, Any]:
    return {
        "seats": [
            {
                "seat": h.seat,
                "role": h.role.value,
                "cards": [c.code for c in h.cards],
                "total": h.total,
                "result": h.outcome.value if h.outcome else None,
                "net": money(h.net or Fraction(0)),
            }
            for h in deal.hands
        ],
        "net_sum": money(deal.net_sum),
    }
