"""The daily habit in a browser: set a daily goal on the settings page, see the due count in
the header and the landing panel, come back "tomorrow" (the server's clock moved a day:
django.utils.timezone.now patched in the live server's process) and see the count rise.
The header keeps to a 390-px phone with the badge and the settings link in it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from tests.drills.test_due import card
from trainer.web.models import Preferences

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_goal_then_the_due_count_rises_the_next_day(
    live_server, page: Page, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = timezone.now().replace(microsecond=0)
    monkeypatch.setattr(timezone, "now", lambda: now)
    page.goto(f"{live_server.url}/en/")
    page.get_by_test_id("settings-link").click()
    page.get_by_label("Daily goal").fill("2")
    page.get_by_label("Desired retention").fill("0.95")
    page.get_by_test_id("settings-save").click()
    expect(page.locator(".messages")).to_contain_text("Your settings are saved.")
    visitor = Preferences.objects.get().visitor
    # The browser told the server its time zone (static/web/timezone.js).
    assert any(c["name"] == "tz" for c in page.context.cookies())

    card(visitor, ("hard-16", "T"), now - timedelta(minutes=5), last_review=now - timedelta(days=1))
    card(visitor, ("hard-12", "3"), now + timedelta(hours=18), last_review=now)
    card(visitor, ("soft-18", "9"), now + timedelta(hours=23), last_review=now)
    page.goto(f"{live_server.url}/en/")
    expect(page.get_by_test_id("due-badge")).to_have_text("1(1 situation due)")
    expect(page.get_by_test_id("due-count")).to_have_text("1")
    expect(page.get_by_test_id("goal-progress")).to_have_text("Daily goal: 0 / 2 decisions today")

    monkeypatch.setattr(timezone, "now", lambda: now + timedelta(days=1))
    page.reload()
    expect(page.get_by_test_id("due-badge")).to_have_text("3(3 situations due)")
    expect(page.get_by_test_id("due-count")).to_have_text("3")
    page.get_by_test_id("due-link").click()
    expect(page).to_have_url(f"{live_server.url}/en/drills/?variant=european&category=all")


@pytest.mark.parametrize("lang", ["en", "sr-latn", "ru", "bg"])
def test_the_header_with_the_badge_fits_a_phone(live_server, browser: Browser, lang) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/{lang}/accounts/settings/")
        page.get_by_test_id("settings-save").click()
        visitor = Preferences.objects.get().visitor
        for key in [("hard-16", "T"), ("hard-12", "3"), ("soft-18", "9")]:
            card(visitor, key, timezone.now() - timedelta(hours=1))
        for path in ["", "accounts/settings/"]:
            page.goto(f"{live_server.url}/{lang}/{path}")
            # On a phone the count stands in the header's one row, beside the menu that
            # holds the Drills link with its badge.
            expect(page.get_by_test_id("menu-due")).to_be_visible()
            expect(page.get_by_test_id("menu-due").locator("[aria-hidden]")).to_have_text("3")
            expect(page.get_by_test_id("due-badge")).to_be_hidden()
            page.locator(".site-menu > summary").click()
            expect(page.get_by_test_id("due-badge")).to_be_visible()
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"/{lang}/{path} is {width} px wide"
    finally:
        context.close()
