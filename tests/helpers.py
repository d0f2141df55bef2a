"""Plain helpers shared by the test modules (tests/conftest.py offers them as fixtures too):
the HTMX request header and a test client holding a visitor."""

from __future__ import annotations

import uuid
from typing import Any

from django.test import Client

# The header HTMX sends with every request it makes: `client.post(url, data, headers=HX)`.
HX = {"HX-Request": "true"}


def client_for(owner: Any, **kwargs: Any) -> Client:
    """A test client whose Django session holds a visitor: ``owner`` is the visitor's UUID,
    or anything with a ``visitor`` (a table). ``kwargs`` go to ``Client``."""
    visitor = owner if isinstance(owner, uuid.UUID) else owner.visitor
    client = Client(**kwargs)
    session = client.session
    session["visitor"] = str(visitor)
    session.save()
    return client
