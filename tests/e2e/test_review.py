"""The review pages in a real browser: drill ten questions with one deliberate mistake and
find it on the mistakes page (then drill it again from there); make a mistake at the table
(hitting a hard 20), find it, replay the same hand and choose right; the stats page's heat
map and plot. Screenshots go to test-artifacts/review-*.png."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from django.template.defaultfilters import floatformat
from playwright.sync_api import Page, expect

from game.engine.strategy.hand import hand_evs
from game.engine.variants import find_rules
from game.rulesets.models import RuleSet
from game.table.models import Replay, TableSession
from tests.e2e.htmx import press_when_idle
from tests.e2e.tables import open_table
from tests.factories import casino_state, stacked_shoe
from tests.table.pages import without_csrf_tokens
from trainer.drills.models import DrillSession
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10_000  # ms
ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"
KEYS = {"hit": "h", "stand": "s", "double": "d", "split": "p", "surrender": "r"}
MISTAKE_AT = 5
PAD = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"] * 3
# The person's T,K against the dealer's 6 (9H in the hole); a hit draws 5C and busts.
HARD_20 = ["TS", "6D", "KC", "9H", "5C", "TD", "TH", *PAD]


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS_DIR / f"{name}.png", full_page=True)


def ranked_plays(question) -> list[str]:
    """The question's legal plays, best EV first (the exact standard)."""
    evs = hand_evs(question.hand, question.upcard, find_rules(question.session.variant)).values()
    legal = {a.value: v for a, v in evs.items() if a.value in question.legal}
    return sorted(legal, key=lambda a: -legal[a])


def test_a_drill_mistake_is_on_the_mistakes_page(live_server, page: Page) -> None:
    page.goto(f"{live_server.url}/en/drills/")
    page.get_by_label("European blackjack", exact=True).check()
    page.get_by_label("All hands", exact=True).check()
    page.get_by_test_id("start").click()
    missed = None
    for number in range(1, 11):
        expect(page.get_by_test_id("question")).to_have_attribute(
            "data-number", str(number), timeout=TIMEOUT
        )
        expect(page.get_by_test_id("answer-form")).to_be_visible()
        question = DrillSession.objects.get().latest
        plays = ranked_plays(question)
        # Question 5: the worst legal play, on purpose; every other one the best.
        choice = plays[-1] if number == MISTAKE_AT else plays[0]
        if number == MISTAKE_AT:
            missed = (question, plays[0], choice)
        press_when_idle(page, KEYS[choice])
        expect(page.get_by_test_id("feedback")).to_be_visible(timeout=TIMEOUT)
        if number < 10:
            press_when_idle(page, "Enter")
    assert missed is not None
    question, best, chosen = missed
    drill = DrillSession.objects.get()
    decisions = GradedDecision.objects.filter(source="drill").order_by("round_number")
    assert decisions.count() == 10
    mistake = decisions.get(round_number=MISTAKE_AT)
    assert mistake.severity != "best" and mistake.action == chosen
    assert [d.round_number for d in decisions if d.severity != "best"] == [MISTAKE_AT]

    page.goto(f"{live_server.url}/en/review/")
    session = page.locator(f'[data-testid=session][data-session="drill-{drill.public_id}"]')
    expect(session).to_be_visible()
    expect(session.get_by_test_id("decisions")).to_have_text("10")
    expect(session.get_by_test_id("accuracy")).to_have_text("90.0%")
    item = session.locator(f'[data-testid=mistake][data-decision="{mistake.pk}"]')
    expect(item).to_be_visible()
    expect(session.get_by_test_id("mistake")).to_have_count(1)
    labels = {"hit": "Hit", "stand": "Stand", "double": "Double", "split": "Split"}
    labels["surrender"] = "Surrender"
    expect(item.get_by_test_id("mistake-verdict")).to_contain_text(
        f"You chose {labels[chosen]}; the best play was {labels[best]}."
    )
    expect(item.get_by_test_id("mistake-cost")).to_have_text(
        f"It cost {floatformat(mistake.loss, 4)} of your bet on average."
    )
    shown = item.get_by_test_id("mistake-hand").locator(".card")
    codes = [c.replace("T", "10", 1) if c[0] == "T" else c for c in question.hand]
    expect(shown).to_have_count(len(codes))
    assert [shown.nth(i).get_attribute("data-card") for i in range(len(codes))] == codes
    expect(item.get_by_test_id("replay")).to_have_count(0)  # drill answers are not replayed
    screenshot(page, "review-en-mistakes-after-drill")

    # "Drill my mistakes" starts a drill of that one missed situation.
    page.get_by_test_id("drill-mistakes").get_by_role("button").click()
    expect(page).to_have_url(re.compile(r"/en/drills/[0-9a-f-]{36}/$"))
    again = DrillSession.objects.exclude(pk=drill.pk).get()
    assert (again.category, again.days) == ("mistakes", 30)
    assert len(again.pool) == 1
    expect(page.get_by_test_id("question")).to_have_attribute("data-number", "1")


