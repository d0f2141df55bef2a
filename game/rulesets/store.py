"""Strategy results computed once per rule set and kept: in the database (``StrategyResult``,
keyed by ``RuleSet.id_for(rules)`` and a kind) and in this process's memory.

- ``chart_for(rules)``: the total-dependent basic strategy ``Chart`` (about 1 s at 6 decks
  to compute; a database read after that).
- ``game_ev_for(rules, strategy)``: the game EV (units of the initial bet) under the
  composition-dependent ("cd") or total-dependent ("td") strategy.
- ``banker_play_for(rules)``: the banker game's best draw or stand by two-card total, for
  the punter and for the banker (strategy/banker.py, about half a second).
- ``evs_cache(rules)``: a shared in-process ``EVCache`` for hand EVs of these rules (the
  table's grading and the drills reuse the memoized values; one decision costs about a ms).
- ``ai_policy(rules, level)``: an AI seat of the rules' game at a level, built with what is
  stored for it (the chart, the EV cache, the banker game's best-play rows).

Reading never computes: a result that is not stored raises ``AnalysisPending`` unless the
caller passes ``compute=True``, which only the background analysis (analyses.py, run by a
worker) and ``precompute`` do, so no request ever runs a whole analysis.
``precompute(rules)`` fills the store for one rule set (``manage.py precompute_strategy``
does the presets; ``make run`` runs it). Results carry ``ENGINE_VERSION``: raise it when the
engine's numbers change so that stored results are recomputed.
"""

from __future__ import annotations

import functools
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from django.db import IntegrityError, transaction

from game.engine.banker_players import BankerPolicy, BestPlay, make_banker_policy
from game.engine.counting import CountingError, find_system
from game.engine.errors import Reason
from game.engine.players import Policy, make_policy
from game.engine.round import Action, Round
from game.engine.rules import Rules
from game.engine.strategy.advisor import Grade, grade
from game.engine.strategy.banker import DrawCell, banker_analysis, punter_analysis
from game.engine.strategy.betting import RAMP_COUNTS, edges_by_count
from game.engine.strategy.cache import EVCache
from game.engine.strategy.chart import Chart, basic_strategy
from game.engine.strategy.composition import Composition, card_value, full_shoe, remove_cards
from game.engine.strategy.game_ev import analysis, game_ev
from game.engine.strategy.hand import deal_evs
from game.engine.strategy.indices import Cell, rule_set_indices
from game.engine.variants import VARIANTS
from game.rulesets.models import RuleSet, StrategyResult

ENGINE_VERSION = 1
_MEMORY_SIZE = 32
_memory: OrderedDict[tuple[str, str], Any] = OrderedDict()
_caches: OrderedDict[str, EVCache] = OrderedDict()
# The (rules id, kind) results found stored in the database, decoded or not: a result once
# stored stays, so ``stored_kinds`` asks the database about each at most once a process
# (every deal and table page asks whether the table's rules are analysed).
_known_stored: set[tuple[str, str]] = set()
_lock = threading.Lock()


class AnalysisPending(Exception):
    """A result of the rule set ``rules_id`` is not stored yet: its background analysis
    (game/rulesets/analyses.py) has to compute it first."""

    def __init__(self, rules: Rules, kind: str) -> None:
        self.rules = rules
        self.rules_id = RuleSet.id_for(rules)
        self.kind = kind
        super().__init__(f"{kind} of {self.rules_id} is not analysed yet")


def _remember(key: tuple[str, str], value: Any) -> None:
    with _lock:
        _memory[key] = value
        _memory.move_to_end(key)
        while len(_memory) > _MEMORY_SIZE:
            _memory.popitem(last=False)


def _stored(
    rules: Rules,
    kind: str,
    run: Callable[[], Any],
    decode: Callable[[Any], Any] = lambda payload: payload,
    *,
    compute: bool = False,
    seconds: float | None = None,
) -> Any:
    """The result ``kind`` for ``rules``: from memory, else ``decode`` of the JSON payload in
    the database, else, with ``compute``, computed now (``run`` returns the JSON payload) and
    stored (a concurrent writer of the same result is harmless: the first row wins). Memory
    keeps the decoded value. Raises AnalysisPending when it is not stored and not
    ``compute``."""
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
    elif not compute:
        raise AnalysisPending(rules, kind)
    else:
        started = time.perf_counter()
        payload = run()
        if seconds is None:
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


