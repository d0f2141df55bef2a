"""Shared pytest configuration and the fixtures many test modules use (a visitor's client,
HTMX posts, a stacked shoe, a rule set; the plain helpers behind them are in tests/helpers.py).
Fixtures used by one area live next to its tests; the browser fixtures are in
tests/e2e/conftest.py so the database suites never start Chromium."""

from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import numpy
import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from game.engine.cards import Shoe
from game.engine.strategy.chart import Chart
from game.engine.variants import VARIANTS, find_rules
from game.rulesets import store
from game.rulesets.models import RuleSet
from tests.helpers import HX, client_for

REPO_ROOT = Path(__file__).resolve().parent.parent

# What the presets' analyses depend on: the engine, the store that encodes them, the model
# that names rule sets, and the numpy and Python that compute them.
_ANALYSIS_SOURCES = [
    *sorted((REPO_ROOT / "game" / "engine").rglob("*.py")),
    REPO_ROOT / "game" / "rulesets" / "store.py",
    REPO_ROOT / "game" / "rulesets" / "models.py",
]

_PRESET_RESULTS: dict[tuple[str, str], object] = {}
# Set per session by the `_preset_cache_dir` fixture under xdist: where the workers share
# the presets' analyses, so each preset is computed once per run and not once per worker.
_CACHE_DIR: Path | None = None


def _analyse_preset(name: str) -> dict[tuple[str, str], object]:
    """One preset's analysis (what `manage.py precompute_strategy` stores before the site
    opens), decoded as the store keeps it."""
    rules = find_rules(name)
    rules_id = RuleSet.id_for(rules)
    if rules.game == "banker":
        return {
            (rules_id, "banker_play"): {
                "punter": store._draw_rows(store.punter_analysis().cells),
                "banker": store._draw_rows(store.banker_analysis().cells["stood"]),
            }
        }
    chart = store.basic_strategy(rules)
    return {
        (rules_id, "chart"): Chart.from_json(chart.to_json()),
        (rules_id, "game_ev_cd"): store.game_ev(rules),
        (rules_id, "game_ev_td"): store.game_ev(rules, strategy="td", chart=chart),
    }


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _shared_analysis(name: str, cache_dir: Path) -> dict[tuple[str, str], object]:
    """The preset's analysis from the run's shared cache, computed by whichever worker locks
    it first; the others wait for it and read the file."""
    path = cache_dir / f"{name}.pickle"
    with _locked(cache_dir / f"{name}.lock"):
        if path.exists():
            return pickle.loads(path.read_bytes())
        result = _analyse_preset(name)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(result))
        tmp.replace(path)
        return result


def _preset_results() -> dict[tuple[str, str], object]:
    """Every preset's analysis, computed once per test run. Alone, the process computes them;
    under xdist the workers share them through files, each starting from its own end of the
    list so that two workers compute about half each."""
    if not _PRESET_RESULTS:
        names = [v.name for v in VARIANTS]
        if _CACHE_DIR is None:
            for name in names:
                _PRESET_RESULTS.update(_analyse_preset(name))
        else:
            worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
            if int(worker.removeprefix("gw") or 0) % 2:
                names.reverse()
            for name in names:
                _PRESET_RESULTS.update(_shared_analysis(name, _CACHE_DIR))
    return _PRESET_RESULTS


def _sources_hash() -> str:
    digest = hashlib.sha256(f"{sys.version} numpy {numpy.__version__}".encode())
    for path in _ANALYSIS_SOURCES:
        digest.update(str(path.relative_to(REPO_ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="session", autouse=True)
def _preset_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Under xdist, the run's directory shared by its workers (the parent of each worker's
    base temp, as the xdist docs show for session data), keyed by the analysis sources."""
    global _CACHE_DIR
    if "PYTEST_XDIST_WORKER" not in os.environ:
        yield
        return
    cache_dir = tmp_path_factory.getbasetemp().parent / f"preset-analyses-{_sources_hash()}"
    cache_dir.mkdir(exist_ok=True)
    _CACHE_DIR = cache_dir
    yield
    _CACHE_DIR = None


@pytest.fixture(autouse=True)
def presets_analysed(request: pytest.FixtureRequest) -> None:
    """The presets' analyses are in the store's memory for every test with a database, as on
    a site where `precompute_strategy` ran (custom rule sets are analysed by their tests)."""
    if request.node.get_closest_marker("django_db") or "django_db_setup" in request.fixturenames:
        for key, value in _preset_results().items():
            store._remember(key, value)


@pytest.fixture(autouse=True)
def site_language() -> Iterator[None]:
    """Every test starts in the site's default language (English): a request to a language's
    page leaves that language active in the thread (LocaleMiddleware activates it and nothing
    deactivates it), which would otherwise leak into the next test's gettext."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture
def analysed() -> Callable:
    """Analyse rules now, as the background task does (``store.precompute``):
    ``analysed(rules)`` stores every result of their analysis."""
    return store.precompute


@pytest.fixture
def visitor_client() -> Callable[..., Client]:
    """``visitor_client(visitor_or_table)``: a test client whose session holds the visitor
    (``tests.helpers.client_for``)."""
    return client_for


@pytest.fixture
def hx_post() -> Callable[..., object]:
    """``hx_post(client, url, data)``: a POST as HTMX sends it (the ``HX-Request`` header)."""

    def post(client: Client, url: str, data: dict | None = None, **kwargs: object) -> object:
        return client.post(url, data or {}, headers=HX, **kwargs)

    return post


@pytest.fixture
def stacked_shoe() -> Callable[..., Shoe]:
    """``stacked_shoe("TS", "6D", ...)``: an engine shoe dealing these cards first, in order.
    (tests.factories.stacked_shoe is the same shoe as the JSON a table stores.)"""

    def make(*codes: str) -> Shoe:
        return Shoe.stacked_from(list(codes))

    return make


@pytest.fixture
def ruleset(db: None) -> RuleSet:
    """A saved custom rule set (European with two decks), not analysed yet."""
    return RuleSet.save_rules(replace(find_rules("european"), decks=2), "european")
