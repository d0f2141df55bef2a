"""Template context shared by every page."""

import uuid
from datetime import datetime
from functools import cached_property
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

from django.conf import settings
from django.http import HttpRequest
from django.urls import NoReverseMatch, ResolverMatch, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language, get_language_info, override
from django.utils.translation import gettext as _

from trainer.drills.due import CountDue, DueCounts, count_due, due_counts, next_due, variant_of
from trainer.review.habit import GoalProgress, goal_progress
from trainer.web.days import local_day, person_zone
from trainer.web.labels import STANDARD_LABELS
from trainer.web.models import Preferences
from trainer.web.visitors import grading_standard, visitor_id

# Serbian in both scripts: each name says its script, in that script, and so does the short
# label (Django names sr-latn "srpski (latinica)" but sr only "Serbian", in Cyrillic).
LOCAL_NAMES = {"sr": "српски (ћирилица)"}
SHORT_NAMES = {"sr": "СР", "sr-latn": "SR"}  # noqa: RUF001


def language_links(request: HttpRequest) -> dict:
    """``language_links``: one entry per site language with the current page's URL in it
    (so switching keeps the person on the same page), its own name, and whether it is active.
    Built on first use (a lazy list): only the page's header shows it, and the parts an HTMX
    request swaps in reverse none of its URLs.

    Each URL is reversed from the resolved route (view name and arguments) in that language,
    plus the query string: never built from the raw path, which may start with ``//`` or a
    scheme (``//evil.example/en/`` would become a link to another host). A path that
    resolves to no route (a 404) links to each language's landing page."""
    return {"language_links": SimpleLazyObject(lambda: _language_links(request))}


def _language_links(request: HttpRequest) -> list[dict]:
    current = get_language()
    match = getattr(request, "resolver_match", None)
    query = request.GET.urlencode()
    links = []
    for code, _name in settings.LANGUAGES:
        info = get_language_info(code)
        links.append(
            {
                "code": code,
                "name": LOCAL_NAMES.get(code, info["name_local"]),
                "short": SHORT_NAMES.get(code, code.split("-")[0].upper()),
                "url": _url_in(code, match, query),
                "active": code == current,
            }
        )
    return links


def _url_in(code: str, match: ResolverMatch | None, query: str) -> str:
    """The resolved page's URL in language ``code`` (its landing page when there is no
    route); the query string is kept after a "?", so the URL always starts with one "/"."""
    with override(code):
        if match is not None and match.view_name:
            try:
                path = reverse(match.view_name, args=match.args, kwargs=match.kwargs)
            except NoReverseMatch:
                path = reverse("rulebook:landing")
            else:
                return f"{path}?{query}" if query else path
        return reverse("rulebook:landing")


def grading(request: HttpRequest) -> dict:
    """``grading_standard``: the person's standard ("exact" or "chart", the session's);
    ``grading_choices``: (value, label) pairs for templates/table/grading_toggle.html."""
    return {
        "grading_standard": grading_standard(request) if hasattr(request, "session") else None,
        "grading_choices": list(STANDARD_LABELS.items()),
    }


class Habit:
    """The daily habit of the visitor, for the header and the landing page: the situations
    due now (``due``, with ``due_url`` to drill them), today's progress toward the daily goal
    with the streak (``progress``), whether all is done for today (``done_for_today``) and
    when the next review comes due (``next_due_text``). The goal and the due count are
    separate: "done for today" speaks of the reviews; the goal's bar of the decisions.

    Each number is read on first use and kept: a page that shows only the header's due
    count makes one query (trainer/drills/due.py), the landing page three or four; a visitor
    without an id yet makes none."""

    def __init__(self, request: HttpRequest) -> None:
        self._request = request
        self.now = timezone.now()

    @cached_property
    def visitor(self) -> uuid.UUID | None:
        """The visitor id, None before the visitor has one (nothing of theirs to count)."""
        if not hasattr(self._request, "session"):
            return None
        return visitor_id(self._request, create=False)

    @cached_property
    def zone(self) -> ZoneInfo:
        """The time zone of the person's day (trainer/web/days.py)."""
        return person_zone(self._request)

    @cached_property
    def due(self) -> DueCounts:
        """The situations due now, in total and per rules id."""
        return DueCounts() if self.visitor is None else due_counts(self.visitor, self.now)

    @cached_property
    def due_url(self) -> str:
        """The drills page with the rule set of the most due situations chosen (its "all"
        drill asks the due situations first)."""
        url = reverse("drills:index")
        top = self.due.top_rules_id
        if top is None:
            return url
        return f"{url}?{urlencode({'variant': variant_of(top), 'category': 'all'})}"

    @cached_property
    def count_due(self) -> CountDue:
        """The counting drills' items due now (the landing page only: the header's count is
        of the strategy situations)."""
        return CountDue() if self.visitor is None else count_due(self.visitor, self.now)

    @cached_property
    def count_due_url(self) -> str:
        """The counting drills' page with the skill, system and game of the most due items
        chosen (a drill of that skill asks its due items first)."""
        due = self.count_due
        query = {"skill": due.skill or "", "system": due.system or ""}
        if due.rules_id:
            query["variant"] = variant_of(due.rules_id)
        return f"{reverse('drills:count')}?{urlencode(query)}"

    @cached_property
    def preferences(self) -> Preferences:
        """The visitor's settings (defaults before any is saved)."""
        return Preferences.of(self.visitor)

    @cached_property
    def progress(self) -> GoalProgress:
        """Today's decisions against the daily goal, and the streak."""
        return goal_progress(self.visitor, self.preferences.daily_goal, self.now, self.zone)

    @property
    def done_for_today(self) -> bool:
        """Every review done: no situation and no counting item due now, and a situation
        waiting for a later day (a visitor who has drilled nothing yet is not "done", just
        not started)."""
        return self.due.total == 0 and self.count_due.total == 0 and self.next_due is not None

    @cached_property
    def next_due(self) -> datetime | None:
        """When the next situation comes due (None: nothing waiting or something due now)."""
        if self.visitor is None or self.due.total:
            return None
        return next_due(self.visitor, self.now)

    @cached_property
    def next_due_text(self) -> str:
        """When the next review is due in words, in the person's zone ("tomorrow at 09:30"),
        "" when there is none."""
        if self.next_due is None:
            return ""
        return when_text(self.next_due, self.now, self.zone)


def when_text(moment: datetime, now: datetime, zone: ZoneInfo) -> str:
    """A coming moment in words, relative to ``now`` in ``zone``: "today at 18:05",
    "tomorrow at 09:30", else "on <short date> at 09:30"."""
    local = moment.astimezone(zone)
    clock = local.strftime("%H:%M")
    days = (local.date() - local_day(now, zone)).days
    if days <= 0:
        return _("today at %(time)s") % {"time": clock}
    if days == 1:
        return _("tomorrow at %(time)s") % {"time": clock}
    return _("on %(date)s at %(time)s") % {
        "date": date_format(local.date(), "SHORT_DATE_FORMAT"),
        "time": clock,
    }


def habit(request: HttpRequest) -> dict:
    """``habit``: the visitor's daily habit (``Habit``), read lazily."""
    return {"habit": Habit(request)}
