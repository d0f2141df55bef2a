"""Issue 12 at the table in a real browser: the hint shows the standard's play, a deliberate
mistake is flagged with its reason, the round's decisions stay listed after the round and
after a reload, the recent rounds' line carries the severity mark linking to the decision,
and no flag ever moves the action buttons. Screenshots of a blunder flag and the decision
list at desktop and phone size, in English and Russian, go to test-artifacts/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from game.table.models import TableSession
from tests.e2e.htmx import press_when_idle
from tests.e2e.tables import open_table
from tests.e2e.test_table import deal_by_click, screenshot, version, wait_for_new_version
from tests.factories import casino_state, stacked_shoe
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db(transaction=True)

MINUS = "\u2212"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# Russian online game (peek): you T,2 against a ten up, 9 in the hole (the dealer has 19);
# then 3, 4, 5, 6 from the shoe.
TWELVE_V_TEN = ["TS", "TD", "2C", "9H", "3S", "4D", "5S", "6S", "7C", "8C", "9C", "TC"]


def open_scripted_table(page: Page, base: str, lang: str = "en") -> str:
    public_id = open_table(page, base, lang)
    TableSession.objects.filter(public_id=public_id).update(
        variant="russian", state=casino_state(stacked_shoe(TWELVE_V_TEN))
    )
    page.reload()
    return public_id


def act(page: Page, key: str) -> None:
    old = version(page)
    press_when_idle(page, key)
    wait_for_new_version(page, old)


def stand_box(page: Page) -> dict[str, float]:
    box = page.locator("button.action.stand").bounding_box()
    assert box is not None
    return box


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_mistake_stays_listed_and_marked_after_the_round(
    live_server, page: Page, size: str
) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    open_scripted_table(page, live_server.url)
    deal_by_click(page)
    before = stand_box(page)
    # The hint (key A) shows the exact play before acting, and gives no card away.
    page.locator("[data-testid=hint-button]").click()
    expect(page.locator("[data-testid=hint]")).to_contain_text(
        "Hint: the best play for these cards is Hit."
    )
    assert stand_box(page)["y"] == before["y"]
    act(page, "h")  # T,2 + 3: hit was right (and hinted)
    expect(page.locator("[data-testid=flag]")).to_contain_text("Hit was the best play.")
    expect(page.locator("[data-testid=flag-hinted]")).to_be_visible()
    assert stand_box(page)["y"] == before["y"]  # the flag never pushes the buttons down
    screenshot(page, f"i12-table-quiet-note-{size}")
    act(page, "s")  # stand on 15 against a ten: a mistake
    flag = page.locator("[data-testid=flag-box]")
    expect(flag).to_have_class(re.compile(r"\bmistake\b"))
    expect(flag.locator("[data-testid=flag-reason]")).to_contain_text(
        "with 10 showing: hitting is worth 0.039 of the bet more than the next best play (Stand)."
    )
    mistake = GradedDecision.objects.get(action="stand")
    assert (mistake.severity, mistake.hinted) == ("mistake", False)
    rows = page.locator("[data-testid=round-decision]")
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_contain_text("10 2 3 against 10")
    expect(rows.nth(1)).to_contain_text(f"{MINUS}0.0388")
    expect(rows.nth(1)).to_contain_text("Mistake")
    expect(page.locator("[data-testid=round-result]")).to_be_visible()  # the round is over
    page.reload()
    expect(page.locator("[data-testid=round-decision]")).to_have_count(2)
    mark = page.locator("[data-testid=round-mark]")
    expect(mark).to_have_text("Mistake")
    expect(mark).to_have_attribute("href", f"/en/review/decisions/{mistake.pk}/")
    page.locator("[data-testid=summary-link]").click()
    expect(page.locator("[data-testid=summary-decisions]")).to_have_text("2")
    expect(page.locator("[data-testid=summary-accuracy]")).to_have_text("0%")  # 1 counted
    expect(page.locator("[data-testid=summary-counted]")).to_contain_text(
        "1 decision was taken after a hint"
    )
    expect(page.locator("[data-testid=drill-cell]")).to_contain_text("Hard 15 against 10")
    screenshot(page, f"i12-table-summary-{size}")
    page.go_back()
    page.locator("[data-testid=round-mark]").click()
    expect(page).to_have_url(re.compile(rf"/en/review/decisions/{mistake.pk}/$"))


BLUNDER = {"en": "Blunder", "ru": "Грубая ошибка"}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_blunder_flag_and_the_decision_list_look_right(
    live_server, page: Page, lang: str, size: str
) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    open_scripted_table(page, live_server.url, lang)
    deal_by_click(page)
    screenshot(page, f"i12-table-before-{size}-{lang}")
    act(page, "s")  # stand on T,2 against a ten: a blunder; the round is over
    flag = page.locator("[data-testid=flag-box]")
    expect(flag).to_have_class(re.compile(r"\bblunder prominent\b"))
    expect(flag).to_contain_text(BLUNDER[lang])
    expect(page.locator("[data-testid=round-decision]")).to_have_count(1)
    # Nothing wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    screenshot(page, f"i12-table-blunder-{size}-{lang}")
