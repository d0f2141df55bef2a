"""The keyboard's place across HTMX swaps (static/web/live.js): the felt replaced after Deal
or an action takes the focus, so the next Tab reaches its buttons instead of starting again
at the top of the page; no button is focused for the person."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from game.table.models import TableSession
from tests.e2e.htmx import wait_until_idle
from tests.e2e.tables import open_table
from tests.factories import casino_state, stacked_shoe

pytestmark = pytest.mark.django_db(transaction=True)

PAD = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"] * 3
# The person's T,5 against a 6 (9 in the hole): a hit draws the 2 (17, still in play).
TEN_FIVE_V_SIX = ["TS", "6D", "5C", "9H", "2C", *PAD]
FOCUSED = "() => document.activeElement.id || document.activeElement.tagName"


def test_after_a_keyboard_deal_and_action_tab_reaches_the_new_buttons(
    live_server, page: Page
) -> None:
    public_id = open_table(page, live_server.url)
    TableSession.objects.filter(public_id=public_id).update(
        state=casino_state(stacked_shoe(TEN_FIVE_V_SIX))
    )
    page.reload()
    wait_until_idle(page)
    page.locator("button.deal").focus()
    page.keyboard.press("Enter")
    expect(page.locator("form.actions button.hit")).to_be_visible()
    wait_until_idle(page)
    assert page.evaluate(FOCUSED) == "table-felt"
    page.keyboard.press("Tab")
    expect(page.locator("form.actions button.hit")).to_be_focused()

    page.keyboard.press("Enter")  # hit: the felt is replaced again
    expect(page.get_by_test_id("flag-box")).to_be_visible()
    wait_until_idle(page)
    assert page.evaluate(FOCUSED) == "table-felt"
    page.keyboard.press("Tab")
    expect(page.locator("form.actions button.action").first).to_be_focused()
