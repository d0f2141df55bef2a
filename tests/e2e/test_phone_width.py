"""Every page type fits a phone (360x740 and 390x844) in every language of the site
(settings.LANGUAGES: the longest words are Russian and Bulgarian): nothing wider than the
screen, so a tap lands on what it points at. At the table, mid-round and just after a
deviation, the dealer's cards, the person's hand, the flag and the action buttons are all on
the screen at once, without scrolling.

One browser context per size and language, all as one visitor (the first context's cookies
carry over), so the table, the drills and the review pages are played once per language by
tapping, as on a phone, and the pages of the same visitor are then only looked at."""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Browser, BrowserContext, Page, expect

from game.engine.variants import find_rules
from game.rulesets.models import RuleSet
from game.table.models import TableSession
from tests.e2e.htmx import wait_until_idle
from tests.e2e.tables import TABLE_URL
from tests.factories import casino_state, stacked_shoe
from trainer.drills.models import DrillSession
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10_000  # ms
SHOTS = os.environ.get("PHONE_SHOTS", "")
SIZES = {"360x740": {"width": 360, "height": 740}, "390x844": {"width": 390, "height": 844}}
LANGUAGES = [code for code, _name in settings.LANGUAGES]
PAD = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"] * 3
# The person's T,7 against the dealer's 6 (9H in the hole): a hit draws the ace (18, still in
# play) and is a blunder, then a stand ends the round.
HIT_SOFT_BLUNDER = ["TS", "6D", "7C", "9H", "AC", *PAD]
# What must be on the screen at once at the table while the person has to act.
AT_ONCE = {
    "the dealer's cards": "[data-testid=dealer-cards]",
    "the hand": "[data-testid=hand]",
    "the action buttons": "form.actions",
}


def too_wide(page: Page) -> str | None:
    """What is wrong with the page's width (None when it fits the viewport): the page's own
    width and the widest elements sticking out of it, to say where to look."""
    width = page.viewport_size["width"]
    scroll = page.evaluate("document.documentElement.scrollWidth")
    if scroll <= width:
        return None
    culprits = page.evaluate(
        """width => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > width + 0.5)
            .slice(-4)
            .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '')
                 + ' ' + Math.round(e.getBoundingClientRect().right))""",
        width,
    )
    return f"{scroll} px wide ({', '.join(culprits)})"


def off_screen(page: Page, parts: dict[str, str]) -> list[str]:
    """The parts (name: CSS selector) not entirely inside the viewport as it is scrolled now."""
    viewport = page.viewport_size
    missing = []
    for name, selector in parts.items():
        box = page.locator(selector).first.bounding_box()
        inside = (
            box is not None
            and box["y"] >= 0
            and box["x"] >= 0
            and box["y"] + box["height"] <= viewport["height"] + 0.5
            and box["x"] + box["width"] <= viewport["width"] + 0.5
        )
        if not inside:
            missing.append(f"{name} at {box}")
    return missing


class Phone:
    """A phone's browser context in one language, collecting what does not fit."""

    def __init__(self, context: BrowserContext, base: str, lang: str, size: str) -> None:
        self.context = context
        self.page = context.new_page()
        # New session asks before it ends a table (keys.js): the person says yes.
        self.page.on("dialog", lambda dialog: dialog.accept())
        self.base = base
        self.lang = lang
        self.size = size
        self.problems: list[str] = []

    def url(self, path: str) -> str:
        return f"{self.base}/{self.lang}/{path}"

    def check(self, what: str) -> None:
        """The page as it is now fits the screen's width."""
        wait_until_idle(self.page)
        if SHOTS:  # PHONE_SHOTS=/tmp/dir: what the screen shows, to look at
            name = re.sub(r"[^a-z0-9]+", "-", f"{self.size} {self.lang} {what}".lower())
            self.page.screenshot(path=Path(SHOTS) / f"{name.strip('-')}.png")
        problem = too_wide(self.page)
        if problem:
            self.problems.append(f"{self.size} /{self.lang}/ {what} ({self.page.url}): {problem}")

    def visit(self, path: str, what: str = "") -> None:
        self.page.goto(self.url(path))
        self.check(what or path)

    def check_at_once(self, what: str, parts: dict[str, str]) -> None:
        wait_until_idle(self.page)
        for missing in off_screen(self.page, parts):
            self.problems.append(f"{self.size} /{self.lang}/ {what}: {missing} is off the screen")

    def tap(self, selector: str) -> None:
        """Tap a button of the felt and wait for the swap."""
        wait_until_idle(self.page)
        self.page.locator(selector).first.click()
        wait_until_idle(self.page)


