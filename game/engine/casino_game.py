"""The casino game as a table keeps it between requests: ``CasinoGame``, protocol.py's
``GameState`` for round.py's ``Round``.

The state is the shoe between rounds and the round in play or the last one settled. Before
each deal the shoe is renewed when the cut card is out or too few cards are left
(``MIN_CARDS_FOR_ROUND``); once a round is settled, the shoe it leaves is the next round's.
The AI seats play with ``players.play_ai_seats`` (the caller gives each seat its policy:
the "normal" and "hard" levels need the rule set's stored chart and EV cache, which the
engine does not keep), each seeing only an ``Observation``; a seat's own view of the round
is ``RoundView`` (``observe_round``): the dealer's face-up cards only, no shoe.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from game.engine.cards import Card, Shoe
from game.engine.errors import Reason
from game.engine.hands import HandValue, hand_value
from game.engine.players import Policy, play_ai_seats
from game.engine.protocol import GameStateError, Setup
from game.engine.round import (
    Action,
    IllegalActionError,
    InvalidBetError,
    Phase,
    PlayerHand,
    Round,
    affordable_actions,
    legal_actions,
    seen_before,
)
from game.engine.round import apply as apply_action
from game.engine.round import deal as deal_round
from game.engine.rules import Rules

KIND = "casino"
# Reshuffle before a round when fewer cards than this remain (or than the cut card leaves,
# for a short shoe): a round of seven seats rarely needs more, so the shoe seldom runs out
# mid-round (when it does, cards.py shuffles the discards in and the round goes on).
MIN_CARDS_FOR_ROUND = 20


@dataclass(frozen=True, slots=True)
class RoundView:
    """A casino round as one seat may see it.

    - ``seat``: who is looking; ``rules``: the round's rules (public).
    - ``hands``: every player hand in playing order (dealt face up at a casino table).
    - ``dealer``: the dealer's face-up cards only (the upcard until the hole card is
      turned); ``dealer_hidden``: how many lie face down (0 or 1).
    - ``phase``/``active``: where the round is and the index of the hand to act.
    - ``legal``: the seat's legal actions when its hand is to act, else ().
    - ``seen``: the cards seen face up earlier in this shoe (what a counter knows).
    - ``reshuffled``: the shoe ran out in this round and the discards were shuffled in.

    It holds no shoe and no face-down card.
    """

    seat: int
    rules: Rules
    hands: tuple[PlayerHand, ...]
    dealer: tuple[Card, ...]
    dealer_hidden: int
    hole_revealed: bool
    phase: Phase
    active: int | None
    legal: tuple[Action, ...]
    seen: tuple[Card, ...]
    reshuffled: bool

    @property
    def is_over(self) -> bool:
        """True once every hand is settled."""
        return self.phase is Phase.SETTLED

    @property
    def upcard(self) -> Card:
        """The dealer's face-up card."""
        return self.dealer[0]

    @property
    def dealer_value(self) -> HandValue:
        """The value of the dealer's face-up cards."""
        return hand_value(self.dealer)

    @property
    def active_hand(self) -> PlayerHand | None:
        """The hand to act, if any."""
        return None if self.active is None else self.hands[self.active]

    def hands_of_seat(self, seat: int) -> tuple[PlayerHand, ...]:
        """Every hand of one seat (more than one after a split)."""
        return tuple(h for h in self.hands if h.seat == seat)

    def seat_net(self, seat: int) -> Fraction:
        """One seat's net in chips (0 before settlement)."""
        return sum((h.net or Fraction(0) for h in self.hands_of_seat(seat)), Fraction(0))


def observe_round(rnd: Round, seat: int) -> RoundView:
    """``rnd`` as ``seat`` may see it: no hole card before it is turned, no shoe."""
    hand = rnd.active_hand
    return RoundView(
        seat=seat,
        rules=rnd.rules,
        hands=rnd.hands,
        dealer=rnd.dealer_visible,
        dealer_hidden=rnd.dealer_hidden_count,
        hole_revealed=rnd.hole_revealed,
        phase=rnd.phase,
        active=rnd.active,
        legal=legal_actions(rnd) if hand is not None and hand.seat == seat else (),
        seen=seen_before(rnd),
        reshuffled=rnd.shoe.reshuffled_in_round,
    )


