"""The banker game "Двадцать одно" (seed 003) in a real browser: chosen at New session, a
scripted deal played as a punter and one played as the banker with the keys, face-down cards
drawn as card backs, the bankroll swapped in out of band, and the game played without
JavaScript. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Browser, Page, expect

from game.table.models import TableSession
from tests.e2e.test_table import (
    number,
    round_settled,
    screenshot,
    shown_bankroll,
    version,
    wait_for_new_version,
)
from tests.factories import banker_stack, banker_state

pytestmark = pytest.mark.django_db(transaction=True)

# Seats 0 (AI banker), 1 (the person), 2 (AI punter): the person 5,7 draws a 4 and stands on
# 16, the AI punter stands on T,8, the banker's Q,6 draws a 9 and busts: 2:1 to both punters.
PUNTER_DEAL = banker_stack(3, {1: ["5H", "7C"], 2: ["TD", "8S"], 0: ["QH", "6D"]}, ["4S", "9H"])
# Seats 0 (the person, banker), AI punters 1..3: AI 1 draws to 25 and busts, AI 2 stands on
# 19, AI 3 holds a natural; the person's 8,5 draws a 5 and stands on 18: +10 -10 -20 = -20.
BANKER_DEAL = banker_stack(
    4,
    {1: ["9C", "4D"], 2: ["TS", "9S"], 3: ["AS", "KH"], 0: ["8D", "5S"]},
    ["2H", "TH", "5C"],
)


def open_banker_table(page: Page, base_url: str, ai_seats: int, seat: int) -> TableSession:
    """Choose the banker game at New session; return the new table."""
    page.goto(base_url + "/en/table/")
    first_url = page.url
    page.locator('select[name="variant"]').select_option("dvadtsat-odno")
    page.locator('select[name="ai_seats"]').select_option(str(ai_seats))
    page.locator('select[name="seat"]').select_option(str(seat))
    page.get_by_role("button", name="New session").click()  # nothing to end: no question
    expect(page).not_to_have_url(first_url)
    expect(page.locator("[data-testid=variant-name]")).to_have_text(
        "Twenty-one with a rotating bank"
    )
    return TableSession.objects.get(ended_at__isnull=True)


def script_shoe(page: Page, table: TableSession, stacked: list[str]) -> None:
    TableSession.objects.filter(pk=table.pk).update(state=banker_state(table.seat_count, stacked))
    page.reload()


def seat(page: Page, number_on_page: int):
    return page.locator(f'[data-testid=seat][data-seat="{number_on_page}"]')


def press(page: Page, key: str) -> None:
    old = version(page)
    page.keyboard.press(key)
    wait_for_new_version(page, old)


def result_net(page: Page) -> Decimal:
    """The person's net as the result sentence states it."""
    result = page.locator("[data-testid=round-result]").inner_text().strip()
    if result == "Even: no chips won or lost.":
        return Decimal(0)
    match = re.fullmatch(r"You (won|lost) ([\d,.]+) chips?\.", result)
    assert match, result
    return number(match.group(2)) * (1 if match.group(1) == "won" else -1)


