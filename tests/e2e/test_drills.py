"""The strategy drills in a real browser: start a drill from the form, answer questions by
keyboard (H S D P R, Enter for the next one) with the feedback swapped in place, one right
answer and one deliberate mistake, the physical keys on a Cyrillic layout, and screenshots
of the question and the feedback in every language (test-artifacts/drills-*.png)."""

# The expected strings are Russian: their Cyrillic letters are meant.
# ruff: noqa: RUF001, RUF003

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from game.engine.strategy.hand import hand_evs
from game.engine.variants import find_rules
from tests.drills.test_drilling import put_hand
from tests.e2e.htmx import press_when_idle, wait_until_idle
from trainer.drills.models import DrillSession
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10_000  # ms
ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
KEYS = {"hit": "h", "stand": "s", "double": "d", "split": "p", "surrender": "r"}


def start(page: Page, base: str, lang: str, variant_label: str, category_label: str) -> None:
    page.goto(f"{base}/{lang}/drills/")
    page.get_by_label(variant_label, exact=True).check()
    page.get_by_label(category_label, exact=True).check()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("question")).to_have_attribute("data-number", "1")


def current_question():
    return DrillSession.objects.get().latest


def legal_evs(question) -> dict[str, float]:
    rules = find_rules(question.session.variant)
    values = hand_evs(question.hand, question.upcard, rules).values()
    return {a.value: v for a, v in values.items() if a.value in question.legal}


def exact_best(question) -> str:
    legal = legal_evs(question)
    return max(legal, key=legal.__getitem__)


def worst(question) -> str:
    """The legal action of lowest EV: wrong by far (a close call would count as right)."""
    legal = legal_evs(question)
    return min(legal, key=legal.__getitem__)


def answer_by_key(page: Page, key: str) -> None:
    press_when_idle(page, key)
    expect(page.get_by_test_id("feedback")).to_be_visible(timeout=TIMEOUT)


def next_by_enter(page: Page, number: int) -> None:
    press_when_idle(page, "Enter")
    expect(page.get_by_test_id("question")).to_have_attribute(
        "data-number", str(number), timeout=TIMEOUT
    )
    expect(page.get_by_test_id("answer-form")).to_be_visible()


def test_drill_questions_by_keyboard(live_server, page: Page) -> None:
    start(page, live_server.url, "en", "European blackjack", "Hard totals")
    right = wrong = 0
    for number in range(1, 9):
        question = current_question()
        assert question.number == number
        best = exact_best(question)
        # Every other answer deliberately wrong: the legal action of lowest EV.
        choice = best if number % 2 else worst(question)
        shown = page.get_by_test_id("hand").locator(".card").count()
        assert shown == 2
        answer_by_key(page, KEYS[choice])
        feedback = page.get_by_test_id("feedback")
        if choice == best:
            right += 1
            expect(feedback).to_have_attribute("data-correct", "true")
            expect(page.get_by_test_id("verdict")).to_contain_text("is the best play")
        else:
            wrong += 1
            expect(feedback).to_have_attribute("data-correct", "false")
        expect(page.get_by_test_id("evs").locator("li")).to_have_count(len(question.legal))
        expect(page.get_by_test_id("reason")).not_to_be_empty()
        expect(page.get_by_test_id("score")).to_have_text(f"{right}/{number}")
        if number < 8:
            next_by_enter(page, number + 1)
    decisions = GradedDecision.objects.filter(source="drill").order_by("round_number")
    assert decisions.count() == 8
    assert [d.round_number for d in decisions] == list(range(1, 9))
    assert sum(1 for d in decisions if d.severity == "best") == right == 4
    # A repeated key after the answer changes nothing: one decision per question.
    press_when_idle(page, "h")
    page.wait_for_timeout(300)
    assert GradedDecision.objects.count() == 8
    # Ending the drill shows the summary; the index no longer lists it as unfinished.
    page.get_by_test_id("end").click()
    expect(page.get_by_test_id("summary")).to_contain_text("4 of 8 answers right.")
    page.goto(live_server.url + "/en/drills/")
    expect(page.get_by_test_id("unfinished-drill")).to_have_count(0)


def test_keys_follow_the_physical_key_on_a_cyrillic_layout(live_server, page: Page) -> None:
    start(page, live_server.url, "ru", "Русский онлайн-блэкджек", "Жёсткие суммы")
    # With a Russian layout the H key types "р"; the shortcut still answers Hit.
    wait_until_idle(page)
    page.evaluate(
        "document.body.dispatchEvent(new KeyboardEvent('keydown',"
        " {key: 'р', code: 'KeyH', bubbles: true}))"
    )
    expect(page.get_by_test_id("feedback")).to_be_visible(timeout=TIMEOUT)
    assert GradedDecision.objects.get().action == "hit"
    expect(page.get_by_test_id("verdict")).to_contain_text(re.compile("лучший ход"))


SHOTS = {
    "en": ("Serbian Ajnc", "Surrender"),
    "sr-latn": ("Srpski ajnc", "Predaja"),
    "hr": ("Srpski ajnc", "Predaja"),
    "ru": ("Сербский «Айнц»", "Отказ (сдаться)"),
    "bg": ("Сръбски „Айнц“", "Отказ"),
}


@pytest.mark.parametrize("lang", SHOTS)
def test_screenshots_in_every_language(live_server, page: Page, lang: str) -> None:
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.goto(f"{live_server.url}/{lang}/drills/")
    page.screenshot(path=ARTIFACTS_DIR / f"drills-{lang}-index.png", full_page=True)
    variant, category = SHOTS[lang]
    start(page, live_server.url, lang, variant, category)
    put_hand(current_question(), ["TS", "6H"], "KD")  # hard 16 against a king
    page.reload()
    expect(page.get_by_test_id("answer-form").locator("button")).to_have_count(3)
    page.screenshot(path=ARTIFACTS_DIR / f"drills-{lang}-question.png", full_page=True)
    answer_by_key(page, "s")  # stand: not the best play here
    expect(page.get_by_test_id("feedback")).to_have_attribute("data-correct", "false")
    page.screenshot(path=ARTIFACTS_DIR / f"drills-{lang}-feedback.png", full_page=True)
