"""axe-core (axe-playwright-python, which bundles it) run in Chromium on every page type, in
English and in Russian (a Cyrillic language with the longest words): the landing page, a rule
page, a chart, the table idle, mid-round with the flag of a deviation and after the round,
the banker game, the drills (index, a question, the feedback, the end), the walk through
one's mistakes, the review (mistakes, a session, a decision, the stats), a replay, the
accounts' pages, the rule builder, a rule set's page and a 404. No violation of impact
"serious" or "critical" may be found; the failure lists each rule id with its targets.

One browser context a language walks through all the pages in order (a table round makes
the mistake the review, the walk and the replay then show), so the check stays fast."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from game.engine.variants import find_rules
from game.rulesets.models import RuleSet
from game.table.models import TableSession
from tests.e2e.htmx import press_when_idle, wait_until_idle
from tests.e2e.tables import open_table
from tests.factories import casino_state, stacked_shoe
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10_000  # ms
BLOCKING = {"serious", "critical"}
# English and one Cyrillic language (settings.LANGUAGES holds both).
LANGUAGES = ["en", "ru"]
PAD = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"] * 3
# Russian online game: the person's T,2 against a 6 up (9 in the hole). Hitting a hard 12
# against a 6 deviates from the best play (stand) and draws the 3: 15, still in play; a
# stand then ends the round.
TWELVE_V_SIX = ["TS", "6D", "2C", "9H", "3S", "TC", *PAD]

AXE = Axe()
# What the page's live regions that stay across swaps (base.html, static/web/live.js) say.
ANNOUNCED = """() => ["live-polite", "live-assertive"]
    .map(id => document.getElementById(id).textContent).join(" ").trim()"""
ANIMATIONS_ENDED = """() => Promise.all(document.getAnimations()
    .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
    .map(a => a.finished.catch(() => null)))"""
# axe cannot measure text on a gradient (it reports it as "incomplete", not as a violation):
# the felt's radial gradient is painted in its lightest colour, --felt at its centre, so
# every text on the felt is checked where its contrast is lowest. Set through the CSSOM,
# which the Content-Security-Policy allows (a <style> element it would not).
FLATTEN_THE_FELT = """() => {
    const felt = getComputedStyle(document.documentElement).getPropertyValue("--felt");
    for (const element of document.querySelectorAll("*")) {
        if (getComputedStyle(element).backgroundImage.startsWith("radial-gradient")) {
            element.style.backgroundImage = "none";
            element.style.backgroundColor = felt;
        }
    }
}"""


def blocking_violations(page: Page, name: str) -> list[str]:
    """The serious and critical violations axe finds on the page as it is now, one line
    each: the page's name, the rule id, its impact and the CSS targets of every node."""
    wait_until_idle(page)
    # A card being dealt slides in (static/table/deal.js): measured mid-flight it is part
    # transparent, so its contrast is measured once every finite animation has ended.
    page.evaluate(ANIMATIONS_ENDED)
    page.evaluate(FLATTEN_THE_FELT)
    results = AXE.run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in BLOCKING:
            nodes = [
                " ".join(map(str, node["target"])) + f" [{node_message(node)}]"
                for node in violation["nodes"]
            ]
            found.append(f"{name}: {violation['id']} ({violation['impact']}) " + "; ".join(nodes))
    return found


def node_message(node: dict) -> str:
    """What axe says failed on one node ("Element has insufficient color contrast of 3.2
    (foreground color: #ffffff, background color: #2e9b57 ...)")."""
    checks = [*node.get("any", []), *node.get("all", []), *node.get("none", [])]
    return "; ".join(check["message"] for check in checks if check.get("message"))


class Checker:
    """Runs axe on each page it is shown and keeps what it finds (so one run reports every
    page's violations, not only the first page's)."""

    def __init__(self, page: Page, base: str, lang: str) -> None:
        self.page, self.base, self.lang = page, base, lang
        self.found: list[str] = []
        self.checked: list[str] = []

    def url(self, path: str) -> str:
        return f"{self.base}/{self.lang}/{path}"

    def visit(self, name: str, path: str, status: int = 200) -> None:
        response = self.page.goto(self.url(path))
        assert response is not None and response.status == status, (name, path)
        self.check(name)

    def check(self, name: str) -> None:
        assert self.page.locator("html").get_attribute("lang") == self.lang, name
        self.checked.append(name)
        self.found.extend(blocking_violations(self.page, f"/{self.lang}/ {name}"))


def announced(page: Page) -> str:
    """The text static/web/live.js wrote into the page's live regions after a swap."""
    page.wait_for_function(ANNOUNCED, timeout=TIMEOUT)
    return page.evaluate(ANNOUNCED)


def ruleset_id(analysed) -> str:
    """A custom rule set (European with 5 decks), analysed as the background task does."""
    rules = replace(find_rules("european"), decks=5)
    ruleset = RuleSet.save_rules(rules, base="european")
    analysed(rules)
    return ruleset.id


