"""The daily goal: decisions made today against the person's goal, and the streak of days
on which the goal was met.

- A **decision** is a ``GradedDecision`` of the visitor: a table decision or a drill answer,
  right or wrong, hinted or not (a decision looked up with a hint was still practised; the
  goal counts practice, the review and FSRS judge it).
- A **day** runs from midnight to midnight in the person's time zone (trainer/web/days.py).
- The day's goal is **met** when its decisions reach the goal (``Preferences.daily_goal``).
  No history of goals is kept, so past days are judged by the goal set now.
- The **streak** is the number of consecutive days on which the goal was met, ending today
  when today's goal is met, else ending yesterday: today does not break a streak before it
  is over, and today adds one to it as soon as its goal is met. A day that ended without
  the goal met ends the streak. It is counted over the last ``WINDOW_DAYS`` days at most.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from django.db.models import Count
from django.db.models.functions import TruncDate

from trainer.review.models import GradedDecision
from trainer.web.days import day_start, local_day

# The longest streak counted (one query over this many days of decisions).
WINDOW_DAYS = 400


def decisions_by_day(
    visitor: uuid.UUID, zone: ZoneInfo, today: date, days: int = WINDOW_DAYS
) -> dict[date, int]:
    """The visitor's number of decisions on each of the ``days`` days up to ``today``
    (dates in ``zone``; days without any left out); one query."""
    start = day_start(today - timedelta(days=days - 1), zone)
    rows = (
        GradedDecision.objects.filter(visitor=visitor, created_at__gte=start)
        .annotate(day=TruncDate("created_at", tzinfo=zone))
        .order_by()
        .values("day")
        .annotate(n=Count("id"))
        .values_list("day", "n")
    )
    return {day: n for day, n in rows if day <= today}


def streak(counts: Mapping[date, int], goal: int, today: date) -> int:
    """The streak (see the module docstring) of the daily counts ``counts`` against
    ``goal`` (at least 1) as of ``today``."""
    day = today if counts.get(today, 0) >= goal else today - timedelta(days=1)
    length = 0
    while counts.get(day, 0) >= goal:
        length += 1
        day -= timedelta(days=1)
    return length


@dataclass(frozen=True, slots=True)
class GoalProgress:
    """Today's progress: ``done`` decisions of ``goal``, and the ``streak`` in days."""

    done: int
    goal: int
    streak: int

    @property
    def met(self) -> bool:
        """Whether today's goal is met."""
        return self.done >= self.goal

    @property
    def percent(self) -> int:
        """The share of the goal done, in whole percent, at most 100."""
        return min(100, self.done * 100 // self.goal)

    @property
    def remaining(self) -> int:
        """Decisions still to make today (0 once met)."""
        return max(0, self.goal - self.done)


def goal_progress(
    visitor: uuid.UUID | None, goal: int, now: datetime, zone: ZoneInfo
) -> GoalProgress:
    """The visitor's progress at ``now`` (timezone-aware) toward ``goal`` decisions a day,
    days in ``zone``; nothing done and no streak for None (no query)."""
    if visitor is None:
        return GoalProgress(done=0, goal=goal, streak=0)
    today = local_day(now, zone)
    counts = decisions_by_day(visitor, zone, today)
    return GoalProgress(done=counts.get(today, 0), goal=goal, streak=streak(counts, goal, today))
