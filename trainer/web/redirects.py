"""Where a posted or linked ``next`` may send a person: a page of this site, nothing else.

Every view that redirects to a value the visitor supplies (the log-in, sign-up, log-out and
grading-standard views) goes through ``safe_next``: a value that is not a URL of this site
(another host or scheme, ``javascript:``, a relative word such as ``true`` or ``welcome``
that Django's ``redirect()`` would try to reverse as a URL name and fail with a 500)
falls back to the view's own safe page.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

REDIRECT_FIELD = "next"


def is_safe_next(request: HttpRequest, target: str) -> bool:
    """Whether ``target`` is a URL of this site: an absolute path (``/en/table/``) or an
    absolute URL on the request's own host (with https when the request is secure).

    A relative reference (``welcome``, ``true``) is refused: it is no page the site
    linked to, and it would resolve against whatever URL happens to be current."""
    if not target or not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return False
    return target.startswith("/") or bool(urlsplit(target).netloc)


def safe_next(request: HttpRequest, default: str = "") -> str:
    """The request's ``next`` (the POST field, else the query string) when it is a URL of
    this site (``is_safe_next``), else ``default``."""
    target = request.POST.get(REDIRECT_FIELD) or request.GET.get(REDIRECT_FIELD, "")
    return target if is_safe_next(request, target) else default
