"""The casino round as a value: deal, legal actions, apply, dealer play, settlement.

``deal(rules, bets, shoe)`` starts a round; ``apply(round, action)`` returns the next round
and never changes the one it was given; ``legal_actions(round)`` is the single source of
truth for what the hand to act may do (the table shows exactly those buttons). When the last
hand is done the dealer turns the hole card, draws to 17 and every hand is settled.

Money: bets and nets are exact ``Fraction`` values in chips; a hand's ``units`` is its net in
units of the initial bet (+1 win, -1 loss, 0 push, +3/2 natural, -2 a lost double...).

Sources: seed 004 and VARIANTS.md table 5 (the European game): the dealer does not peek and a
dealer natural found after the players act takes every bet, doubles and splits included;
a bust hand loses at once even if the dealer busts later; 21 after a split is not a natural.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from game.engine.cards import Card, Shoe
from game.engine.hands import HandValue, hand_value, is_natural, is_pair
from game.engine.rules import Rules


class Action(StrEnum):
    """A player decision; the value is what forms post and the database stores."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"


class Phase(StrEnum):
    """Where the round is: players acting, or settled."""

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


class IllegalActionError(ValueError):
    """An action the rules do not allow now; ``code`` names the reason for translation.

    The round it was tried on is unchanged (rounds are values).
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class InvalidBetError(ValueError):
    """A bet that is not a positive amount."""


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One hand of a seat.

    - ``cards``: the hand's cards in the order dealt.
    - ``bet``: chips staked on this hand (twice the initial bet after a double).
    - ``base_bet``: the initial bet of the seat (the unit of ``units``).
    - ``from_split``: made by splitting (so 21 in two cards is not a natural).
    - ``done``: no more actions (stood, doubled, bust, natural, surrendered, split aces).
    - ``outcome``/``net``: set at settlement; ``net`` in chips.
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
    outcome: Outcome | None = None
    net: Fraction | None = None

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
        """Chips on the table: the sum of every hand's bet."""
        return sum((h.bet for h in self.hands), Fraction(0))

    @property
    def net(self) -> Fraction:
        """Sum of the hands' nets in chips (0 before settlement)."""
        return sum((h.net or Fraction(0) for h in self.hands), Fraction(0))

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

    def apply(self, action: Action | str) -> Round:
        """Same as ``apply(self, action)``."""
        return apply(self, action)

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
        "outcome": hand.outcome.value if hand.outcome else None,
        "net": None if hand.net is None else str(hand.net),
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
        outcome=Outcome(data["outcome"]) if data["outcome"] else None,
        net=None if data["net"] is None else Fraction(data["net"]),
    )


# -- the deal ------------------------------------------------------------------------------
def deal(rules: Rules, bets: Sequence[Fraction | int | str], shoe: Shoe) -> Round:
    """Deal a new round: one hand per bet (seat i bets ``bets[i]`` chips).

    Deal order with a hole card: a card to each hand, the dealer's upcard, a second card to
    each hand, the dealer's hole card. Without one (ENHC) the dealer's second card is drawn
    after the players act. Player naturals stand at once. A peeking dealer with an ace or a
    ten-value upcard checks the hole card first and a natural ends the round.

    Raises InvalidBetError for no bets or a bet that is not a positive number, and
    ShoeExhaustedError if the shoe runs out.
    """
    if not bets:
        raise InvalidBetError("a round needs at least one bet")
    stakes: list[Fraction] = []
    for bet in bets:
        try:
            stake = Fraction(str(bet))
        except (ValueError, ZeroDivisionError):
            raise InvalidBetError(f"{bet!r} is not a number of chips") from None
        if stake <= 0:
            raise InvalidBetError("a bet must be more than zero")
        stakes.append(stake)

    first: list[Card] = []
    second: list[Card] = []
    dealer: list[Card] = []
    for _ in stakes:
        card, shoe = shoe.draw()
        first.append(card)
    card, shoe = shoe.draw()
    dealer.append(card)
    for _ in stakes:
        card, shoe = shoe.draw()
        second.append(card)
    if rules.dealer_hole_card:
        card, shoe = shoe.draw()
        dealer.append(card)

    hands = []
    for seat, stake in enumerate(stakes):
        cards = (first[seat], second[seat])
        hands.append(
            PlayerHand(
                cards=cards,
                bet=stake,
                base_bet=stake,
                seat=seat,
                done=is_natural(cards),
            )
        )
    rnd = Round(rules=rules, hands=tuple(hands), dealer=tuple(dealer), shoe=shoe)
    if rules.dealer_peeks and _dealer_may_have_natural(rnd.upcard) and is_natural(rnd.dealer):
        return _settle(replace(rnd, hole_revealed=True))
    return _advance(rnd)


