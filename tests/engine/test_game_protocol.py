"""game/engine/protocol.py's GameState through its two implementations, casino_game.py's
CasinoGame and banker_game.py's BankerGame, chosen by games.py's one mapping.

Scripted shoes, real values: who is to act and what is offered, who wins and the exact nets,
that an observation never holds a face-down card or the shoe, that the record leaves the
shoe's undealt cards out, the JSON round trip in the middle of a round and after it, the
casino reshuffle rule and the banker game's bank cover and talia.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from typing import Any

import pytest

from game.engine.banker import BankerAction, BankerDeal, DealPhase, Role, choose_action
from game.engine.banker_game import BANK_COVER, BankerGame
from game.engine.banker_players import make_banker_policy
from game.engine.cards import Card, Shoe, standard_deck
from game.engine.casino_game import MIN_CARDS_FOR_ROUND, CasinoGame, RoundView
from game.engine.errors import Reason
from game.engine.games import GAME_TYPES, game_type
from game.engine.players import easy
from game.engine.protocol import GameStateError, Setup
from game.engine.round import Action, IllegalActionError, InvalidBetError, Phase, Round
from game.engine.variants import find_rules

EUROPEAN = find_rules("european")
CROATIAN = find_rules("croatian")
BANKER = find_rules("dvadtsat-odno")
F = Fraction


def dumped(value: Any) -> str:
    """Everything a value holds, as text (dataclasses to dicts, Cards by their codes)."""
    return json.dumps(
        dataclasses.asdict(value),
        default=lambda o: o.code if isinstance(o, Card) else str(o),
    )


# -- the registry -----------------------------------------------------------------------------
def test_one_mapping_chooses_the_implementation_by_the_kind_of_game() -> None:
    assert dict(GAME_TYPES) == {"casino": CasinoGame, "banker": BankerGame}
    assert game_type(EUROPEAN) is CasinoGame
    assert game_type(BANKER) is BankerGame
    assert (CasinoGame.min_seats, BankerGame.min_seats) == (1, 2)


# -- the casino game --------------------------------------------------------------------------
# Two seats, the AI (easy) first, the person second. Deal order: seat 0, seat 1, upcard,
# seat 0, seat 1, hole card. AI T,9 (19) stands; the person 5,T (15) stands; the dealer's
# 6,Q (16) draws the 7 and busts. Three cards stay in the shoe.
CASINO_TWO = ["TS", "5H", "6D", "9C", "TH", "QH", "7C", "2D", "3D", "4D"]


def casino(cards=CASINO_TWO, seats=2, rules=EUROPEAN, **setup) -> CasinoGame:
    return CasinoGame.new(rules, Setup(seats=seats, **setup), Shoe.stacked_from(cards))


def test_casino_round_deals_plays_the_ai_and_settles_with_exact_nets() -> None:
    game = casino()
    assert (game.stakers(), game.in_play, game.to_act) == ((0, 1), False, None)
    assert game.observe(1) is None
    assert game.cover(1, {0: F(10), 1: F(20)}) == 20
    game = game.deal({0: F(10), 1: F(20)})
    assert (game.in_play, game.to_act) == (True, 0)
    assert game.offered(1, F(1000)) == ()  # not the person's turn yet
    game = game.play_ai({0: easy})
    assert game.to_act == 1
    assert game.legal(1) == (Action.HIT, Action.STAND, Action.DOUBLE)
    assert game.offered(1, F(19)) == (Action.HIT, Action.STAND)  # a double needs 20 more
    assert game.offered(1, F(20)) == (Action.HIT, Action.STAND, Action.DOUBLE)
    assert (game.stake(1), game.on_table(1), game.net(1)) == (20, 20, None)
    game = game.apply(1, Action.STAND)
    assert (game.in_play, game.to_act) == (False, None)
    assert (game.net(0), game.net(1)) == (F(10), F(20))
    assert game.round is not None and [c.code for c in game.round.dealer] == ["6D", "QH", "7C"]
    # The shoe the round left is the next round's.
    assert game.shoe == game.round.shoe and game.shoe.remaining == 3


def test_casino_extra_stakes_and_chosen_amounts_follow_the_rules() -> None:
    # Croatian (seed 001): no hole card, early surrender, double for less. The person alone
    # with 9,2 against a 6 doubles for 4 chips and draws a 5 (16); the dealer's 6 draws a T
    # (16), then a 9.
    game = casino(["9S", "6D", "2C", "5C", "TH", "9D"], seats=1, rules=CROATIAN)
    game = game.deal({0: F(10)})
    # First the early-surrender phase: every seat answers it before anyone draws.
    assert game.offered(0, F(0)) == (Action.SURRENDER, Action.NO_SURRENDER)
    game = game.apply(0, Action.NO_SURRENDER)
    assert game.chooses_amount(Action.DOUBLE) and not game.chooses_amount(Action.SPLIT)
    assert game.extra_stake(Action.DOUBLE, None) == 10
    assert game.extra_stake(Action.DOUBLE, F(4)) == 4
    assert game.extra_stake(Action.SPLIT, None) == 10
    assert game.extra_stake(Action.STAND, None) == 0
    # One chip pays for a double for less.
    assert Action.DOUBLE in game.offered(0, F(1))
    game = game.apply(0, Action.DOUBLE, F(4))
    assert not game.in_play
    assert (game.stake(0), game.on_table(0), game.net(0)) == (10, 14, 14)


def test_casino_refusals_name_their_reason_and_change_nothing() -> None:
    game = casino()
    with pytest.raises(GameStateError) as refused:
        game.ready_to_act()
    assert refused.value.reason is Reason.NO_ROUND
    with pytest.raises(InvalidBetError) as missing:
        game.deal({0: F(10)})
    assert missing.value.reason is Reason.BET_MISSING
    with pytest.raises(InvalidBetError) as stranger:
        game.deal({0: F(10), 1: F(10), 2: F(10)})
    assert stranger.value.reason is Reason.STAKE_SEAT
    dealt = game.deal({0: F(10), 1: F(20)})
    with pytest.raises(GameStateError) as in_play:
        dealt.deal({0: F(10), 1: F(20)})
    assert in_play.value.reason is Reason.ROUND_IN_PLAY
    with pytest.raises(IllegalActionError) as other:
        dealt.apply(1, Action.STAND)  # seat 0 is to act
    assert other.value.reason is Reason.OTHER_SEAT_TO_ACT
    with pytest.raises(IllegalActionError) as unknown:
        dealt.parse_action("draw")
    assert unknown.value.reason is Reason.UNKNOWN_ACTION
    assert dealt.parse_action("hit") is Action.HIT
    with pytest.raises(GameStateError) as not_over:
        dealt.record()
    assert not_over.value.reason is Reason.ROUND_IN_PLAY
    settled = dealt.play_ai({0: easy}).apply(1, Action.STAND)
    with pytest.raises(GameStateError) as over:
        settled.apply(1, Action.HIT)
    assert over.value.reason is Reason.ROUND_OVER


def test_casino_observation_holds_no_hole_card_and_no_shoe() -> None:
    game = casino().deal({0: F(10), 1: F(20)})
    view = game.observe(1)
    assert isinstance(view, RoundView)
    assert [c.code for c in view.dealer] == ["6D"] and view.dealer_hidden == 1
    assert view.legal == ()  # seat 0 is to act
    text = dumped(view)
    for secret in ("QH", "7C", "2D", "3D", "4D"):  # the hole card and the undealt cards
        assert secret not in text
    assert "shoe" not in text
    mine = game.play_ai({0: easy}).observe(1)
    assert mine is not None and mine.legal == (Action.HIT, Action.STAND, Action.DOUBLE)
    settled = game.play_ai({0: easy}).apply(1, Action.STAND).observe(1)
    assert settled is not None and [c.code for c in settled.dealer] == ["6D", "QH", "7C"]
    assert settled.seat_net(1) == 20 and settled.is_over


def test_casino_record_leaves_the_undealt_cards_out() -> None:
    game = casino().deal({0: F(10), 1: F(20)}).play_ai({0: easy}).apply(1, Action.STAND)
    record = game.record()
    assert game.round is not None
    assert record == dataclasses.replace(game.round, shoe=game.round.shoe.dealt_part()).to_json()
    assert record["shoe"]["cards"] == "TS5H6D9CTHQH7C"
    assert Round.from_json(record).seat_net(1) == 20


@pytest.mark.parametrize("moves", [0, 1, 2])
def test_casino_json_round_trip_before_during_and_after_a_round(moves: int) -> None:
    setup = Setup(seats=2)
    game = casino()
    steps = [
        lambda g: g.deal({0: F(10), 1: F(20)}),
        lambda g: g.play_ai({0: easy}),
        lambda g: g.apply(1, Action.STAND),
    ]
    for step in steps[: moves + 1]:
        game = step(game)
    data = json.loads(json.dumps(game.to_json()))
    assert data["game"] == "casino"
    assert CasinoGame.from_json(EUROPEAN, setup, data) == game
    with pytest.raises(ValueError):
        BankerGame.from_json(BANKER, Setup(seats=2), data)


@pytest.mark.parametrize("moves", [0, 2])
def test_casino_json_writes_the_shoes_cards_once(moves: int) -> None:
    # In play (the shoe before the round) and settled (the next round's shoe), the game's
    # shoe holds the round's cards: they are written once, in the round's shoe.
    game = casino().deal({0: F(10), 1: F(20)})
    if moves:
        game = game.play_ai({0: easy}).apply(1, Action.STAND)
    assert game.shoe is not None and game.round is not None
    data = json.loads(json.dumps(game.to_json()))
    assert data["shoe"] == {**game.shoe.to_json(with_cards=False), "cards_of": "round"}
    assert "cards" not in data["shoe"]
    assert data["round"]["shoe"]["cards"] == "".join(c.code for c in game.round.shoe.cards)
    back = CasinoGame.from_json(EUROPEAN, Setup(seats=2), data)
    assert back == game
    assert back.shoe is not None and back.round is not None
    assert back.shoe.cards is back.round.shoe.cards  # so the next save writes them once too
    assert back.to_json() == data


def test_casino_json_of_before_the_shoe_was_written_once_is_read() -> None:
    # States stored before: the game's shoe with its own copy of the cards.
    game = casino().deal({0: F(10), 1: F(20)}).play_ai({0: easy})
    assert game.shoe is not None and game.round is not None
    data = {"game": "casino", "shoe": game.shoe.to_json(), "round": game.round.to_json()}
    assert data["shoe"]["cards"] == data["round"]["shoe"]["cards"]
    back = CasinoGame.from_json(EUROPEAN, Setup(seats=2), json.loads(json.dumps(data)))
    assert back == game
    assert back.apply(1, Action.STAND).round.seat_net(1) == 20  # type: ignore[union-attr]
    with pytest.raises(ValueError):  # the round's cards without a round
        CasinoGame.from_json(
            EUROPEAN, Setup(seats=2), {**data, "shoe": game.to_json()["shoe"], "round": None}
        )


def test_casino_json_of_a_fresh_shoe_after_a_round_keeps_both() -> None:
    # A new shoe shuffled for the deal: the game keeps the old one until the round ends.
    # (a shoe whose cut card is out: the deal shuffles a new one)
    old = dataclasses.replace(Shoe.stacked_from(["TS", "5H", "6D", "9C"]), stacked=False, cut=0)
    # The new shoe is shuffled at random: a round it deals may settle at once (a natural),
    # and a settled round hands its shoe to the game. Deal again until one is in play.
    for _ in range(50):
        dealt = CasinoGame.new(EUROPEAN, Setup(seats=1), old).deal({0: F(10)})
        assert dealt.round is not None and dealt.shoe is not None
        if not dealt.round.is_over:
            break
    assert dealt.shoe.cards != dealt.round.shoe.cards
    data = json.loads(json.dumps(dealt.to_json()))
    assert data["shoe"]["cards"] == "TS5H6D9C" and "cards_of" not in data["shoe"]
    assert CasinoGame.from_json(EUROPEAN, Setup(seats=1), data) == dealt


def test_casino_shoe_is_renewed_by_the_reshuffle_rule() -> None:
    shuffled = Shoe.shuffled(1, penetration=0.9)
    # The cut card leaves 6 cards: fewer than MIN_CARDS_FOR_ROUND, so the rule takes 6.
    assert len(shuffled.cards) - shuffled.cut == 6 < MIN_CARDS_FOR_ROUND
    rules = dataclasses.replace(EUROPEAN, decks=1)
    kept = dataclasses.replace(shuffled, position=10)
    game = CasinoGame.new(rules, Setup(seats=1, penetration=0.5), kept)
    assert game.next_shoe() is kept
    low = dataclasses.replace(shuffled, position=len(shuffled.cards) - 5)  # 5 < 6 left
    renewed = CasinoGame.new(rules, Setup(seats=1, penetration=0.5), low).next_shoe()
    assert renewed is not low and renewed.position == 0 and renewed.cut == 26  # penetration
    assert CasinoGame.new(rules, Setup(seats=1)).next_shoe().cut == 39  # no shoe yet: 0.75
    # A stacked shoe is never renewed early, however few cards are left.
    stacked = Shoe.stacked_from(["TS", "6D", "9C", "TH", "5C"])
    assert CasinoGame.new(rules, Setup(seats=1), stacked).next_shoe() is stacked


# -- the banker game --------------------------------------------------------------------------
def banker_shoe(seats: int, hands: dict[int, list[str]], draws=(), banker=0, pad=True) -> Shoe:
    """The deal's cards in dealing order (from the banker's left, the banker last, twice
    round), then ``draws``, then whole decks up to 104 cards unless ``pad`` is False."""
    order = [(banker + 1 + i) % seats for i in range(seats)]
    cards = [Card.parse(hands[s][0]) for s in order] + [Card.parse(hands[s][1]) for s in order]
    cards += [Card.parse(c) for c in draws]
    deck = standard_deck()
    while pad and len(cards) < 104:
        cards.append(deck[len(cards) % len(deck)])
    return Shoe.stacked_from(cards)


# Seats 0 (banker), 1, 2. Punter 1: 5,7 draws a 4 and stands on 16; punter 2: T,8 stands;
# the banker's Q,6 draws a 9 and busts: both punters paid 2:1.
PUNTER_DEAL = {1: ["5H", "7C"], 2: ["TD", "8S"], 0: ["QH", "6D"]}


def banker(hands=PUNTER_DEAL, draws=("4S", "9H"), seats=3, **kwargs) -> BankerGame:
    setup = Setup(seats=seats, min_stake=F(5), max_stake=F(500))
    return BankerGame.new(BANKER, setup, banker_shoe(seats, hands, draws, **kwargs))


def test_banker_deal_plays_the_ai_and_settles_with_exact_nets() -> None:
    easy_ai = make_banker_policy("easy")
    game = banker()
    assert (game.stakers(), game.in_play, game.observe(1)) == ((1, 2), False, None)
    game = game.deal({1: F(25), 2: F(10)})
    assert (game.in_play, game.to_act) == (True, 1)
    assert game.offered(1, F(0)) == (BankerAction.DRAW, BankerAction.STAND)
    assert game.offered(2, None) == ()
    assert not game.chooses_amount(BankerAction.DRAW)
    assert game.extra_stake(BankerAction.DRAW, None) == 0
    game = game.apply(1, BankerAction.DRAW).apply(1, BankerAction.STAND)
    assert game.to_act == 2
    game = game.play_ai({0: easy_ai, 2: easy_ai})
    assert not game.in_play
    assert [game.net(s) for s in range(3)] == [F(-70), F(50), F(20)]
    assert (game.stake(1), game.on_table(1), game.stake(0)) == (25, 25, 0)
    # The table after the deal: the nets added, the shoe moved on, one deal in the talia.
    assert game.table.nets == (F(-70), F(50), F(20))
    assert (game.table.deals, game.table.shoe.position) == (1, 8)


def test_banker_bank_cover_is_twice_the_punters_stakes() -> None:
    game = banker()
    stakes = {1: F(25), 2: F(10)}
    assert BANK_COVER == 2
    assert game.cover(0, stakes) == 70  # the bank: every punter paid 2:1
    assert game.cover(1, stakes) == 25  # a punter: its stake


def test_banker_refusals_name_their_reason() -> None:
    game = banker()
    with pytest.raises(GameStateError) as no_deal:
        game.apply(1, BankerAction.DRAW)
    assert no_deal.value.reason is Reason.NO_DEAL
    dealt = game.deal({1: F(25), 2: F(10)})
    with pytest.raises(GameStateError) as in_play:
        dealt.deal({1: F(25), 2: F(10)})
    assert in_play.value.reason is Reason.DEAL_IN_PLAY
    with pytest.raises(IllegalActionError) as turn:
        dealt.apply(2, BankerAction.STAND)
    assert turn.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(IllegalActionError) as unknown:
        dealt.parse_action("hit")
    assert unknown.value.reason is Reason.UNKNOWN_ACTION
    # Punter 2's T,8 draws a 3 (21): a policy that draws again is refused, nothing applied.
    at_21 = banker(draws=("3S", "9H")).deal({1: F(25), 2: F(10)}).apply(1, BankerAction.STAND)
    with pytest.raises(ValueError, match="not legal"):
        at_21.play_ai({2: lambda obs: BankerAction.DRAW})
    settled = dealt.apply(1, BankerAction.STAND).play_ai({0: choose_action, 2: choose_action})
    with pytest.raises(GameStateError) as over:
        settled.apply(1, BankerAction.STAND)
    assert over.value.reason is Reason.DEAL_OVER


def test_banker_observation_holds_no_face_down_card_and_no_shoe() -> None:
    game = banker().deal({1: F(25), 2: F(10)})
    view = game.observe(1)
    assert view is not None and [c.code for c in view.cards] == ["5H", "7C"]
    text = dumped(view)
    for secret in ("TD", "8S", "QH", "6D", "4S", "9H"):  # others' cards, the next cards
        assert secret not in text
    assert "shoe" not in text
    settled = game.apply(1, BankerAction.STAND).play_ai({0: choose_action, 2: choose_action})
    shown = settled.observe(1)
    assert shown is not None
    assert {c.code for o in shown.others for c in o.visible} >= {"TD", "8S", "QH", "6D"}


def test_banker_record_and_json_round_trip() -> None:
    setup = Setup(seats=3, min_stake=F(5), max_stake=F(500))
    game = banker()
    dealt = game.deal({1: F(25), 2: F(10)})
    settled = dealt.apply(1, BankerAction.STAND).play_ai({0: choose_action, 2: choose_action})
    for state in (game, dealt, settled):
        data = json.loads(json.dumps(state.to_json()))
        assert data["game"] == "banker"
        assert BankerGame.from_json(BANKER, setup, data) == state
    with pytest.raises(ValueError):
        CasinoGame.from_json(EUROPEAN, setup, settled.to_json())
    record = BankerDeal.from_json(settled.record())
    assert settled.current is not None
    assert record.shoe.cards == settled.current.shoe.dealt  # the talia's next cards left out
    assert record.phase is DealPhase.SETTLED and record.nets == settled.current.nets


def test_banker_talia_ends_and_the_bank_passes_left() -> None:
    """Two seats: a deal may need 10 cards; 12 scripted cards make one deal and leave 8."""
    hands = {1: ["TS", "9S"], 0: ["TC", "8D"]}
    game = BankerGame.new(
        BANKER, Setup(seats=2), banker_shoe(2, hands, ["2C"] * 8, pad=False)
    ).deal({1: F(10)})
    game = game.apply(1, BankerAction.STAND).play_ai({0: choose_action})
    assert game.net(1) == 10
    assert (game.table.banker, game.table.talia, game.table.shoe.remaining) == (1, 2, 104)
    assert game.stakers() == (0,)  # the person (seat 1) holds the bank now
    assert game.cover(1, {0: F(10)}) == 20
    again = game.deal({0: F(10)})
    assert again.current is not None and again.current.hands[1].role is Role.BANKER


def test_a_short_scripted_shoe_passes_the_bank_before_the_deal() -> None:
    game = BankerGame.new(BANKER, Setup(seats=2), Shoe.stacked_from(["2C"] * 9))
    assert game.table.talia_over and game.next_banker == 1
    assert game.stakers() == (0,)
    dealt = game.deal({0: F(10)})
    assert dealt.current is not None and dealt.current.banker == 1


def test_the_casino_and_banker_phases_are_their_own() -> None:
    # Both implementations keep their engine's own values: a round, a deal.
    game = casino().deal({0: F(10), 1: F(20)})
    assert game.round is not None and game.round.phase is Phase.PLAYER
    bank = banker().deal({1: F(25), 2: F(10)})
    assert bank.current is not None and bank.current.phase is DealPhase.PUNTERS
