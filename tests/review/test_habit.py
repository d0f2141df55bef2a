"""The daily goal and its streak (trainer/review/habit.py) over days in a time zone, with a
frozen clock."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from tests.review.factories import DrillDecisionFactory, GradedDecisionFactory
from trainer.review.habit import GoalProgress, decisions_by_day, goal_progress, streak

BELGRADE = ZoneInfo("Europe/Belgrade")
TODAY = date(2026, 12, 2)


def counts(*per_day: int) -> dict[date, int]:
    """Daily counts ending today: ``counts(5, 0, 3)``: 5 the day before yesterday, 0
    yesterday, 3 today."""
    return {TODAY - timedelta(days=i): n for i, n in enumerate(reversed(per_day))}


def test_streak_counts_consecutive_met_days() -> None:
    # met, met, missed, met, met, met (today): three days.
    assert streak(counts(10, 12, 4, 10, 11, 30), goal=10, today=TODAY) == 3
    # Yesterday missed and today met: one.
    assert streak(counts(10, 10, 2, 15), goal=10, today=TODAY) == 1
    # Nothing on record: none.
    assert streak({}, goal=10, today=TODAY) == 0


def test_today_does_not_break_the_streak_before_it_ends() -> None:
    # met, met, and today only 3 of 10 so far: the streak still stands at two...
    assert streak(counts(10, 10, 3), goal=10, today=TODAY) == 2
    # ... counts today once met ...
    assert streak(counts(10, 10, 10), goal=10, today=TODAY) == 3
    # ... and a day that ended unmet ends it.
    assert streak(counts(10, 10, 3, 0), goal=10, today=TODAY + timedelta(days=1)) == 0


@pytest.mark.django_db
def test_progress_today_counts_table_and_drill_decisions_in_the_persons_day() -> None:
    visitor = uuid.uuid4()
    now = datetime(2026, 12, 2, 20, 0, tzinfo=UTC)  # 21:00 in Belgrade
    drill = uuid.uuid4()
    # Today in Belgrade: 00:30 local is 23:30 UTC the day before.
    for at in [datetime(2026, 12, 1, 23, 30, tzinfo=UTC), datetime(2026, 12, 2, 8, 0, tzinfo=UTC)]:
        GradedDecisionFactory(visitor=visitor, at=at)
    DrillDecisionFactory(visitor=visitor, drill_session=drill, at=now - timedelta(minutes=5))
    # Yesterday in Belgrade (22:00 UTC on Dec 1 is 23:00 local).
    DrillDecisionFactory(
        visitor=visitor, drill_session=drill, at=datetime(2026, 12, 1, 22, 0, tzinfo=UTC)
    )
    GradedDecisionFactory(at=now)  # someone else's

    progress = goal_progress(visitor, 3, now, BELGRADE)

    assert progress == GoalProgress(done=3, goal=3, streak=1)
    assert progress.met and progress.percent == 100 and progress.remaining == 0
    # In UTC the 23:30 decision belongs to yesterday.
    in_utc = goal_progress(visitor, 3, now, ZoneInfo("UTC"))
    assert (in_utc.done, in_utc.met, in_utc.remaining, in_utc.percent) == (2, False, 1, 66)
    assert decisions_by_day(visitor, ZoneInfo("UTC"), date(2026, 12, 2)) == {
        date(2026, 12, 1): 2,
        date(2026, 12, 2): 2,
    }


@pytest.mark.django_db
def test_streak_across_days_with_a_moving_clock() -> None:
    visitor = uuid.uuid4()
    utc = ZoneInfo("UTC")
    day = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)

    def play(on: datetime, n: int) -> None:
        for _ in range(n):
            GradedDecisionFactory(visitor=visitor, at=on)

    play(day, 2)  # Nov 28: met
    play(day + timedelta(days=1), 2)  # Nov 29: met
    assert goal_progress(visitor, 2, day + timedelta(days=1), utc).streak == 2
    # Nov 30: nothing yet at noon; the streak stands until the day is over.
    assert goal_progress(visitor, 2, day + timedelta(days=2), utc).streak == 2
    play(day + timedelta(days=2), 1)  # Nov 30: missed (1 of 2)
    assert goal_progress(visitor, 2, day + timedelta(days=3), utc) == GoalProgress(
        done=0, goal=2, streak=0
    )
    play(day + timedelta(days=3), 2)  # Dec 1: met
    assert goal_progress(visitor, 2, day + timedelta(days=3), utc) == GoalProgress(
        done=2, goal=2, streak=1
    )
    play(day + timedelta(days=4), 3)  # Dec 2: met
    assert goal_progress(visitor, 2, day + timedelta(days=4), utc).streak == 2


@pytest.mark.django_db
def test_nobody_yet_makes_no_query(django_assert_num_queries) -> None:
    with django_assert_num_queries(0):
        progress = goal_progress(None, 30, datetime(2026, 12, 2, tzinfo=UTC), BELGRADE)
    assert progress == GoalProgress(done=0, goal=30, streak=0)
