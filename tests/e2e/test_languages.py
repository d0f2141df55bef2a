"""Switching languages in a real browser with the header's language links, on a rule page
and on the table: every click keeps the same page (the URL changes only its language
prefix) and the page is then in that language."""

# The expected strings are Serbian, Croatian, Russian and Bulgarian text.
# ruff: noqa: RUF001

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils.translation import gettext, override, pgettext
from playwright.sync_api import Page, expect

from tests.e2e.tables import open_table
from trainer.web.cyrillic import to_cyrillic
from trainer.web.labels import VARIANT_NAMES

pytestmark = pytest.mark.django_db(transaction=True)

# en -> sr-latn -> sr -> hr -> ru -> bg -> en: every language once, and back.
ORDER = (*[code for code, _name in settings.LANGUAGES if code != "en"], "en")

# The ajnc doubling rule (double_on="9-11"), as each language states it.
DOUBLE = {
    "en": "Double only on a hard 9, 10 or 11 with your first two cards",
    "sr-latn": "Dupliranje je dozvoljeno samo na tvrdi zbir 9, 10 ili 11 iz prve dve karte",
    "hr": "Duplo je dopušteno samo na tvrdi zbroj 9, 10 ili 11 iz prve dvije karte",
    "ru": "Удвоить можно только при жёсткой сумме 9, 10 или 11 на первых двух картах",
    "bg": "Удвояване е разрешено само при твърд сбор 9, 10 или 11 от първите две карти",
}
# A sentence of each language's own prose on the rule pages.
PROSE = {
    "en": "Twenty-one is played against the dealer",
    "sr-latn": "Blekdžek se igra protiv dilera",
    "hr": "Blackjack se igra protiv krupjea",
    "ru": "В блэкджек играют против дилера",
    "bg": "Блекджек се играе срещу дилъра",
}
GLOSSARY = {"en": "Glossary", "sr-latn": "Rečnik", "hr": "Rječnik", "ru": "Словарь", "bg": "Речник"}
# Serbian Cyrillic says what Serbian Latin says, letter for letter.
for _texts in (DOUBLE, PROSE, GLOSSARY):
    _texts["sr"] = to_cyrillic(_texts["sr-latn"])


def switch_to(page: Page, code: str) -> None:
    page.locator(f'nav.languages a[hreflang="{code}"]').click()
    page.wait_for_load_state("domcontentloaded")


def test_rule_page_in_every_language(live_server, page: Page) -> None:
    page.goto(f"{live_server.url}/en/rulebook/ajnc/")
    expect(page.locator('[data-fact="double"]')).to_contain_text(DOUBLE["en"])
    for code in ORDER:
        switch_to(page, code)
        expect(page).to_have_url(f"{live_server.url}/{code}/rulebook/ajnc/")
        assert page.locator("html").get_attribute("lang") == code
        with override(code):
            name = str(VARIANT_NAMES["ajnc"])
        expect(page.locator("h1")).to_have_text(name)
        expect(page.locator('[data-fact="double"]')).to_contain_text(DOUBLE[code])
        expect(page.locator("#goal .prose")).to_contain_text(PROSE[code])
        expect(page.locator("#glossary h2")).to_have_text(GLOSSARY[code])
        # The active link is this language's, and no other language's prose is on the page.
        expect(page.locator(f'nav.languages a[hreflang="{code}"]')).to_have_attribute(
            "aria-current", "true"
        )
        body = page.locator("main").inner_text()
        for other, sentence in PROSE.items():
            if other != code:
                assert sentence not in body


def test_table_in_every_language(live_server, page: Page) -> None:
    open_table(page, live_server.url)
    table_path = page.url.removeprefix(f"{live_server.url}/en")
    deal = page.locator("button.deal")
    expect(deal).to_contain_text("Deal")
    for code in ORDER:
        switch_to(page, code)
        expect(page).to_have_url(f"{live_server.url}/{code}{table_path}")
        assert page.locator("html").get_attribute("lang") == code
        with override(code):
            deal_word = gettext("Deal")
            hit_word = pgettext("blackjack action", "Hit")
            bankroll_word = gettext("Bankroll")
        if code != "en":
            assert "Deal" not in deal_word and bankroll_word != "Bankroll"
        expect(page.locator("button.deal")).to_contain_text(deal_word)
        expect(page.locator("main")).to_contain_text(bankroll_word)
        # The key hint names the hit button in this language.
        expect(page.locator("main")).to_contain_text(hit_word.lower(), ignore_case=True)
