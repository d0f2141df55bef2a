"""An account ties a Django user to the visitor id that owns the person's history.

Tables, drills and graded decisions belong to a visitor id (``trainer/web/visitors.py``), never
to a user: the site works the same with or without an account, and an account is simply
the name under which one visitor id is kept across browsers.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class Account(models.Model):
    """A person's account: the user and the visitor id of their tables, drills and
    decisions. Made at sign-up (taking the session's visitor id, so the anonymous history
    becomes the account's), or on the first log-in of a user made some other way."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account"
    )
    visitor = models.UUIDField(unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    # The visitor id here names the person; it is not data the person owns, so merging
    # visitors (trainer/web/visitors.py) leaves these rows alone.
    merge_visitor_rows = None

    def __str__(self) -> str:
        return f"account of {self.user} ({self.visitor})"

    @classmethod
    def for_user(cls, user, visitor: uuid.UUID | None = None) -> Account:
        """The user's account, made on first need. A new account takes ``visitor`` (the
        session's anonymous visitor id) unless it is None or already another account's,
        in which case it gets a fresh id."""
        try:
            return user.account
        except cls.DoesNotExist:
            pass
        if visitor is None or cls.objects.filter(visitor=visitor).exists():
            visitor = uuid.uuid4()
        account, _created = cls.objects.get_or_create(user=user, defaults={"visitor": visitor})
        user.account = account
        return account
