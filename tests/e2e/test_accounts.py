"""Accounts in a real browser: a table played without an account, then sign-up keeps that
table and its bankroll; log-out leaves a fresh anonymous table; logging in again brings the
account's table back (the empty table opened meanwhile gives way). Screenshots go to
test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from game.table.models import TableSession
from tests.e2e.tables import open_table
from tests.factories import casino_state, stacked_shoe
from trainer.accounts.models import Account
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10_000  # ms
ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
PASSWORD = "Tr1cky-pass-99"
TABLE_URL = re.compile(r"/en/table/([0-9a-f-]{36})/$")


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS_DIR / f"{name}.png", full_page=True)


def table_id(page: Page) -> str:
    match = TABLE_URL.search(page.url)
    assert match, page.url
    return match.group(1)


def play_a_winning_round(page: Page, base: str) -> str:
    """Open the table, stack its shoe (T,9 against 6 up and a queen in the hole, who draws
    a ten and busts), deal 10 and stand: +10 chips. Returns the table's id."""
    public_id = open_table(page, base)
    TableSession.objects.filter(public_id=public_id).update(
        state=casino_state(stacked_shoe(["TS", "6D", "9C", "QH", "TD"]))
    )
    page.reload()
    bet = page.locator('input[name="bet"]')
    bet.fill("10")
    page.locator("button.deal").click()
    stand = page.locator("form.actions button.stand")
    expect(stand).to_be_visible(timeout=TIMEOUT)
    stand.click()
    expect(page.locator("[data-testid=round-result]")).to_have_text(
        "You won 10 chips.", timeout=TIMEOUT
    )
    expect(page.locator("[data-testid=bankroll]")).to_have_text("1,010")
    return public_id


def fill_and_submit(page: Page, form: str, fields: dict[str, str]) -> None:
    scope = page.locator(f"[data-testid={form}]")
    for name, value in fields.items():
        scope.locator(f'input[name="{name}"]').fill(value)
    scope.locator('button[type="submit"]').click()


def test_sign_up_keeps_the_table_log_out_then_log_in_brings_it_back(live_server, page) -> None:
    base = live_server.url
    played = play_a_winning_round(page, base)

    page.goto(base + "/en/accounts/signup/")
    expect(page.locator("h1")).to_have_text("Sign up")
    fill_and_submit(
        page, "signup-form", {"username": "ana", "password1": PASSWORD, "password2": PASSWORD}
    )
    expect(page).to_have_url(TABLE_URL)
    assert table_id(page) == played
    expect(page.locator("[data-testid=bankroll]")).to_have_text("1,010")
    expect(page.locator(".messages")).to_contain_text(
        "Welcome, ana! Your account keeps your tables and decisions."
    )
    account = Account.objects.get(user__username="ana")
    assert TableSession.objects.get(public_id=played).visitor == account.visitor
    assert set(GradedDecision.objects.values_list("visitor", flat=True)) == {account.visitor}
    screenshot(page, "accounts-en-signed-up-table")

    page.goto(base + "/en/accounts/password/")
    page.locator("[data-testid=account-logout]").click()
    expect(page).to_have_url(base + "/en/accounts/login/")
    expect(page.locator(".messages")).to_contain_text("You have logged out.")

    page.goto(base + "/en/table/")  # anonymous again: the empty table with 1,000 chips
    expect(page).to_have_url(base + "/en/table/")
    expect(page.locator("[data-testid=bankroll]")).to_have_text("1,000")
    empty = open_table(page, base)
    assert empty != played
    expect(page.locator("[data-testid=bankroll]")).to_have_text("1,000")
    page.goto(base + f"/en/table/{played}/")
    expect(page.locator("h1")).to_have_text("Page not found")  # another visitor's table

    page.goto(base + "/en/accounts/login/")
    fill_and_submit(page, "login-form", {"username": "ana", "password": PASSWORD})
    expect(page).to_have_url(TABLE_URL)
    assert table_id(page) == played
    expect(page.locator("[data-testid=bankroll]")).to_have_text("1,010")
    expect(page.locator(".messages")).to_contain_text("You are logged in as ana.")
    assert TableSession.objects.get(public_id=empty).ended_at is not None
    screenshot(page, "accounts-en-logged-in-again")


def test_the_header_corner_logs_in_and_out(live_server, page) -> None:
    """Runs once templates/base.html includes accounts/header.html (the lead's)."""
    base = live_server.url
    page.goto(base + "/en/rules/new/")
    nav = page.locator("[data-testid=account-nav]")
    if nav.count() == 0:
        pytest.skip("templates/base.html does not include accounts/header.html yet")
    page.locator("[data-testid=signup-link]").click()
    expect(page).to_have_url(base + "/en/accounts/signup/?next=/en/rules/new/")
    fill_and_submit(
        page, "signup-form", {"username": "boris", "password1": PASSWORD, "password2": PASSWORD}
    )
    expect(page).to_have_url(base + "/en/rules/new/")
    expect(page.locator("[data-testid=account-name]")).to_have_text("boris")
    page.locator("[data-testid=logout]").click()
    expect(page).to_have_url(base + "/en/accounts/login/")
    expect(page.locator("[data-testid=login-link]")).to_be_visible()
    expect(page.locator("[data-testid=account-name]")).to_have_count(0)