def _dealer_may_have_natural(upcard: Card) -> bool:
    return upcard.points in (1, 10)


# -- legality ------------------------------------------------------------------------------
def legal_actions(rnd: Round) -> tuple[Action, ...]:
    """The actions the hand to act may take now, in Action order; () when the round is over."""
    return tuple(a for a in Action if _why_illegal(rnd, a) is None)


def _why_illegal(rnd: Round, action: Action) -> tuple[str, str] | None:
    """None when ``action`` is legal, else (code, message) saying which rule forbids it."""
    hand = rnd.active_hand
    if rnd.phase is Phase.SETTLED or hand is None:
        return ("round_over", "The round is over; deal a new round.")
    rules = rnd.rules
    two_cards = len(hand.cards) == 2
    if hand.split_aces and not rules.hit_split_aces and action in (Action.HIT, Action.DOUBLE):
        return ("split_aces_one_card", "Split aces receive one card each and cannot draw more.")
    if action is Action.HIT or action is Action.STAND:
        return None
    if action is Action.DOUBLE:
        if not two_cards:
            return ("double_two_cards", "You can double only on your first two cards.")
        if hand.from_split and not rules.double_after_split:
            return ("double_after_split", "Doubling after a split is not allowed here.")
        value = hand.value
        if rules.double_on != "any":
            low = 9 if rules.double_on == "9-11" else 10
            if value.soft or not low <= value.total <= 11:
                return (
                    "double_total",
                    f"Here you can double only on a hard {low} to 11.",
                )
        return None
    if action is Action.SPLIT:
        if not two_cards or not is_pair(hand.cards, rules.split_by):
            if rules.split_by == "rank":
                return ("split_pair", "You can split only two cards of the same rank.")
            return ("split_pair", "You can split only two cards of equal value.")
        if len(rnd.hands_of_seat(hand.seat)) >= rules.max_split_hands:
            return (
                "split_limit",
                f"You can hold at most {rules.max_split_hands} hands by splitting.",
            )
        if hand.split_aces and not rules.resplit_aces:
            return ("resplit_aces", "Aces can be split only once.")
        return None
    if action is Action.SURRENDER:
        if rules.surrender == "none":
            return ("surrender_none", "Surrender is not offered in this game.")
        if not two_cards or hand.from_split or len(rnd.hands_of_seat(hand.seat)) > 1:
            return ("surrender_first", "You can surrender only as your first decision.")
        if rnd.upcard.points == 1 and not rules.surrender_vs_ace:
            return ("surrender_ace", "Surrender is not allowed against a dealer ace.")
        return None
    return ("unknown_action", f"{action!r} is not an action.")


