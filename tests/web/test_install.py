"""Installable on a phone: the web app manifest in every language (name, icons, start page,
standalone display), linked from every page, and the service worker served from the site's
root with the headers a browser needs to register it for the whole site."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.test import Client

from trainer.web import install

pytestmark = pytest.mark.django_db

STATIC_DIR = Path(settings.BASE_DIR) / "static"
LANGUAGES = [code for code, _name in settings.LANGUAGES]
NAMES = {
    "en": "Blackjack trainer",
    "ru": "Тренажёр блэкджека",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_manifest_starts_the_app_in_its_language(client: Client, lang: str) -> None:
    response = client.get(f"/{lang}/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == f"/{lang}/"
    assert manifest["scope"] == "/"
    assert manifest["id"] == "/"  # one app, whichever language installed it
    assert manifest["display"] == "standalone"
    assert manifest["lang"] == lang
    assert manifest["theme_color"] == "#0d1812"
    assert manifest["name"] and manifest["short_name"] and manifest["description"]
    if lang in NAMES:
        assert manifest["name"] == NAMES[lang]
    icons = {(icon["sizes"], icon.get("purpose", "any")): icon["src"] for icon in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _purpose), src in icons.items():
        path = STATIC_DIR / src.removeprefix("/static/")
        png = path.read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(png[16:20]), int.from_bytes(png[20:24])
        assert f"{width}x{height}" == sizes


def test_every_page_links_the_manifest_of_its_language(client: Client) -> None:
    html = client.get("/ru/rulebook/").content.decode()
    assert '<link rel="manifest" href="/ru/manifest.webmanifest">' in html
    assert '<meta name="theme-color" content="#0d1812">' in html
    assert re.search(r'<script src="/static/web/install\.js" data-sw="/sw\.js" defer>', html)


def test_the_service_worker_is_served_from_the_root_for_the_whole_site(client: Client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    assert "Content-Security-Policy" in response  # the same policy as every response
    script = response.content.decode()
    # What it keeps offline: the landing, rule and chart pages of every language, the assets.
    assert 'var STATIC_PREFIX = "/static/";' in script
    assert f"var LANGUAGES = {json.dumps(LANGUAGES)};" in script
    assert "rulebook/" in script and "chart/" in script
    # What it never touches: posts and HTMX partials.
    assert 'request.method !== "GET"' in script
    assert 'request.headers.get("HX-Request")' in script
    assert client.post("/sw.js").status_code == 405


def test_each_deploy_of_changed_static_files_names_a_new_offline_store(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker's store is named by the deployed static files' hashed names, so a deploy
    that changes one starts a new store (and the worker deletes the old on activating)."""
    # A manifest storage as production's, with one static file at two versions.
    before = SimpleNamespace(hashed_files={"web/site.css": "web/site.0a1b2c.css"})
    monkeypatch.setattr(install, "staticfiles_storage", before)
    first = install.offline_version()
    after = SimpleNamespace(hashed_files={"web/site.css": "web/site.9f8e7d.css"})
    monkeypatch.setattr(install, "staticfiles_storage", after)
    second = install.offline_version()
    assert first != second and len(first) == len(second) == 12
    script = client.get("/sw.js").content.decode()
    assert f'var CACHE = "blackjack-offline-{second}";' in script
    assert "caches.delete(key)" in script  # the old store goes when the new worker activates
