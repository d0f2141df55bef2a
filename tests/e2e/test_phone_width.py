"""The forms that grew wider than a phone (a select as wide as its longest option, a
fieldset as wide as its content) fit a 390-px screen in the languages with the longest
words: no sideways scrolling, so a tap lands on what it points at."""

import pytest
from playwright.sync_api import Browser

pytestmark = pytest.mark.django_db(transaction=True)

PAGES = ["table/", "drills/", "rules/new/"]


@pytest.mark.parametrize("lang", ["en", "ru", "bg", "hr"])
def test_the_table_drills_and_rule_builder_fit_a_phone(live_server, browser: Browser, lang) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    try:
        page = context.new_page()
        for path in PAGES:
            page.goto(f"{live_server.url}/{lang}/{path}")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"/{lang}/{path} is {width} px wide"
    finally:
        context.close()
