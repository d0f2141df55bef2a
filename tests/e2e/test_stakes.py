"""In Chromium (issue 10): a Croatian table with a tight bankroll. An emptied amount field
means the full double or insurance; what the chips left cannot cover is refused inline in
the person's language and the round goes on."""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from game.table.models import TableSession
from tests.e2e.htmx import wait_until_idle
from tests.e2e.tables import open_table
from tests.e2e.test_table import TIMEOUT, deal_by_click, screenshot, version, wait_for_new_version
from tests.factories import casino_state, stacked_shoe
from tests.table.test_stakes import ELEVEN_V_TEN, SIXTEEN_V_ACE

pytestmark = pytest.mark.django_db(transaction=True)


def croatian_table(page: Page, url: str, lang: str, bankroll: int, cards: list[str]) -> None:
    public_id = open_table(page, url, lang)
    TableSession.objects.filter(public_id=public_id).update(
        variant="croatian",
        bankroll=Decimal(bankroll),
        last_bet=Decimal(10),
        state=casino_state(stacked_shoe(cards)),
    )
    page.reload()
    wait_until_idle(page)
    deal_by_click(page)


def act(page: Page, button: str) -> None:
    wait_until_idle(page)  # a click mid-swap may land on the felt being replaced
    old = version(page)
    page.locator(f"form.actions button.{button}").click()
    wait_for_new_version(page, old)


def refused(page: Page, button: str) -> None:
    """Click an action the table refuses: the felt comes back with a message, the same
    version (nothing changed)."""
    wait_until_idle(page)  # a click mid-swap may land on the felt being replaced
    old = version(page)
    page.locator(f"form.actions button.{button}").click()
    expect(page.locator(".message.error")).to_be_visible(timeout=TIMEOUT)
    assert version(page) == old


def test_emptied_double_amount_is_refused_inline_then_a_smaller_double_plays(
    live_server, page
) -> None:
    croatian_table(page, live_server.url, "en", 15, ELEVEN_V_TEN)
    act(page, "no_surrender")  # the Croatian surrender phase comes first
    amount = page.locator('input[name="amount"]')
    expect(amount).to_have_value("5")  # the field offers what the chips left cover
    wait_until_idle(page)
    amount.fill("")
    refused(page, "double")
    expect(page.locator(".message.error")).to_have_text(
        "Not enough chips for the full amount of 10: you have 5 left. Enter a smaller amount.",
        timeout=TIMEOUT,
    )
    expect(page.locator("[data-testid=bankroll]")).to_have_text("15")
    screenshot(page, "table-en-croatian-double-refused")
    wait_until_idle(page)
    page.locator('input[name="amount"]').fill("5")
    act(page, "double")
    expect(page.locator("[data-testid=round-result]")).to_have_text("You won 15 chips.")
    expect(page.locator("[data-testid=bankroll]")).to_have_text("30")


def test_emptied_insurance_amount_is_refused_in_croatian_and_the_table_plays_on(
    live_server, page
) -> None:
    croatian_table(page, live_server.url, "hr", 12, SIXTEEN_V_ACE)
    wait_until_idle(page)
    page.locator('input[name="amount"]').fill("")
    refused(page, "insurance")
    expect(page.locator(".message.error")).to_have_text(
        "Nemate dovoljno žetona za puni iznos od 5: ostalo vam je 2. Unesite manji iznos.",
        timeout=TIMEOUT,
    )
    expect(page.locator("form.actions button[name=action]")).to_have_count(2)  # insure or decline
    screenshot(page, "table-hr-croatian-insurance-refused")
    act(page, "no_insurance")
    expect(page.locator("form.actions button.stand")).to_be_visible()
    # 16 against A,7 (18): the round is lost and the 2 chips left buy no new bet (no form,
    # so no version to wait for: wait for the result).
    wait_until_idle(page)
    page.locator("form.actions button.stand").click()
    expect(page.locator("[data-testid=round-result]")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("[data-testid=bankroll]")).to_have_text("2")
    screenshot(page, "table-hr-croatian-insurance-settled")
