"""The count at the table in Chromium (issue 15): the count shown as training wheels in
Russian at a phone's width, and the table's "running count?" question answered in English,
each on a scripted shoe. Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from game.table import presenters
from game.table.models import TableSession
from tests.e2e.tables import open_table
from tests.e2e.test_table import deal_by_click, screenshot, version, wait_for_new_version
from tests.factories import casino_state, stacked_shoe

pytestmark = pytest.mark.django_db(transaction=True)

# Player T,9 against the dealer's 6 and a hole queen, who draws the 10 of diamonds: Hi-Lo
# T -1, 6 +1, 9 0 at the deal; then Q -1, T -1.
HOLE_QH = ["TS", "6D", "9C", "QH", "TD"]


def script(public_id: str) -> None:
    TableSession.objects.filter(public_id=public_id).update(
        state=casino_state(stacked_shoe(HOLE_QH))
    )


def choose(page: Page, system: str, mode: str) -> None:
    toggle = page.locator("[data-testid=count-toggle]")
    toggle.locator("select[name=system]").select_option(system)
    toggle.locator("select[name=mode]").select_option(mode)
    toggle.locator("button").click()
    page.wait_for_load_state("networkidle")


def stand(page: Page) -> None:
    old = version(page)
    page.locator("form.actions button.stand").click()
    wait_for_new_version(page, old)


def test_the_count_shown_in_russian_on_a_phone(live_server, page) -> None:
    page.set_viewport_size({"width": 360, "height": 800})
    public_id = open_table(page, live_server.url, "ru")
    script(public_id)
    choose(page, "hilo", "show")
    deal_by_click(page)
    line = page.locator("[data-testid=count-line]")
    expect(line).to_have_text("Hi-Lo: текущий счёт 0 · истинный счёт 0 (осталось колод: 5,9)")
    stand(page)
    expect(line).to_have_text(
        "Hi-Lo: текущий счёт \u22122 · истинный счёт \u22121 (осталось колод: 5,9)"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "count-ru-360")


def test_the_table_asks_for_the_count_in_english(live_server, page, monkeypatch) -> None:
    monkeypatch.setattr(presenters, "COUNT_QUESTION_EVERY", 1)  # ask after every round
    public_id = open_table(page, live_server.url, "en")
    script(public_id)
    choose(page, "hilo", "ask")
    deal_by_click(page)
    expect(page.locator("[data-testid=count-line]")).to_have_count(0)
    expect(page.locator("[data-testid=count-question]")).to_have_count(0)
    stand(page)
    question = page.locator("[data-testid=count-question]")
    expect(question).to_contain_text("Quick check: what is the running count (Hi-Lo)?")
    screenshot(page, "count-en-question")
    old = version(page)
    question.locator("input[name=count]").fill("-2")
    question.locator("input[name=count]").press("Enter")
    expect(page.locator("#table-felt")).to_contain_text(
        "Right: the running count is \u22122 (true count \u22121)."
    )
    expect(question).to_have_count(0)
    assert version(page) == old  # answering changes no round
    screenshot(page, "count-en-answered")


# -- the counting drills ---------------------------------------------------------------------------
HILO = {"2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "10": -1, "J": -1, "Q": -1, "K": -1, "A": -1}


def hilo(codes: list[str]) -> int:
    """The Hi-Lo count of cards by their data-card codes ("10S", "QH")."""
    return sum(HILO.get(code[:-1], 0) for code in codes)


def start_running_count(page: Page, base: str, *, group: str, pace_ms: str) -> None:
    """Start a running-count drill from the counting page under ``base`` ("…/ru/"): cards
    ``group`` at a time, a flash every ``pace_ms`` milliseconds."""
    page.goto(f"{base}drills/count/")
    page.locator("input[name=skill][value=running]").check()
    page.locator("select[name=group]").select_option(group)
    page.locator("select[name=pace]").select_option(pace_ms)
    page.get_by_test_id("start").click()


def test_a_running_count_drill_in_serbian(live_server, page) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    start_running_count(page, f"{live_server.url}/sr-latn/", group="2", pace_ms="400")
    expect(page.get_by_text("Vodite tekući broj od 0")).to_be_visible()
    answer = page.get_by_test_id("answer")
    # The cards wait for the person; the answer comes after them.
    expect(answer).to_be_hidden()
    codes = page.locator("[data-testid=flash-group] [data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    page.get_by_test_id("flash-start").click()
    expect(page.locator("[data-testid=flash-group]:visible")).to_have_count(1)
    screenshot(page, "count-drill-sr-flash")
    expect(answer).to_be_visible(timeout=20_000)
    expect(page.locator("[data-testid=flash-group]:visible")).to_have_count(0)
    count = hilo(codes)
    answer.fill(str(count))
    answer.press("Enter")
    shown = f"+{count}" if count > 0 else str(count).replace("-", "\u2212")
    expect(page.get_by_test_id("verdict")).to_have_text(f"✓ Tačno: broj je {shown}.")
    expect(page.get_by_test_id("tagged").locator("[data-card]")).to_have_count(len(codes))
    screenshot(page, "count-drill-sr-right")


def test_a_deck_countdown_in_english_on_a_phone(live_server, page) -> None:
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{live_server.url}/en/drills/count/")
    page.locator("input[name=skill][value=countdown]").check()
    page.get_by_test_id("start").click()
    cards = page.get_by_test_id("countdown-card")
    total = cards.count()
    assert 49 <= total <= 51
    codes = page.locator("[data-testid=countdown-card] [data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    expect(page.locator("[data-testid=countdown-card]:visible")).to_have_count(1)
    # The card in view lies inside the felt, on the screen (not in an empty grid column).
    box = page.locator("[data-testid=countdown-card]:visible").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for _ in range(total):
        page.keyboard.press("Space")
    answer = page.get_by_test_id("answer")
    expect(answer).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    answer.fill(str(hilo(codes) + 1))  # one off
    answer.press("Enter")
    expect(page.get_by_test_id("verdict")).to_contain_text(", 1 off.")
    expect(page.get_by_test_id("reason")).to_contain_text("A full deck ends at 0")
    expect(page.get_by_test_id("removed").locator("[data-card]")).to_have_count(52 - total)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "count-drill-en-countdown")


def test_three_cards_at_a_time_fit_a_phone_in_russian(live_server, page) -> None:
    page.set_viewport_size({"width": 360, "height": 800})
    start_running_count(page, f"{live_server.url}/ru/", group="3", pace_ms="2500")
    page.get_by_test_id("flash-start").click()
    group = page.locator("[data-testid=flash-group]:visible")
    expect(group).to_have_count(1)
    box = group.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "count-drill-ru-360-flash")
