"""Strategy results computed once per rule set and kept: in the database (``StrategyResult``,
keyed by ``RuleSet.id_for(rules)`` and a kind) and in this process's memory.

- ``chart_for(rules)``: the total-dependent basic strategy ``Chart`` (about 1 s at 6 decks
  to compute; a database read after that).
- ``game_ev_for(rules, strategy)``: the game EV (units of the initial bet) under the
  composition-dependent ("cd") or total-dependent ("td") strategy.
- ``evs_cache(rules)``: a shared in-process ``EVCache`` for hand EVs of these rules (the
  table's grading and the drills reuse the memoized values).

``precompute(rules)`` fills the store for one rule set (``manage.py precompute_strategy``
does the five presets; ``make run`` runs it). Results carry ``ENGINE_VERSION``: raise it
when the engine's numbers change so that stored results are recomputed.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Collection
from typing import Any

from django.db import IntegrityError, transaction

from game.engine.players import make_policy, play_ai_seats, seen_before
from game.engine.round import Action, Round
from game.engine.rules import Rules
from game.engine.strategy.advisor import Grade, grade
from game.engine.strategy.chart import Chart, basic_strategy
from game.engine.strategy.ev import EVCache, game_ev
from game.models import RuleSet, StrategyResult

ENGINE_VERSION = 1
_MEMORY_SIZE = 32
_memory: OrderedDict[tuple[str, str], Any] = OrderedDict()
_caches: OrderedDict[str, EVCache] = OrderedDict()
_lock = threading.Lock()


def _remember(key: tuple[str, str], value: Any) -> None:
    with _lock:
        _memory[key] = value
        _memory.move_to_end(key)
        while len(_memory) > _MEMORY_SIZE:
            _memory.popitem(last=False)


def _stored(
    rules: Rules,
    kind: str,
    compute: Callable[[], Any],
    decode: Callable[[Any], Any] = lambda payload: payload,
) -> Any:
    """The result ``kind`` for ``rules``: from memory, else ``decode`` of the JSON payload in
    the database, else computed now (``compute`` returns the JSON payload) and stored (a
    concurrent writer of the same result is harmless: the first row wins). Memory keeps the
    decoded value."""
    rules_id = RuleSet.id_for(rules)
    key = (rules_id, kind)
    with _lock:
        if key in _memory:
            _memory.move_to_end(key)
            return _memory[key]
    row = StrategyResult.objects.filter(
        rules_id=rules_id, kind=kind, engine_version=ENGINE_VERSION
    ).first()
    if row is not None:
        payload = row.payload
    else:
        started = time.perf_counter()
        payload = compute()
        seconds = time.perf_counter() - started
        try:
            with transaction.atomic():
                StrategyResult.objects.update_or_create(
                    rules_id=rules_id,
                    kind=kind,
                    defaults={
                        "payload": payload,
                        "seconds": seconds,
                        "engine_version": ENGINE_VERSION,
                    },
                )
        except IntegrityError:  # another request stored it first
            pass
    value = decode(payload)
    _remember(key, value)
    return value


def evs_cache(rules: Rules) -> EVCache:
    """A shared ``EVCache`` for ``rules`` (the most recent few rule sets are kept)."""
    rules_id = RuleSet.id_for(rules)
    with _lock:
        cache = _caches.get(rules_id)
        if cache is None or cache.rules != rules:
            cache = EVCache(rules)
            _caches[rules_id] = cache
        _caches.move_to_end(rules_id)
        while len(_caches) > 8:
            _caches.popitem(last=False)
        if len(cache) > 200_000:  # bound the memory a long-running server gives it
            cache.clear()
        return cache


def chart_for(rules: Rules) -> Chart:
    """The basic strategy chart of a casino rule set (``basic_strategy``), stored.
    Raises StrategyError for the banker game."""
    return _stored(rules, "chart", lambda: basic_strategy(rules).to_json(), decode=Chart.from_json)


def game_ev_for(rules: Rules, strategy: str = "cd") -> float:
    """The game EV of a casino rule set, units of the initial bet, under the
    composition-dependent ("cd") or total-dependent ("td") strategy, stored.
    Raises StrategyError for the banker game, ValueError for another strategy."""
    if strategy not in ("cd", "td"):
        raise ValueError(f"unknown strategy {strategy!r}: use cd or td")
    if strategy == "cd":
        return float(_stored(rules, "game_ev_cd", lambda: game_ev(rules)))
    return float(
        _stored(rules, "game_ev_td", lambda: game_ev(rules, strategy="td", chart=chart_for(rules)))
    )


def grade_round(
    rnd: Round,
    action: Action,
    standard: str = "exact",
    *,
    offered: Collection[Action] | None = None,
) -> Grade | None:
    """The advisor's grade of ``action`` for the hand to act of ``rnd`` (``advisor.grade``)
    against ``standard`` ("exact" or "chart"; anything else counts as "exact") over the
    actions ``offered`` (legal and affordable; default every legal action), with the
    rules' stored chart and shared EV cache: what the table and the review's replays use."""
    rules = rnd.rules
    return grade(
        rnd,
        action,
        evs_cache(rules),
        chart=chart_for(rules),
        standard="chart" if standard == "chart" else "exact",
        offered=offered,
    )


def play_ai(rnd: Round, level: str, seat_count: int, human_seat: int) -> Round:
    """Let the AI seats (every seat of ``seat_count`` but ``human_seat``) act at ``level``
    until the person's hand is to act or the round is settled (players.py
    ``play_ai_seats``, each AI seeing only an Observation), with the rules' stored chart
    ("normal") or shared EV cache ("hard"). Raises ValueError for an unknown level."""
    if seat_count < 2:
        return rnd
    rules = rnd.rules
    policy = make_policy(
        level,
        rules,
        chart=chart_for(rules) if level == "normal" else None,
        cache=evs_cache(rules) if level == "hard" else None,
    )
    policies = {seat: policy for seat in range(seat_count) if seat != human_seat}
    return play_ai_seats(rnd, policies, seen_before(rnd))


def precompute(rules: Rules, *, with_td: bool = True) -> dict[str, float]:
    """Compute and store every result of ``rules`` not stored yet; returns the seconds each
    kind took now (0 for one already stored)."""
    timings = {}
    for kind, run in (
        ("chart", lambda: chart_for(rules)),
        ("game_ev_cd", lambda: game_ev_for(rules, "cd")),
        *((("game_ev_td", lambda: game_ev_for(rules, "td")),) if with_td else ()),
    ):
        started = time.perf_counter()
        run()
        timings[kind] = time.perf_counter() - started
    return timings


def forget() -> None:
    """Empty this process's memory of results (tests; the database keeps them)."""
    with _lock:
        _memory.clear()
        _caches.clear()
