"""The Content-Security-Policy in a real browser: every kind of page (table, drills, review,
rulebook, chart, account pages) loads and works through HTMX with no CSP violation on
Chromium's console, and the check would see one (an injected inline script is reported).

Every other browser test checks the same through the ``page`` fixture (tests/e2e/conftest.py).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_drills import answer_by_key, start
from tests.e2e.test_table import deal_by_click

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10_000  # ms


def violations(request: pytest.FixtureRequest) -> list[str]:
    """The CSP violations Chromium reported so far (recorded by the ``page`` fixture)."""
    return request.node.csp_violations


def test_an_injected_inline_script_is_refused_and_reported(live_server, page, request) -> None:
    found = violations(request)
    page.goto(live_server.url + "/en/")
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.injected = 1'; document.body.appendChild(s); }"
    )
    page.wait_for_timeout(200)  # the console message is delivered asynchronously
    assert page.evaluate("() => window.injected") is None
    assert any("script-src" in text for text in found), found
    found.clear()  # the page fixture fails a test with violations: this one was meant


def test_every_kind_of_page_works_under_the_policy(live_server, page, request) -> None:
    found = violations(request)
    base = live_server.url
    for path in (
        "/en/",
        "/en/rulebook/",
        "/en/rulebook/european/",
        "/en/chart/european/",
        "/en/review/",
        "/en/review/stats/",
        "/en/accounts/login/",
        "/en/accounts/signup/",
        "/en/accounts/reset/",
        "/en/rules/new/",
    ):
        response = page.goto(base + path)
        assert response is not None and response.ok, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
        assert found == [], (path, found)
    # The chart's script: a focused (or tapped) cell shows its EVs.
    page.goto(base + "/en/chart/european/")
    page.locator("td.cell a").first.focus()
    expect(page.get_by_test_id("cell-detail")).to_have_text(re.compile(r"^5 / 2: Hit"))
    # The table: chips and Deal through HTMX (a new version of the felt is swapped in).
    page.goto(base + "/en/table/")
    page.locator('button[data-chip="25"]').click()
    deal_by_click(page)
    # Drills: a question answered by key, the feedback swapped in.
    start(page, base, "en", "European blackjack", "Hard totals")
    answer_by_key(page, "s")
    assert found == [], found