def test_a_table_mistake_is_found_and_replayed(live_server, page: Page) -> None:
    public_id = open_table(page, live_server.url)
    TableSession.objects.filter(public_id=public_id).update(
        state=casino_state(stacked_shoe(HARD_20))
    )
    page.locator("button.deal").click()
    expect(page.locator("form.actions button.hit")).to_be_visible()
    press_when_idle(page, "h")  # hitting a hard 20: a blunder
    expect(page.get_by_test_id("round-result")).to_be_visible(timeout=TIMEOUT)
    decision = GradedDecision.objects.get()
    assert (decision.action, decision.best_action, decision.severity) == (
        "hit",
        "stand",
        "blunder",
    )

    page.goto(f"{live_server.url}/en/review/")
    session = page.locator(f'[data-testid=session][data-session="table-{public_id}"]')
    item = session.locator(f'[data-testid=mistake][data-decision="{decision.pk}"]')
    expect(item.get_by_test_id("mistake-verdict")).to_contain_text(
        "You chose Hit; the best play was Stand."
    )
    hand = item.get_by_test_id("mistake-hand").locator(".card")
    assert [hand.nth(i).get_attribute("data-card") for i in range(2)] == ["10S", "KC"]
    expect(item.get_by_test_id("mistake-upcard").locator(".card")).to_have_attribute(
        "data-card", "6D"
    )
    expect(session.get_by_test_id("accuracy")).to_have_text("0.0%")
    screenshot(page, "review-en-mistakes-after-table")

    item.get_by_test_id("replay").click()
    expect(page).to_have_url(re.compile(r"/en/table/replays/[0-9a-f-]{36}/$"))
    felt = page.get_by_test_id("replay-felt")
    expect(felt.get_by_test_id("hand").locator(".card")).to_have_count(2)
    dealer = felt.get_by_test_id("dealer-cards")
    expect(dealer.locator(".card.back")).to_have_count(1)  # the hole card stays down
    expect(dealer.locator("[data-card]")).to_have_count(1)
    assert "9H" not in without_csrf_tokens(page.content())
    expect(felt.get_by_test_id("replay-prompt")).to_have_text("What is the best play here?")
    page.evaluate("window.__marker = 1")
    press_when_idle(page, "s")
    answer = page.get_by_test_id("replay-answer")
    expect(answer).to_contain_text("This time you chose Stand: the best play.", timeout=TIMEOUT)
    expect(answer).to_contain_text("At the table you chose Hit.")
    cards = page.get_by_test_id("dealer-cards").locator("[data-card]")
    expect(cards).to_have_count(3)
    assert [cards.nth(i).get_attribute("data-card") for i in range(3)] == ["6D", "9H", "5C"]
    expect(page.get_by_test_id("round-result")).to_contain_text("Your result: 0")
    assert page.evaluate("window.__marker") == 1  # swapped in place (HTMX)
    assert Replay.objects.get().verdicts[0]["severity"] == "best"
    screenshot(page, "review-en-replay")


