"""What a screen reader gets at the table (Django's test client): every card's spoken name
in the page's language, the hole card read as a face-down card, the flag's live region that
stays on the page (its content swapped out of band, so each new flag is announced) and the
round's result marked for the announcer (static/web/live.js)."""

# The expected strings are Russian: their Cyrillic letters are meant.

from __future__ import annotations

import re

import pytest

from tests.factories import TableSessionFactory
from tests.helpers import client_for
from tests.table.pages import hx_act, hx_deal, page_url, text

pytestmark = pytest.mark.django_db

# Player T,2 (12) against 6 up, 9 in the hole; then a 3 and more low cards.
TWELVE_V_SIX = ["TS", "6D", "2C", "9H", "3C", "2D", "4S", "TH", "TC"]
SPOKEN = {
    "en": {"10S": "Ten of spades", "6D": "Six of diamonds", "2C": "Two of clubs"},
    "ru": {"10S": "Десятка пик", "6D": "Шестёрка бубен", "2C": "Двойка треф"},
}
FACE_DOWN = {"en": "face-down card", "ru": "закрытая карта"}


def names_by_card(html: str) -> dict[str, str]:
    """data-card -> aria-label (the spoken name) of every face-up card on the page."""
    found = re.findall(r'aria-label="([^"]+)" data-card="(\w+)"', html)
    return {card: name for name, card in found}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_card_has_its_spoken_name_and_the_hole_card_is_face_down(lang: str) -> None:
    table = TableSessionFactory(stacked=TWELVE_V_SIX)
    client = client_for(table)
    hx_deal(client, table)
    html = text(client.get(page_url(table, lang)))
    assert names_by_card(html) == SPOKEN[lang]
    face_down = re.findall(r'<div class="card back" role="img" aria-label="([^"]+)">', html)
    assert face_down == [FACE_DOWN[lang]]


def test_the_flag_is_a_live_region_that_stays_and_the_result_is_announced() -> None:
    table = TableSessionFactory(stacked=TWELVE_V_SIX)
    client = client_for(table)
    page = text(hx_deal(client, table))
    # Hitting a hard 12 against a 6: not the best play (stand), the round goes on.
    html = text(hx_act(client, table, "hit"))
    region = re.search(r'<div id="decision-flag"[^>]*>', html)
    assert region is not None
    assert region.group(0) == (
        '<div id="decision-flag" class="flag-region" role="status" aria-live="polite"'
        ' hx-swap-oob="innerHTML">'
    )
    assert 'data-testid="flag-box"' in html[region.end() :]
    assert "the best play was Stand" in html
    assert 'data-announce="polite"' not in page  # nothing to announce at the deal
    html = text(hx_act(client, table, "stand"))
    assert '<p class="round-result" data-testid="round-result" data-announce="polite">' in html


def test_the_page_has_the_skip_link_and_the_announcer_regions() -> None:
    table = TableSessionFactory(stacked=TWELVE_V_SIX)
    html = text(client_for(table).get(page_url(table, "ru")))
    assert '<html lang="ru">' in html
    assert '<a class="skip-link" href="#main">Перейти к основному содержанию</a>' in html
    assert '<main id="main" tabindex="-1">' in html
    assert (
        '<div id="live-polite" class="visually-hidden" role="status" aria-live="polite"'
        ' aria-atomic="true"></div>'
    ) in html
    assert (
        '<div id="live-assertive" class="visually-hidden" role="alert" aria-live="assertive"'
        ' aria-atomic="true"></div>'
    ) in html
