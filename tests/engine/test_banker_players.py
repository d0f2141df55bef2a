"""game/engine/banker_players.py: the banker game's AI levels.

easy is seed 003's rule of thumb (a punter draws under 16, the banker under 17); normal the
best play by total of the stored analysis (strategy/banker.py's two-card cells); hard as
normal for a punter, and a banker who weighs every punter's stake with what the table shows.
Each decides on its seat's observation only.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine.banker import (
    BankerAction,
    BankerObservation,
    DealPhase,
    Role,
    SeatView,
    choose_action,
)
from game.engine.banker_players import BestPlay, bust_chance, make_banker_policy
from game.engine.cards import Card
from game.engine.hands import hand_value
from game.engine.strategy.banker import banker_analysis, punter_analysis

DRAW, STAND = BankerAction.DRAW, BankerAction.STAND


def rows(cells) -> list[dict]:
    """The stored payload's rows (game/rulesets/store.py: the two-card cells)."""
    return [
        {"total": c.total, "soft": c.soft, "best": c.best, "draw": c.draw, "stand": c.stand}
        for c in cells
        if c.drawn == 0
    ]


@pytest.fixture(scope="module")
def best_play() -> BestPlay:
    return BestPlay.from_rows(
        {
            "punter": rows(punter_analysis().cells),
            "banker": rows(banker_analysis().cells["stood"]),
        }
    )


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in codes)


def seat_view(seat: int, *, role=Role.PUNTER, stake=10, visible=(), hidden=2, bust=False):
    return SeatView(
        seat=seat,
        role=role,
        stake=Fraction(stake),
        visible=cards(*visible),
        hidden=hidden,
        bust=bust,
    )


def observation(own: tuple[str, ...], role: Role, others=()) -> BankerObservation:
    hand = cards(*own)
    value = hand_value(hand)
    legal = (DRAW, STAND) if value.total < 21 and len(hand) < 5 else (STAND,)
    return BankerObservation(
        seat=0,
        role=role,
        banker=0 if role is Role.BANKER else 1,
        cards=hand,
        total=value.total,
        drawn=len(hand) - 2,
        stake=Fraction(0 if role is Role.BANKER else 10),
        others=tuple(others),
        to_act=0,
        phase=DealPhase.BANKER if role is Role.BANKER else DealPhase.PUNTERS,
        legal_actions=legal,
    )


def punter(*own: str) -> BankerObservation:
    return observation(own, Role.PUNTER, [seat_view(1, role=Role.BANKER, stake=0)])


def bank(*own: str, others=None) -> BankerObservation:
    return observation(own, Role.BANKER, others or [seat_view(1)])


def test_easy_is_the_seeds_rule_of_thumb() -> None:
    easy = make_banker_policy("easy")
    assert easy is choose_action
    assert [easy(punter("9S", c)) for c in ("5C", "6C", "7C")] == [DRAW, DRAW, STAND]
    assert [easy(bank("9S", c)) for c in ("7C", "8C")] == [DRAW, STAND]


@pytest.mark.slow
def test_normal_plays_the_best_play_by_total(best_play: BestPlay) -> None:
    normal = make_banker_policy("normal", best_play)
    # The punter against the banker's policy: draw on a hard 14, stand on a hard 15 (the
    # seed's advice draws there), draw on a soft 16 and a soft 17, stand on a soft 18.
    assert normal(punter("9S", "5C")) == DRAW
    assert normal(punter("9S", "6C")) == STAND
    assert normal(punter("AS", "5C")) == DRAW
    assert normal(punter("AS", "6C")) == DRAW
    assert normal(punter("AS", "7C")) == STAND
    # After a draw the row of the new total decides: 4,5 drew a 6 (hard 15): stand.
    assert normal(punter("4S", "5C", "6D")) == STAND
    # The banker against punters who stood: stand on a hard 16 (his policy draws), draw on
    # a soft 17, draw on a hard 14.
    assert normal(bank("9S", "7C")) == STAND
    assert normal(bank("AS", "6C")) == DRAW
    assert normal(bank("9S", "5C")) == DRAW
    assert normal(punter("TS", "AC", "KD")) == STAND  # 21: no draw is legal


@pytest.mark.slow
def test_the_two_card_rows_give_the_play_of_every_draw() -> None:
    """Why normal reads the two-card rows at every draw: the analysis's cells after one and
    two draws have the same best action for each total and softness."""
    for cells in (punter_analysis().cells, banker_analysis().cells["stood"]):
        by_total: dict[tuple[int, bool], set[str]] = {}
        for cell in cells:
            by_total.setdefault((cell.total, cell.soft), set()).add(cell.best)
        assert all(len(best) == 1 for best in by_total.values())


@pytest.mark.slow
def test_hard_banker_weighs_the_table(best_play: BestPlay) -> None:
    hard = make_banker_policy("hard", best_play)
    normal = make_banker_policy("normal", best_play)
    # A punter plays as normal.
    assert hard(punter("9S", "6C")) == normal(punter("9S", "6C")) == STAND
    # Against one punter who stood, the row: a hard 14 draws.
    assert hard(bank("9S", "5C")) == DRAW
    # Every punter bust: standing wins their stakes, a draw could only bust into pushes.
    busts = [
        seat_view(1, visible=("TS", "6C", "9D"), hidden=0, bust=True),
        seat_view(2, visible=("TH", "4C", "8D"), hidden=0, bust=True),
    ]
    assert hard(bank("9S", "5C", others=busts)) == STAND
    assert normal(bank("9S", "5C", others=busts)) == DRAW
    # A big stake still standing outweighs a small bust one.
    mixed = [
        seat_view(1, stake=100),
        seat_view(2, stake=5, visible=("TH", "4C", "8D"), hidden=0, bust=True),
    ]
    assert hard(bank("9S", "5C", others=mixed)) == DRAW


def test_bust_chance_counts_the_unseen_cards() -> None:
    # A hard 14: a 8, 9 or ten-value card busts it. Two decks less the 9, 5 in hand and the
    # T, 6 shown: 100 unseen, of which 8 eights, 7 nines and 31 ten-value cards.
    obs = bank("9S", "5C", others=[seat_view(1, visible=("TS", "6C"), hidden=0)])
    assert bust_chance(obs) == pytest.approx(46 / 100)
    assert bust_chance(bank("AS", "6C")) == 0  # a soft total cannot bust on one card


def test_levels_that_need_the_rows_refuse_without_them() -> None:
    with pytest.raises(ValueError, match="best-play rows"):
        make_banker_policy("normal")
    with pytest.raises(ValueError, match="unknown AI level"):
        make_banker_policy("genius")
