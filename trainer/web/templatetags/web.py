"""The presentation pieces every page writes the same way: ``{% load web %}``.

- ``{% card card %}``: one face-up card.
- ``{% ev_list options places=4 testid="evs" label=... %}``: every play's EV, best and
  chosen marked.
- ``{{ net|signed }}``, ``{{ net|signed:"±" }}``: a chip net with its sign;
  ``{{ net|sign_class }}``: the CSS class that colours it.
- ``{{ value|percent:3 }}``: a percentage as the language writes it ("0.514%", "0,514 %").
- ``{% round_result net staked %}``: "You won 15 chips." with the language's plural forms.
- ``{{ bet|chip_stack }}``: the chips that make up a bet, for its picture on the felt.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django import template
from django.template.loader import get_template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext, npgettext, pgettext

from trainer.web import numbers

register = template.Library()

# Chip nets at the table show two decimals when they are not whole ("+7.50"), as the
# templates wrote them with floatformat:"-2g" before this filter.
NET_PLACES = 2


# Each card's HTML as templates/web/card.html renders it, by its view's values (at most the
# 52 cards in each language): a felt shows several cards a request, each the same every time.
_CARD_HTML: dict[tuple[Any, ...], str] = {}


@register.simple_tag
def card(card: Mapping[str, Any]) -> str:
    """One face-up card, from a ``game.table.presenters.card_view`` dict: ``rank`` ("10", "K"),
    ``suit`` (the symbol), ``suit_code`` ("H"), ``red`` and ``name`` (the spoken name, the
    image's aria-label). Renders ``templates/web/card.html``: a ``div.card`` (``.red`` for
    hearts and diamonds) with ``data-card`` "<rank><suit_code>" ("10S", "QH"); once for each
    card and name, then kept (``_CARD_HTML``)."""
    key = (card["rank"], card["suit"], card["suit_code"], bool(card["red"]), str(card["name"]))
    html = _CARD_HTML.get(key)
    if html is None:
        html = get_template("web/card.html").render({"card": card})
        _CARD_HTML[key] = html
    return mark_safe(html)  # the template escaped every value


@register.inclusion_tag("web/ev_list.html")
def ev_list(
    options: Iterable[Mapping[str, Any]], places: int = 4, testid: str = "", label: str = ""
) -> dict[str, Any]:
    """Every play's expected value in bets (units of the initial bet), shown with
    ``places`` decimals: ``options`` are dicts of ``label``, ``ev``, ``best``, ``chosen``
    and ``value`` (the action, as ``data-action``); ``testid`` becomes the list's
    ``data-testid`` and ``label`` its ``aria-label`` when given. A negative EV is written
    with the true minus sign (U+2212), a positive one without a sign, as the EV lists
    always read."""
    shown = [{**option, "ev_text": ev_text(option["ev"], places)} for option in options]
    return {"options": shown, "places": places, "testid": testid, "label": label}


def ev_text(ev: float, places: int) -> str:
    """An EV in bets with ``places`` decimals in the active language's format, with the true
    minus sign (U+2212) before a negative one that does not round to zero: -0.1166 with 4
    places is U+2212 then "0.1166"."""
    text = numbers.number(abs(ev), places)
    return f"{numbers.MINUS}{text}" if ev < 0 and text.strip("0.,") else text


def _number(value: object) -> Decimal | Fraction | int | float | None:
    """The value when it is a number; None for anything else (a missing variable is "" in
    a template, an unsettled net None), which the filters write as nothing, as
    ``floatformat`` does."""
    if isinstance(value, bool):
        return None
    return value if isinstance(value, Decimal | Fraction | int | float) else None


@register.filter
def signed(value: object, zero: str = "") -> str:
    """A chip net with its sign, as the table shows it: "+15", "-10" (U+2212), "+7.50" (two decimals
    unless whole, grouped in the active language's format), "0"; ``zero`` goes before a
    zero ("±" writes "±0"). Nothing for a value that is not a number."""
    amount = _number(value)
    if amount is None:
        return ""
    return numbers.signed_chips(amount, NET_PLACES, zero=zero)


@register.filter
def sign_class(value: object) -> str:
    """The CSS class of a net: "plus" above zero, "minus" below, "" for zero or a value that
    is not a number."""
    amount = _number(value)
    if amount is None or amount == 0:
        return ""
    return "plus" if amount > 0 else "minus"


@register.filter
def bets(value: object, places: int = 4) -> str:
    """An EV (or any amount in bets, units of the initial bet) with ``places`` decimals in
    the active language's format, a negative one with U+2212: "-0.5000". Nothing for a
    value that is not a number, a dash for one that is not finite (a value not defined)."""
    amount = _number(value)
    if amount is None:
        return ""
    if isinstance(amount, float) and not math.isfinite(amount):
        return "\u2013"  # an en dash, as the review writes a missing number
    return numbers.bets(amount, int(places))


@register.filter
def percent(value: object, places: int = 0) -> str:
    """A percentage (the value already in percent) with ``places`` decimals and the percent
    sign as the active language writes it (``numbers.percent_sign``): "0.514%", "0,514 %".
    Nothing for a value that is not a number."""
    amount = _number(value)
    if amount is None:
        return ""
    return numbers.percent_sign(amount, int(places))


def _whole(amount: Decimal) -> bool:
    return amount == amount.to_integral_value()


@register.simple_tag
def round_result(net: object, staked: object = None) -> str:
    """The person's result of a settled round in a sentence of the active language, with
    its plural form: "You won 15 chips.", "You lost 1 chip.", "Push: your 10 chips back."
    (a net of zero, given what was ``staked``; without it "Even: no chips won or lost.").
    A fractional amount (double for less, a 3:2 payout on an odd bet: "7.5") takes the
    form each language uses after a decimal number (Russian "7,5 фишки", the genitive
    singular), not a plural form chosen by its integer part. Nothing for a net that is not
    a number."""
    value = _number(net)
    if value is None:
        return ""
    amount = numbers.exact_decimal(value).copy_abs()
    chips = numbers.chips(amount)
    whole = _whole(amount)
    count = int(amount)
    if value > 0:
        if whole:
            text = ngettext("You won %(chips)s chip.", "You won %(chips)s chips.", count)
        else:
            text = pgettext("a fractional number of chips", "You won %(chips)s chips.")
    elif value < 0:
        if whole:
            text = ngettext("You lost %(chips)s chip.", "You lost %(chips)s chips.", count)
        else:
            text = pgettext("a fractional number of chips", "You lost %(chips)s chips.")
    else:
        stake = _number(staked)
        if stake is None or stake <= 0:
            return gettext("Even: no chips won or lost.")
        amount = numbers.exact_decimal(stake)
        chips = numbers.chips(amount)
        if _whole(amount):
            text = npgettext(
                "round result",
                "Push: your %(chips)s chip back.",
                "Push: your %(chips)s chips back.",
                int(amount),
            )
        else:
            text = pgettext("a fractional number of chips", "Push: your %(chips)s chips back.")
    return text % {"chips": chips}


# The chip values a bet is drawn with on the felt, largest first (the table's chips, and a
# plain 1 for what they leave); at most STACK_MAX chips are drawn, the largest ones.
STACK_VALUES = (500, 100, 25, 5, 1)
STACK_MAX = 8


@register.filter
def chip_stack(value: object) -> list[int]:
    """The chips of a bet for its picture, largest value first: 60 -> [25, 25, 5, 5]; the
    fewest chips that make the whole part of the amount (a fraction is not drawn), at most
    STACK_MAX of them. An empty list for a value that is not a positive number."""
    amount = _number(value)
    if amount is None or amount <= 0:
        return []
    rest = int(amount)
    stack: list[int] = []
    for chip in STACK_VALUES:
        count, rest = divmod(rest, chip)
        stack.extend([chip] * count)
    return stack[:STACK_MAX]
