"""The casino round as a value: deal, legal actions, apply, dealer play, settlement.

``deal(rules, bets, shoe)`` starts a round; ``apply(round, action)`` returns the next round
and never changes the one it was given; ``legal_actions(round)`` is the single source of
truth for what the hand to act may do (the table shows exactly those buttons). When the last
hand is done the dealer turns the hole card, draws to 17 and every hand is settled.

Money: bets and nets are exact ``Fraction`` values in chips; a hand's ``units`` is its net in
units of the initial bet (+1 win, -1 loss, 0 push, +3/2 natural, -2 a lost double...).

Sources: VARIANTS.md tables 1-3 and 5 and their seeds. European (seed 004): the dealer does
not peek and a dealer natural found after the players act takes every bet, doubles and splits
included; a bust hand loses at once even if the dealer busts later; 21 after a split is not a
natural. Peek games (seed 000 ajnc, seed 002 russian): with a ten-value upcard the dealer
checks at once and a natural ends the round; with an ace, insurance is offered first (half
the bet, pays 2:1), then the dealer checks. No-hole-card game (seed 001 croatian): the
dealer's second card comes after the players; insurance is settled then. Early surrender
(seed 001: "the dealer offers surrender to the players after dealing two cards to everyone and
one to himself; once the next card is dealt, surrender is no longer possible") is a phase of
its own, like insurance: every seat answers it in turn before any hand draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from game.engine.cards import Card, Shoe
from game.engine.errors import EngineError, Reason
from game.engine.hands import HandValue, hand_value, is_natural
from game.engine.legality import (
    Refusal,
    double_refusal,
    draw_refusal,
    split_refusal,
    surrender_refusal,
)
from game.engine.rules import Rules


class Action(StrEnum):
    """A player decision; the value is what forms post and the database stores."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"
    NO_SURRENDER = "no_surrender"
    INSURANCE = "insurance"
    NO_INSURANCE = "no_insurance"


INSURANCE_DECISIONS = (Action.INSURANCE, Action.NO_INSURANCE)
SURRENDER_DECISIONS = (Action.SURRENDER, Action.NO_SURRENDER)


class Phase(StrEnum):
    """Where the round is: insurance offered, early surrender offered, players acting, or
    settled."""

    INSURANCE = "insurance"
    SURRENDER = "surrender"
    PLAYER = "player"
    SETTLED = "settled"


class Outcome(StrEnum):
    """How a hand ended."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    BLACKJACK = "blackjack"
    SURRENDER = "surrender"
    BUST = "bust"
    THREE_SEVENS = "three_sevens"


class IllegalActionError(EngineError, ValueError):
    """An action the rules do not allow now: ``reason`` names the rule (a ``Reason`` of
    the round's or the banker game's actions), ``message`` says it in English.

    The round or deal it was tried on is unchanged (both are values). banker.py raises this
    class too, so one ``except`` catches a refusal of either game.
    """


class InvalidBetError(EngineError, ValueError):
    """Bets a round cannot be dealt with: none at all (``Reason.BET_MISSING``) or one that is
    not a positive number of chips (``Reason.BET_AMOUNT``)."""


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One hand of a seat.

    - ``cards``: the hand's cards in the order dealt.
    - ``bet``: chips staked on this hand (twice the initial bet after a double).
    - ``base_bet``: the initial bet of the seat (the unit of ``units``).
    - ``from_split``: made by splitting (so 21 in two cards is not a natural).
    - ``done``: no more actions (stood, doubled, bust, natural, surrendered, split aces).
    - ``insurance``: chips staked on insurance (on the seat's first hand only); None while
      undecided in the insurance phase, 0 when declined or not offered.
    - ``surrender_pending``: the hand has yet to answer the early-surrender phase.
    - ``outcome``/``net``: set at settlement; ``net`` in chips, insurance included.
    - ``insurance_net``: the insurance bet's result in chips (part of ``net``).
    """

    cards: tuple[Card, ...]
    bet: Fraction
    base_bet: Fraction
    seat: int = 0
    from_split: bool = False
    split_aces: bool = False
    doubled: bool = False
    surrendered: bool = False
    done: bool = False
    insurance: Fraction | None = Fraction(0)
    surrender_pending: bool = False
    outcome: Outcome | None = None
    net: Fraction | None = None
    insurance_net: Fraction = Fraction(0)

    @property
    def value(self) -> HandValue:
        """Best total and softness."""
        return hand_value(self.cards)

    @property
    def is_natural(self) -> bool:
        """Two-card 21 not made by splitting."""
        return is_natural(self.cards, from_split=self.from_split)

    @property
    def is_bust(self) -> bool:
        """Past 21."""
        return self.value.total > 21

    @property
    def is_three_sevens(self) -> bool:
        """Exactly three sevens (the Croatian bonus hand, seed 001)."""
        return len(self.cards) == 3 and all(c.rank.value == "7" for c in self.cards)

    @property
    def bet_net(self) -> Fraction | None:
        """The net of the hand's own bet in chips, without the insurance result (None
        before settlement): what the table shows for the hand."""
        return None if self.net is None else self.net - self.insurance_net

    @property
    def even_money(self) -> bool:
        """Insurance on this hand is even money (the hand is a natural): taken in full it
        pays the natural 1:1 whatever the dealer holds (a push plus 2:1 on half the bet, or
        3:2 less half the bet)."""
        return self.is_natural

    @property
    def units(self) -> Fraction | None:
        """The net in units of the initial bet (None before settlement)."""
        return None if self.net is None else self.net / self.base_bet