def play_the_table(phone: Phone) -> str:
    """A new European table (New session, as a person), a round dealt from a scripted shoe, a
    blunder, then the end of the round; each state checked. Returns the table's public id."""
    page = phone.page
    page.goto(phone.url("table/"))
    page.locator('select[name="variant"]').select_option("european")
    page.locator('select[name="ai_seats"]').select_option("0")  # the scripted shoe is for one
    page.locator("form.new-session button[type=submit]").click()
    expect(page).to_have_url(TABLE_URL)
    public_id = TABLE_URL.search(page.url).group(1)
    TableSession.objects.filter(public_id=public_id).update(
        state=casino_state(stacked_shoe(HIT_SOFT_BLUNDER))
    )
    phone.visit(f"table/{public_id}/", "the table before the deal")
    phone.tap("button.deal")
    expect(page.locator("form.actions button.hit")).to_be_visible()
    phone.check("the table mid-round")
    phone.check_at_once("the table mid-round", AT_ONCE)
    # One row of header; no keys' hint on a touch screen.
    header = page.locator(".site-header").bounding_box()
    if header["height"] > 64:
        phone.problems.append(f"{phone.size} /{phone.lang}/ the header is {header} high")
    for button in page.locator("form.actions button, .site-menu > summary").all():
        box = button.bounding_box()
        if box["height"] < 44 or box["width"] < 44:
            phone.problems.append(f"{phone.size} /{phone.lang}/ a touch target of {box}")
    if page.locator(".shortcuts").is_visible():
        phone.problems.append(f"{phone.size} /{phone.lang}/ the keys' hint shows on a phone")
    phone.tap("form.actions button.hit")
    expect(page.get_by_test_id("flag-box")).to_be_visible(timeout=TIMEOUT)
    phone.check("the table after a blunder")
    phone.check_at_once(
        "the table after a blunder", {**AT_ONCE, "the flag": "[data-testid=flag-box]"}
    )
    phone.tap("form.actions button.stand")
    expect(page.get_by_test_id("round-result")).to_be_visible(timeout=TIMEOUT)
    phone.check("the table, round over")
    phone.visit(f"table/{public_id}/summary/", "the session summary")
    return public_id


def drill(phone: Phone, *, speed: bool = False, answer: bool = True, end: bool = True) -> str:
    """Start a European drill of hard totals (a speed run), answer one question (``answer``)
    and end it (``end``); each state checked. Returns the drill's path, left in that state."""
    page = phone.page
    page.goto(phone.url("drills/"))
    page.locator('input[name="variant"][value="european"]').check()
    wait_until_idle(page)
    page.locator('input[name="category"][value="hard"]').check()
    if speed:
        page.get_by_test_id("speed").check()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("question")).to_be_visible()
    path = page.url.split(f"/{phone.lang}/", 1)[1]
    kind = "a speed run" if speed else "a drill"
    phone.check(f"{kind}: a question")
    phone.check_at_once(
        f"{kind}: a question",
        {"the upcard": "[data-testid=upcard]", "the buttons": "[data-testid=answer-form]"},
    )
    if not answer:
        return path
    phone.tap("[data-testid=answer-form] button.action")
    expect(page.get_by_test_id("feedback")).to_be_visible(timeout=TIMEOUT)
    phone.check(f"{kind}: the feedback")
    phone.check_at_once(
        f"{kind}: the feedback",
        {"the hand": "[data-testid=hand]", "the verdict": "[data-testid=verdict]"},
    )
    if not end:
        return path
    page.get_by_test_id("end").click()
    expect(page.get_by_test_id("summary")).to_be_visible(timeout=TIMEOUT)
    phone.check(f"{kind}: its end")
    return path


def count_drill(phone: Phone) -> str:
    """A true-count drill of the European game answered once: the tray, the running count
    and the working of the answer. Returns the drill's path, at its feedback."""
    page = phone.page
    page.goto(phone.url("drills/count/"))
    page.locator('input[name="skill"][value="true"]').check()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("tray")).to_be_visible()
    phone.check("a counting drill: a question")
    page.get_by_test_id("answer").fill("0")
    page.get_by_test_id("submit").click()
    expect(page.get_by_test_id("feedback")).to_be_visible(timeout=TIMEOUT)
    phone.check("a counting drill: the feedback")
    return page.url.split(f"/{phone.lang}/", 1)[1]


