"""Learn from your mistakes in a real browser: play a table round with a deliberate mistake
(hitting a hard 20), open the walk for that table, answer right, see "Right" and then the
answer on request; the same with a wrong answer first, at desktop and phone sizes in English
and Russian, with screenshots (test-artifacts/walk-*.png)."""

# The expected strings in Russian: their Cyrillic letters are meant.

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from game.table.models import TableSession
from tests.e2e.htmx import press_when_idle
from tests.e2e.tables import open_table
from tests.factories import casino_state, stacked_shoe
from tests.table.pages import without_csrf_tokens
from trainer.drills.models import MistakeWalk
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10_000  # ms
ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
PAD = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"] * 3
# The person's T,K against the dealer's 6 (9H in the hole); a hit draws 5C and busts.
HARD_20 = ["TS", "6D", "KC", "9H", "5C", "TD", "TH", *PAD]
PHONE = {"width": 390, "height": 844}


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS_DIR / f"{name}.png", full_page=True)


def play_a_blunder(page: Page, base: str, lang: str = "en") -> str:
    """Hit a hard 20 at a new European table; return the table's public id."""
    public_id = open_table(page, base, lang)
    TableSession.objects.filter(public_id=public_id).update(
        state=casino_state(stacked_shoe(HARD_20))
    )
    page.locator("button.deal").click()
    expect(page.locator("form.actions button.hit")).to_be_visible()
    press_when_idle(page, "h")
    expect(page.get_by_test_id("round-result")).to_be_visible(timeout=TIMEOUT)
    return public_id


def open_walk(page: Page, base: str, public_id: str, lang: str = "en", shot: str = "") -> None:
    page.goto(f"{base}/{lang}/drills/walk/new/?table={public_id}")
    expect(page.get_by_test_id("walk-count")).to_contain_text("1")
    if shot:
        screenshot(page, shot)
    page.get_by_test_id("walk-start").click()
    expect(page).to_have_url(re.compile(rf"/{lang}/drills/walk/[0-9a-f-]{{36}}/$"))


def test_walk_through_a_table_mistake_and_answer_it_right(live_server, page: Page) -> None:
    public_id = play_a_blunder(page, live_server.url)
    mistake = GradedDecision.objects.get()
    assert (mistake.action, mistake.severity) == ("hit", "blunder")
    open_walk(page, live_server.url, public_id)
    step = page.get_by_test_id("walk-step")
    expect(step).to_have_attribute("data-number", "1")
    shown = page.get_by_test_id("hand").locator(".card")
    assert [shown.nth(i).get_attribute("data-card") for i in range(2)] == ["10S", "KC"]
    expect(page.get_by_test_id("upcard").locator(".card.back")).to_have_count(1)
    expect(page.get_by_test_id("walk-then")).to_contain_text("Here you chose Hit.")
    html = without_csrf_tokens(page.content())
    assert "9H" not in html and "5C" not in html  # the hole card and the next card
    expect(page.get_by_test_id("walk-evs")).to_have_count(0)
    page.evaluate("window.__marker = 1")
    press_when_idle(page, "s")
    verdict = page.get_by_test_id("walk-verdict")
    expect(verdict).to_contain_text("Right: Stand.", timeout=TIMEOUT)
    expect(verdict).to_have_attribute("data-correct", "true")
    expect(page.get_by_test_id("walk-evs")).to_have_count(0)  # not before it is asked for
    page.get_by_test_id("walk-reveal").click()
    expect(page.get_by_test_id("walk-best")).to_have_text("Stand", timeout=TIMEOUT)
    evs = page.get_by_test_id("walk-evs").locator("li")
    expect(evs).to_have_count(len(mistake.evs))  # the plays legal then
    actions = {evs.nth(i).get_attribute("data-action") for i in range(len(mistake.evs))}
    assert actions == set(mistake.evs) >= {"hit", "stand", "double"}
    expect(evs.first).to_have_attribute("data-action", "stand")
    expect(page.get_by_test_id("walk-reason")).to_contain_text("The dealer busts")
    assert page.evaluate("window.__marker") == 1  # swapped in place (HTMX)
    walk = MistakeWalk.objects.get()
    logged = GradedDecision.objects.get(drill_session=walk.public_id)
    assert (logged.source, logged.action, logged.severity) == ("drill", "stand", "best")
    page.get_by_test_id("walk-next").click()
    expect(page.get_by_test_id("walk-right")).to_have_text("1", timeout=TIMEOUT)
    expect(page.get_by_test_id("walk-wrong")).to_have_text("0")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_walk_screens(live_server, page: Page, lang: str, size: str) -> None:
    if size == "phone":
        page.set_viewport_size(PHONE)
    public_id = play_a_blunder(page, live_server.url, lang)
    open_walk(page, live_server.url, public_id, lang, shot=f"walk-{lang}-{size}-new")
    screenshot(page, f"walk-{lang}-{size}-question")
    press_when_idle(page, "d")  # doubling a hard 20: wrong again
    expect(page.get_by_test_id("walk-verdict")).to_have_attribute(
        "data-correct", "false", timeout=TIMEOUT
    )
    expect(page.get_by_test_id("walk-answer-form")).to_be_visible()  # may try again
    expect(page.get_by_test_id("walk-evs")).to_have_count(0)
    screenshot(page, f"walk-{lang}-{size}-wrong")
    page.get_by_test_id("walk-reveal").click()
    best = {"en": "Stand", "ru": "Хватит"}[lang]
    expect(page.get_by_test_id("walk-best")).to_have_text(best, timeout=TIMEOUT)
    expect(page.get_by_test_id("walk-answer-form")).to_have_count(0)
    screenshot(page, f"walk-{lang}-{size}-answer")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"]  # nothing wider than the screen
    page.get_by_test_id("walk-next").click()
    expect(page.get_by_test_id("walk-wrong")).to_have_text("1", timeout=TIMEOUT)
    screenshot(page, f"walk-{lang}-{size}-summary")
    page.goto(f"{live_server.url}/{lang}/review/")
    expect(page.get_by_test_id("mistake-reason").first).to_be_visible()
    screenshot(page, f"walk-{lang}-{size}-review")
