"""trainer/web/numbers.py: chip amounts, bets and percentages in the active language's
format, with their signs; and the ``|signed`` and ``|sign_class`` filters built on them."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from django.template import Context, Template
from django.utils.translation import override

from trainer.web import numbers

NBSP = "\xa0"  # Russian groups thousands with a no-break space


@pytest.mark.parametrize(
    ("amount", "places", "text"),
    [
        (Fraction(15), None, "+15"),
        (Fraction(15, 2), None, "+7.5"),
        (Fraction(15, 2), 2, "+7.50"),
        (Decimal("7.5"), 2, "+7.50"),
        (Decimal("-10"), 2, "\u221210"),
        (Fraction(-25, 4), None, "\u22126.25"),
        (Fraction(-1, 3), 2, "\u22120.33"),
        (Decimal("1234.5"), 2, "+1,234.50"),
        (Decimal("0"), 2, "0"),
        (0, None, "0"),
    ],
)
def test_signed_chips_in_english(amount: Fraction | Decimal, places: int | None, text: str):
    with override("en"):
        assert numbers.signed_chips(amount, places) == text


def test_signed_chips_zero_mark_and_typographic_minus():
    with override("en"):
        assert numbers.signed_chips(Decimal("0.00"), 2, zero="±") == "±0"
        assert numbers.signed_chips(Fraction(-10), minus=numbers.MINUS) == "\u221210"
        # The zero mark goes before a zero only: a positive net keeps its plus.
        assert numbers.signed_chips(Fraction(5), zero="±") == "+5"


def test_chips_in_russian_use_the_decimal_comma_and_a_space_between_thousands():
    with override("ru"):
        assert numbers.chips(Fraction(15, 2)) == "7,5"
        assert numbers.chips(Decimal(1000)) == f"1{NBSP}000"
        assert numbers.signed_chips(Decimal("-1234.5"), 2) == f"\u22121{NBSP}234,50"


@pytest.mark.parametrize(
    ("value", "places", "trim", "text"),
    [
        (0.16, 3, False, "+0.160"),
        (-0.07725, 4, False, "\u22120.0773"),  # half away from zero, as floatformat rounds
        (Fraction(3, 2), 2, True, "+1.50"),
        (Fraction(-1), 2, True, "\u22121"),
        (Fraction(9, 8), 2, True, "+1.13"),
        (Decimal("0"), 2, True, "0"),
        (Decimal("2"), 2, False, "+2.00"),
    ],
)
def test_signed_bets(value: float | Fraction | Decimal, places: int, trim: bool, text: str):
    with override("en"):
        assert numbers.signed_bets(value, places, trim=trim) == text


def test_a_value_rounding_to_zero_has_no_minus_sign():
    with override("en"):
        assert numbers.bets(-0.0004, 3) == "0.000"
        # signed() keeps the value's own sign, decided before rounding.
        assert numbers.signed_bets(-0.0004, 3) == "\u22120.000"


@pytest.mark.parametrize(
    ("lang", "probability", "places", "text"),
    [
        ("en", 0.4237, 0, "42"),
        ("en", 0.4237, 1, "42.4"),
        ("ru", 0.4237, 1, "42,4"),
        ("ru", Fraction(1, 3), 2, "33,33"),
        ("en", 0.285, 0, "29"),  # 28.5 rounds up, not to the even 28
    ],
)
def test_percent(lang: str, probability: float | Fraction, places: int, text: str):
    with override(lang):
        assert numbers.percent(probability, places) == text


SIGNED = Template('{% load web %}<span class="{{ x|sign_class }}">{{ x|signed }}</span>')


@pytest.mark.parametrize(
    ("value", "html"),
    [
        (Decimal("7.5"), '<span class="plus">+7.50</span>'),
        (Decimal("-10"), '<span class="minus">\u221210</span>'),
        (Decimal("0"), '<span class="">0</span>'),
        (Fraction(1000), '<span class="plus">+1,000</span>'),
        (None, '<span class=""></span>'),  # an unsettled net shows nothing
    ],
)
def test_signed_and_sign_class_filters(value: Decimal | Fraction | None, html: str):
    with override("en"):
        assert SIGNED.render(Context({"x": value})) == html


def test_signed_filter_marks_a_zero_when_asked():
    template = Template('{% load web %}{{ x|signed:"±" }}')
    with override("hr"):
        assert template.render(Context({"x": Decimal("0")})) == "±0"
        assert template.render(Context({"x": Decimal("-2.5")})) == "\u22122,50"


def test_a_negative_number_has_the_true_minus_sign():
    with override("en"):
        assert numbers.number(Decimal("-10")) == "\u221210"
        assert numbers.chips(Fraction(-15, 2)) == "\u22127.5"
    with override("ru"):
        assert numbers.number(Decimal("-1234.5"), 1) == f"\u22121{NBSP}234,5"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "0.514%"),
        ("sr-latn", "0,514%"),  # Serbian writes the sign right after the digits (CLDR "sr")
        ("hr", f"0,514{NBSP}%"),
        ("ru", f"0,514{NBSP}%"),
        ("bg", f"0,514{NBSP}%"),
    ],
)
def test_percentages_as_each_language_writes_them(lang: str, text: str):
    with override(lang):
        assert numbers.percent_sign(Decimal("0.514"), 3) == text
        assert Template("{% load web %}{{ x|percent:3 }}").render(Context({"x": 0.514})) == text


def test_a_negative_percentage_has_the_true_minus_sign():
    with override("en"):
        assert numbers.percent_sign(-0.40287, 3) == "\u22120.403%"


@pytest.mark.parametrize(
    ("lang", "net", "staked", "text"),
    [
        ("en", Decimal("15"), Decimal("10"), "You won 15 chips."),
        ("en", Decimal("1"), Decimal("1"), "You won 1 chip."),
        ("en", Decimal("-10"), Decimal("10"), "You lost 10 chips."),
        ("en", Decimal("7.5"), Decimal("5"), "You won 7.5 chips."),
        ("en", Decimal("0"), Decimal("10"), "Push: your 10 chips back."),
        ("en", Decimal("0"), None, "Even: no chips won or lost."),
        ("ru", Decimal("15"), Decimal("10"), "Вы выиграли 15 фишек."),
        ("ru", Decimal("21"), Decimal("14"), "Вы выиграли 21 фишку."),
        ("ru", Decimal("-2"), Decimal("2"), "Вы проиграли 2 фишки."),
        ("ru", Decimal("7.5"), Decimal("5"), "Вы выиграли 7,5 фишки."),  # genitive singular
        ("ru", Decimal("0"), Decimal("10"), "Ничья: вы получаете назад 10 фишек."),
        ("bg", Decimal("-10"), Decimal("10"), "Загубихте 10 жетона."),
        ("bg", Decimal("1"), Decimal("1"), "Спечелихте 1 жетон."),
        ("hr", Decimal("-10"), Decimal("10"), "Izgubili ste 10 žetona."),
        ("sr-latn", Decimal("21"), Decimal("14"), "Dobili ste 21 žeton."),
        ("sr-latn", Decimal("7.5"), Decimal("5"), "Dobili ste 7,5 žetona."),
    ],
)
def test_round_result_in_words_with_plural_forms(lang, net, staked, text):
    template = Template("{% load web %}{% round_result net staked %}")
    with override(lang):
        assert template.render(Context({"net": net, "staked": staked})) == text
