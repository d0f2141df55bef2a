"""AI seats: the Observation carries no hole card and no shoe, the easy level hits below 17,
and AI seats act in seat order until the person's hand is to act."""

import dataclasses

from game.engine.cards import Card
from game.engine.players import AI_LEVELS, Observation, easy, observe, play_ai_seats
from game.engine.round import Action, Phase, deal, seen_before
from game.engine.rules import EUROPEAN, RUSSIAN


def test_observation_type_has_no_field_for_the_hole_card_or_the_shoe():
    names = {f.name for f in dataclasses.fields(Observation)}
    assert names == {
        "seat",
        "hand",
        "upcard",
        "table_cards",
        "seen",
        "legal",
        "insurance_offered",
        "from_split",
        "rules",
        "hands",
        "surrender_offered",
        "play_on",
    }
    assert not any("shoe" in n or "hole" in n or "dealer" in n for n in names)


def test_observation_holds_only_visible_cards(stacked_shoe):
    # Seat 0: T,6; seat 1: 9,9; dealer 7 up, hole QH; then draws.
    rnd = deal(EUROPEAN, [10, 10], stacked_shoe("TS", "9S", "7D", "6C", "9C", "QH", "5D"))
    obs = observe(rnd)
    assert obs.seat == 0
    assert obs.hand == (Card.parse("TS"), Card.parse("6C"))
    assert obs.upcard == Card.parse("7D")
    assert obs.table_cards == (
        (Card.parse("TS"), Card.parse("6C")),
        (Card.parse("9S"), Card.parse("9C")),
    )
    every_card = {c for field in dataclasses.astuple(obs) for c in _cards(field)}
    assert Card.parse("QH") not in every_card
    assert Card.parse("5D") not in every_card  # the next card of the shoe
    assert obs.legal == (Action.HIT, Action.STAND, Action.DOUBLE)


def _cards(value):
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _cards(item)


def test_easy_hits_below_17_and_stands_from_17(stacked_shoe):
    rnd = deal(EUROPEAN, [10], stacked_shoe("TS", "7D", "6C", "QH"))
    assert easy(observe(rnd)) is Action.HIT
    rnd = deal(EUROPEAN, [10], stacked_shoe("TS", "7D", "7C", "QH"))
    assert easy(observe(rnd)) is Action.STAND
    # Soft 17 (A,6) is 17 too: stand.
    rnd = deal(EUROPEAN, [10], stacked_shoe("AS", "7D", "6C", "QH"))
    assert easy(observe(rnd)) is Action.STAND


def test_easy_declines_insurance(stacked_shoe):
    rnd = deal(RUSSIAN, [10], stacked_shoe("TS", "AD", "6C", "7H"))
    assert rnd.phase is Phase.INSURANCE
    assert easy(observe(rnd)) is Action.NO_INSURANCE


def test_ai_seats_act_in_order_and_stop_at_the_persons_hand(stacked_shoe):
    # Seat 0 (AI): T,2 draws 3 (15) and 9 (bust); seat 1 (person): T,8; dealer 7 up, hole K.
    shoe = stacked_shoe("TS", "TD", "7D", "2C", "8C", "KH", "3S", "9S", "4D")
    rnd = deal(EUROPEAN, [10, 10], shoe)
    rnd = play_ai_seats(rnd, {0: AI_LEVELS["easy"]})
    assert rnd.active == 1  # the person's hand
    ai_hand = rnd.hands[0]
    assert [c.code for c in ai_hand.cards] == ["TS", "2C", "3S", "9S"]
    assert ai_hand.done and ai_hand.is_bust
    assert rnd.dealer_visible == (Card.parse("7D"),)


def test_ai_seats_after_the_person_play_out_and_the_round_settles(stacked_shoe):
    # Person seat 0 stands on T,8; AI seat 1 has T,7 and stands; dealer 7 + K = 17.
    rnd = deal(EUROPEAN, [10, 10], stacked_shoe("TS", "TD", "7D", "8C", "7C", "KH"))
    rnd = play_ai_seats(rnd.apply("stand"), {1: easy})
    assert rnd.is_over
    assert rnd.seat_net(0) == 10 and rnd.seat_net(1) == 0


def test_seen_before_is_the_shoe_dealt_before_this_round(stacked_shoe):
    shoe = stacked_shoe("2S", "3S", "4S", "5S", "TS", "7D", "8C", "KH")
    shoe = shoe.draw()[1].draw()[1].draw()[1].draw()[1]  # four cards of an earlier round
    rnd = deal(EUROPEAN, [10], shoe)
    assert [c.code for c in seen_before(rnd)] == ["2S", "3S", "4S", "5S"]
