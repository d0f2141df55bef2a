"""What makes the site installable on a phone: the web app manifest (one per language: its
name, description and start page are the person's language) and the service worker that
keeps the rule pages and the charts readable offline (templates/web/sw.js)."""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import PrefixNode, static
from django.urls import reverse
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

# The header's colour (the browser's bar) and the page's (the splash screen).
THEME_COLOUR = "#0d1812"
BACKGROUND_COLOUR = "#17251d"


@require_safe
@cache_control(max_age=86400)
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest in the language of the URL prefix: the app starts on that
    language's landing page; its scope is the whole site (every language), and its ``id``
    is the same in every language, so a phone holds one app whichever page installed it."""
    response = JsonResponse(
        {
            "id": "/",
            "name": _("Blackjack trainer"),
            "short_name": pgettext("the app's name under its icon", "Blackjack"),
            "description": _(
                "Learn blackjack: the rules, basic strategy drills and a table that flags "
                "every mistake."
            ),
            "lang": get_language(),
            "dir": "ltr",
            "start_url": reverse("rulebook:landing"),
            "scope": "/",
            "display": "standalone",
            "orientation": "any",
            "theme_color": THEME_COLOUR,
            "background_color": BACKGROUND_COLOUR,
            "icons": [
                {"src": static("web/icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
                {"src": static("web/icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
                {
                    "src": static("web/icons/icon-maskable-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "maskable",
                },
            ],
        },
        json_dumps_params={"ensure_ascii": False},
    )
    response["Content-Type"] = "application/manifest+json"
    return response


def offline_version() -> str:
    """A short digest (12 hex digits) of the deployed static files: the hashed names of the
    manifest storage (production's CompressedManifestStaticFilesStorage), so each deploy that
    changes a static file names a new offline store and the worker drops the old one (and the
    static copies kept in it) when it activates. Without a manifest (DEBUG, tests) the digest
    of nothing: one store."""
    hashed = getattr(staticfiles_storage, "hashed_files", None) or {}
    names = json.dumps(sorted(hashed.items())).encode()
    return hashlib.sha256(names).hexdigest()[:12]


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, served from the site's root so that its scope is every page
    (``Service-Worker-Allowed: /``); never cached by the browser's HTTP cache, so a new
    version is picked up on the next visit. What it keeps offline: templates/web/sw.js."""
    response = render(
        request,
        "web/sw.js",
        {
            "static_prefix": json.dumps(PrefixNode.handle_simple("STATIC_URL")),
            "languages": json.dumps([code for code, _name in settings.LANGUAGES]),
            "cache_name": json.dumps(f"blackjack-offline-{offline_version()}"),
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response
