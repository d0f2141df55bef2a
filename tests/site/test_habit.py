"""The daily habit on the pages: the header's due count on every page and in every
language, the landing page's panel (due now, done for today, the goal's progress and the
streak), and a moved clock: the next day's due situations show up in the count."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client, RequestFactory
from django.utils import timezone
from django.utils.translation import override

from tests.drills.test_due import EUROPEAN, RUSSIAN, card
from tests.helpers import client_for
from tests.review.factories import GradedDecisionFactory
from trainer.context_processors import Habit, when_text
from trainer.drills.models import CountCard
from trainer.web.days import UTC as UTC_ZONE
from trainer.web.models import Preferences

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)

BADGES = {
    "en": "(3 situations due)",
    "sr-latn": "(3 situacije za ponavljanje)",
    "hr": "(3 situacije za ponavljanje)",
    "ru": "(3 ситуации к повторению)",
    "bg": "(3 ситуации за преговор)",
}


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch):
    """``clock(moment)`` freezes django.utils.timezone.now at ``moment``."""

    def set_to(moment: datetime) -> None:
        monkeypatch.setattr(timezone, "now", lambda: moment)

    set_to(NOW)
    return set_to


def badge(html: str) -> str | None:
    """The header's due badge: its visible number and its words for screen readers."""
    found = re.search(
        r'data-testid="due-badge"><span aria-hidden="true">(\d+)</span>'
        r'<span class="visually-hidden">([^<]*)</span>',
        html,
    )
    return f"{found[1]} {found[2]}" if found else None


def drills_link(html: str) -> str:
    return re.search(r'<a href="([^"]*)" data-testid="nav-drills">', html)[1]


@pytest.mark.parametrize(("code", "words"), BADGES.items())
def test_the_header_shows_the_due_count_in_each_language(clock, code: str, words: str) -> None:
    visitor = uuid.uuid4()
    for key in [("hard-16", "T"), ("hard-12", "2"), ("soft-18", "9")]:
        card(visitor, key, NOW - timedelta(hours=1), rules_id=RUSSIAN)
    card(visitor, ("hard-16", "T"), NOW + timedelta(days=2), rules_id=EUROPEAN, last_review=NOW)

    html = client_for(visitor).get(f"/{code}/rulebook/").content.decode()

    assert badge(html) == f"3 {words}"
    # The rule set with the most due situations, its "all" drill (due ones first).
    assert drills_link(html) == f"/{code}/drills/?variant=russian&amp;category=all"
    assert 'data-testid="settings-link"' in html


def test_no_badge_and_no_query_without_a_visitor(django_assert_num_queries) -> None:
    request = RequestFactory().get("/en/")
    request.session = {}  # type: ignore[attr-defined]
    habit = Habit(request)
    with django_assert_num_queries(0):
        assert habit.due.total == 0
        assert habit.progress.done == 0
        assert habit.next_due is None
        assert not habit.done_for_today
    html = Client().get("/en/rulebook/").content.decode()
    assert badge(html) is None
    assert drills_link(html) == "/en/drills/"


def test_the_header_costs_one_query(clock, django_assert_num_queries) -> None:
    visitor = uuid.uuid4()
    card(visitor, ("hard-16", "T"), NOW - timedelta(hours=1))
    request = RequestFactory().get("/en/")
    request.session = {"visitor": str(visitor)}  # type: ignore[attr-defined]
    habit = Habit(request)
    with django_assert_num_queries(1):
        assert habit.due.total == 1
        assert habit.due_url == "/en/drills/?variant=european&category=all"


def test_moving_the_clock_a_day_raises_the_due_count(clock) -> None:
    """Come back "tomorrow": the situations due tomorrow join the count (a Django-client
    test: the clock is django.utils.timezone.now, patched; the browser needs no clock)."""
    visitor = uuid.uuid4()
    client = client_for(visitor)
    card(visitor, ("hard-16", "T"), NOW - timedelta(minutes=1), last_review=NOW - timedelta(days=1))
    card(visitor, ("hard-13", "2"), NOW + timedelta(hours=18), last_review=NOW)
    card(visitor, ("soft-17", "6"), NOW + timedelta(hours=23), last_review=NOW)
    card(visitor, ("pair-9", "7"), NOW + timedelta(days=4), last_review=NOW)

    assert badge(client.get("/en/").content.decode()) == "1 (1 situation due)"
    clock(NOW + timedelta(days=1))
    html = client.get("/en/").content.decode()
    assert badge(html) == "3 (3 situations due)"
    assert '<strong class="habit-number" data-testid="due-count">3</strong>' in html