def chart_for(rules: Rules, *, compute: bool = False) -> Chart:
    """The basic strategy chart of a casino rule set (``basic_strategy``), stored.
    Raises AnalysisPending when it is not stored (and not ``compute``), StrategyError for
    the banker game."""
    return _stored(
        rules,
        "chart",
        lambda: basic_strategy(rules).to_json(),
        decode=Chart.from_json,
        compute=compute,
    )


def game_ev_for(rules: Rules, strategy: str = "cd", *, compute: bool = False) -> float:
    """The game EV of a casino rule set, units of the initial bet, under the
    composition-dependent ("cd") or total-dependent ("td") strategy, stored.
    Raises AnalysisPending when it is not stored (and not ``compute``), StrategyError for
    the banker game, ValueError for another strategy."""
    if strategy not in ("cd", "td"):
        raise ValueError(f"unknown strategy {strategy!r}: use cd or td")
    if strategy == "cd":
        return float(_stored(rules, "game_ev_cd", lambda: game_ev(rules), compute=compute))
    return float(
        _stored(
            rules,
            "game_ev_td",
            lambda: game_ev(rules, strategy="td", chart=chart_for(rules, compute=compute)),
            compute=compute,
        )
    )


def indices_for(rules: Rules, system: str, *, compute: bool = False) -> dict[str, Any]:
    """The index plays of ``rules`` for the counting system named ``system``
    (strategy/indices.py's ``rule_set_indices``: ``{"insurance": 3, "16,T": {"action":
    "stand", "index": 0, ...}}``), kind ``indices_<system>``. About 50 s of CPU at 6 decks:
    computed only by the background task (index_analyses.py). Raises AnalysisPending when
    not stored and not ``compute``; CountingError for an unknown system. An unbalanced
    system's indices are running counts (strategy/indices.py)."""
    counting_system = find_system(system)
    return _stored(
        rules,
        f"indices_{system}",
        lambda: rule_set_indices(rules, counting_system, cells=INDEX_CELLS),
        compute=compute,
    )


# Which cells ``indices_for`` computes: None, every chart cell. Tests narrow it (the whole
# chart takes some 50 s).
INDEX_CELLS: list[Cell] | None = None


def edges_for(rules: Rules, system: str, *, compute: bool = False) -> dict[int, float]:
    """The player's edge (units of the initial bet) at each floored true count of the
    counting system named ``system`` (strategy/betting.py's ``edges_by_count`` over
    ``EDGE_COUNTS``), kind ``edges_<system>``: what the table's bet ramp is made from. Some
    10-15 s of CPU at 6 decks: computed by the index task (index_analyses.py) after the
    indices. Raises AnalysisPending when not stored and not ``compute``; CountingError for
    an unknown or unbalanced system."""
    counting_system = find_system(system)
    if not counting_system.balanced:  # its counts are running counts: no ramp by true count
        raise CountingError(Reason.COUNTING, f"{counting_system.label} has no true count")
    return _stored(
        rules,
        f"edges_{system}",
        lambda: {str(f): e for f, e in edges_by_count(rules, counting_system, EDGE_COUNTS).items()},
        lambda payload: {int(f): float(e) for f, e in payload.items()},
        compute=compute,
    )


# The floored true counts ``edges_for`` values. Tests narrow it (each count takes about a
# second at 6 decks).
EDGE_COUNTS: range | tuple[int, ...] = RAMP_COUNTS


def is_stored(rules: Rules, kind: str) -> bool:
    """Whether the result ``kind`` of ``rules`` is stored (memory or database)."""
    rules_id = RuleSet.id_for(rules)
    if (rules_id, kind) in _memory or (rules_id, kind) in _known_stored:
        return True
    found = StrategyResult.objects.filter(
        rules_id=rules_id, kind=kind, engine_version=ENGINE_VERSION
    ).exists()
    if found:
        _known_stored.add((rules_id, kind))
    return found


def _draw_rows(cells: tuple[DrawCell, ...]) -> list[dict[str, Any]]:
    """The two-card cells (nothing drawn yet) by softness and total: total, soft, the
    better action ("draw" or "stand") and both EVs per unit staked."""
    return [
        {"total": c.total, "soft": c.soft, "best": c.best, "draw": c.draw, "stand": c.stand}
        for c in sorted(cells, key=lambda c: (c.soft, c.total))
        if c.drawn == 0
    ]


