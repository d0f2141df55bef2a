"""trainer.web.http.respond: the page for a plain request, the partial and its out-of-band
partials for HTMX, a redirect for a plain post that asks for one."""

from __future__ import annotations

import pytest
from django.test import RequestFactory, override_settings
from django_htmx.middleware import HtmxDetails

from trainer.web.http import respond

PAGE = (
    '<main>{% partialdef felt inline %}<div id="felt">{{ total }}</div>{% endpartialdef %}'
    "</main>"
    '{% partialdef score %}<p id="score"{% if oob %} hx-swap-oob="true"{% endif %}>'
    "{{ score }}</p>{% endpartialdef %}"
    '{% partialdef bankroll %}<b id="bankroll"{% if oob %} hx-swap-oob="true"{% endif %}>'
    "{{ chips }}</b>{% endpartialdef %}"
)
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "OPTIONS": {"loaders": [("django.template.loaders.locmem.Loader", {"page.html": PAGE})]},
    }
]
CONTEXT = {"total": 17, "score": 3, "chips": 995}
OOB = ["page.html#score", "page.html#bankroll"]

pytestmark = pytest.mark.usefixtures("_tiny_templates")


@pytest.fixture
def _tiny_templates():
    with override_settings(TEMPLATES=TEMPLATES):
        yield


def _request(method: str = "get", *, htmx: bool = False):
    headers = {"HX-Request": "true"} if htmx else {}
    request = getattr(RequestFactory(), method)("/table/", headers=headers)
    request.htmx = HtmxDetails(request)  # what django-htmx's middleware sets
    return request


def test_a_plain_get_gets_the_whole_page():
    response = respond(_request(), "page.html", "felt", CONTEXT, oob=OOB)
    assert response.status_code == 200
    assert response.content.decode() == '<main><div id="felt">17</div></main>'


def test_htmx_gets_the_partial_then_each_out_of_band_partial():
    response = respond(_request(htmx=True), "page.html", "felt", CONTEXT, oob=OOB)
    assert response.status_code == 200
    assert response.content.decode() == (
        '<div id="felt">17</div>'
        '<p id="score" hx-swap-oob="true">3</p>'
        '<b id="bankroll" hx-swap-oob="true">995</b>'
    )


def test_htmx_without_out_of_band_partials_gets_the_partial_alone():
    response = respond(_request(htmx=True), "page.html", "felt", CONTEXT)
    assert response.content.decode() == '<div id="felt">17</div>'


def test_full_gives_the_page_to_htmx_too():
    response = respond(_request(htmx=True), "page.html", "felt", CONTEXT, oob=OOB, full=True)
    assert response.content.decode() == '<main><div id="felt">17</div></main>'


def test_a_plain_post_is_redirected_where_asked():
    response = respond(
        _request("post"), "page.html", "felt", CONTEXT, oob=OOB, redirect_to="/en/table/"
    )
    assert response.status_code == 302
    assert response["Location"] == "/en/table/"


def test_htmx_post_is_not_redirected():
    response = respond(
        _request("post", htmx=True), "page.html", "felt", CONTEXT, redirect_to="/en/table/"
    )
    assert response.status_code == 200
    assert response.content.decode() == '<div id="felt">17</div>'
