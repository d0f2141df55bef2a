"""A web process prepares the casino presets' grading caches and the banker game's analyses
as it starts (``store.warm_grading``, called by gunicorn.conf.py's ``post_worker_init``):
afterwards a grade's hand values read the prepared dealer distributions and solve none of
their own, and a banker game decision is graded without computing an analysis."""

from __future__ import annotations

import gc
import runpy
from pathlib import Path

from game.engine.strategy.banker import banker_analysis, punter_analysis
from game.engine.strategy.hand import hand_evs
from game.engine.variants import VARIANTS
from game.rulesets import store

ROOT = Path(__file__).resolve().parents[2]


def test_after_the_warm_up_a_grade_solves_no_dealer_distribution() -> None:
    store.forget()
    try:
        assert store.warm_grading() >= 0.0
        for variant in VARIANTS:
            if not variant.casino:
                continue
            cache = store.evs_cache(variant.rules)
            solved = len(cache.dealer)
            # Hands of every kind against every upcard, valued as a grade values them: from
            # the full shoe less the hand and the upcard.
            for hand, up in (([10, 6], 9), ([1, 7], 10), ([5, 5], 1), ([9, 3], 2)):
                evs = hand_evs(hand, up, variant.rules, cache=cache, with_split=False)
                assert evs.stand is not None
            assert len(cache.dealer) == solved, variant.name
    finally:
        store.forget()


def test_after_the_warm_up_the_banker_game_is_graded_from_kept_analyses() -> None:
    punter_analysis.cache_clear()
    banker_analysis.cache_clear()
    try:
        store.warm_grading()
        # Both kept for the process: the first graded decision of the banker game (either
        # role) computes neither.
        assert punter_analysis.cache_info().currsize == 1
        assert banker_analysis.cache_info().currsize == 1
        punter_analysis()
        banker_analysis()
        assert punter_analysis.cache_info().misses == 1
        assert banker_analysis.cache_info().misses == 1
    finally:
        store.forget()


def test_gunicorn_warms_each_worker_before_it_serves() -> None:
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["worker_class"] == "gthread"

    class Log:
        def __init__(self) -> None:
            self.lines: list[str] = []

        def info(self, message: str, *args: object) -> None:
            self.lines.append(message % args)

    class Worker:
        log = Log()

    store.forget()
    gc.unfreeze()
    try:
        config["post_worker_init"](Worker())
        assert Worker.log.lines[0].startswith("grading caches prepared in")
        assert len(store._caches) == sum(variant.casino for variant in VARIANTS)
        # What the worker holds after warming up is frozen out of the collector's sight.
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        store.forget()
