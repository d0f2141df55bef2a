"""The header's language links are reversed from the resolved route, never copied from the
raw path: on a 404 for ``//evil.example/en/`` they must not point to another host."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client

from tests.factories import TableSessionFactory

pytestmark = pytest.mark.django_db

CODES = tuple(code for code, _name in settings.LANGUAGES)
LANDINGS = [f"/{code}/" for code in CODES]


def language_hrefs(html: str) -> list[str]:
    nav = html[html.index('<nav class="languages"') :]
    nav = nav[: nav.index("</nav>")]
    return re.findall(r'<a href="([^"]*)" hreflang="([^"]+)"', nav)


def get_path(path_info: str):
    """GET with this exact PATH_INFO, as a server passes ``GET //evil.example/en/`` on
    (the test client would otherwise read ``//evil.example`` as a host)."""
    return Client().get("/", PATH_INFO=path_info)


@pytest.mark.parametrize(
    "path_info",
    [
        "//evil.example/en/",
        "//evil.example/ru/table/",
        "///evil.example/en/",
        "//evil.example/",  # what /%2F%2Fevil.example/ decodes to
        "/en//evil.example/",
        "/ru//evil.example/en/",
        "/https://evil.example/en/",
    ],
)
def test_a_404_links_every_language_s_landing_page(path_info: str) -> None:
    response = get_path(path_info)
    assert response.status_code == 404
    html = response.content.decode()
    assert language_hrefs(html) == list(zip(LANDINGS, CODES, strict=True))
    assert "evil.example" not in html[html.index('<nav class="languages"') :].split("</nav>")[0]


def test_an_encoded_double_slash_is_a_404_with_safe_links() -> None:
    response = Client().get("/%2F%2Fevil.example/")
    assert response.status_code == 404
    assert [href for href, _code in language_hrefs(response.content.decode())] == LANDINGS


def test_a_page_keeps_its_route_and_query_in_every_language() -> None:
    html = Client().get("/ru/rulebook/croatian/?x=1").content.decode()
    assert language_hrefs(html) == [(f"/{code}/rulebook/croatian/?x=1", code) for code in CODES]


def test_a_404_of_a_real_route_links_the_same_route() -> None:
    table = TableSessionFactory()  # someone else's table: 404 for this visitor
    response = Client().get(f"/hr/table/{table.public_id}/")
    assert response.status_code == 404
    assert [href for href, _code in language_hrefs(response.content.decode())] == [
        f"/{code}/table/{table.public_id}/" for code in CODES
    ]