def test_the_landing_panel_shows_the_goal_progress_and_the_streak(clock) -> None:
    visitor = uuid.uuid4()
    Preferences.objects.create(visitor=visitor, daily_goal=4)
    for days_ago, n in [(2, 4), (1, 5), (0, 3)]:
        for _ in range(n):
            GradedDecisionFactory(visitor=visitor, at=NOW - timedelta(days=days_ago, minutes=1))
    card(visitor, ("hard-16", "T"), NOW - timedelta(hours=2))
    client = client_for(visitor)

    html = client.get("/en/").content.decode()

    assert "Daily goal: <strong>3 / 4</strong> decisions today" in html
    assert '<progress max="4" value="3" aria-labelledby="goal-text">75%</progress>' in html
    assert "1 more decision to go." in html
    # Today is not over: the two days met before it still count.
    assert "Streak: 2 days." in html
    assert "1</strong> situation is due for review now." in html

    GradedDecisionFactory(visitor=visitor, at=NOW)
    html = client.get("/en/").content.decode()
    assert "Daily goal: <strong>4 / 4</strong> decisions today" in html
    assert "Goal met today." in html and "Streak: 3 days." in html

    ru = client.get("/ru/").content.decode()
    assert "Цель на день: <strong>4 / 4</strong> решений сегодня" in ru
    assert "Серия: 3 дня подряд." in ru


def test_done_for_today_says_when_the_next_review_is_due(clock) -> None:
    visitor = uuid.uuid4()
    card(visitor, ("hard-16", "T"), NOW + timedelta(hours=3), last_review=NOW)
    card(visitor, ("hard-15", "T"), NOW + timedelta(days=1, hours=1), last_review=NOW)
    client = client_for(visitor)

    html = client.get("/en/").content.decode()
    assert 'data-testid="done-for-today"' in html
    assert "Nothing is due. The next review is due today at 12:00." in html
    assert badge(html) is None

    # Belgrade (the Serbian pages' zone without a "tz" cookie): 12:00 UTC is 13:00.
    sr = client.get("/sr-latn/").content.decode()
    assert "Za danas je gotovo." in sr
    assert "Sledeće ponavljanje je danas u 13:00." in sr
    # The browser's own zone (static/web/timezone.js's cookie) wins.
    client.cookies["tz"] = "America/New_York"
    assert "The next review is due today at 07:00." in client.get("/en/").content.decode()
    # As the script writes it, URL-encoded.
    client.cookies["tz"] = "America%2FNew_York"
    assert "The next review is due today at 07:00." in client.get("/en/").content.decode()
    client.cookies["tz"] = "Nowhere/Atlantis"
    assert "The next review is due today at 12:00." in client.get("/en/").content.decode()


def count_card(visitor: uuid.UUID, skill: str, item: str, due: datetime, **kw) -> CountCard:
    fields = {"system": "hilo", "rules_id": "", "reviews": 1, **kw}
    return CountCard.objects.create(
        visitor=visitor, skill=skill, item=item, due=due, fsrs={}, **fields
    )


def test_counting_items_due_are_on_the_panel_with_a_link_to_drill_them(clock) -> None:
    visitor = uuid.uuid4()
    # A strategy situation due later: without the counting items, "done for today".
    card(visitor, ("hard-16", "T"), NOW + timedelta(hours=3), last_review=NOW)
    for item in ("16,T", "12,3"):
        count_card(visitor, "deviation", item, NOW - timedelta(hours=1), rules_id=EUROPEAN)
    count_card(visitor, "running", "g2", NOW)
    count_card(visitor, "running", "g1", NOW, reviews=0)  # never answered: not due
    count_card(visitor, "true", "tc", NOW + timedelta(days=1))  # tomorrow
    client = client_for(visitor)
    html = client.get("/en/").content.decode()
    assert (
        '<strong class="habit-number">3</strong> counting drill items are due for review now.'
    ) in html
    link = re.search(r'<a class="button" href="([^"]*)" data-testid="count-due-link">', html)[1]
    assert link == "/en/drills/count/?skill=deviation&amp;system=hilo&amp;variant=european"
    assert 'data-testid="done-for-today"' not in html and 'data-testid="nothing-yet"' not in html
    ru = client.get("/ru/").content.decode()
    assert '<strong class="habit-number">3</strong> задания тренировки счёта ждут повторения.' in ru
    # The header's badge counts the strategy situations only.
    assert badge(html) is None
    # A day on, the true-count item is due too; then none once they are reviewed.
    clock(NOW + timedelta(days=2))
    assert "4</strong> counting drill items" in client.get("/en/").content.decode()
    CountCard.objects.filter(visitor=visitor).update(due=NOW + timedelta(days=9))
    assert 'data-testid="count-due"' not in client.get("/en/").content.decode()


def test_a_visitor_who_has_drilled_nothing_is_asked_to_start() -> None:
    html = client_for(uuid.uuid4()).get("/en/").content.decode()
    assert 'data-testid="nothing-yet"' in html
    assert 'data-testid="done-for-today"' not in html
    assert "Daily goal: <strong>0 / 30</strong> decisions today" in html
    assert "Streak: 0 days." in html


def test_when_text_names_today_tomorrow_or_the_date() -> None:
    # In English whatever an earlier request in this thread left active (LocaleMiddleware
    # activates the page's language and nothing deactivates it).
    with override("en"):
        assert when_text(NOW + timedelta(hours=1), NOW, UTC_ZONE) == "today at 10:00"
        assert when_text(NOW + timedelta(hours=20), NOW, UTC_ZONE) == "tomorrow at 05:00"
        assert when_text(NOW + timedelta(days=3), NOW, UTC_ZONE) == "on 5 Dec 2026 at 09:00"
