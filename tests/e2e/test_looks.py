"""The looks of issue 13 in a real browser: the chart on a phone (it scrolls in its own box; a
tap shows a cell's EVs without moving the page, a second tap drills it), the dealing
animation (only a card that was not on the felt slides in; none under reduced motion), and
the AI seats' small cards (no pip runs into a corner index)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from game.table.models import TableSession
from tests.e2e.tables import open_table
from tests.factories import casino_state, stacked_shoe

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10_000  # ms
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
# The pip's text box meeting a corner index's text box, per face-up card of the AI seats.
OVERLAPS = """() => {
  const box = el => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return r.getBoundingClientRect();
  };
  const meet = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const found = [];
  document.querySelectorAll('.seat:not(.you) .card:not(.back)').forEach(card => {
    const pip = box(card.querySelector('.pip'));
    card.querySelectorAll('.corner').forEach(c => {
      if (meet(pip, box(c))) found.push(card.dataset.card);
    });
  });
  return found;
}"""


@pytest.mark.parametrize("width", [360, 390])
def test_the_chart_on_a_phone(live_server, browser: Browser, width: int) -> None:
    context = browser.new_context(
        locale="ru-RU", viewport={"width": width, "height": 800}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    url = live_server.url + "/ru/chart/ajnc/"
    page.goto(url)
    assert page.evaluate(OVERFLOW) == 0  # the page never scrolls sideways
    detail = page.locator("[data-testid=cell-detail]")
    expect(detail).to_be_visible()  # its place is kept from the start
    cell = page.locator('td.cell:has(a[data-cell="hard-16-10"])')
    expect(cell).to_have_attribute("data-code", "Rh")
    cell.scroll_into_view_if_needed()
    top = page.locator("section.chart-table").first.bounding_box()["y"]
    cell.tap()  # the first tap shows the EVs, in the line kept for them
    expect(detail).to_have_text(re.compile(r"^16 / 10: Сдаться, иначе ещё — Сдаться \u22120,5000"))
    assert page.url == url
    moved = page.locator("section.chart-table").first.bounding_box()["y"] - top
    assert abs(moved) < 1  # nothing moved (less than a pixel: sub-pixel rounding)
    cell.tap()  # the second tap drills the cell
    expect(page).to_have_url(re.compile(r"/ru/drills/situations/\?variant=ajnc&cell=hard-16-10$"))
    context.close()


def deal_and_hit(page: Page, base: str) -> None:
    """You in seat 1 with 10,6 against the dealer's 9, an AI seat with 10,10; you hit a 5."""
    public_id = open_table(page, base)
    TableSession.objects.filter(public_id=public_id).update(
        seat_count=2,
        human_seat=0,
        ai_level="easy",
        state=casino_state(
            stacked_shoe(["TS", "TD", "9H", "6C", "TC", "7D", "5S", "4S", "3S", "2S"])
        ),
    )
    page.reload()
    page.fill("input[name=bet]", "60")
    page.locator("button.deal").click()
    expect(page.locator("[data-testid=hand-total]")).to_have_text("16", timeout=TIMEOUT)


def test_a_dealt_card_slides_in_once_and_the_ai_cards_are_clear(live_server, page: Page) -> None:
    deal_and_hit(page, live_server.url)
    felt = page.locator("#table-felt")
    # Every card of the new round came in with the deal.
    assert felt.locator(".card").count() == felt.locator(".card.deal-in").count() == 6
    # The bet in chips in front of your hand: 60 is two 25s and two 5s.
    stack = page.locator(".seat.you [data-testid=bet-stack] .stack-chip")
    assert [c.get_attribute("class") for c in stack.all()] == [
        "stack-chip chip-25",
        "stack-chip chip-25",
        "stack-chip chip-5",
        "stack-chip chip-5",
    ]
    for width in (1280, 390, 360):  # the small cards of the AI seat (10,10) at every size
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate(OVERLAPS) == [], width
    page.set_viewport_size({"width": 1280, "height": 900})
    page.locator("form.actions button.hit").click()
    expect(page.locator('[data-card="5S"]')).to_have_count(1, timeout=TIMEOUT)
    # Only the new card slides in; the cards already on the felt stay still.
    expect(felt.locator(".card.deal-in")).to_have_count(1)
    expect(felt.locator('.card.deal-in[data-card="5S"]')).to_have_count(1)


def test_no_dealing_animation_under_reduced_motion(live_server, browser: Browser) -> None:
    context = browser.new_context(
        locale="en-US", viewport={"width": 1280, "height": 900}, reduced_motion="reduce"
    )
    page = context.new_page()
    deal_and_hit(page, live_server.url)
    card = page.locator("#table-felt .card.deal-in").first
    assert card.evaluate("el => getComputedStyle(el).animationName") == "none"
    context.close()
