"""Playwright fixtures driving Debian's Chromium (/usr/bin/chromium, `make chromium`).

The pytest-playwright plugin is not used: it wants to download its own browsers.
"""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

# Playwright's sync API runs an event loop in the test thread; Django's ORM would otherwise
# refuse to run there (SynchronousOnlyOperation) when a test touches the database.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    e2e_dir = Path(__file__).resolve().parent
    for item in items:
        if e2e_dir in item.path.resolve().parents:
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    # Keep each phase's report on the item so `page` can tell, at teardown, whether the test failed.
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (apt-get install chromium).")
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    # Every browser test also checks the Content-Security-Policy: Chromium reports each
    # blocked script, style or handler on the console ("... violates the following
    # Content Security Policy directive ...").
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    request.node.csp_violations = violations  # the test's own view of them (tests/e2e/test_csp.py)
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS_DIR.mkdir(exist_ok=True)
        name = "".join(c if c.isalnum() or c in "-_." else "_" for c in request.node.nodeid)
        try:
            page.screenshot(path=ARTIFACTS_DIR / f"{name}.png", full_page=True)
        except Exception as error:  # a failed screenshot must not hide the test's own failure
            print(f"could not save screenshot for {request.node.nodeid}: {error}")
    context.close()
    assert not violations, f"CSP violations on {request.node.nodeid}: {violations}"
