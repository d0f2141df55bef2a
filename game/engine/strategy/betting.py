"""Betting by the count: the player's edge at each true count, computed exactly, and a bet
ramp from it (units by the count, within a spread the person sets), with the grading of a bet.

- ``edge_at_count(rules, system, tc)``: the EV of a round (units of the initial bet, the
  composition-dependent play, ``game_ev``) against the expected shoe at true count ``tc``
  (strategy/indices.py: the same shoe the indices are computed against, interpolated over
  whole shoes), half the shoe dealt by default.
- ``edges_by_count(rules, system, counts)``: that edge for each floored true count ``f``,
  valued at ``f + 1/2`` (a floored count stands for true counts in ``[f, f + 1)``).
- ``bet_ramp(edges, spread)``: units per floored count: one unit for each count's worth of
  edge (``edge_slope``: the edge one true count adds, measured on the same EVs), rounded,
  at least one (the table's minimum, where the player has no edge) and at most
  ``spread``. Bets in proportion to the edge are the Kelly criterion's shape (Kelly 1956;
  Thorp, Beat the Dealer, ch. 6: bet a fraction of the bankroll proportional to the
  advantage), and a count's worth a unit is the textbook Hi-Lo ramp's step (about 0.5 % of
  a bet a count in a 6-deck game; Wong, Professional Blackjack; Schlesinger, Blackjack
  Attack, ch. 10).
- ``grade_bet(ramp, count, bet, unit)``: what the ramp says at that count and whether the
  bet is on it, over it or under it.

Speed: ``game_ev`` of a 6-deck shoe takes about 0.15 s, and each count's expected shoe is
the mean of a few whole shoes (4 to 10): ``edges_by_count`` over 14 counts takes some 10-15
s, for a background task, never a request.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from game.engine.counting import CountingError, CountingSystem
from game.engine.errors import Reason
from game.engine.rules import Rules
from game.engine.strategy.game_ev import game_ev
from game.engine.strategy.indices import expected_shoe, whole_shoes

RAMP_COUNTS: Final = range(-3, 11)
"""The floored true counts a ramp covers: at -3 and below it is one unit like at -3."""


def edge_at_count(
    rules: Rules, system: CountingSystem, tc: float, *, decks_left: float | None = None
) -> float | None:
    """The player's EV of a round (units of the initial bet; the house edge is its
    negative) at true count ``tc`` with ``decks_left`` decks left (default half the shoe):
    ``game_ev``'s composition-dependent play against each whole shoe of the expected one,
    weighted. None when no shoe of ``rules.decks`` decks shows that count.

    Raises CountingError for an unbalanced system (module indices.py), StrategyError for the
    banker game."""
    left = rules.decks / 2 if decks_left is None else decks_left
    shoe = expected_shoe(system, rules, tc, (), left)
    if shoe is None:
        return None
    return sum(weight * game_ev(rules, composition=counts) for weight, counts in whole_shoes(shoe))


def edges_by_count(
    rules: Rules,
    system: CountingSystem,
    counts: Iterable[int] = RAMP_COUNTS,
    *,
    decks_left: float | None = None,
) -> dict[int, float]:
    """``edge_at_count`` for each floored true count ``f`` of ``counts``, valued at
    ``f + 1/2``; a count no shoe shows is left out."""
    out = {}
    for f in counts:
        edge = edge_at_count(rules, system, f + 0.5, decks_left=decks_left)
        if edge is not None:
            out[f] = edge
    return out


def edge_slope(edges: Mapping[int, float]) -> float:
    """The edge one true count adds: the least-squares slope of ``edges`` over the counts
    from 0 to +5 that are there (the ramp's working range, where the edge is close to
    straight in the count). Raises CountingError with fewer than two of them or a slope
    that is not positive (a system that does not track this game's edge)."""
    points = [(f, e) for f, e in edges.items() if 0 <= f <= 5]
    if len(points) < 2:
        raise CountingError(Reason.COUNTING, "the edge is needed at two counts from 0 to +5")
    mean_f = sum(f for f, _ in points) / len(points)
    mean_e = sum(e for _, e in points) / len(points)
    num = sum((f - mean_f) * (e - mean_e) for f, e in points)
    den = sum((f - mean_f) ** 2 for f, _ in points)
    slope = num / den
    if slope <= 0:
        raise CountingError(Reason.COUNTING, "the edge does not rise with this count")
    return slope


def bet_ramp(edges: Mapping[int, float], spread: int) -> dict[int, int]:
    """Units to bet at each floored true count of ``edges``: ``round(edge /
    edge_slope(edges))``, at least 1 and at most ``spread`` (module docstring). Raises
    ValueError for a spread below 1; CountingError (``edge_slope``)."""
    if spread < 1:
        raise ValueError("the spread is at least 1 unit")
    slope = edge_slope(edges)
    return {f: max(1, min(spread, round(edge / slope))) for f, edge in sorted(edges.items())}


@dataclass(frozen=True, slots=True)
class BetGrade:
    """A bet against the ramp: ``units`` the ramp says at ``count``, ``suggested`` chips
    (units x the unit), and ``verdict`` "on", "over" or "under" the ramp."""

    count: int
    units: int
    suggested: int
    verdict: str


def grade_bet(ramp: Mapping[int, int], count: int, bet: int, unit: int) -> BetGrade:
    """The ramp's bet at floored true count ``count`` (below the ramp's lowest count its
    lowest bet, above its highest its highest) against ``bet`` chips, ``unit`` chips a unit.
    Raises ValueError for an empty ramp or a unit below 1."""
    if not ramp or unit < 1:
        raise ValueError("a ramp of at least one count and a unit of at least 1 chip")
    lowest, highest = min(ramp), max(ramp)
    units = ramp[min(max(count, lowest), highest)]
    suggested = units * unit
    verdict = "on" if bet == suggested else ("over" if bet > suggested else "under")
    return BetGrade(count=count, units=units, suggested=suggested, verdict=verdict)


__all__ = [
    "RAMP_COUNTS",
    "BetGrade",
    "bet_ramp",
    "edge_at_count",
    "edge_slope",
    "edges_by_count",
    "grade_bet",
]
