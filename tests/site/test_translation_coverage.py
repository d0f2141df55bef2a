"""Every string a person reads is marked for translation, and the language is chosen from
the URL prefix, else the browser's Accept-Language (issue 6).

``makemessages`` only finds marked strings, so a template sentence typed without
``{% translate %}`` would stay English on every page without any catalog test noticing. This
test reads every template, removes what is marked (translate/blocktranslate), template tags,
variables, comments, scripts and markup, and fails on any word left in a text node or in a
visible attribute (title, alt, placeholder, aria-label). The per-language prose of the rule
pages (templates/rulebook/prose/<lang>/) is written in each language and is exempt.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

TEMPLATES = Path(__file__).resolve().parent.parent.parent / "templates"
EXEMPT_DIRS = ("rulebook/prose/",)
# Words that are the same in every language: card ranks, rule abbreviations, symbols.
ALLOWED = {"A", "K", "Q", "J", "T", "S17", "H17", "DAS", "ENHC", "EV", "OK", "Y", "N", "SVG"}

BLOCK_PATTERNS = [
    re.compile(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", re.S),
    re.compile(r"{#.*?#}", re.S),
    re.compile(r"<!--.*?-->", re.S),
    re.compile(r"{%\s*blocktranslate\b.*?{%\s*endblocktranslate\s*%}", re.S),
    re.compile(r"<script\b.*?</script>", re.S | re.I),
    re.compile(r"<style\b.*?</style>", re.S | re.I),
]
TAG = re.compile(r"{%.*?%}|{{.*?}}", re.S)
VISIBLE_ATTR = re.compile(r'\b(?:title|alt|placeholder|aria-label)\s*=\s*"([^"]*)"', re.I)
HTML_TAG = re.compile(r"<[^>]*>", re.S)
WORD = re.compile(r"[^\W\d_]{2,}")


def unmarked_words(source: str) -> list[str]:
    """The words of ``source`` that a person would read and that are not marked."""
    for pattern in BLOCK_PATTERNS:
        source = pattern.sub(" ", source)
    source = TAG.sub(" ", source)
    found = []
    for value in VISIBLE_ATTR.findall(source):
        found += WORD.findall(value)
    text = HTML_TAG.sub(" ", source)
    text = re.sub(r"&[a-z]+;|&#\d+;", " ", text)
    found += WORD.findall(text)
    return [w for w in found if w not in ALLOWED]


def template_files() -> list[Path]:
    files = []
    for path in sorted(TEMPLATES.rglob("*")):
        rel = path.relative_to(TEMPLATES).as_posix()
        if path.is_file() and path.suffix in {".html", ".txt"} and not rel.startswith(EXEMPT_DIRS):
            files.append(path)
    return files


def test_the_check_finds_an_unmarked_sentence() -> None:
    source = (
        '{% load i18n %}<p title="{% translate "Hit" %}">{% translate "Deal" %}</p>'
        "<p>Place your bet</p>"
    )
    assert unmarked_words(source) == ["Place", "your", "bet"]
    assert unmarked_words('<abbr title="Your hand">x</abbr>') == ["Your", "hand"]
    assert unmarked_words("{% blocktranslate %}Hello {{ name }}{% endblocktranslate %}") == []


def _name(path: Path) -> str:
    return path.relative_to(TEMPLATES).as_posix()


@pytest.mark.parametrize("path", template_files(), ids=_name)
def test_template_has_no_unmarked_text(path: Path) -> None:
    assert unmarked_words(path.read_text(encoding="utf-8")) == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("accept", "prefix"),
    [
        ("ru", "/ru/"),
        ("bg,en;q=0.5", "/bg/"),
        ("hr-HR,hr;q=0.9", "/hr/"),
        ("sr-Latn", "/sr-latn/"),
        ("sr-Latn-RS,sr;q=0.8", "/sr-latn/"),
        ("sr", "/sr/"),
        ("sr-Cyrl", "/sr/"),
        ("sr-Cyrl-RS,sr;q=0.9,en;q=0.5", "/sr/"),
        ("sr-RS", "/sr/"),  # Serbian without a script: Cyrillic, its official script
        ("de-DE,de;q=0.9", "/en/"),  # a language the site does not have: English
    ],
)
def test_language_from_accept_language_without_a_prefix(accept: str, prefix: str) -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE=accept).get("/")
    assert response.status_code == 302
    assert response.url == prefix


@pytest.mark.django_db
def test_the_url_prefix_wins_over_accept_language() -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE="ru").get("/bg/rulebook/")
    assert response.status_code == 200
    assert '<html lang="bg">' in response.content.decode()