def walk(phone: Phone, table_id: str) -> str:
    """Learn from the table's mistakes: the start, a step, a wrong answer, the answer shown.
    Returns the walk's path (in the person's language)."""
    page = phone.page
    phone.visit(f"drills/walk/new/?table={table_id}", "the walk's start")
    page.get_by_test_id("walk-start").click()
    expect(page).to_have_url(re.compile(r"/drills/walk/[0-9a-f-]{36}/$"))
    phone.check("a walk step")
    phone.tap("[data-testid=walk-answer-form] button.action.hit")  # wrong again: hit 17 against 6
    expect(page.get_by_test_id("walk-verdict")).to_be_visible(timeout=TIMEOUT)
    phone.check("a walk step's verdict")
    phone.tap("[data-testid=walk-reveal]")
    expect(page.get_by_test_id("walk-best")).to_be_visible(timeout=TIMEOUT)
    phone.check("a walk step's answer")
    return page.url.split(f"/{phone.lang}/", 1)[1]


def the_other_pages(phone: Phone, table_id: str) -> None:
    """The pages that are only looked at."""
    for path in [
        "",
        "rulebook/",
        "rulebook/european/",
        "rulebook/croatian/",
        "rulebook/dvadtsat-odno/",
        "chart/european/",
        "drills/situations/?variant=european&cell=hard-16-10",
        "drills/situations/?variant=european",
        "drills/changes/?first=russian&second=croatian",
        "drills/count/",
        "review/",
        "review/stats/",
        f"review/sessions/table/{table_id}/",
        "accounts/settings/",
        "accounts/login/",
        "accounts/signup/",
        "accounts/reset/",
        "rules/new/",
        "no-such-page/",
    ]:
        phone.visit(path)
    decision = GradedDecision.objects.filter(table__public_id=table_id).order_by("pk").first()
    assert decision is not None
    phone.visit(f"review/decisions/{decision.pk}/", "a decision")
    drill_id = DrillSession.objects.order_by("pk").first().public_id
    phone.visit(f"review/sessions/drill/{drill_id}/", "a drill's review")
    phone.visit(f"review/decisions/{decision.pk}/", "a decision")
    if not phone.page.locator("form.replay-form button").count():
        print(phone.page.content())
    phone.page.locator("form.replay-form button").first.click()
    expect(phone.page).to_have_url(re.compile(r"/table/replays/[0-9a-f-]{36}/$"))
    phone.check("a replay")
    analysed = RuleSet.save_rules(find_rules("european"), "european")
    phone.visit(f"rules/{analysed.id}/", "a rule set")
    phone.visit(f"rulebook/custom/{analysed.id}/", "a rule set's rules")
    pending = RuleSet.save_rules(replace(find_rules("european"), decks=2), "european")
    phone.visit(f"rules/{pending.id}/", "a rule set being analysed")
    phone.visit(f"analysis/{pending.id}/", "an analysis")


def banker_game(phone: Phone) -> None:
    page = phone.page
    page.goto(phone.url("table/"))
    page.locator('select[name="variant"]').select_option("dvadtsat-odno")
    page.locator('select[name="ai_seats"]').select_option("3")
    page.locator("form.new-session button[type=submit]").click()
    expect(page).to_have_url(TABLE_URL)
    phone.check("the banker game")
    phone.tap("button.deal")
    phone.check("the banker game, dealt")


@pytest.mark.parametrize("size", SIZES)
def test_every_page_fits_a_phone_in_every_language(
    live_server, browser: Browser, size: str
) -> None:
    problems: list[str] = []
    storage = None
    played: list[str] = []  # the drills' and the walk's paths, played in the first language
    for lang in LANGUAGES:
        context = browser.new_context(
            viewport=SIZES[size],
            locale="en-US",
            is_mobile=True,
            has_touch=True,
            storage_state=storage,
        )
        try:
            phone = Phone(context, live_server.url, lang, size)
            table_id = play_the_table(phone)
            if not played:
                # Played once (an ended drill, a speed run at its feedback, a drill at its
                # question, a walk at its answer): the other languages look at them.
                played = [
                    drill(phone),
                    drill(phone, speed=True, end=False),
                    drill(phone, answer=False),
                    walk(phone, table_id),
                    count_drill(phone),
                ]
            for path in played:
                phone.visit(path)
            the_other_pages(phone, table_id)
            banker_game(phone)
            problems += phone.problems
            storage = context.storage_state()
        finally:
            context.close()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("javascript", [True, False])
def test_the_keys_hint_shows_only_where_keys_work(
    live_server, browser: Browser, javascript
) -> None:
    """On a computer with JavaScript the table says which keys play; without JavaScript (no
    key works) it says nothing of keys, on the line or in the buttons."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale="en-US", java_script_enabled=javascript
    )
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/en/table/")
        hint = page.locator(".shortcuts")
        deal_key = page.locator("button.deal kbd")
        if javascript:
            expect(hint).to_be_visible()
            expect(deal_key).to_be_visible()
        else:
            expect(hint).to_be_hidden()
            expect(deal_key).to_be_hidden()
    finally:
        context.close()
