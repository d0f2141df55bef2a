"""Serbian in Cyrillic at /sr/, beside Serbian Latin at /sr-latn/: the pages are Cyrillic
(no Latin word leaks into the Serbian text; keys, card ranks, abbreviations and quoted
foreign words stay Latin, trainer/web/cyrillic.py), the language switcher names both
scripts, and the browser's Accept-Language picks the script."""

# The expected strings are Serbian Cyrillic: their Cyrillic letters are meant.
# ruff: noqa: RUF001, RUF003

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

from tests.accounts.people import make_user
from tests.drills.test_drilling import put_hand
from tests.drills.test_views import new_drill
from tests.factories import TableSessionFactory
from tests.helpers import HX, client_for
from tests.table.pages import hx_act, hx_deal
from trainer.web.cyrillic import ABBREVIATIONS, FOREIGN

pytestmark = pytest.mark.django_db

# Latin that belongs on a Cyrillic page: the keys of the keyboard and the cards' corner
# indices (A, K, Q, J as printed on the cards), abbreviations and quoted foreign words.
KEYS_AND_RANKS = set("HSDPRANYKQJ")
ALLOWED = ABBREVIATIONS | KEYS_AND_RANKS | {w for phrase in FOREIGN for w in phrase.split()}


def latin_words(html: str) -> set[str]:
    """The words in Latin letters a reader sees on the page (text and the readable
    attributes), leaving out scripts, styles, the language switcher (each language's name
    in its own script) and elements marked as another language."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.DOTALL)
    html = re.sub(r'<nav class="languages".*?</nav>', " ", html, flags=re.DOTALL)
    html = re.sub(
        r"""<(\w+)\b[^>]*\blang="(?!sr\b)[^"]*"[^>]*>.*?</\1>""", " ", html, flags=re.DOTALL
    )
    attributes = re.findall(r'\b(?:title|alt|aria-label|placeholder)="([^"]*)"', html)
    text = " ".join([re.sub(r"<[^>]*>", " ", html), *attributes])
    words = set(re.findall(r"[A-Za-zČčĆćŠšŽžĐđ][\wČčĆćŠšŽžĐđ]*", text))
    return {
        w
        for w in words
        if w not in ALLOWED
        and w.lower() not in {f.lower() for f in ALLOWED}
        and not re.search(r"\d", w)
    }


