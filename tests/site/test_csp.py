"""The Content-Security-Policy header (Django's ContentSecurityPolicyMiddleware, SECURE_CSP)
and pages that need nothing it forbids: no inline script, no event-handler attribute, no
style attribute (the browser side is tests/e2e/test_csp.py)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PAGES = [
    "/en/",
    "/en/rulebook/",
    "/en/rulebook/european/",
    "/en/chart/european/",
    "/en/table/",
    "/en/drills/",
    "/en/review/",
    "/en/review/stats/",
    "/en/accounts/login/",
    "/en/accounts/signup/",
    "/en/rules/new/",
    "/en/no-such-page/",
]
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[^>]*\sstyle\s*=", re.I)


def test_every_response_carries_the_policy() -> None:
    policy = Client().get("/en/")["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives == {
        "default-src": "'self'",
        "script-src": "'self'",
        "style-src": "'self'",
        "img-src": "'self' data:",
        "connect-src": "'self'",
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }


@pytest.mark.parametrize("path", PAGES)
def test_the_page_has_no_inline_code_or_style(path) -> None:
    response = Client().get(path, follow=True)
    html = response.content.decode()
    assert "Content-Security-Policy" in response
    assert INLINE_SCRIPT.findall(html) == []
    assert HANDLER.findall(html) == []
    assert STYLE_ATTRIBUTE.findall(html) == []


def test_htmx_is_told_not_to_inject_its_indicator_style() -> None:
    html = Client().get("/en/").content.decode()
    assert '"includeIndicatorStyles": false' in html
