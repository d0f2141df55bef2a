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
