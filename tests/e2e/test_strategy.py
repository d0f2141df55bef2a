"""The strategy at the table in a real browser (issue 4): a deliberate mistake is flagged in
place in English and in Russian, the grading standard switched to the chart, a perfect card
counter's advice asked for, and the chart page's cells with their EVs on hover. Screenshots
go to test-artifacts/."""

# The expected strings are Russian: their Cyrillic letters are meant.
# ruff: noqa: RUF001

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from game.table.models import TableSession
from tests.e2e.htmx import press_when_idle
from tests.e2e.tables import open_table
from tests.e2e.test_table import deal_by_click, screenshot, version, wait_for_new_version
from tests.factories import casino_state, stacked_shoe

pytestmark = pytest.mark.django_db(transaction=True)

# Russian online game (peek): you T,6 against a ten up, 9 in the hole (no natural); then 5S.
SIXTEEN_V_T = ["TS", "TD", "6C", "9H", "5S", "3C", "4C", "7D", "8D"]
FLAG = {
    "en": ("Inaccuracy", "You chose Stand; the best play was Hit."),
    "ru": ("Неточность", "Вы выбрали «Хватит»; лучший ход — «Ещё»."),
}


def open_russian_table(page: Page, base: str, lang: str) -> None:
    public_id = open_table(page, base, lang)
    TableSession.objects.filter(public_id=public_id).update(
        variant="russian", state=casino_state(stacked_shoe(SIXTEEN_V_T))
    )
    page.reload()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_deliberate_mistake_is_flagged_in_place(live_server, page: Page, lang: str) -> None:
    open_russian_table(page, live_server.url, lang)
    page.evaluate("window.__marker = 1")  # survives only if the page is never reloaded
    deal_by_click(page)
    expect(page.locator("#decision-flag")).to_be_hidden()
    old = version(page)
    press_when_idle(page, "s")  # stand on 16 against a ten: hitting is better
    wait_for_new_version(page, old)
    badge, sentence = FLAG[lang]
    flag = page.locator("[data-testid=flag]")
    expect(flag).to_contain_text(badge)
    expect(flag).to_contain_text(sentence)
    expect(page.locator("#decision-flag .flag-evs li")).to_have_count(3)
    assert page.evaluate("window.__marker") == 1
    screenshot(page, f"strategy-flag-{lang}")


def test_chart_standard_and_the_counter_in_the_browser(live_server, page: Page) -> None:
    open_russian_table(page, live_server.url, "en")
    page.locator("select[name=standard]").select_option("chart")
    page.get_by_test_id("grading-toggle").get_by_role("button", name="Apply").click()
    expect(page.locator(".messages")).to_contain_text(
        "Your decisions are now graded against the basic strategy chart."
    )
    deal_by_click(page)
    page.locator("[data-testid=ask-counter]").click()
    advice = page.locator("#counter-advice")
    expect(advice).to_contain_text("A perfect card counter would choose Hit.")
    expect(advice).to_contain_text("Hit: \u22120.5347")
    old = version(page)
    press_when_idle(page, "s")
    wait_for_new_version(page, old)
    expect(page.locator("[data-testid=flag]")).to_contain_text(
        "You chose Stand; the chart says Hit."
    )
    screenshot(page, "strategy-chart-standard")


def test_chart_page_colours_cells_and_shows_evs_on_hover(live_server, page: Page) -> None:
    page.goto(live_server.url + "/ru/chart/russian/")
    expect(page.locator("h1")).to_have_text("Базовая стратегия: Русский онлайн-блэкджек")
    cell = page.locator("section.chart-table").first.locator("tbody tr").nth(7).locator("td").nth(2)
    expect(cell).to_have_attribute("data-code", "S")  # hard 12 against 4: stand
    expect(cell).to_have_attribute("title", re.compile(r"^Хватит — Хватит −0,2"))
    background = cell.evaluate("el => getComputedStyle(el).backgroundColor")
    assert background == "rgb(242, 167, 160)"  # the stand colour
    detail = page.locator("[data-testid=cell-detail]")
    # a mouse: the line says to point and click (a touch screen's says to tap twice)
    expect(detail).to_have_text(
        "Наведите указатель на клетку, чтобы увидеть матожидание каждого решения; "
        "щёлкните её, чтобы потренировать."
    )
    cell.locator("xpath=following-sibling::td[1]").hover()  # pointing shows the EVs
    expect(detail).to_have_text(re.compile(r"^12 / 5: "))
    cell.locator("a").focus()  # no hover on a keyboard: focus shows the EVs in a line that stays
    expect(page.locator("[data-testid=cell-detail]")).to_have_text(
        re.compile(r"^12 / 4: Хватит — Хватит −0,2")
    )
    screenshot(page, "strategy-chart-ru")
