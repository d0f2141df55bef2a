"""Shared pytest configuration. Fixtures live next to the tests that use them; the browser
fixtures are in tests/e2e/conftest.py so the database suites never start Chromium."""

import pytest

from game import strategy_store
from game.engine.rules import PRESETS
from game.engine.strategy.chart import Chart
from game.models import RuleSet

_PRESET_RESULTS: dict[tuple[str, str], object] = {}


def _preset_results() -> dict[tuple[str, str], object]:
    """Every preset's analysis (what `manage.py precompute_strategy` stores before the site
    opens), computed by the engine once per test process, decoded as the store keeps it."""
    if not _PRESET_RESULTS:
        for rules in PRESETS.values():
            rules_id = RuleSet.id_for(rules)
            if rules.game == "banker":
                _PRESET_RESULTS[(rules_id, "banker_play")] = {
                    "punter": strategy_store._draw_rows(strategy_store.punter_analysis().cells),
                    "banker": strategy_store._draw_rows(
                        strategy_store.banker_analysis().cells["stood"]
                    ),
                }
                continue
            chart = strategy_store.basic_strategy(rules)
            _PRESET_RESULTS[(rules_id, "chart")] = Chart.from_json(chart.to_json())
            _PRESET_RESULTS[(rules_id, "game_ev_cd")] = strategy_store.game_ev(rules)
            _PRESET_RESULTS[(rules_id, "game_ev_td")] = strategy_store.game_ev(
                rules, strategy="td", chart=chart
            )
    return _PRESET_RESULTS


@pytest.fixture(autouse=True)
def presets_analysed(request: pytest.FixtureRequest) -> None:
    """The presets' analyses are in the store's memory for every test with a database, as on
    a site where `precompute_strategy` ran (custom rule sets are analysed by their tests)."""
    if request.node.get_closest_marker("django_db") or "django_db_setup" in request.fixturenames:
        for key, value in _preset_results().items():
            strategy_store._remember(key, value)


@pytest.fixture
def analysed():
    """Analyse rules now, as the background task does (``strategy_store.precompute``):
    ``analysed(rules)`` stores every result of their analysis."""
    return strategy_store.precompute
