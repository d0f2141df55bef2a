"""The one error a page shows to the person who asked: a request refused, with why."""

from __future__ import annotations

from django_stubs_ext import StrPromise


class Refused(Exception):
    """A request the site refuses and that changed nothing: a stale form, an action the
    rules forbid now, a bet the chips do not cover, a drill question already answered...
    ``message`` is shown to the person, in their language (a translated string, or a lazy
    one translated when shown)."""

    def __init__(self, message: str | StrPromise) -> None:
        super().__init__(str(message))
        self.message = message