def banker_play_for(rules: Rules, *, compute: bool = False) -> dict[str, list[dict[str, Any]]]:
    """The banker game's best play by two-card total (strategy/banker.py, exact for its
    2-deck shoe): {"punter": rows against the banker's policy, "banker": rows against
    punters who stood}, each row {"total", "soft", "best": "draw" | "stand", "draw",
    "stand"} with EVs per unit staked, stored. Raises AnalysisPending when it is not stored
    (and not ``compute``)."""
    return _stored(
        rules,
        "banker_play",
        lambda: {
            "punter": _draw_rows(punter_analysis().cells),
            "banker": _draw_rows(banker_analysis().cells["stood"]),
        },
        compute=compute,
    )


def analysis_kinds(rules: Rules) -> tuple[str, ...]:
    """The results a rule set's analysis stores: the chart and both game EVs of a casino
    game, the best-play tables of the banker game (``_ANALYSES``, by ``Rules.game``)."""
    return tuple(kind for kind, _compute in _ANALYSES[rules.game])


def stored_kinds(rules: Rules) -> set[str]:
    """The kinds of ``analysis_kinds(rules)`` stored now (this process's memory or the
    database, at the current ``ENGINE_VERSION``): one query at most."""
    rules_id = RuleSet.id_for(rules)
    kinds = analysis_kinds(rules)
    with _lock:
        found = {
            kind
            for kind in kinds
            if (rules_id, kind) in _memory or (rules_id, kind) in _known_stored
        }
    if len(found) < len(kinds):
        found |= set(
            StrategyResult.objects.filter(
                rules_id=rules_id, kind__in=kinds, engine_version=ENGINE_VERSION
            ).values_list("kind", flat=True)
        )
        with _lock:
            _known_stored.update((rules_id, kind) for kind in found)
    return found


def is_analysed(rules: Rules) -> bool:
    """Every result of the rule set's analysis is stored (its pages need nothing computed)."""
    return len(stored_kinds(rules)) == len(analysis_kinds(rules))


def grade_round(
    rnd: Round,
    action: Action,
    standard: str = "exact",
    *,
    chips: Fraction | None = None,
) -> Grade | None:
    """The advisor's grade of ``action`` for the hand to act of ``rnd`` (``advisor.grade``)
    against ``standard`` ("exact" or "chart"; anything else counts as "exact") over the
    actions offered (legal, and paid for by ``chips``, what the seat can still put on the
    table; None: no limit), with the rules' stored chart and shared EV cache: what the
    table and the review's replays use.

    The first grade against an upcard in this process solves in one batch every dealer
    distribution a hand dealt from the rules' full shoe can need (``EVCache.prepare``,
    what ``game_ev`` does; some 0.03-0.3 s an upcard at 6 decks, once per upcard and
    process): without it each hand not graded before solves its own, some 15 ms each, and
    the grades of later hands are a fraction of a millisecond."""
    rules = rnd.rules
    cache = evs_cache(rules)
    if rnd.active_hand is not None:
        _prepare_upcard(cache, card_value(rnd.upcard))
    return grade(
        rnd,
        action,
        cache,
        chart=chart_for(rules),
        standard="chart" if standard == "chart" else "exact",
        chips=chips,
    )


def warm_grading() -> float:
    """Prepare the shared EV cache of every casino preset for all ten upcards (what
    ``grade_round`` otherwise does at the first grade against an upcard) with every hand
    dealt from the full shoe valued, first splits included (``deal_evs``; a pair's first
    split grade would otherwise solve the deal's splits), and the banker game's punter and
    banker analyses (what its first graded decision otherwise computes, about 1.6 s of CPU,
    with the request and its worker waiting), so that no request of this process pays for
    them; returns the seconds it took. Some 3-4 s and 120 MB; a web process
    calls it once as it starts (gunicorn.conf.py's ``post_worker_init``). Reads nothing from
    the database."""
    started = time.perf_counter()
    for variant in VARIANTS:
        if variant.casino:
            cache = evs_cache(variant.rules)
            for up in range(1, 11):
                # prepared, and every hand dealt valued, its first split included (a pair's
                # first split grade would otherwise solve the deal's splits: 20-200 ms)
                deal_evs(variant.rules, up, _shoe_without(variant.rules.decks, up), cache)
    # Both kept for the process (functools.cache): banker_grading.py reads them.
    punter_analysis()
    banker_analysis()
    return time.perf_counter() - started


def _prepare_upcard(cache: EVCache, up: int) -> None:
    """``EVCache.prepare`` for the hands dealt from the rules' full shoe against ``up``
    (value 1..10); a second call for the same upcard returns at once."""
    cache.prepare(up, _shoe_without(cache.rules.decks, up))