def test_a_deal_as_a_punter(live_server, page: Page) -> None:
    table = open_banker_table(page, live_server.url, ai_seats=2, seat=2)
    assert (table.seat_count, table.human_seat) == (3, 1)
    script_shoe(page, table, PUNTER_DEAL)
    expect(page.locator("[data-testid=bank-holder]")).to_have_text("The bank: AI player 1")
    expect(seat(page, 1).locator("[data-testid=seat-role]")).to_have_text("Banker")
    expect(seat(page, 2).locator("[data-testid=seat-role]")).to_have_text("Punter")

    page.locator("button[data-chip-clear]").click()
    page.locator('button[data-chip="25"]').click()
    expect(page.locator('input[name="bet"]')).to_have_value("25")
    page.evaluate("window.__marker = 1")
    old = version(page)
    page.locator("button.deal").click()
    wait_for_new_version(page, old)

    # Own cards face up; the banker's and the AI punter's dealt cards face down.
    expect(seat(page, 2).locator(".card:not(.back)")).to_have_count(2)
    expect(seat(page, 2).locator("[data-testid=seat-total]")).to_have_text("12")
    for other in (1, 3):
        expect(seat(page, other).locator(".card.back")).to_have_count(2)
        expect(seat(page, other).locator("[data-card]")).to_have_count(0)
    expect(page.locator(".staked")).to_have_text("25 on the table")
    expect(page.locator("button.action.draw")).to_contain_text("Draw")
    screenshot(page, "banker-game-punter-in-play")

    press(page, "h")
    expect(seat(page, 2).locator("[data-testid=seat-total]")).to_have_text("16")
    press(page, "s")
    expect(page.locator("[data-testid=round-result]")).to_have_text("You won 50 chips.")
    expect(seat(page, 1).locator("[data-card]")).to_have_count(3)  # the banker's bust
    expect(seat(page, 1).locator(".card.back")).to_have_count(0)
    expect(seat(page, 2).locator("[data-testid=seat-outcome]")).to_have_text("Banker bust")
    expect(seat(page, 3).locator("[data-testid=seat-net]")).to_have_text("+20")
    expect(seat(page, 1).locator("[data-testid=seat-running-net]")).to_have_text("\u221270")
    assert shown_bankroll(page) == 1000 + result_net(page) == 1050
    assert page.evaluate("window.__marker") == 1, "the page was reloaded instead of swapped"
    screenshot(page, "banker-game-punter-settled")
    table.refresh_from_db()
    assert table.bankroll == 1050
    page.reload()
    assert shown_bankroll(page) == 1050


def test_a_deal_as_the_banker(live_server, page: Page) -> None:
    table = open_banker_table(page, live_server.url, ai_seats=3, seat=1)
    assert (table.seat_count, table.human_seat) == (4, 0)
    script_shoe(page, table, BANKER_DEAL)
    expect(page.locator("[data-testid=bank-holder]")).to_have_text("You hold the bank.")
    expect(page.locator('input[name="bet"]')).to_have_count(0)

    press(page, "Enter")
    expect(page.locator("[data-testid=banker-prompt]")).to_be_visible()
    # AI 1 drew twice and went bust: all four cards face up. AI 2 and 3 stood: face down.
    expect(seat(page, 2).locator("[data-card]")).to_have_count(4)
    expect(seat(page, 2).locator(".badge.bust")).to_have_text("Bust")
    for other in (3, 4):
        expect(seat(page, other).locator(".card.back")).to_have_count(2)
        expect(seat(page, other).locator("[data-card]")).to_have_count(0)
        expect(seat(page, other).locator("[data-testid=seat-stake]")).to_have_text("stake 10")
    expect(seat(page, 1).locator("[data-testid=seat-total]")).to_have_text("13")
    screenshot(page, "banker-game-banker-in-play")

    press(page, "d")  # D draws too
    expect(seat(page, 1).locator("[data-testid=seat-total]")).to_have_text("18")
    press(page, "s")
    expect(page.locator("[data-testid=round-result]")).to_have_text("You lost 20 chips.")
    expect(seat(page, 4).locator("[data-testid=seat-outcome]")).to_have_text("Natural")
    expect(seat(page, 4).locator("[data-card]")).to_have_count(2)
    nets = [number(t) for t in page.locator("[data-testid=seat-net]").all_inner_texts()]
    assert nets == [-20, -10, 10, 20] and sum(nets) == 0
    net = result_net(page)
    assert net == -20
    assert shown_bankroll(page) == 1000 + net
    expect(page.locator("[data-testid=bankroll]")).to_have_text("980")
    screenshot(page, "banker-game-banker-settled")

    # A second deal from the same talia, standing at once: the bankroll still follows.
    press(page, "Enter")
    for _ in range(3):
        if round_settled(page):
            break
        press(page, "s")
    second = result_net(page)
    assert shown_bankroll(page) == 1000 + net + second
    expect(page.locator(".history tbody tr")).to_have_count(2)
    table.refresh_from_db()
    assert table.bankroll == 1000 + net + second