def test_stats_page_draws_the_heat_map_and_the_plot(live_server, page: Page) -> None:
    public_id = open_table(page, live_server.url)
    TableSession.objects.filter(public_id=public_id).update(
        state=casino_state(stacked_shoe(HARD_20))
    )
    page.locator("button.deal").click()
    expect(page.locator("form.actions button.hit")).to_be_visible()
    press_when_idle(page, "h")
    expect(page.get_by_test_id("round-result")).to_be_visible(timeout=TIMEOUT)
    page.goto(f"{live_server.url}/ru/review/stats/")
    heat = page.get_by_test_id("heatmap")
    expect(heat.locator("g.cell")).to_have_count(310)
    cell = heat.locator('[data-cell="pairs-10-6"]')
    expect(cell.locator("title")).to_have_text(
        "Пара 10,10 против 6: верно 0 из 1 решения (0\u00a0%)"  # a no-break space before %
    )
    box = heat.bounding_box()
    assert box is not None and box["width"] > 400 and box["height"] > 700
    plot = page.get_by_test_id("plot")
    expect(plot.locator("circle.point")).to_have_count(1)
    expect(plot.get_by_test_id("x-tick")).to_have_count(1)
    expect(plot.get_by_test_id("x-tick")).to_have_text(re.compile(r"^\d\d\.\d\d\.\d{4}$"))
    screenshot(page, "review-ru-stats")


# One deck: the person's 2C,3D against 6H up (TS in the hole); a hit draws 2D (7), a stand;
# the dealer's 16 draws 4C. The live shoe then holds copies of those cards only, so none of
# them can come out of a replay's fresh one-deck shuffle: any would be the table's.
ONE_DECK_ROUND = ["2C", "6H", "3D", "TS", "2D", "4C"]
ONE_DECK_LIVE = ["4C", "2D", "3D", "6H", "2C", "TS"] * 8


def test_a_replay_played_past_its_recorded_cards_shows_none_of_the_tables(
    live_server, page: Page, analysed
) -> None:
    rules = replace(find_rules("european"), decks=1)
    ruleset = RuleSet.save_rules(rules, base="european")
    analysed(rules)  # stored before the server grades with it, as the background task does
    public_id = open_table(page, live_server.url)
    TableSession.objects.filter(public_id=public_id).update(
        variant=ruleset.variant, state=casino_state(stacked_shoe([*ONE_DECK_ROUND, *ONE_DECK_LIVE]))
    )
    page.reload()
    page.locator("button.deal").click()
    expect(page.locator("form.actions button.hit")).to_be_visible()
    press_when_idle(page, "h")
    expect(page.get_by_test_id("hand-total")).to_have_text("7", timeout=TIMEOUT)
    press_when_idle(page, "s")
    expect(page.get_by_test_id("round-result")).to_be_visible(timeout=TIMEOUT)
    page.locator("button.deal").click()  # round 2 stays in play: 6H in the hole
    expect(page.locator("form.actions button.hit")).to_be_visible()
    table = TableSession.objects.get(public_id=public_id)
    live_before = (table.version, table.bankroll, table.state)
    hit = GradedDecision.objects.filter(table=table).order_by("pk").first()

    page.goto(f"{live_server.url}/en/review/decisions/{hit.pk}/")
    page.get_by_test_id("replay").click()
    expect(page).to_have_url(re.compile(r"/en/table/replays/[0-9a-f-]{36}/$"))
    felt = page.get_by_test_id("replay-felt")
    for _ in range(12):  # hit on, past the recorded 2D and 4C, until the hand busts
        if page.locator("form.actions button.hit").count() == 0:
            break
        shown = felt.get_by_test_id("hand").locator(".card").count()
        press_when_idle(page, "h")
        expect(felt.get_by_test_id("hand").locator(".card")).to_have_count(
            shown + 1, timeout=TIMEOUT
        )
        felt = page.get_by_test_id("replay-felt")
    expect(page.get_by_test_id("round-result")).to_be_visible(timeout=TIMEOUT)
    cards = felt.get_by_test_id("hand").locator(".card")
    shown = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    assert shown[:4] == ["2C", "3D", "2D", "4C"]  # the recorded cards, in order
    fresh = shown[4:]
    assert len(fresh) >= 2 and not set(fresh) & {"4C", "2D", "3D", "6H", "2C", "10S"}
    table.refresh_from_db()
    assert (table.version, table.bankroll, table.state) == live_before
    screenshot(page, "review-en-replay-past-the-recorded-cards")
