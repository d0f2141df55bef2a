"""Drill exactly what you choose, in a real browser: a drill answer puts a decision in the
log, a click on its heat-map cell in Review stats opens the cell's drill page, Start asks a
question of that cell, and a right answer moves on by itself (auto-advance). Screenshots
of the situations page, the end of a drill, a speed run's result and the changes between
two rule sets, at desktop and phone
sizes, in English and Croatian (test-artifacts/drill-*.png)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from game.engine.variants import find_rules
from tests.drills.test_drilling import put_hand
from tests.drills.test_learning_loop import run
from tests.e2e.htmx import wait_until_idle
from tests.e2e.test_drills import exact_best, worst
from trainer.drills.choosing import cell_text
from trainer.drills.drilling import answer_question, end_drill, next_question
from trainer.drills.items import catalog
from trainer.drills.models import DrillQuestion, DrillSession
from trainer.review.models import GradedDecision
from trainer.review.situations import decision_situation

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10_000  # ms
ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"


def start_hard_drill(page: Page, base: str) -> DrillSession:
    page.goto(f"{base}/en/drills/")
    page.get_by_label("European blackjack", exact=True).check()
    page.get_by_label("Hard totals", exact=True).check()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("question")).to_have_attribute("data-number", "1")
    return DrillSession.objects.get()


def test_drill_a_heat_map_cell(live_server, page: Page) -> None:
    first = start_hard_drill(page, live_server.url)
    question = first.latest
    wait_until_idle(page)
    page.locator(f'button[name="action"][value="{worst(question)}"]').click()
    expect(page.get_by_test_id("feedback")).to_be_visible(timeout=TIMEOUT)
    decision = GradedDecision.objects.get()
    cell = decision_situation(decision)
    name = cell_text(cell)

    page.goto(f"{live_server.url}/en/review/stats/")
    page.locator(f'a:has(g[data-cell="{name}"])').click()
    expect(page).to_have_url(f"{live_server.url}/en/drills/situations/?cell={name}")
    chosen = page.get_by_test_id("chosen")
    expect(chosen).to_contain_text(cell.label)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("question")).to_have_attribute("data-number", "1")
    drill = DrillSession.objects.exclude(pk=first.pk).get()
    assert drill.category == "cells"
    asked = drill.latest
    items = catalog(find_rules(drill.variant))
    assert items[asked.key].situation == cell
    assert all(items[tuple(key)].situation == cell for key in drill.pool)
    expect(page.get_by_test_id("hand-total")).to_have_text(asked_total(asked))

    # A right answer: the next question comes by itself (auto-advance is on by default).
    wait_until_idle(page)
    page.locator(f'button[name="action"][value="{exact_best(asked)}"]').click()
    expect(page.get_by_test_id("feedback")).to_have_attribute("data-correct", "true")
    expect(page.get_by_test_id("question")).to_have_attribute("data-number", "2", timeout=TIMEOUT)
    assert drill.questions.count() == 2


def asked_total(question: DrillQuestion) -> str:
    """The hand's total as the page prints it (a hard hand: its number)."""
    points = [10 if c[0] in "TJQK" else 1 if c[0] == "A" else int(c[0]) for c in question.hand]
    return str(sum(points))


SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def shoot(page: Page, name: str) -> None:
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=ARTIFACTS_DIR / f"drill-{name}-{size}.png", full_page=True)


def test_screenshots_of_the_end_the_speed_run_and_the_situations_page(
    live_server, page: Page
) -> None:
    first = start_hard_drill(page, live_server.url)
    visitor = first.visitor
    now = timezone.now()
    # Three answers: a right one and two misses, then the end.
    for number, hand in enumerate((["TS", "QH"], ["TS", "6H"], ["9C", "7D"]), start=1):
        question = put_hand(first.latest, hand, "9D")
        DrillQuestion.objects.filter(pk=question.pk).update(shown_at=now)
        action = "stand" if number == 1 else ("stand" if number == 2 else "double")
        answer_question(first, str(number), action, "exact", now=now + timedelta(seconds=2))
        if number < 3:
            next_question(first, str(number), now=now + timedelta(seconds=3))
    end_drill(first, now=now + timedelta(seconds=4))
    speed = run(visitor, "hard", 2.6, wrong=1, start=now - timedelta(minutes=5))
    for lang in ("en", "hr"):
        page.set_viewport_size(SIZES["desktop"])
        page.goto(f"{live_server.url}/{lang}/drills/situations/?variant=european")
        page.locator(".drill-regions a").nth(3).click()  # soft doubles against 3-6
        expect(page.get_by_test_id("chosen")).to_be_visible()
        shoot(page, f"{lang}-situations")
        page.goto(f"{live_server.url}/{lang}/drills/{first.public_id}/")
        expect(page.get_by_test_id("misses")).to_be_visible()
        shoot(page, f"{lang}-end")
        page.goto(f"{live_server.url}/{lang}/drills/{speed.public_id}/")
        expect(page.get_by_test_id("new-best")).to_be_visible()
        shoot(page, f"{lang}-speed-run")
        page.set_viewport_size(SIZES["desktop"])
        page.goto(f"{live_server.url}/{lang}/drills/changes/?first=russian&second=croatian")
        expect(page.get_by_test_id("changes")).to_be_visible()
        shoot(page, f"{lang}-changes")