def test_banker_game_plays_without_javascript(live_server, browser: Browser) -> None:
    context = browser.new_context(
        java_script_enabled=False, locale="en-US", viewport={"width": 1280, "height": 900}
    )
    try:
        page = context.new_page()
        page.goto(live_server.url + "/en/table/")
        page.locator('select[name="variant"]').select_option("dvadtsat-odno")
        page.locator('select[name="ai_seats"]').select_option("0")
        page.locator('select[name="seat"]').select_option("2")
        with page.expect_navigation():
            page.get_by_role("button", name="New session").click()
        expect(page.locator(".message.info")).to_have_text(
            "The banker game needs at least two players, so one AI player joined you."
        )
        table_url = page.url
        table = TableSession.objects.get(ended_at__isnull=True)
        assert (table.variant, table.seat_count, table.human_seat) == ("dvadtsat-odno", 2, 1)
        page.locator('input[name="bet"]').fill("20")
        with page.expect_navigation():
            page.locator("button.deal").click()
        assert page.url == table_url
        for _ in range(4):
            if round_settled(page):
                break
            with page.expect_navigation():
                page.locator("form.actions button.stand").click()
            assert page.url == table_url
        net = result_net(page)
        assert shown_bankroll(page) == 1000 + net
        screenshot(page, "banker-game-no-javascript")
    finally:
        context.close()


def test_russian_banker_table_uses_the_seeds_words(live_server, page: Page) -> None:
    table = open_banker_table(page, live_server.url, ai_seats=2, seat=2)
    TableSession.objects.filter(pk=table.pk).update(
        state=banker_state(table.seat_count, PUNTER_DEAL)
    )
    page.goto(f"{live_server.url}/ru/table/{table.public_id}/")
    assert page.locator("html").get_attribute("lang") == "ru"
    expect(page.locator("[data-testid=talia]")).to_have_text("Талия 1")
    old = version(page)
    page.locator("button.deal").click()
    wait_for_new_version(page, old)
    expect(page.locator("button.action.draw")).to_contain_text("Прикупить")
    expect(page.locator("button.action.stand")).to_contain_text("Хватит")
    expect(seat(page, 1).locator("[data-testid=seat-role]")).to_have_text("Банкомёт")
    expect(seat(page, 2).locator("[data-testid=seat-role]")).to_have_text("Понтёр")
    screenshot(page, "banker-game-ru-in-play")
    press(page, "s")
    expect(page.locator("[data-testid=round-result]")).to_be_visible()
    screenshot(page, "banker-game-ru-settled")


# Seats 0 (AI bank), 1 (the person): T,6 draws against the best play (stand) and busts on
# the 9; every punter bust, the bank's 5,6 is not asked (the 2 stays in the shoe).
PUNTER_BUST = banker_stack(2, {1: ["TS", "6C"], 0: ["5H", "6D"]}, ["9C", "2D"])


def test_a_graded_punter_decision_is_flagged(live_server, page: Page) -> None:
    table = open_banker_table(page, live_server.url, ai_seats=1, seat=2)
    assert (table.seat_count, table.human_seat) == (2, 1)
    script_shoe(page, table, PUNTER_BUST)
    press(page, "Enter")
    press(page, "h")
    flag = page.locator("#decision-flag")
    expect(flag).to_be_visible()
    expect(flag.locator("[data-testid=flag]")).to_contain_text(
        "You chose Draw; the best play was Stand."
    )
    expect(flag).to_contain_text("as a punter, against a banker who draws below 17")
    expect(page.locator("[data-testid=round-result]")).to_have_text("You lost 10 chips.")
    expect(seat(page, 1).locator("[data-card]")).to_have_count(2)  # the bank never drew
    screenshot(page, "banker-game-punter-flag")
    page.goto(f"{live_server.url}/hr/table/{table.public_id}/")
    expect(page.locator("#decision-flag")).to_contain_text("Gruba pogreška")
    screenshot(page, "banker-game-punter-flag-hr")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "banker-game-punter-flag-hr-phone")


def test_a_graded_banker_decision_is_flagged(live_server, page: Page) -> None:
    table = open_banker_table(page, live_server.url, ai_seats=3, seat=1)
    script_shoe(page, table, BANKER_DEAL)
    press(page, "Enter")
    press(page, "h")  # 13 against a bust punter and two who stood: standing is best
    flag = page.locator("#decision-flag")
    expect(flag.locator("[data-testid=flag]")).to_contain_text("Blunder")
    expect(flag).to_contain_text("as the banker, against the punters as the table shows them")
    screenshot(page, "banker-game-banker-flag")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "banker-game-banker-flag-phone")
    page.goto(f"{live_server.url}/sr-latn/table/{table.public_id}/")
    expect(page.locator("#decision-flag")).to_contain_text("Gruba greška")
    screenshot(page, "banker-game-banker-flag-sr-phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(page, "banker-game-banker-flag-sr")
