"""A new rule set's chart in a real browser: the page answers at once with the analysis's
progress, HTMX polls it, and once a worker has run the task the page reloads by itself with
the chart. Screenshots (before, after) go to test-artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from game.rulesets import store
from tests.e2e.test_table import screenshot
from tests.rulesets.test_analyses import run_worker

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_process_memory():
    store.forget()  # nothing of these rules in memory: only the worker computes
    yield
    store.forget()


def test_a_new_rule_set_chart_fills_in_while_you_watch(live_server, page: Page) -> None:
    page.goto(f"{live_server.url}/en/rules/new/?base=european")
    page.fill("input[name=decks]", "5")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url("**/en/rules/*/")
    expect(page.get_by_test_id("analysis")).to_have_attribute("data-status", "waiting")
    page.get_by_role("link", name="Basic strategy chart").click()

    progress = page.get_by_test_id("analysis")
    expect(progress).to_contain_text("These rules are waiting to be analysed")
    expect(progress).to_contain_text("0 of 3 parts done.")
    expect(page.get_by_text("Hard totals")).to_have_count(0)
    page.evaluate("window.__marker = 1")
    screenshot(page, "analysis-pending")

    run_worker()  # the worker beside the server takes the queued task

    # The next poll answers HX-Refresh: the page reloads itself with the chart.
    expect(page.get_by_role("heading", name="Hard totals")).to_be_visible(timeout=20_000)
    assert page.evaluate("window.__marker") is None
    expect(page.get_by_test_id("analysis")).to_have_count(0)
    expect(page.locator("[data-testid=chart-title]")).to_contain_text("Basic strategy")
    screenshot(page, "analysis-done")
