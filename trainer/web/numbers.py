"""Numbers as the site writes them, in the active language's format: chip amounts, EVs in
bets (units of the initial bet), percentages, with or without a sign.

The one home of number formatting for Python code and for the ``|signed`` template filter
(``trainer.web.templatetags.web``). Every function reads its value exactly (an ``int``, a
``Decimal``, a ``Fraction``; a ``float`` through its shortest decimal form, as Django's
``floatformat`` does) and rounds half away from zero, like ``floatformat``, so a number
written here and one written by ``floatformat`` in a template agree to the last digit. The
digits are grouped and the decimal mark chosen by the active language ("1,234.5" in
English, "1 234,5" in Russian, "1.234,5" in Croatian and Serbian). A negative number is
written with the true minus sign (U+2212), never the hyphen-minus; a percentage with the
percent sign placed as its language writes it (``percent_sign``).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Context, Decimal
from fractions import Fraction

from django.utils import formats
from django.utils.translation import get_language

type Number = int | float | Decimal | Fraction

# The typographic minus sign (U+2212): every negative number on the site is written with it
# (the hyphen-minus looks like a dash in running text and is shorter than the plus sign).
MINUS = "\u2212"
NBSP = "\u00a0"
# How each language writes the percent sign after a number (CLDR's percent patterns):
# English and Serbian (both scripts: "0,514%", as the Serbian orthography and CLDR "sr"
# write it) put it right after the digits; Russian, Bulgarian and Croatian after a no-break
# space ("0,514 %"). A language not listed writes it as English does.
PERCENT_SPACED = frozenset({"ru", "bg", "hr"})
# The default precision (28 digits) is too little for a Fraction's many digits or a large
# amount rounded to many places; quantize needs room for every digit it keeps.
_PRECISION = 60


def exact_decimal(value: Number) -> Decimal:
    """``value`` as a Decimal: exact for an int, a Decimal and a Fraction with a finite
    decimal expansion (others to 60 significant digits); a float from its shortest decimal
    form (``repr``), so 0.1 is 0.1 and not 0.1000000000000000055..., as in ``floatformat``."""
    if isinstance(value, Fraction):
        context = Context(prec=_PRECISION)
        return context.divide(Decimal(value.numerator), Decimal(value.denominator))
    if isinstance(value, float):
        # float.__repr__: a float subclass too (numpy writes "np.float64(...)")
        return Decimal(float.__repr__(value))
    return Decimal(value)


def _places_of(value: Decimal) -> int:
    """How many decimals the exact value has: 7.50 -> 1, 15 -> 0, 1E+3 -> 0."""
    exponent = value.normalize().as_tuple().exponent
    assert isinstance(exponent, int)  # a finite value, never NaN or infinity
    return max(0, -exponent)


def number(value: Number, places: int | None = None, *, trim: bool = False) -> str:
    """``value`` in the active language's format, grouped, with the minus sign U+2212 when
    it is negative (and none when it rounds to zero: "0.00", never "-0.00").

    ``places``: the decimals shown, rounded half away from zero; None shows the exact value
    with as many decimals as it has (7.5 -> "7.5", 15 -> "15"). ``trim``: a whole value
    shows no decimals ("15", not "15.00"), as ``floatformat`` with a negative argument
    ("-2") writes it; 7.5 with places 2 stays "7.50"."""
    exact = exact_decimal(value)
    if places is None or (trim and exact == exact.to_integral_value()):
        places = _places_of(exact) if places is None else 0
    rounded = exact.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP, Context(prec=_PRECISION))
    if not rounded:
        rounded = abs(rounded)  # -0.001 rounds to "0.00", not "-0.00"
    text = formats.number_format(abs(rounded), places, use_l10n=True, force_grouping=True)
    return MINUS + text if rounded < 0 else text


def signed(
    value: Number,
    places: int | None = None,
    *,
    trim: bool = False,
    minus: str = MINUS,
    zero: str = "",
) -> str:
    """``value`` with its sign: "+" when positive, ``minus`` when negative (U+2212 by
    default), ``zero`` before a zero ("" or "±"), then the size
    written by ``number(abs(value), places, trim=trim)``. The sign is the value's own,
    decided before rounding: 0.001 with two places is "+0.00"."""
    if value > 0:
        sign = "+"
    elif value < 0:
        sign = minus
    else:
        sign = zero
    return sign + number(exact_decimal(value).copy_abs(), places, trim=trim)


def chips(amount: Number, places: int | None = None) -> str:
    """A chip amount: a whole amount without decimals ("15", "1,000" in English, "1 000" in
    Russian), else the exact amount ("7.5", "7,5") or, given ``places``, rounded to that many
    decimals ("7.50")."""
    return number(amount, places, trim=True)


def signed_chips(
    amount: Number, places: int | None = None, *, minus: str = MINUS, zero: str = ""
) -> str:
    """A chip net with its sign, written as ``chips`` writes the amount: "+15", "-10",
    "+7.50" (``places`` 2), "0" or "±0" (``zero`` "±"); ``minus`` as in ``signed``."""
    return signed(amount, places, trim=True, minus=minus, zero=zero)


def bets(value: Number, places: int, *, trim: bool = False) -> str:
    """An EV, a cost or a gain in bets (units of the initial bet) with ``places`` decimals:
    0.16 with 3 places -> "0.160" ("0,160" in Russian); ``trim`` as in ``number``."""
    return number(value, places, trim=trim)


def signed_bets(
    value: Number, places: int, *, trim: bool = False, minus: str = MINUS, zero: str = ""
) -> str:
    """An EV or a net in bets with its sign: 1.5 with 2 places -> "+1.50", -0.0772 with 4
    places -> "-0.0772"; with ``trim`` a whole value has no decimals ("-1", "0");
    ``minus`` and ``zero`` as in ``signed``."""
    return signed(value, places, trim=trim, minus=minus, zero=zero)


def percent(probability: Number, places: int = 0) -> str:
    """A probability (0 to 1) as a percentage with ``places`` decimals, without the "%" (the
    sentence around it places the sign as its language does): 0.4237 -> "42" (places 0),
    "42.4" in English and "42,4" in Russian (places 1)."""
    return number(exact_decimal(probability) * 100, places)


def percent_sign(value: Number, places: int) -> str:
    """A percentage (``value`` already in percent: 0.514 for 0.514 %) with ``places``
    decimals and the percent sign as the active language writes it: "0.514%" in English,
    "0,514%" in Serbian, "0,514 %" (a no-break space) in Russian, Bulgarian and Croatian;
    a negative value with U+2212 ("-0.403%")."""
    language = (get_language() or "en").lower()
    text = number(value, places)
    return text + (NBSP if language.split("-")[0] in PERCENT_SPACED else "") + "%"
