"""One day of the learning loop in a real browser, in English and in Serbian: play a round
with a deliberate mistake (hitting a hard 20 against a 6), see it listed under the table
after the round and marked in Recent rounds, read the session summary, walk through the
mistake and answer it right, drill its chart cell from the summary (and slip there), then come back
"tomorrow" (the server's clock moved a day) and find the situation due in the header and on
the landing page. Screenshots of every step: test-artifacts/day-<lang>-<step>.png."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from game.table.models import TableSession
from tests.e2e.htmx import press_when_idle
from tests.e2e.tables import open_table
from tests.factories import casino_state, stacked_shoe
from trainer.drills.models import SituationCard
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10_000  # ms
ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
PAD = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"] * 3
# The person's T,K against the dealer's 6 (9H in the hole); a hit draws 5C and busts.
HARD_20 = ["TS", "6D", "KC", "9H", "5C", "TD", "TH", *PAD]

# What each language says at each step (the Serbian words are meant).
WORDS = {
    "en": {"blunder": "Blunder", "right": "Right", "summary": "Session summary"},
    "sr-latn": {"blunder": "Gruba greška", "right": "Tačno", "summary": "Rezime sesije"},
}


def shot(page: Page, lang: str, step: str) -> None:
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS_DIR / f"day-{lang}-{step}.png", full_page=True)


@pytest.mark.parametrize("lang", ["en", "sr-latn"])
def test_one_day_play_walk_drill_and_come_back_tomorrow(
    live_server, page: Page, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    base = live_server.url
    words = WORDS[lang]

    # Play: a blunder, flagged with its reason, and still listed once the round is over.
    public_id = open_table(page, base, lang)
    TableSession.objects.filter(public_id=public_id).update(
        state=casino_state(stacked_shoe(HARD_20))
    )
    page.locator("button.deal").click()
    expect(page.locator("form.actions button.hit")).to_be_visible()
    press_when_idle(page, "h")
    expect(page.get_by_test_id("round-result")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("flag")).to_contain_text(words["blunder"])
    expect(page.get_by_test_id("flag-reason")).not_to_be_empty()
    row = page.get_by_test_id("round-decision")
    expect(row).to_have_count(1)
    expect(row).to_contain_text(words["blunder"])
    expect(page.get_by_test_id("round-mark").first).to_contain_text(words["blunder"])
    shot(page, lang, "1-table")
    page.reload()
    expect(page.get_by_test_id("round-decision")).to_have_count(1)
    mistake = GradedDecision.objects.get()
    assert (mistake.action, mistake.best_action, mistake.severity) == ("hit", "stand", "blunder")

    # The session summary: the decision, its cost against the result, what to drill next.
    page.get_by_test_id("summary-link").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(words["summary"])
    expect(page.get_by_test_id("summary-decisions")).to_have_text("1")
    expect(page.get_by_test_id("drill-cell")).to_have_attribute("data-cell", "pairs-10-6")
    shot(page, lang, "2-summary")
    summary_url = page.url

    # Learn from your mistakes: the hand as it was, answered right, the answer on request.
    page.get_by_test_id("walk-link").click()
    page.get_by_test_id("walk-start").click()
    expect(page).to_have_url(re.compile(rf"/{lang}/drills/walk/[0-9a-f-]{{36}}/$"))
    expect(page.get_by_test_id("upcard").locator(".card.back")).to_have_count(1)
    press_when_idle(page, "s")
    verdict = page.get_by_test_id("walk-verdict")
    expect(verdict).to_have_attribute("data-correct", "true", timeout=TIMEOUT)
    expect(verdict).to_contain_text(words["right"])
    expect(page.get_by_test_id("walk-evs")).to_have_count(0)
    page.get_by_test_id("walk-reveal").click()
    expect(page.get_by_test_id("walk-evs")).to_be_visible(timeout=TIMEOUT)
    shot(page, lang, "3-walk")

    # Drill the mistake's chart cell from the summary (T,K may be split: the pair of tens).
    page.goto(summary_url)
    page.get_by_test_id("drill-cell").get_by_role("link").click()
    expect(page.get_by_test_id("chosen")).to_be_visible()
    page.get_by_test_id("start").click()
    question = page.get_by_test_id("question")
    expect(question).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("upcard")).to_contain_text("6")
    total = int(page.get_by_test_id("hand-total").inner_text())
    assert total == 20
    # A slip in the drill: it is rated Again, so FSRS brings the situation back soon.
    press_when_idle(page, "h")
    expect(page.get_by_test_id("feedback")).to_have_attribute("data-correct", "false")
    shot(page, lang, "4-drill")
    assert SituationCard.objects.filter(reviews__gte=1).exists()

    # Tomorrow: the situation missed today is due, in the header and on the landing page.
    tomorrow = timezone.now() + timedelta(days=1)
    monkeypatch.setattr(timezone, "now", lambda: tomorrow)
    page.goto(f"{base}/{lang}/")
    badge = page.get_by_test_id("due-badge")
    expect(badge).to_be_visible()
    due = int(badge.locator("[aria-hidden=true]").inner_text())
    assert due >= 1
    expect(page.get_by_test_id("due-count")).to_contain_text(str(due))
    shot(page, lang, "5-tomorrow")
