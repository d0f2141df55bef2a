"""Opening a table in browser tests: the table page writes nothing until the person deals or
starts a session (crawlers follow its link), so a test that scripts a table's shoe first opens
the table with New session, as a person would."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

TABLE_URL = re.compile(r"/[a-z-]+/table/([0-9a-f-]{36})/$")


def open_table(page: Page, base: str, lang: str = "en") -> str:
    """Go to the empty table in ``lang``, press New session (nothing to end, so no question)
    and return the new table's public id."""
    page.goto(f"{base}/{lang}/table/")
    page.locator("form.new-session button[type=submit]").click()
    expect(page).to_have_url(TABLE_URL)
    match = TABLE_URL.search(page.url)
    assert match, page.url
    return match.group(1)