# -- actions -------------------------------------------------------------------------------
def apply(rnd: Round, action: Action | str) -> Round:
    """The round after the hand to act takes ``action``; ``rnd`` itself is unchanged.

    Hit draws a card; stand ends the hand; double doubles the hand's bet and draws exactly one
    card; split makes two hands of the pair, each with the same bet, and deals the first its
    second card (split aces get one card each and are done); surrender gives up half the bet.

    Raises IllegalActionError (with a ``code`` and a message naming the rule) for an unknown
    action, an action after the round ended, or one the rules forbid now.
    """
    try:
        act = Action(action)
    except ValueError:
        raise IllegalActionError("unknown_action", f"{action!r} is not an action.") from None
    reason = _why_illegal(rnd, act)
    if reason is not None:
        raise IllegalActionError(*reason)
    assert rnd.active is not None
    index = rnd.active
    hand = rnd.hands[index]
    shoe = rnd.shoe
    hands = list(rnd.hands)

    if act is Action.HIT:
        card, shoe = shoe.draw()
        hand = replace(hand, cards=(*hand.cards, card))
        hand = replace(hand, done=_hand_finished(rnd.rules, hand))
        hands[index] = hand
    elif act is Action.STAND:
        hands[index] = replace(hand, done=True)
    elif act is Action.DOUBLE:
        card, shoe = shoe.draw()
        hands[index] = replace(
            hand, cards=(*hand.cards, card), bet=hand.bet * 2, doubled=True, done=True
        )
    elif act is Action.SPLIT:
        aces = hand.cards[0].points == 1
        left = replace(hand, cards=hand.cards[:1], from_split=True, split_aces=aces)
        right = replace(hand, cards=hand.cards[1:], from_split=True, split_aces=aces)
        hands[index : index + 1] = [left, right]
    elif act is Action.SURRENDER:
        hands[index] = replace(hand, surrendered=True, done=True)

    return _advance(replace(rnd, hands=tuple(hands), shoe=shoe))


def _hand_finished(rules: Rules, hand: PlayerHand) -> bool:
    """Whether a hand that just drew may draw no more."""
    total = hand.value.total
    if total > 21:
        return True
    if total == 21 and rules.auto_stand_21:
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
                can_resplit = (
                    rnd.rules.resplit_aces
                    and is_pair(hand.cards, rnd.rules.split_by)
                    and len(rnd.hands_of_seat(hand.seat)) < rnd.rules.max_split_hands
                )
                hand = replace(hand, done=not can_resplit)
            elif hand.value.total == 21 and rnd.rules.auto_stand_21:
                hand = replace(hand, done=True)
            hands[index] = hand
            if hand.done:
                continue
        return replace(rnd, hands=tuple(hands), shoe=shoe, active=index)
    return _play_dealer(replace(rnd, hands=tuple(hands), shoe=shoe, active=None))


def _play_dealer(rnd: Round) -> Round:
    """Turn (or, without a hole card, draw) the dealer's second card; draw to 17 when a hand
    still needs the dealer's total (S17 stands on soft 17, H17 hits it); then settle."""
    shoe = rnd.shoe
    dealer = list(rnd.dealer)
    if len(dealer) < 2:
        card, shoe = shoe.draw()
        dealer.append(card)
    needs_total = any(
        not (h.is_bust or h.surrendered or h.is_natural) for h in rnd.hands
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


def _settle(rnd: Round) -> Round:
    """Give every hand its outcome and net (chips), and end the round."""
    rules = rnd.rules
    dealer_natural = is_natural(rnd.dealer)
    dealer_total = hand_value(rnd.dealer).total
    settled = []
    seats_charged: set[int] = set()
    for hand in rnd.hands:
        stake = hand.bet
        if hand.surrendered:
            outcome, net = Outcome.SURRENDER, -stake / 2
        elif hand.is_bust:
            outcome, net = Outcome.BUST, -stake
        elif hand.is_natural:
            if dealer_natural:
                outcome, net = Outcome.PUSH, Fraction(0)
            else:
                outcome, net = Outcome.BLACKJACK, stake * rules.blackjack_payout
        elif dealer_natural:
            if rules.lose_all_to_natural:
                outcome, net = Outcome.LOSE, -stake
            elif hand.seat in seats_charged:  # original bets only: the split bet comes back
                outcome, net = Outcome.PUSH, Fraction(0)
            else:
                outcome, net = Outcome.LOSE, -hand.base_bet
            seats_charged.add(hand.seat)
        else:
            total = hand.value.total
            if dealer_total > 21 or total > dealer_total:
                outcome, net = Outcome.WIN, stake
            elif total < dealer_total:
                outcome, net = Outcome.LOSE, -stake
            else:
                outcome, net = Outcome.PUSH, Fraction(0)
        settled.append(replace(hand, done=True, outcome=outcome, net=net))
    return replace(rnd, hands=tuple(settled), phase=Phase.SETTLED, active=None, hole_revealed=True)
