"""The person's day: which time zone "today" is in for the daily goal and its streak.

A day of the daily goal runs from midnight to midnight in the person's time zone:

1. the browser's own zone, which static/web/timezone.js keeps in the ``tz`` cookie
   (``Intl.DateTimeFormat().resolvedOptions().timeZone``, an IANA name such as
   "Europe/Belgrade"); a name that is no IANA zone is ignored;
2. without it (no JavaScript yet, or a first visit): the zone of the page's language's
   country (sr, sr-latn: Belgrade; hr: Zagreb; ru: Moscow; bg: Sofia), and UTC for English.

The zone is a view of the same stored moments (decisions keep UTC timestamps), so a person
who travels sees their decisions regrouped, nothing lost.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from functools import cache
from urllib.parse import unquote
from zoneinfo import ZoneInfo, available_timezones

from django.http import HttpRequest
from django.utils.translation import get_language

COOKIE = "tz"
UTC = ZoneInfo("UTC")
LANGUAGE_ZONES = {
    "sr": "Europe/Belgrade",
    "sr-latn": "Europe/Belgrade",
    "hr": "Europe/Zagreb",
    "ru": "Europe/Moscow",
    "bg": "Europe/Sofia",
}


@cache
def _zone_names() -> frozenset[str]:
    return frozenset(available_timezones())


def zone_named(name: str | None) -> ZoneInfo | None:
    """The IANA zone called ``name``, None for anything else (an unknown or crafted name)."""
    if not name or len(name) > 64 or name not in _zone_names():
        return None
    return ZoneInfo(name)


def person_zone(request: HttpRequest) -> ZoneInfo:
    """The time zone of the person's day (see the module docstring)."""
    # timezone.js writes the name URL-encoded ("America%2FLos_Angeles").
    found = zone_named(unquote(request.COOKIES.get(COOKIE, "")))
    if found is not None:
        return found
    return ZoneInfo(LANGUAGE_ZONES.get(get_language() or "en", "UTC"))


def local_day(moment: datetime, zone: ZoneInfo) -> date:
    """The date of a timezone-aware moment in ``zone``."""
    return moment.astimezone(zone).date()


def day_start(day: date, zone: ZoneInfo) -> datetime:
    """The moment (timezone-aware, UTC) a day starts in ``zone``: its local midnight."""
    return datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)


def day_end(day: date, zone: ZoneInfo) -> datetime:
    """The moment (UTC) the next day starts in ``zone`` (a DST day lasts 23 or 25 hours)."""
    return day_start(day + timedelta(days=1), zone)
