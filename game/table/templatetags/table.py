"""Template tags of the table for the pages that send people to it: the rule set page and
the rule pages offer "play these rules", which opens a new table (``game:new_session``).

The form is the table's: it alone knows whether the visitor has an open table to end (the
confirmation then says so) and how many chips a new table starts with, so the pages that
show it do not import the table's models.

And the table's own: ``{% chip_buttons chips stake %}``, the bet form's chip buttons."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django import template
from django.template.loader import get_template
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from game.table.models import START_BANKROLL, TableSession
from trainer.web.visitors import visitor_id

register = template.Library()


@register.inclusion_tag("table/play_form.html", takes_context=True)
def play_form(context: template.Context, variant: str, label: str, testid: str) -> dict[str, Any]:
    """The form that opens a new table playing ``variant`` (a preset or a custom rule set's
    variant string), its button saying ``label`` (``data-testid`` ``testid``); when the
    visitor has an open table, a confirmation that it will end."""
    request = context["request"]
    return {
        "variant": variant,
        "label": label,
        "testid": testid,
        "has_table": TableSession.open_table(visitor_id(request, create=False)) is not None,
        "start_bankroll": START_BANKROLL,
        "csrf_token": context.get("csrf_token"),
    }


@register.simple_tag
def start_bankroll() -> Decimal:
    """The chips a new table starts with."""
    return START_BANKROLL


# The chip buttons' HTML by language, kind of bet and chips: the same for every table.
_CHIP_BUTTONS: dict[tuple[str, bool, tuple[int, ...]], SafeString] = {}
_CHIP_BUTTONS_LOCK = threading.Lock()


@register.simple_tag
def chip_buttons(chips: Sequence[int], stake: bool = False) -> SafeString:
    """The bet form's chip buttons (the partial "chip-buttons" of templates/table/
    bet_chips.html) for ``chips``, titled for a stake or a bet: rendered once per
    language, kind of bet and chips, then kept in this process (a few dozen at most)."""
    key = (get_language() or "", bool(stake), tuple(chips))
    html = _CHIP_BUTTONS.get(key)
    if html is None:
        partial = get_template("table/bet_chips.html#chip-buttons")
        html = SafeString(partial.render({"chips": list(chips), "stake": stake}))
        with _CHIP_BUTTONS_LOCK:
            _CHIP_BUTTONS[key] = html
    return html
