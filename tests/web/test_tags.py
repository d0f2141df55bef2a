"""The inclusion tags of trainer/web/templatetags/web.py: ``{% card %}`` and
``{% ev_list %}``, their exact HTML (the table's scripts and the tests read these
attributes)."""

from __future__ import annotations

from django.template import Context, Template
from django.utils.translation import override

from game.engine.cards import Card
from trainer.web.labels import card_view

CARD = Template("{% load web %}{% card c %}")


def _card(code: str, lang: str = "en") -> str:
    with override(lang):
        return CARD.render(Context({"c": card_view(Card.parse(code))}))


def test_a_red_card():
    assert _card("QH") == (
        '<div class="card red" role="img" aria-label="Queen of hearts" data-card="QH">\n'
        '  <span class="corner top">Q<br>♥</span>\n'
        '  <span class="pip">♥</span>\n'
        '  <span class="corner bottom">Q<br>♥</span>\n'
        "</div>\n"
    )


def test_a_black_card_named_in_russian():
    assert _card("TS", "ru") == (
        '<div class="card" role="img" aria-label="Десятка пик" data-card="10S">\n'
        '  <span class="corner top">10<br>♠</span>\n'
        '  <span class="pip">♠</span>\n'
        '  <span class="corner bottom">10<br>♠</span>\n'
        "</div>\n"
    )


OPTIONS = [
    {"label": "Stand", "ev": -0.1541, "best": True, "chosen": False, "value": "stand"},
    {"label": "Hit", "ev": -0.21012, "best": False, "chosen": True, "value": "hit"},
]


def test_ev_list_with_places_testid_and_label():
    template = Template(
        '{% load web %}{% ev_list options places=3 testid="evs" label="Every play" %}'
    )
    with override("ru"):
        html = template.render(Context({"options": OPTIONS}))
    assert html.endswith(
        '<ul class="flag-evs" data-testid="evs" aria-label="Every play">'
        '<li class="best" data-action="stand">Stand: \u22120,154</li>'
        '<li class=" chosen" data-action="hit">Hit: \u22120,210</li></ul>\n'
    )


def test_ev_list_defaults_to_four_places_without_testid_or_label():
    template = Template("{% load web %}{% ev_list options %}")
    with override("en"):
        html = template.render(Context({"options": OPTIONS, "label": "leaked"}))
    assert (
        '<ul class="flag-evs"><li class="best" data-action="stand">Stand: \u22120.1541</li>' in html
    )
    assert "leaked" not in html  # the tag's context holds only its arguments
