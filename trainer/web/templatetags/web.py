"""The presentation pieces every page writes the same way: ``{% load web %}``.

- ``{% card card %}``: one face-up card.
- ``{% ev_list options places=4 testid="evs" label=... %}``: every play's EV, best and
  chosen marked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template

register = template.Library()


@register.inclusion_tag("web/card.html")
def card(card: Mapping[str, Any]) -> dict[str, Any]:
    """One face-up card, from a ``game.table_view.card_view`` dict: ``rank`` ("10", "K"),
    ``suit`` (the symbol), ``suit_code`` ("H"), ``red`` and ``name`` (the spoken name, the
    image's aria-label). Renders ``templates/web/card.html``: a ``div.card`` (``.red`` for
    hearts and diamonds) with ``data-card`` "<rank><suit_code>" ("10S", "QH")."""
    return {"card": card}


@register.inclusion_tag("web/ev_list.html")
def ev_list(
    options: Iterable[Mapping[str, Any]], places: int = 4, testid: str = "", label: str = ""
) -> dict[str, Any]:
    """Every play's expected value in bets (units of the initial bet), shown with
    ``places`` decimals: ``options`` are dicts of ``label``, ``ev``, ``best``, ``chosen``
    and ``value`` (the action, as ``data-action``); ``testid`` becomes the list's
    ``data-testid`` and ``label`` its ``aria-label`` when given."""
    return {"options": options, "places": places, "testid": testid, "label": label}
