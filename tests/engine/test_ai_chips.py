"""Issue 10: an AI seat with a bankroll is offered only the actions its chips pay for, and
its level's policy chooses among those (the chart's fallback, the hard level's best
offered action); a policy answering with anything else is refused."""

from fractions import Fraction

import pytest

from game.engine.cards import Shoe
from game.engine.players import make_policy, observe, play_ai_seats
from game.engine.round import Action, affordable_actions, deal
from game.engine.rules import EUROPEAN

# Two seats of 10 chips: seat 0 (the AI) A,A, seat 1 (the person) T,9, the dealer 6 up and
# a ten in the hole; then the draws (European: double on any two cards, no resplit of aces).
ACES_AND_NINETEEN = ["AS", "TC", "6D", "AH", "9S", "TH", "5C", "4D", "3S", "2H", "8C"]
# The same with seat 0 holding 6,5 (hard 11: the chart doubles).
ELEVEN_AND_NINETEEN = ["6S", "TC", "6D", "5H", "9S", "TH", "5C", "4D", "3S", "2H", "8C"]


def table(cards: list[str]):
    return deal(EUROPEAN, [10, 10], Shoe.stacked_from(cards))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_an_ai_seat_that_cannot_pay_a_split_plays_its_aces_among_hit_and_stand(level: str):
    rnd = table(ACES_AND_NINETEEN)
    policy = make_policy(level, EUROPEAN)
    # 10 chips: the 10 staked and nothing for a second bet.
    tight = play_ai_seats(rnd, {0: policy}, bankrolls={0: Fraction(10)})
    seat = tight.hands_of_seat(0)
    assert len(seat) == 1 and seat[0].bet == 10
    assert [c.code for c in seat[0].cards][:3] == ["AS", "AH", "5C"]  # hit soft 12 v 6
    # 20 chips pay the split: both levels split aces against a 6.
    rich = play_ai_seats(rnd, {0: policy}, bankrolls={0: Fraction(20)})
    assert [len(h.cards) for h in rich.hands_of_seat(0)] == [2, 2]
    assert rich.seat_staked(0) == 20


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_an_ai_seat_that_cannot_pay_a_double_hits_its_eleven(level: str):
    rnd = table(ELEVEN_AND_NINETEEN)
    policy = make_policy(level, EUROPEAN)
    obs = observe(rnd, chips=Fraction(9))
    assert obs.legal == (Action.HIT, Action.STAND)
    tight = play_ai_seats(rnd, {0: policy}, bankrolls={0: Fraction(19)})
    hand = tight.hands_of_seat(0)[0]
    assert (hand.doubled, hand.bet, len(hand.cards) >= 3) == (False, 10, True)
    rich = play_ai_seats(rnd, {0: policy}, bankrolls={0: Fraction(20)})
    assert rich.hands_of_seat(0)[0].doubled and rich.seat_staked(0) == 20


def test_an_action_that_was_not_offered_is_refused():
    rnd = table(ACES_AND_NINETEEN)
    with pytest.raises(ValueError, match="seat 0 chose split, which was not offered"):
        play_ai_seats(rnd, {0: lambda obs: Action.SPLIT}, bankrolls={0: Fraction(15)})


def test_affordable_actions_is_legal_actions_bounded_by_the_chips():
    rnd = table(ACES_AND_NINETEEN)
    assert affordable_actions(rnd, None) == rnd.legal_actions()
    assert affordable_actions(rnd, Fraction(10)) == rnd.legal_actions()
    assert affordable_actions(rnd, Fraction(9)) == (Action.HIT, Action.STAND)
    assert affordable_actions(rnd, Fraction(0)) == (Action.HIT, Action.STAND)