@dataclass(frozen=True, slots=True)
class Round:
    """A round of casino blackjack between the dealer and one or more hands.

    - ``hands``: every player hand in playing order (seat order, split hands in place).
    - ``dealer``: the dealer's cards; ``dealer[0]`` is the upcard, ``dealer[1]`` the hole
      card (ENHC: dealt only after the players act).
    - ``hole_revealed``: the dealer's second card is face up (always True once settled).
    - ``active``: index of the hand to act, None when no hand is to act.
    - ``shoe``: the shoe the round deals from; after the round it goes to the next one.
    """

    rules: Rules
    hands: tuple[PlayerHand, ...]
    dealer: tuple[Card, ...]
    shoe: Shoe
    phase: Phase = Phase.PLAYER
    active: int | None = None
    hole_revealed: bool = False

    # -- views ---------------------------------------------------------------------------
    @property
    def upcard(self) -> Card:
        """The dealer's face-up card."""
        return self.dealer[0]

    @property
    def dealer_visible(self) -> tuple[Card, ...]:
        """The dealer cards a player may see: the upcard only until the hole card is turned."""
        return self.dealer if self.hole_revealed else self.dealer[:1]

    @property
    def dealer_hidden_count(self) -> int:
        """Face-down dealer cards (1 while the hole card is down, else 0)."""
        return len(self.dealer) - len(self.dealer_visible)

    @property
    def dealer_value(self) -> HandValue:
        """Value of the dealer's visible cards."""
        return hand_value(self.dealer_visible)

    @property
    def is_over(self) -> bool:
        """True once every hand is settled."""
        return self.phase is Phase.SETTLED

    @property
    def staked(self) -> Fraction:
        """Chips on the table: every hand's bet plus insurance bets."""
        return sum((h.bet + (h.insurance or 0) for h in self.hands), Fraction(0))

    @property
    def net(self) -> Fraction:
        """Sum of the hands' nets in chips (0 before settlement)."""
        return sum((h.net or Fraction(0) for h in self.hands), Fraction(0))

    def seat_net(self, seat: int) -> Fraction:
        """One seat's net in chips (0 before settlement)."""
        return sum((h.net or Fraction(0) for h in self.hands_of_seat(seat)), Fraction(0))

    def seat_staked(self, seat: int) -> Fraction:
        """One seat's chips on the table: its hands' bets plus its insurance."""
        return sum((h.bet + (h.insurance or 0) for h in self.hands_of_seat(seat)), Fraction(0))

    @property
    def active_hand(self) -> PlayerHand | None:
        """The hand to act, if any."""
        return None if self.active is None else self.hands[self.active]

    def hands_of_seat(self, seat: int) -> tuple[PlayerHand, ...]:
        """Every hand of one seat (more than one after a split)."""
        return tuple(h for h in self.hands if h.seat == seat)

    def legal_actions(self) -> tuple[Action, ...]:
        """Same as ``legal_actions(self)``."""
        return legal_actions(self)

    def apply(self, action: Action | str, amount: Fraction | int | str | None = None) -> Round:
        """Same as ``apply(self, action, amount)``."""
        return apply(self, action, amount)

    # -- serialization -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict holding everything, hole card and shoe included (server only)."""
        return {
            "rules": self.rules.to_json(),
            "hands": [_hand_to_json(h) for h in self.hands],
            "dealer": [c.code for c in self.dealer],
            "shoe": self.shoe.to_json(),
            "phase": self.phase.value,
            "active": self.active,
            "hole_revealed": self.hole_revealed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Round:
        """Rebuild a round from ``to_json`` output. Raises KeyError/ValueError on bad data."""
        return cls(
            rules=Rules.from_json(data["rules"]),
            hands=tuple(_hand_from_json(h) for h in data["hands"]),
            dealer=tuple(Card.parse(c) for c in data["dealer"]),
            shoe=Shoe.from_json(data["shoe"]),
            phase=Phase(data["phase"]),
            active=data["active"],
            hole_revealed=bool(data["hole_revealed"]),
        )


def _hand_to_json(hand: PlayerHand) -> dict[str, Any]:
    return {
        "cards": [c.code for c in hand.cards],
        "bet": str(hand.bet),
        "base_bet": str(hand.base_bet),
        "seat": hand.seat,
        "from_split": hand.from_split,
        "split_aces": hand.split_aces,
        "doubled": hand.doubled,
        "surrendered": hand.surrendered,
        "done": hand.done,
        "insurance": None if hand.insurance is None else str(hand.insurance),
        "surrender_pending": hand.surrender_pending,
        "outcome": hand.outcome.value if hand.outcome else None,
        "net": None if hand.net is None else str(hand.net),
        "insurance_net": str(hand.insurance_net),
    }


def _hand_from_json(data: dict[str, Any]) -> PlayerHand:
    return PlayerHand(
        cards=tuple(Card.parse(c) for c in data["cards"]),
        bet=Fraction(data["bet"]),
        base_bet=Fraction(data["base_bet"]),
        seat=int(data["seat"]),
        from_split=bool(data["from_split"]),
        split_aces=bool(data["split_aces"]),
        doubled=bool(data["doubled"]),
        surrendered=bool(data["surrendered"]),
        done=bool(data["done"]),
        insurance=_insurance_from_json(data),
        surrender_pending=bool(data.get("surrender_pending", False)),
        outcome=Outcome(data["outcome"]) if data["outcome"] else None,
        net=None if data["net"] is None else Fraction(data["net"]),
        insurance_net=Fraction(data.get("insurance_net", "0")),
    )


def _insurance_from_json(data: dict[str, Any]) -> Fraction | None:
    if "insurance" not in data:  # stored before insurance existed: none taken
        return Fraction(0)
    return None if data["insurance"] is None else Fraction(data["insurance"])


def seen_before(rnd: Round) -> tuple[Card, ...]:
    """The cards dealt from this shoe before the round (all were turned face up by the end
    of their rounds): the history a seat may know. Nothing after the shoe ran out in the round
    and its discards were shuffled back in (cards.py): the new shoe holds them all."""
    if rnd.shoe.round_start is not None:
        return rnd.shoe.cards[: rnd.shoe.round_start]
    # A round stored before shoes marked where a round starts: every card it holds came
    # from this shoe.
    in_round = sum(len(h.cards) for h in rnd.hands) + len(rnd.dealer)
    return rnd.shoe.cards[: rnd.shoe.position - in_round]


# -- the deal ------------------------------------------------------------------------------
def deal(rules: Rules, bets: Sequence[Fraction | int | str], shoe: Shoe) -> Round:
    """Deal a new round: one hand per bet (seat i bets ``bets[i]`` chips).

    Deal order with a hole card: a card to each hand, the dealer's upcard, a second card to
    each hand, the dealer's hole card (with ``hole_card_first`` the dealer's first card is the
    hole card: seed 000). Without one (ENHC) the dealer's second card is drawn after the
    players act. Player naturals stand at once. Against an ace with insurance offered, the
    round opens in the insurance phase; with early surrender, the surrender phase follows
    (every hand but a natural answers it, against an ace only with surrender_vs_ace; seed
    001), before the peek and before any hand draws. A peeking dealer with a ten-value
    upcard (or an ace, once insurance is decided) checks the hole card and a natural ends the round.

    The shoe marks where the round starts (``Shoe.start_round``): should it run out during
    the round, its discards are shuffled into a new shoe and the round goes on (cards.py).

    Raises InvalidBetError for no bets (BET_MISSING) or a bet that is not a positive number
    of chips (BET_AMOUNT), and ShoeExhaustedError if a scripted shoe runs out with no
    discards.
    """
    if not bets:
        raise InvalidBetError(Reason.BET_MISSING, "a round needs at least one bet")
    stakes: list[Fraction] = []
    for bet in bets:
        try:
            stake = Fraction(str(bet))
        except (ValueError, ZeroDivisionError):
            raise InvalidBetError(Reason.BET_AMOUNT, f"{bet!r} is not a number of chips") from None
        if stake <= 0:
            raise InvalidBetError(Reason.BET_AMOUNT, "a bet must be more than zero")
        stakes.append(stake)

    shoe = shoe.start_round()
    first: list[Card] = []
    second: list[Card] = []
    for _ in stakes:
        card, shoe = shoe.draw()
        first.append(card)
    dealer_first, shoe = shoe.draw()
    for _ in stakes:
        card, shoe = shoe.draw()
        second.append(card)
    dealer: tuple[Card, ...]
    if rules.dealer_hole_card:
        dealer_second, shoe = shoe.draw()
        if rules.hole_card_first:
            dealer = (dealer_second, dealer_first)  # (upcard, hole card)
        else:
            dealer = (dealer_first, dealer_second)
    else:
        dealer = (dealer_first,)

    offer_insurance = rules.insurance and dealer[0].points == 1
    hands = []
    for seat, stake in enumerate(stakes):
        cards = (first[seat], second[seat])
        natural = is_natural(cards)
        offer_surrender = rules.surrender == "early" and (
            surrender_refusal(rules, [c.points for c in cards], dealer[0].points, from_split=False)
            is None
        )
        undecided = offer_insurance and (not natural or rules.even_money)
        hands.append(
            PlayerHand(
                cards=cards,
                bet=stake,
                base_bet=stake,
                seat=seat,
                done=natural,
                insurance=None if undecided else Fraction(0),
                surrender_pending=offer_surrender and not natural,
            )
        )
    rnd = Round(rules=rules, hands=tuple(hands), dealer=dealer, shoe=shoe)
    if any(h.insurance is None for h in rnd.hands):
        index = next(i for i, h in enumerate(rnd.hands) if h.insurance is None)
        return replace(rnd, phase=Phase.INSURANCE, active=index)
    return _after_insurance(rnd)


def _after_insurance(rnd: Round) -> Round:
    """The early-surrender phase while a hand has yet to answer it; then the peek (a dealer
    natural ends the round), then the players' turn."""
    waiting = [i for i, h in enumerate(rnd.hands) if h.surrender_pending]
    if waiting:
        return replace(rnd, phase=Phase.SURRENDER, active=waiting[0])
    peeks = rnd.rules.dealer_peeks and len(rnd.dealer) == 2
    if peeks and _dealer_may_have_natural(rnd.upcard) and is_natural(rnd.dealer):
        return _settle(replace(rnd, hole_revealed=True))
    return _advance(replace(rnd, phase=Phase.PLAYER, active=None))


def _dealer_may_have_natural(upcard: Card) -> bool:
    return upcard.points in (1, 10)


# -- legality ------------------------------------------------------------------------------
def legal_actions(rnd: Round) -> tuple[Action, ...]:
    """The actions the hand to act may take now, in Action order; () when the round is over.

    In the insurance phase: INSURANCE and NO_INSURANCE; in the surrender phase: SURRENDER and
    NO_SURRENDER; in the players' turn: hit, stand and whatever the rules allow of double,
    split and (late) surrender.
    """
    return tuple(a for a in Action if _why_illegal(rnd, a) is None)


def least_stake(rnd: Round, action: Action) -> Fraction:
    """The fewest chips ``action`` adds to the table for the hand to act: a split another
    bet of the hand's size; a double the hand's bet, or 1 chip when doubling for less is
    allowed (seed 001); insurance half the initial bet, or 1 chip when insuring for less is
    allowed; anything else 0. 0 when no hand is to act."""
    hand = rnd.active_hand
    if hand is None:
        return Fraction(0)
    rules = rnd.rules
    if action is Action.SPLIT or (action is Action.DOUBLE and not rules.double_for_less):
        return hand.bet
    if action is Action.DOUBLE or (action is Action.INSURANCE and rules.insurance_for_less):
        return Fraction(1)
    if action is Action.INSURANCE:
        return hand.base_bet / 2
    return Fraction(0)


def affordable_actions(rnd: Round, chips: Fraction | None) -> tuple[Action, ...]:
    """The actions offered to the hand to act: the legal ones (``legal_actions``) that
    ``chips``, what its seat can still put on the table, pays for (``least_stake``); every
    legal action when ``chips`` is None (no limit). Hit and stand cost nothing, so a hand
    to act always has an offered action."""
    legal = legal_actions(rnd)
    if chips is None:
        return legal
    return tuple(a for a in legal if least_stake(rnd, a) <= chips)


def _why_illegal(rnd: Round, action: Action) -> Refusal | None:
    """None when ``action`` is legal, else the ``Refusal`` saying which rule forbids it."""
    hand = rnd.active_hand
    if rnd.phase is Phase.SETTLED or hand is None:
        return Refusal(Reason.ROUND_OVER, "The round is over; deal a new round.")
    rules = rnd.rules
    if rnd.phase is Phase.INSURANCE:
        if action in INSURANCE_DECISIONS:
            return None
        return Refusal(Reason.INSURANCE_FIRST, "Decide on insurance first: take it or decline it.")
    if rnd.phase is Phase.SURRENDER:
        if action in SURRENDER_DECISIONS:
            return None
        return Refusal(Reason.SURRENDER_DECIDE, "Decide on surrender first: surrender or play on.")
    if action is Action.NO_SURRENDER:
        return Refusal(
            Reason.SURRENDER_NOT_OFFERED, "Surrender is not on offer now: nothing to decline."
        )
    if action in INSURANCE_DECISIONS:
        if not rules.insurance:
            return Refusal(Reason.INSURANCE_NONE, "Insurance is not offered in this game.")
        return Refusal(
            Reason.INSURANCE_CLOSED, "Insurance is offered only before the first decision."
        )
    values = [card.points for card in hand.cards]
    hands = len(rnd.hands_of_seat(hand.seat))
    if action is Action.HIT:
        return draw_refusal(rules, split_aces=hand.split_aces)
    if action is Action.STAND:
        return None
    if action is Action.DOUBLE:
        return double_refusal(rules, values, from_split=hand.from_split, split_aces=hand.split_aces)
    if action is Action.SPLIT:
        return split_refusal(rules, hand.cards, hands=hands, split_aces=hand.split_aces)
    if action is Action.SURRENDER:
        refusal = surrender_refusal(
            rules, values, rnd.upcard.points, from_split=hand.from_split, hands=hands
        )
        if refusal is None and rules.surrender == "early":
            # Seed 001: offered in its own phase before anyone draws; the players' turn comes
            # after it, "once the next card is dealt, surrender is no longer possible".
            return Refusal(Reason.SURRENDER_CLOSED, "Surrender ended when the next card was dealt.")
        return refusal
    return Refusal(Reason.UNKNOWN_ACTION, f"{action!r} is not an action.")


def actions_if_played_on(rnd: Round, chips: Fraction | None = None) -> tuple[Action, ...]:
    """In the surrender phase: the actions the hand to act will be offered in the players'
    turn if it declines surrender (hit, stand, and what the rules allow of double and split
    that ``chips``, what its seat can still put on the table, pays for: ``affordable_actions``;
    None: no limit); else ``affordable_actions(rnd, chips)``. What "No surrender" is worth is
    the best of these: a split the seat cannot pay for is no reason to play on."""
    hand = rnd.active_hand
    if rnd.phase is not Phase.SURRENDER or hand is None or rnd.active is None:
        return affordable_actions(rnd, chips)
    hands = list(rnd.hands)
    hands[rnd.active] = replace(hand, surrender_pending=False)
    return affordable_actions(replace(rnd, hands=tuple(hands), phase=Phase.PLAYER), chips)


# -- actions -------------------------------------------------------------------------------
def apply(rnd: Round, action: Action | str, amount: Fraction | int | str | None = None) -> Round:
    """The round after the hand to act takes ``action``; ``rnd`` itself is unchanged.

    Hit draws a card; stand ends the hand; double adds a bet (the hand's bet, or with
    double_for_less ``amount`` chips, 0 < amount <= the bet) and draws exactly one card;
    split makes two hands of the pair, each with the same bet, and deals the first its
    second card (split aces get one card each and are done); surrender gives up half the bet.
    Insurance stakes half the initial bet (or ``amount`` up to half with insurance_for_less);
    NO_INSURANCE declines. In the surrender phase SURRENDER gives up half the bet and
    NO_SURRENDER keeps the hand for the players' turn. Three sevens (when the rules pay
    them) end the hand at once.

    Raises IllegalActionError, its ``reason`` naming the rule, for an unknown action
    (UNKNOWN_ACTION), an action after the round ended (ROUND_OVER), one the rules forbid now
    (the ``Refusal`` reasons of ``legality`` and the phases': INSURANCE_FIRST,
    SURRENDER_DECIDE...), or a bad amount (DOUBLE_AMOUNT, INSURANCE_AMOUNT).
    """
    try:
        act = Action(action)
    except ValueError:
        raise IllegalActionError(Reason.UNKNOWN_ACTION, f"{action!r} is not an action.") from None
    reason = _why_illegal(rnd, act)
    if reason is not None:
        raise IllegalActionError(*reason)
    assert rnd.active is not None
    index = rnd.active
    hand = rnd.hands[index]
    shoe = rnd.shoe
    hands = list(rnd.hands)

    if act in INSURANCE_DECISIONS:
        half = hand.base_bet / 2
        stake = Fraction(0)
        if act is Action.INSURANCE:
            stake = _amount(amount, half, rnd.rules.insurance_for_less, Action.INSURANCE)
        hands[index] = replace(hand, insurance=stake)
        rnd = replace(rnd, hands=tuple(hands))
        waiting = [i for i, h in enumerate(rnd.hands) if h.insurance is None]
        if waiting:
            return replace(rnd, active=waiting[0])
        return _after_insurance(rnd)

    if act in SURRENDER_DECISIONS and rnd.phase is Phase.SURRENDER:
        surrendered = act is Action.SURRENDER
        hands[index] = replace(
            hand, surrender_pending=False, surrendered=surrendered, done=surrendered
        )
        return _after_insurance(replace(rnd, hands=tuple(hands)))

    if act is Action.HIT:
        card, shoe = shoe.draw()
        hand = replace(hand, cards=(*hand.cards, card))
        hand = replace(hand, done=_hand_finished(rnd.rules, hand))
        hands[index] = hand
    elif act is Action.STAND:
        hands[index] = replace(hand, done=True)
    elif act is Action.DOUBLE:
        extra = _amount(amount, hand.bet, rnd.rules.double_for_less, Action.DOUBLE)
        card, shoe = shoe.draw()
        hands[index] = replace(
            hand, cards=(*hand.cards, card), bet=hand.bet + extra, doubled=True, done=True
        )
    elif act is Action.SPLIT:
        aces = hand.cards[0].points == 1
        left = replace(hand, cards=hand.cards[:1], from_split=True, split_aces=aces)
        right = replace(
            hand, cards=hand.cards[1:], from_split=True, split_aces=aces, insurance=Fraction(0)
        )
        hands[index : index + 1] = [left, right]
    elif act is Action.SURRENDER:
        hands[index] = replace(hand, surrendered=True, done=True)

    return _advance(replace(rnd, hands=tuple(hands), shoe=shoe))


_AMOUNT_REASONS = {Action.DOUBLE: Reason.DOUBLE_AMOUNT, Action.INSURANCE: Reason.INSURANCE_AMOUNT}


def _amount(
    amount: Fraction | int | str | None, most: Fraction, for_less: bool, action: Action
) -> Fraction:
    """The chips of a double or insurance (``action``): ``most`` unless the rules let the
    player choose less and an amount was given. Raises IllegalActionError (DOUBLE_AMOUNT or
    INSURANCE_AMOUNT) for a bad amount."""
    if amount is None:
        return most
    reason = _AMOUNT_REASONS[action]
    try:
        value = Fraction(str(amount))
    except (ValueError, ZeroDivisionError):
        raise IllegalActionError(reason, f"{amount!r} is not an amount.") from None
    if value == most:
        return most
    if not for_less:
        raise IllegalActionError(
            reason, f"The {action.value} here is exactly {most} chips, not less."
        )
    if not 0 < value <= most:
        raise IllegalActionError(
            reason, f"The {action.value} must be more than 0 and at most {most} chips."
        )
    return value


def _hand_finished(rules: Rules, hand: PlayerHand) -> bool:
    """Whether a hand that just drew may draw no more."""
    total = hand.value.total
    if total > 21:
        return True
    if total == 21 and rules.auto_stand_21:
        return True
    if rules.three_sevens_payout is not None and hand.is_three_sevens:
        return True
    return rules.max_draws is not None and len(hand.cards) - 2 >= rules.max_draws


def _advance(rnd: Round) -> Round:
    """Move play to the next hand that can act, dealing split hands their second card;
    when no hand can act, play the dealer's hand and settle."""
    hands = list(rnd.hands)
    shoe = rnd.shoe
    for index, hand in enumerate(hands):
        if hand.done:
            continue
        if len(hand.cards) == 1:  # a split hand takes its second card when its turn comes
            card, shoe = shoe.draw()
            hand = replace(hand, cards=(*hand.cards, card))
            if hand.split_aces and not rnd.rules.hit_split_aces:
                hands_now = len(rnd.hands_of_seat(hand.seat))
                can_resplit = (
                    split_refusal(rnd.rules, hand.cards, hands=hands_now, split_aces=True) is None
                )
                hand = replace(hand, done=not can_resplit)
            elif hand.value.total == 21 and rnd.rules.auto_stand_21:
                hand = replace(hand, done=True)
            hands[index] = hand
            if hand.done:
                continue
        return replace(rnd, hands=tuple(hands), shoe=shoe, active=index, phase=Phase.PLAYER)
    return _play_dealer(replace(rnd, hands=tuple(hands), shoe=shoe, active=None))


def _settled_at_once(rules: Rules, hand: PlayerHand) -> bool:
    """Hands whose result does not depend on the dealer's cards."""
    if hand.is_bust or hand.surrendered:
        return True
    return rules.three_sevens_payout is not None and hand.is_three_sevens


def _play_dealer(rnd: Round) -> Round:
    """Turn (or, without a hole card, draw) the dealer's second card; draw to 17 when a hand
    still needs the dealer's total (S17 stands on soft 17, H17 hits it); then settle.

    Without a hole card (ENHC) the second card is drawn only when something still depends on
    it (``_needs_second_card``): with every hand bust or surrendered and no insurance to
    settle, the dealer takes none and the card stays in the shoe."""
    shoe = rnd.shoe
    dealer = list(rnd.dealer)
    if len(dealer) < 2 and _needs_second_card(rnd):
        card, shoe = shoe.draw()
        dealer.append(card)
    needs_total = any(
        not (_settled_at_once(rnd.rules, h) or h.is_natural) for h in rnd.hands
    ) and not is_natural(dealer)
    if needs_total:
        while True:
            value = hand_value(dealer)
            if value.total > 17 or (
                value.total == 17 and not (value.soft and rnd.rules.dealer_hits_soft_17)
            ):
                break
            card, shoe = shoe.draw()
            dealer.append(card)
    return _settle(replace(rnd, dealer=tuple(dealer), shoe=shoe, hole_revealed=True))


def _needs_second_card(rnd: Round) -> bool:
    """Whether an ENHC dealer must draw the second card: a hand still needs the dealer's
    total, or a natural stands against an ace or ten-value upcard (a dealer natural would
    push it: seed 001, "the player gets nothing if the dealer also has blackjack"), or an
    insurance bet waits for it. A natural against any other upcard is paid as it is."""
    for hand in rnd.hands:
        if hand.insurance:
            return True
        if _settled_at_once(rnd.rules, hand):
            continue
        if not hand.is_natural or _dealer_may_have_natural(rnd.upcard):
            return True
    return False


def _settle(rnd: Round) -> Round:
    """Give every hand its outcome and net (chips, insurance included), and end the round.

    Against a dealer natural: a player natural pushes; with lose_all_to_natural every other
    bet is lost (doubles and splits too), else each seat loses only its initial bet on the
    hands still standing (the first loses it, the others push); a bust hand was already
    lost. Insurance pays 2:1 on a dealer natural and is lost otherwise.
    """
    rules = rnd.rules
    dealer_natural = is_natural(rnd.dealer)
    dealer_total = hand_value(rnd.dealer).total
    settled = []
    seats_charged: set[int] = set()
    for hand in rnd.hands:
        stake = hand.bet
        if hand.surrendered:
            outcome, net = Outcome.SURRENDER, -stake / 2
        elif rules.three_sevens_payout is not None and hand.is_three_sevens:
            outcome, net = Outcome.THREE_SEVENS, stake * rules.three_sevens_payout
        elif hand.is_natural:
            if dealer_natural:
                outcome, net = Outcome.PUSH, Fraction(0)
            else:
                outcome, net = Outcome.BLACKJACK, stake * rules.blackjack_payout
        elif hand.is_bust:  # collected when it busted, before the dealer's card is seen
            outcome, net = Outcome.BUST, -stake
        elif dealer_natural and not rules.lose_all_to_natural:
            # Original bets only: the seat loses its initial bet once, extra bets come back.
            if hand.seat in seats_charged:
                outcome, net = Outcome.PUSH, Fraction(0)
            else:
                outcome, net = Outcome.LOSE, -hand.base_bet
            seats_charged.add(hand.seat)
        elif dealer_natural:
            outcome, net = Outcome.LOSE, -stake
        else:
            total = hand.value.total
            if dealer_total > 21 or total > dealer_total:
                outcome, net = Outcome.WIN, stake
            elif total < dealer_total:
                outcome, net = Outcome.LOSE, -stake
            else:
                outcome, net = Outcome.PUSH, Fraction(0)
        insured = hand.insurance or Fraction(0)
        insurance_net = 2 * insured if dealer_natural else -insured
        settled.append(
            replace(
                hand,
                done=True,
                insurance=insured,
                outcome=outcome,
                net=net + insurance_net,
                insurance_net=insurance_net,
            )
        )
    return replace(rnd, hands=tuple(settled), phase=Phase.SETTLED, active=None, hole_revealed=True)