def get(client: Client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    html = response.content.decode()
    assert '<html lang="sr">' in html
    return html


def test_the_landing_page_is_cyrillic() -> None:
    html = get(Client(), "/sr/")
    assert "<h1>Научите ајнц" in html  # the prose of rulebook/prose/sr/landing.html
    assert ">Правила</a>" in html  # the header's links, from the catalog
    assert latin_words(html) == set()
    # The check sees Latin text: the Serbian Latin page is full of it.
    assert {"Naučite", "ajnc", "Pravila"} <= latin_words(Client().get("/sr-latn/").content.decode())


@pytest.mark.parametrize("variant", ["european", "ajnc", "croatian", "russian", "dvadtsat-odno"])
def test_the_rule_pages_are_cyrillic(variant: str) -> None:
    html = get(Client(), f"/sr/rulebook/{variant}/")
    assert "Речник" in html  # the glossary's title
    assert latin_words(html) == set()


@pytest.mark.parametrize(
    "path",
    [
        "/sr/rulebook/",
        "/sr/review/",
        "/sr/review/stats/",
        "/sr/rules/new/",
        "/sr/drills/changes/",
        "/sr/accounts/login/",
        "/sr/accounts/signup/",
        "/sr/accounts/settings/",
        "/sr/accounts/reset/",
    ],
)
def test_more_pages_are_cyrillic(path: str) -> None:
    assert latin_words(get(Client(), path)) == set()


def test_the_european_rule_page_says_its_facts_in_cyrillic() -> None:
    html = get(Client(), "/sr/rulebook/european/")
    assert "Кец вреди 1 или 11, како је боље за руку." in html
    assert '<dl class="glossary" lang="sr-Cyrl">' in html
    assert "<dt>S17, H17</dt>" in html  # the abbreviations stay Latin


def test_the_table_is_cyrillic() -> None:
    html = get(Client(), "/sr/table/")
    assert re.search(r'class="deal"[^>]*>\s*Поделите карте\s*<kbd>', html)
    assert latin_words(html) == set()


def test_a_drill_question_and_its_answer_are_cyrillic() -> None:
    client, session = new_drill("european", "hard")
    put_hand(session.latest, ["TS", "3H"], "6D")
    html = get(client, "/sr/drills/")
    assert latin_words(html) == set()
    html = get(client, f"/sr/drills/{session.public_id}/")
    # The buttons name the Latin keys of the keyboard.
    assert "Стани <kbd>S</kbd>" in html
    assert "Дај карту <kbd>H</kbd>" in html
    assert latin_words(html) == set()
    html = client.post(
        f"/sr/drills/{session.public_id}/answer/",
        {"question": "1", "action": "stand"},
        headers=HX,
    ).content.decode()
    reason = re.search(r'data-testid="reason">([^<]*)<', html)
    assert reason is not None
    assert "42%" in reason.group(1)
    assert "(Дај карту)" in reason.group(1)
    assert latin_words(html) == set()


def test_the_chart_is_cyrillic_with_serbian_cell_letters() -> None:
    html = get(Client(), "/sr/chart/european/")
    assert "Тврди збирови" in html
    # The cell letters are the Serbian initials in Cyrillic (К дај карту, С стани).
    letters = set(re.findall(r">([^<>\s]{1,2})</a></td>", html))
    assert {"К", "С", "П"} <= letters
    assert not letters & {"K", "S", "H", "P"}
    assert latin_words(html) == set()


def test_the_switcher_links_both_scripts() -> None:
    html = get(Client(), "/sr/rulebook/croatian/")
    nav = html[html.index('<nav class="languages"') :]
    nav = nav[: nav.index("</nav>")]
    latin = re.search(
        r'<a href="/sr-latn/rulebook/croatian/" hreflang="sr-latn"[^>]*>(.*?)</a>', nav
    )
    cyrillic = re.search(r'<a href="/sr/rulebook/croatian/" hreflang="sr"[^>]*>(.*?)</a>', nav)
    assert latin is not None and cyrillic is not None
    assert 'aria-current="true"' in cyrillic.group(0)
    assert 'title="Srpski (latinica)"' in latin.group(0)
    assert 'title="Српски (ћирилица)"' in cyrillic.group(0)
    assert '<span aria-hidden="true">SR</span>' in latin.group(1)
    assert '<span aria-hidden="true">СР</span>' in cyrillic.group(1)
    # and the Latin page links the Cyrillic one
    latin_page = Client().get("/sr-latn/").content.decode()
    assert '<html lang="sr-latn">' in latin_page
    assert '<a href="/sr/" hreflang="sr"' in latin_page


def test_django_s_own_texts_are_cyrillic() -> None:
    """A form error of Django's own is in Cyrillic too: our catalog's wording
    (trainer/web/django_texts.py), transliterated like every other message."""
    html = Client().post("/sr/accounts/login/", {"username": "", "password": ""}).content.decode()
    assert "Ово поље је обавезно." in html


def test_the_password_reset_email_is_cyrillic() -> None:
    """The e-mail is in the page's script; the user name, the host and the link stay as
    they are."""
    make_user("ana", email="ana@example.com")
    sent = Client().post("/sr/accounts/reset/", {"email": "ana@example.com"})
    assert sent.status_code == 302 and sent["Location"] == "/sr/accounts/reset/sent/"
    (message,) = mail.outbox
    assert message.subject == "Нова лозинка за сајт Тренер за ајнц"
    assert "Добар дан, ana," in message.body
    assert "Линк важи 3 дана и може се употребити само једном." in message.body
    assert re.search(r"http://testserver/sr/accounts/reset/[^/\s]+/[^/\s]+/", message.body)


def test_a_table_mid_round_with_a_flag_is_cyrillic() -> None:
    """12 against the dealer's 6, hit (standing is best): the flag, the EVs and the buttons
    at /sr/ are Cyrillic, the keys Latin."""
    table = TableSessionFactory(stacked=["TS", "6D", "2C", "9H", "3C", "2D", "4S", "TH", "TC"])
    client = client_for(table)
    hx_deal(client, table)
    hx_act(client, table, "hit")
    html = get(client, f"/sr/table/{table.public_id}/")
    assert "Стани <kbd>S</kbd>" in html
    reason = re.search(r'data-testid="flag-reason">([^<]+)<', html)
    assert reason is not None
    assert re.search(r"[а-шђјљњћџ]{3}", reason.group(1))
    assert latin_words(html) == set()
