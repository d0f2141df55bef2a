"""Installable in a real browser: the page links a manifest the browser can read, the service
worker registers for the whole site (under the site's Content-Security-Policy), and the rule
pages and the chart read once stay readable offline, while the table (live, never kept)
does not pretend to work offline."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error, Page, expect

from tests.accounts.people import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10_000  # ms


def test_rule_pages_and_the_chart_read_offline(live_server, page: Page) -> None:
    base = live_server.url
    page.goto(f"{base}/ru/rulebook/")
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    assert manifest["start_url"] == "/ru/"
    assert manifest["display"] == "standalone"
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{base}/"
    # The worker takes the page it was installed from (clients.claim); what is read from now
    # on is kept.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    page.reload()
    page.goto(f"{base}/ru/chart/european/")
    chart_title = page.locator("h1").inner_text()
    page.goto(f"{base}/ru/table/")

    page.context.set_offline(True)
    try:
        page.goto(f"{base}/ru/rulebook/")
        expect(page.locator("html")).to_have_attribute("lang", "ru")
        expect(page.locator("nav.site-nav")).to_be_attached()
        page.goto(f"{base}/ru/chart/european/")
        expect(page.locator("h1")).to_have_text(chart_title)
        # The table is live: not kept, so offline it fails as any page without a network.
        with pytest.raises(Error):
            page.goto(f"{base}/ru/table/")
    finally:
        page.context.set_offline(False)


def test_after_logging_out_no_offline_copy_shows_who_was_logged_in(live_server, page: Page) -> None:
    """The offline copies carry the header of the person who read them (the username, the
    log-out form): logging out clears them, so a phone handed on shows no one's name
    offline; after that the worker keeps what the next person reads, as before."""
    base = live_server.url
    page.goto(f"{base}/en/accounts/signup/")
    form = page.locator("[data-testid=signup-form]")
    form.locator('input[name="username"]').fill("vesna")
    form.locator('input[name="password1"]').fill(PASSWORD)
    form.locator('input[name="password2"]').fill(PASSWORD)
    form.locator('button[type="submit"]').click()
    expect(page.locator("[data-testid=account-name]")).to_have_text("vesna")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    page.goto(f"{base}/en/rulebook/")
    page.goto(f"{base}/en/chart/european/")
    expect(page.locator("[data-testid=account-name]")).to_have_text("vesna")
    page.locator("[data-testid=logout]").click()
    expect(page).to_have_url(f"{base}/en/accounts/login/")

    page.context.set_offline(True)
    try:
        for path in ("/en/rulebook/", "/en/chart/european/"):
            try:
                page.goto(base + path)
            except Error:
                continue  # no copy: the page fails as any page without a network
            expect(page.locator("[data-testid=account-name]")).to_have_count(0)
    finally:
        page.context.set_offline(False)

    # The worker is registered again and keeps the pages read from now on.
    page.goto(f"{base}/en/rulebook/")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    page.reload()
    page.context.set_offline(True)
    try:
        page.goto(f"{base}/en/rulebook/")
        expect(page.locator("nav.site-nav")).to_be_attached()
        expect(page.locator("[data-testid=login-link]")).to_be_attached()
    finally:
        page.context.set_offline(False)


def test_the_phone_menu_opens_under_the_header(live_server, page: Page) -> None:
    """The menu's panel hangs from the header (position: relative): on the first screen,
    right under the header's row, not below the screen."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/ru/rulebook/")
    page.locator(".site-menu > summary").click()
    panel = page.locator(".site-menu-panel")
    expect(panel).to_be_visible()
    header = page.locator(".site-header").bounding_box()
    box = panel.bounding_box()
    assert header is not None and box is not None
    assert abs(box["y"] - (header["y"] + header["height"])) <= 2, (header, box)
    assert box["y"] + box["height"] <= 740
    expect(panel.locator("nav.site-nav a").first).to_be_in_viewport()


def test_the_phone_menu_closes_on_escape_and_on_a_tap_outside(live_server, page: Page) -> None:
    """static/web/phone.js: Escape closes the open menu and gives its button the focus; a
    click outside the menu closes it too."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/bg/rulebook/")
    menu = page.locator("details.site-menu")
    button = page.locator(".site-menu > summary")
    button.click()
    expect(menu).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
    expect(button).to_be_focused()
    button.click()
    expect(menu).to_have_attribute("open", "")
    panel = page.locator(".site-menu-panel").bounding_box()
    assert panel is not None and panel["y"] + panel["height"] < 830
    page.mouse.click(200, 830)  # on the page under the open panel
    expect(menu).not_to_have_attribute("open", "")
