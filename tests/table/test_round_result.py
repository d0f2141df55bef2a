"""The sentence under a settled round (templates/table/round_result.html): "Push" only when
every hand of the person pushed; a net of zero made of a win and a loss is "Even"."""

from __future__ import annotations

from game.engine.cards import Card, Shoe
from game.engine.round import Action, apply, deal
from game.engine.rules import EUROPEAN
from game.table.presenters import round_view
from trainer.web.templatetags.web import round_result


def played(cards: list[str], *actions: Action):
    rnd = deal(EUROPEAN, [10], Shoe.stacked_from([Card.parse(c) for c in cards]))
    for action in actions:
        rnd = apply(rnd, action)
    view = round_view(rnd)
    return round_result(view["net"], view["staked"])


def test_a_split_that_wins_one_hand_and_loses_the_other_is_no_push() -> None:
    # 8,8 against 10 (hole 7: 17); the split hands make 18 (won) and 14 (lost).
    result = played(["8", "T", "8", "7", "T", "6"], Action.SPLIT, Action.STAND, Action.STAND)
    assert result == "Even: no chips won or lost."


def test_a_split_whose_hands_both_push_gives_both_bets_back() -> None:
    # 8,8 against 10 (hole 7: 17); both split hands make 17.
    result = played(["8", "T", "8", "7", "9", "9"], Action.SPLIT, Action.STAND, Action.STAND)
    assert result == "Push: your 20 chips back."


def test_one_hand_that_pushes_gives_its_bet_back() -> None:
    assert played(["T", "T", "7", "7"], Action.STAND) == "Push: your 10 chips back."
