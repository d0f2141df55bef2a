# The expected strings are in Cyrillic on purpose.
# ruff: noqa: RUF001
"""Error answers are pages in the person's language that say nothing changed: 400, 403
(CSRF), 404, 405 (a GET on a form-only address) and 500 (found missing by a breaker)."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

pytestmark = pytest.mark.django_db


def test_404_in_the_language_of_the_address() -> None:
    response = Client().get("/ru/chart/no-such-game/")
    assert response.status_code == 404
    html = response.content.decode()
    assert '<html lang="ru">' in html and "Страница не найдена" in html
    assert 'href="/ru/table/"' in html  # the way back to the table


def test_405_on_a_form_only_address_is_a_page() -> None:
    response = Client().get("/bg/drills/start/")
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    html = response.content.decode()
    assert "Не от тази страница" in html and "Нищо не е променено" in html
    assert Client().head("/bg/drills/start/").content == b""


def test_csrf_refusal_is_explained() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/hr/settings/grading/", {"standard": "chart"})
    assert response.status_code == 403
    assert "Obrazac je istekao" in response.content.decode()
    assert "grading_standard" not in client.session


@pytest.mark.parametrize(
    ("lang", "title"),
    [("en", "Something went wrong"), ("sr-latn", "Nešto nije u redu"), ("bg", "Нещо се обърка")],
)
def test_500_page_renders_without_a_request(lang: str, title: str) -> None:
    with translation.override(lang):
        html = render_to_string("500.html")
    assert f'<html lang="{lang}">' in html and title in html


def test_400_page(rf) -> None:
    from django.views.defaults import bad_request

    with translation.override("ru"):
        response = bad_request(rf.get("/ru/"), exception=None)
    assert response.status_code == 400
    assert "Неверный запрос" in response.content.decode()
