"""Logging in hands the anonymous history over to the account.

On every log-in (Django's ``user_logged_in`` signal, so the login view, a password reset
that logs in and the test client's ``login`` all take this path) the rows of the session's
anonymous visitor id are merged into the account's (``merge_visitor``) and the session then
carries the account's id. Nothing is copied, so nothing is duplicated; a second log-in finds
the session already on the account's id and moves nothing. When both ids have an open
table, one stays open (``TableSession.merge_visitor_rows``: the newest dealt at).
"""

from __future__ import annotations

import uuid

from django.db import transaction
from django.http import HttpRequest

from trainer.accounts.models import Account
from trainer.web.visitors import SESSION_KEY, merge_visitor, session_visitor


def carry_history_on_login(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """``user_logged_in`` receiver: merge the session's anonymous history into the user's
    account and put the account's visitor id in the session."""
    if request is None or not hasattr(request, "session"):
        return
    hand_over(request, user)


def hand_over(request: HttpRequest, user) -> uuid.UUID:
    """Give the session's anonymous visitor's rows to ``user``'s account (made on first
    need, taking the anonymous id itself) and keep the account's id in the session; returns
    that id. An id that is some other account's is never merged (it is that person's
    history, not this session's to give away)."""
    anonymous = session_visitor(request)
    with transaction.atomic():
        account = Account.for_user(user, anonymous)
        if (
            anonymous is not None
            and anonymous != account.visitor
            and not Account.objects.filter(visitor=anonymous).exists()
        ):
            merge_visitor(anonymous, account.visitor)
    request.session[SESSION_KEY] = str(account.visitor)
    return account.visitor
