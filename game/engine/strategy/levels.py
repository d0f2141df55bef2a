"""The AI levels as fixed policies, and the exact game EV of each.

VARIANTS.md table 5 ("AI seats") and issue 4:

- ``easy`` (seed 004): declines insurance, hits below 17, else stands; never doubles,
  splits or surrenders (``EasyPolicy``).
- ``normal``: the variant's total-dependent basic strategy chart (``chart.ChartPolicy``:
  every decision is ``Chart.action_for``, the chart's play among the legal actions).
- ``hard``: the exact composition-dependent play of this hand against the upcard, knowing
  only its own cards and the upcard (the best EV of ``hand_evs``; splits by CDZ-).

``level_ev(rules, level)`` is the EV of a whole round for one seat playing that level, in
units of the initial bet: ``policy_game_ev`` with the easy or chart policy, ``game_ev``
(composition-dependent) for hard. ``game_ev`` resplits every pair card while the rules allow
(CDZ-); the hard seat resplits when the resplit's EV is its best play, which with a fresh
shoe of every preset that resplits (European, Croatian), and of S17 6 decks with or without
RSA and hitting split aces, or 1 deck H17, is wherever it split the pair (checked for every
pair and upcard), so the two agree there. So hard >= normal >= easy for every rule set (hard is the
best play of each hand; the chart is derived from the same EVs). The table's AI seats
(``players.make_policy``) play exactly these decisions, so a simulation of the table
agrees with these EVs (tests/engine/strategy/test_levels.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.cache import EVCache
from game.engine.strategy.chart import Chart, ChartPolicy, basic_strategy
from game.engine.strategy.game_ev import game_ev, policy_game_ev

Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")

EASY_STANDS_ON = 17
"""The easy level stands on 17 or more (seed 004: "hits below 17")."""


class EasyPolicy:
    """Seed 004's easy play as a ``HandPolicy``: hit below 17, else stand."""

    def first(self, values: tuple[int, ...], upcard: int, legal: frozenset[Action]) -> Action:
        """Hit a total under 17 (the best total, an ace as 11 when it fits), else stand."""
        return Action.HIT if _best_total(values) < EASY_STANDS_ON else Action.STAND

    def hits(self, low: int, ace: bool, cards: int, upcard: int) -> bool:
        """Draw again while the best total is under 17."""
        total = low + 10 if ace and low <= 11 else low
        return total < EASY_STANDS_ON


def _best_total(values: Sequence[int]) -> int:
    low = sum(values)
    return low + 10 if 1 in values and low <= 11 else low


def level_ev(
    rules: Rules,
    level: Level,
    *,
    chart: Chart | None = None,
    composition: Sequence[int] | None = None,
    infinite: bool = False,
    cache: EVCache | None = None,
) -> float:
    """The EV of a whole round (units of the initial bet) for a seat playing ``level``.

    - ``easy``: ``policy_game_ev`` with ``EasyPolicy``;
    - ``normal``: the total-dependent chart's EV (``chart``, default
      ``basic_strategy(rules)`` for the same shoe);
    - ``hard``: the composition-dependent EV (``game_ev``).

    ``composition``/``infinite``/``cache`` as in ``game_ev``. Each takes about a second at
    6 decks (``make bench``). Raises ValueError for an unknown level, StrategyError for the
    banker game.
    """
    if level == "easy":
        return policy_game_ev(
            rules, EasyPolicy(), composition=composition, infinite=infinite, cache=cache
        )
    if level == "normal":
        if chart is None:
            chart = basic_strategy(rules, infinite=infinite)
        return policy_game_ev(
            rules, ChartPolicy(chart), composition=composition, infinite=infinite, cache=cache
        )
    if level == "hard":
        return game_ev(rules, composition=composition, infinite=infinite, cache=cache)
    raise ValueError(f"unknown level {level!r}; use one of {', '.join(LEVELS)}")


__all__ = ["LEVELS", "EasyPolicy", "Level", "level_ev"]