@functools.cache
def _shoe_without(decks: int, upcard: int) -> Composition:
    """The composition of ``decks`` full decks less the upcard (value 1..10): the shoe the
    graded hands are dealt from (``hand_evs`` values a hand against ``rules.decks`` decks
    minus the hand and the upcard)."""
    return remove_cards(full_shoe(decks), [upcard])


def _casino_policy(rules: Rules, level: str) -> Policy:
    """players.py's ``make_policy`` with the rules' stored chart ("normal") or shared EV
    cache ("hard")."""
    return make_policy(
        level,
        rules,
        chart=chart_for(rules) if level == "normal" else None,
        cache=evs_cache(rules) if level == "hard" else None,
    )


def _banker_policy(rules: Rules, level: str) -> BankerPolicy:
    """banker_players.py's ``make_banker_policy`` with the stored best-play rows (the
    "easy" level, seed 003's rule of thumb, needs none)."""
    best_play = None if level == "easy" else BestPlay.from_rows(banker_play_for(rules))
    return make_banker_policy(level, best_play)


# How an AI seat of each kind of game is built, by ``Rules.game``.
_AI_POLICIES: dict[str, Callable[[Rules, str], Callable[[Any], Any]]] = {
    "casino": _casino_policy,
    "banker": _banker_policy,
}


def ai_policy(rules: Rules, level: str) -> Callable[[Any], Any]:
    """The policy of an AI seat at ``level`` ("easy", "normal" or "hard") for ``rules``'
    game, with what the store keeps for it: a function of the seat's observation
    (players.py's ``Observation`` for a casino game, banker.py's ``BankerObservation`` for
    the banker game) to an action, what ``GameState.play_ai`` takes. Raises ValueError for
    an unknown level, AnalysisPending when a level's stored result is not stored yet."""
    return _AI_POLICIES[rules.game](rules, level)


def precompute(rules: Rules, *, with_td: bool = True) -> dict[str, float]:
    """Compute and store every result of ``rules``' analysis not stored yet (the background
    analysis and ``manage.py precompute_strategy``, never a request); returns the seconds
    each kind took now (about 0 for one already stored). ``with_td`` False leaves out the
    chart's game EV (tests). A casino rule set with none of its results stored is analysed
    in one pass (``game_ev.analysis``: the chart and the cd game EV share their hand EVs),
    each result stored with that pass's time."""
    timings = {}
    kinds = [kind for kind, _compute in _ANALYSES[rules.game] if with_td or kind != "game_ev_td"]
    if rules.game == "casino" and not _any_stored(rules, kinds):
        started = time.perf_counter()
        found = analysis(rules)
        seconds = time.perf_counter() - started
        payloads = {"chart": found.chart.to_json(), "game_ev_cd": found.cd, "game_ev_td": found.td}
        for kind in kinds:
            _stored(
                rules,
                kind,
                functools.partial(payloads.__getitem__, kind),
                Chart.from_json if kind == "chart" else _as_stored,
                compute=True,
                seconds=seconds,
            )
            timings[kind] = seconds
        return timings
    for kind, compute in _ANALYSES[rules.game]:
        if kind == "game_ev_td" and not with_td:
            continue
        started = time.perf_counter()
        compute(rules)
        timings[kind] = time.perf_counter() - started
    return timings


def _as_stored(payload: Any) -> Any:
    return payload


def _any_stored(rules: Rules, kinds: list[str]) -> bool:
    """Whether any of these results of ``rules`` is in memory or in the database."""
    rules_id = RuleSet.id_for(rules)
    with _lock:
        if any((rules_id, kind) in _memory for kind in kinds):
            return True
    return StrategyResult.objects.filter(
        rules_id=rules_id, kind__in=kinds, engine_version=ENGINE_VERSION
    ).exists()


# What a rule set's analysis stores, in the order it computes it, by ``Rules.game``: the
# kind and the function that computes and stores it.
_ANALYSES: dict[str, tuple[tuple[str, Callable[[Rules], Any]], ...]] = {
    "casino": (
        ("chart", lambda rules: chart_for(rules, compute=True)),
        ("game_ev_cd", lambda rules: game_ev_for(rules, "cd", compute=True)),
        ("game_ev_td", lambda rules: game_ev_for(rules, "td", compute=True)),
    ),
    "banker": (("banker_play", lambda rules: banker_play_for(rules, compute=True)),),
}


def forget() -> None:
    """Empty this process's memory of results (tests; the database keeps them)."""
    with _lock:
        _memory.clear()
        _caches.clear()
        _known_stored.clear()