@dataclass(frozen=True, slots=True)
class CasinoGame:
    """A casino table's game: protocol.py's ``GameState[Action, RoundView, Policy]``.

    - ``rules``: the table's rules; ``setup``: its seats and the shoe's penetration.
    - ``shoe``: the shoe the next round deals from (None before the first: a fresh one is
      shuffled then); while a round is in play, the shoe as it was before that round.
    - ``round``: the round in play or the last one settled; None before the first deal.
    """

    rules: Rules
    setup: Setup
    shoe: Shoe | None = None
    round: Round | None = None

    min_seats: ClassVar[int] = 1

    # -- starting and storing ---------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, setup: Setup, shoe: Shoe | None = None) -> CasinoGame:
        """A table before its first deal; ``shoe`` its first shoe (None: shuffled then)."""
        return cls(rules=rules, setup=setup, shoe=shoe)

    @classmethod
    def from_json(cls, rules: Rules, setup: Setup, data: Mapping[str, Any]) -> CasinoGame:
        """The state ``to_json`` wrote. Raises KeyError/ValueError on bad data (ValueError
        for another game's state)."""
        if data.get("game") != KIND:
            raise ValueError(f"not the state of a casino game: {data.get('game')!r}")
        shoe_data, rnd_data = data.get("shoe"), data.get("round")
        rnd = Round.from_json(rnd_data) if rnd_data else None
        shoe = None
        if shoe_data and shoe_data.get("cards_of") == "round":
            if rnd is None:
                raise ValueError("the shoe's cards are the round's, and there is no round")
            # The round's cards, the same tuple: the next save writes them once again.
            shoe = Shoe.from_json({**shoe_data, "cards": ""})
            shoe = replace(shoe, cards=rnd.shoe.cards)
        elif shoe_data:
            shoe = Shoe.from_json(shoe_data)
        return cls(rules=rules, setup=setup, shoe=shoe, round=rnd)

    def to_json(self) -> dict[str, Any]:
        """``{"game": "casino", "shoe": Shoe JSON or None, "round": Round JSON or None}``,
        hole card and shoe included (server only). The shoe and the round's shoe hold the
        same cards but between a reshuffle and the round it starts, so the cards are written
        once: the shoe's JSON then has no ``cards`` but ``"cards_of": "round"`` (states
        stored before it have its cards; ``from_json`` reads both)."""
        rnd = self.round
        shoe: dict[str, Any] | None = None
        if self.shoe is not None:
            if rnd is not None and self.shoe.cards == rnd.shoe.cards:
                shoe = {**self.shoe.to_json(with_cards=False), "cards_of": "round"}
            else:
                shoe = self.shoe.to_json()
        return {"game": KIND, "shoe": shoe, "round": None if rnd is None else rnd.to_json()}

    def record(self) -> dict[str, Any]:
        """The settled round's JSON, its shoe cut after the cards dealt (``Shoe.dealt_part``:
        the undealt cards are the table's next ones). Raises GameStateError (NO_ROUND,
        ROUND_IN_PLAY) without a settled round."""
        rnd = self._settled_round()
        return replace(rnd, shoe=rnd.shoe.dealt_part()).to_json()

    # -- reading ------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        """The number of seats."""
        return self.setup.seats

    @property
    def in_play(self) -> bool:
        """A round is dealt and not settled."""
        return self.round is not None and not self.round.is_over

    @property
    def to_act(self) -> int | None:
        """The seat of the hand to act; None between rounds."""
        hand = self.round.active_hand if self.round is not None else None
        return None if hand is None or not self.in_play else hand.seat

    def stakers(self) -> tuple[int, ...]:
        """Every seat bets at a casino table."""
        return tuple(range(self.seats))

    def cover(self, seat: int, stakes: Mapping[int, Fraction]) -> Fraction:
        """The seat's bet (doubles, splits and insurance are offered only when affordable,
        ``offered``)."""
        return Fraction(stakes.get(seat, 0))

    def legal(self, seat: int) -> tuple[Action, ...]:
        """round.py's ``legal_actions`` when ``seat``'s hand is to act, else ()."""
        if self.round is None or self.to_act != seat:
            return ()
        return legal_actions(self.round)

    def offered(self, seat: int, chips: Fraction | None) -> tuple[Action, ...]:
        """round.py's ``affordable_actions`` with ``chips`` when ``seat``'s hand is to act."""
        if self.round is None or self.to_act != seat:
            return ()
        return affordable_actions(self.round, chips)

    def chooses_amount(self, action: Action) -> bool:
        """A double with ``double_for_less``, insurance with ``insurance_for_less`` (seed 001)."""
        return (action is Action.DOUBLE and self.rules.double_for_less) or (
            action is Action.INSURANCE and self.rules.insurance_for_less
        )

    def extra_stake(self, action: Action, amount: Fraction | None) -> Fraction:
        """The chips ``action`` adds for the hand to act: a split another bet of the hand's
        size; a double the hand's bet, or ``amount`` for a double for less; insurance half
        the initial bet, or ``amount`` for less; anything else (or no hand to act) 0."""
        hand = self.round.active_hand if self.round is not None else None
        if hand is None:
            return Fraction(0)
        if action is Action.SPLIT:
            return hand.bet
        if action is Action.DOUBLE:
            return hand.bet if amount is None else amount
        if action is Action.INSURANCE:
            return hand.base_bet / 2 if amount is None else amount
        return Fraction(0)

    def stake(self, seat: int) -> Fraction:
        """The seat's initial bet in the current or last round (0 before the first)."""
        hands = self.round.hands_of_seat(seat) if self.round is not None else ()
        return hands[0].base_bet if hands else Fraction(0)

    def on_table(self, seat: int) -> Fraction:
        """The seat's bets on every hand plus its insurance (round.py ``seat_staked``)."""
        return Fraction(0) if self.round is None else self.round.seat_staked(seat)

    def net(self, seat: int) -> Fraction | None:
        """The seat's net in chips, insurance included, once the round is settled."""
        if self.round is None or not self.round.is_over:
            return None
        return self.round.seat_net(seat)

    def observe(self, seat: int) -> RoundView | None:
        """``observe_round`` of the current or last round; None before the first deal."""
        return None if self.round is None else observe_round(self.round, seat)

    def advisable(self, seat: int) -> Round | None:
        """The round while ``seat``'s hand is to act (the advisor and the counter value it)."""
        return self.round if self.in_play and self.to_act == seat else None

    # -- changing ---------------------------------------------------------------------------
    def ready_to_deal(self) -> None:
        """Raise GameStateError (ROUND_IN_PLAY) while a round is in play."""
        if self.in_play:
            raise GameStateError(
                Reason.ROUND_IN_PLAY, "Finish the round in play before dealing a new one."
            )

    def deal(self, stakes: Mapping[int, Fraction]) -> CasinoGame:
        """A round dealt to every seat with ``stakes[seat]`` chips (round.py's ``deal``),
        from ``next_shoe()``. Raises GameStateError (ROUND_IN_PLAY) while a round is in play;
        InvalidBetError for a seat without a stake (BET_MISSING), a stake for no seat of the
        table (STAKE_SEAT) or not a positive number of chips (BET_AMOUNT)."""
        self.ready_to_deal()
        strangers = sorted(set(stakes) - set(range(self.seats)))
        if strangers:
            raise InvalidBetError(Reason.STAKE_SEAT, f"there is no seat {strangers[0]}")
        missing = [seat for seat in range(self.seats) if seat not in stakes]
        if missing:
            raise InvalidBetError(Reason.BET_MISSING, f"no bet from seat {missing[0]}")
        bets = [stakes[seat] for seat in range(self.seats)]
        return self._with(deal_round(self.rules, bets, self.next_shoe()))

    def next_shoe(self) -> Shoe:
        """The shoe the next round deals from: ``shoe``, or a fresh shuffle of the rules'
        decks with the setup's penetration when there is none yet, its cut card is out
        (``Shoe.needs_shuffle``) or fewer than ``MIN_CARDS_FOR_ROUND`` cards are left (or
        than the cut card leaves, for a short shoe). A stacked shoe is never renewed early:
        tests script every card."""
        if self.shuffle_due or self.shoe is None:
            return Shoe.shuffled(self.rules.decks, self.setup.penetration)
        return self.shoe

    @property
    def shuffle_due(self) -> bool:
        """Whether the next round deals from a fresh shuffle (``next_shoe``'s test, without
        shuffling): no shoe yet, its cut card out, or too few cards left."""
        shoe = self.shoe
        return (
            shoe is None
            or shoe.needs_shuffle
            or (
                not shoe.stacked
                and shoe.remaining < min(MIN_CARDS_FOR_ROUND, len(shoe.cards) - shoe.cut)
            )
        )

    def face_up_cards(self) -> tuple[Card, ...]:
        """Every card of the shoe in play a player at the table has seen face up: the
        rounds' before this one (all turned by their end), every hand on the table now and
        the dealer's visible cards; never the hole card while it is down. What a card
        counter counts (game/engine/counting.py). Empty before the first deal."""
        rnd = self.round
        if rnd is None:
            return ()
        on_table = [c for hand in rnd.hands for c in hand.cards]
        return (*seen_before(rnd), *on_table, *rnd.dealer_visible)

    def ready_to_act(self) -> None:
        """Raise GameStateError before the first deal (NO_ROUND) or after the round (ROUND_OVER)."""
        if self.round is None:
            raise GameStateError(Reason.NO_ROUND, "No round is in play yet: deal first.")
        if self.round.is_over:
            raise GameStateError(Reason.ROUND_OVER, "The round is over; deal a new round.")

    def parse_action(self, text: str) -> Action:
        """The Action of ``text``. Raises IllegalActionError (UNKNOWN_ACTION)."""
        try:
            return Action(text)
        except ValueError:
            raise IllegalActionError(Reason.UNKNOWN_ACTION, f"{text!r} is not an action.") from None

    def apply(self, seat: int, action: Action, amount: Fraction | None = None) -> CasinoGame:
        """round.py's ``apply`` for ``seat``'s hand to act. Raises GameStateError as
        ``ready_to_act``; IllegalActionError for another seat's turn (OTHER_SEAT_TO_ACT) and
        as round.py's ``apply``."""
        self.ready_to_act()
        assert self.round is not None
        if self.to_act != seat:
            raise IllegalActionError(
                Reason.OTHER_SEAT_TO_ACT, f"seat {self.to_act} is to act, not seat {seat}"
            )
        return self._with(apply_action(self.round, action, amount))

    def play_ai(self, policies: Mapping[int, Policy]) -> CasinoGame:
        """players.py's ``play_ai_seats`` with the cards seen earlier in the shoe; the seats
        play with the house's chips (no limit on what they are offered)."""
        if self.round is None or not self.in_play:
            return self
        return self._with(play_ai_seats(self.round, dict(policies), seen_before(self.round)))

    # -- helpers ------------------------------------------------------------------------------
    def _with(self, rnd: Round) -> CasinoGame:
        """This game with ``rnd``; once it is settled, its shoe is the next round's."""
        return replace(self, round=rnd, shoe=rnd.shoe if rnd.is_over else self.shoe)

    def _settled_round(self) -> Round:
        """The settled round. Raises GameStateError without one (NO_ROUND, ROUND_IN_PLAY)."""
        if self.round is None:
            raise GameStateError(Reason.NO_ROUND, "No round has been dealt yet.")
        if not self.round.is_over:
            raise GameStateError(Reason.ROUND_IN_PLAY, "The round is still in play.")
        return self.round


__all__ = ["KIND", "MIN_CARDS_FOR_ROUND", "CasinoGame", "RoundView", "observe_round"]
