"""A shoe too small to finish every way a round can go is refused with TooFewCardsError
(TOO_FEW_CARDS) and a message about the caller's shoe, never a ZeroDivisionError; a small
shoe that always lasts is valued exactly."""

from __future__ import annotations

import pytest

from game.engine.errors import Reason
from game.engine.rules import Rules
from game.engine.strategy.cache import TooFewCardsError
from game.engine.strategy.game_ev import game_ev
from game.engine.strategy.hand import hand_evs

ONLY_TENS = [0] * 9 + [20]


def test_a_small_shoe_that_always_lasts_is_valued_exactly() -> None:
    # 20 against a 9 whose hole card can only be a ten: 19, so standing wins and any draw
    # busts; the split makes four hands of 20 (resplit to the rules' 4), each winning
    evs = hand_evs(["T", "T"], "9", Rules(), composition=ONLY_TENS)
    assert (evs.stand, evs.hit, evs.double, evs.split) == (1.0, -1.0, -2.0, 4.0)


def test_a_hand_whose_dealer_would_draw_from_an_empty_shoe() -> None:
    with pytest.raises(TooFewCardsError) as caught:
        hand_evs(["8", "8"], "3", Rules(), composition=[0] * 7 + [1, 0, 0])
    assert caught.value.reason is Reason.TOO_FEW_CARDS
    assert caught.value.message == (
        "the shoe (1 card) is too small to finish every way the round can go"
    )


@pytest.mark.parametrize("strategy", ["cd", "td"])
def test_a_round_names_the_callers_shoe(strategy: str) -> None:
    # 4 cards: an ace upcard and a 2,3 leave one ten, a certain natural; a 2 upcard and an
    # A,3 leave the dealer 12 with nothing to draw
    with pytest.raises(TooFewCardsError) as caught:
        game_ev(Rules(), strategy=strategy, composition=[1, 1, 1, 0, 0, 0, 0, 0, 0, 1])  # type: ignore[arg-type]
    assert caught.value.reason is Reason.TOO_FEW_CARDS
    assert caught.value.message in (
        "the shoe (4 cards) is too small to finish every way the round can go",
        "the cards left make the dealer's natural certain: no decision follows the peek",
    )


def test_a_certain_natural_leaves_no_decision_after_the_peek() -> None:
    with pytest.raises(TooFewCardsError) as caught:
        hand_evs(["T", "T"], "A", Rules(), composition=[0] * 9 + [40])
    assert caught.value.message == (
        "the cards left make the dealer's natural certain: no decision follows the peek"
    )
