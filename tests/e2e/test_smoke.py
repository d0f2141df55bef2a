"""The site serves a real page to a real browser."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_english_home_page_declares_its_language(live_server, page) -> None:
    response = page.goto(live_server.url + "/en/table/")
    assert response is not None, "no response for /en/"
    assert response.ok, f"/en/ answered HTTP {response.status}"
    assert page.locator("html").get_attribute("lang") == "en"