def table_round(check: Checker) -> str:
    """A scripted round at a new table: idle, dealt, the flag of a deviation mid-round, the
    round over. Returns the table's public id."""
    page = check.page
    public_id = open_table(page, check.base, check.lang)
    TableSession.objects.filter(public_id=public_id).update(
        variant="russian", state=casino_state(stacked_shoe(TWELVE_V_SIX))
    )
    page.reload()
    check.check("table, before the deal")
    page.locator("button.deal").click()
    expect(page.locator("form.actions button.hit")).to_be_visible(timeout=TIMEOUT)
    check.check("table, dealt")
    press_when_idle(page, "h")
    expect(page.get_by_test_id("flag-box")).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_test_id("flag-box")).not_to_have_class(re.compile(r"\bquiet\b"))
    check.check("table, mid-round with a flag")
    press_when_idle(page, "s")
    expect(page.get_by_test_id("round-result")).to_be_visible(timeout=TIMEOUT)
    assert announced(page) == page.get_by_test_id("round-result").inner_text().strip()
    check.check("table, round over")
    return public_id


def review_and_replay(check: Checker, public_id: str) -> None:
    page = check.page
    decision = GradedDecision.objects.filter(action="hit").latest("pk")
    check.visit("review: mistakes", "review/")
    check.visit("review: a table session", f"review/sessions/table/{public_id}/")
    check.visit("review: stats", "review/stats/")
    check.visit("review: a decision", f"review/decisions/{decision.pk}/")
    page.get_by_test_id("replay").click()
    expect(page).to_have_url(re.compile(r"/table/replays/[0-9a-f-]{36}/$"))
    check.check("replay")
    press_when_idle(page, "s")
    expect(page.get_by_test_id("replay-answer")).to_be_visible(timeout=TIMEOUT)
    check.check("replay, answered")


def walk(check: Checker, public_id: str) -> None:
    page = check.page
    check.visit("walk: start", f"drills/walk/new/?table={public_id}")
    page.get_by_test_id("walk-start").click()
    expect(page).to_have_url(re.compile(r"/drills/walk/[0-9a-f-]{36}/$"))
    check.check("walk: a question")
    press_when_idle(page, "s")
    wait_until_idle(page)
    check.check("walk: answered")


def drill(check: Checker) -> None:
    page = check.page
    check.visit("drills: index", "drills/")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("answer-form")).to_be_visible(timeout=TIMEOUT)
    check.check("drills: a question")
    page.get_by_test_id("answer-form").locator("button.action").first.click()
    expect(page.get_by_test_id("feedback")).to_be_visible(timeout=TIMEOUT)
    # The verdict is read out (its check or cross mark is not).
    assert announced(page) in page.get_by_test_id("verdict").inner_text()
    assert len(announced(page)) > 10
    check.check("drills: feedback")
    page.get_by_test_id("end").click()
    expect(page.get_by_test_id("summary")).to_be_visible(timeout=TIMEOUT)
    check.check("drills: the end")


def count_drill(check: Checker) -> None:
    page = check.page
    check.visit("counting drills: index", "drills/count/")
    page.locator('input[name="skill"][value="true"]').check()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("tray")).to_be_visible(timeout=TIMEOUT)
    check.check("counting drills: a true count question")
    page.get_by_test_id("answer").fill("0")
    page.get_by_test_id("submit").click()
    expect(page.get_by_test_id("feedback")).to_be_visible(timeout=TIMEOUT)
    check.check("counting drills: feedback")


def banker_game(check: Checker) -> None:
    page = check.page
    page.goto(check.url("table/"))
    page.locator('select[name="variant"]').select_option("dvadtsat-odno")
    page.locator("form.new-session button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/table/[0-9a-f-]{36}/$"))
    check.check("banker game")
    page.locator("button.deal").click()
    wait_until_idle(page)
    check.check("banker game, dealt")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_serious_or_critical_violations_on_any_page(
    live_server, browser: Browser, analysed, lang: str
) -> None:
    custom = ruleset_id(analysed)
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())  # "end the open table?"
        check = Checker(page, live_server.url, lang)
        check.visit("landing", "")
        check.visit("rule page", "rulebook/european/")
        check.visit("rules index", "rulebook/")
        check.visit("chart", "chart/european/")
        check.visit("table, idle", "table/")
        public_id = table_round(check)
        review_and_replay(check, public_id)
        walk(check, public_id)
        drill(check)
        count_drill(check)
        banker_game(check)
        check.visit("settings", "accounts/settings/")
        check.visit("sign-up", "accounts/signup/")
        check.visit("log-in", "accounts/login/")
        check.visit("rule builder", "rules/new/")
        check.visit("rule set page", f"rules/{custom}/")
        check.visit("404", "no-such-page/", status=404)
    finally:
        context.close()
    assert not check.found, "axe found serious or critical violations:\n" + "\n".join(check.found)
