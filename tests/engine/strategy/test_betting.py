"""Betting by the count (game/engine/strategy/betting.py): the player's edge by true count,
computed exactly for the published Hi-Lo game (6 decks, S17, DAS, a peeking dealer), the
ramp made from it, and a bet graded against the ramp."""

from __future__ import annotations

import pytest

from game.engine.counting import CountingError, find_system
from game.engine.rules import Rules
from game.engine.strategy.betting import (
    bet_ramp,
    edge_at_count,
    edge_slope,
    edges_by_count,
    grade_bet,
)

HILO = find_system("hilo")


@pytest.fixture(scope="module")
def edges() -> dict[int, float]:
    return edges_by_count(Rules(), HILO, range(-1, 6))


def test_the_edge_rises_about_half_a_percent_a_count(edges: dict[int, float]) -> None:
    # Each true count adds about 0.5 % of a bet in a 6-deck game (Schlesinger, Blackjack
    # Attack, ch. 10; Griffin, The Theory of Blackjack): computed here, 0.51 %.
    assert list(edges) == [-1, 0, 1, 2, 3, 4, 5]
    assert all(b > a for a, b in zip(edges.values(), list(edges.values())[1:], strict=False))
    assert 0.0045 < edge_slope(edges) < 0.0055
    # Break-even near +0.5 half way down the shoe (the game is -0.40 % off the top).
    assert -0.002 < edges[0] < 0.001
    assert 0.009 < edges[2] < 0.011


def test_the_ramp_bets_a_unit_a_count_of_edge_within_the_spread(edges: dict[int, float]) -> None:
    assert bet_ramp(edges, 8) == {-1: 1, 0: 1, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5}
    assert bet_ramp(edges, 4) == {-1: 1, 0: 1, 1: 1, 2: 2, 3: 3, 4: 4, 5: 4}
    assert set(bet_ramp(edges, 1).values()) == {1}
    with pytest.raises(ValueError):
        bet_ramp(edges, 0)


def test_a_bet_graded_against_the_ramp(edges: dict[int, float]) -> None:
    ramp = bet_ramp(edges, 8)
    assert grade_bet(ramp, 3, 30, 10).verdict == "on"
    under = grade_bet(ramp, 4, 10, 10)
    assert (under.units, under.suggested, under.verdict) == (4, 40, "under")
    assert grade_bet(ramp, -4, 50, 10).verdict == "over"  # below the ramp: its lowest bet
    assert grade_bet(ramp, 9, 50, 10).suggested == 50  # above it: its highest
    with pytest.raises(ValueError):
        grade_bet({}, 0, 10, 10)


def test_a_count_no_shoe_shows_has_no_edge_and_a_flat_edge_no_slope() -> None:
    assert edge_at_count(Rules(decks=1), HILO, 60.0) is None
    with pytest.raises(CountingError):
        edge_slope({0: 0.01})
    with pytest.raises(CountingError):
        edge_slope({0: 0.01, 1: 0.0})
