"""Reading and driving the table's pages in tests: its URLs, HTMX posts of a deal and an
action, the texts, buttons, nets and bankroll a page shows, and a table re-read or
snapshotted to compare before and after a request."""

from __future__ import annotations

import re
from decimal import Decimal

from django.test import Client

from game.table.models import TableSession
from tests.helpers import HX


def page_url(table: TableSession, lang: str = "en") -> str:
    return f"/{lang}/table/{table.public_id}/"


def deal_url(table: TableSession) -> str:
    return f"/en/table/{table.public_id}/deal/"


def act_url(table: TableSession) -> str:
    return f"/en/table/{table.public_id}/act/"


def fresh(table: TableSession) -> TableSession:
    return TableSession.objects.get(pk=table.pk)


def snapshot(table: TableSession) -> tuple:
    """What a refused request must leave unchanged."""
    t = fresh(table)
    return (t.version, t.bankroll, t.state, t.rounds_played, t.last_bet)


def hx_deal(client: Client, table: TableSession, bet="10", version=None):
    version = fresh(table).version if version is None else version
    return client.post(deal_url(table), {"bet": bet, "version": version}, headers=HX)


def hx_act(client: Client, table: TableSession, action: str, version=None):
    version = fresh(table).version if version is None else version
    return client.post(act_url(table), {"action": action, "version": version}, headers=HX)


def text(response) -> str:
    return response.content.decode()


def action_buttons(html: str) -> list[str]:
    return re.findall(r'name="action" value="(\w+)"', html)


def hand_nets(html: str) -> list[Decimal]:
    """Each hand's net as the page writes it ("+15", "-10" with U+2212), as numbers."""
    return [
        Decimal(v.replace(",", "").replace("\u2212", "-"))
        for v in re.findall(r'data-testid="hand-net">\+?(\u2212?[\d,.]+)<', html)
    ]


def shown_bankroll(html: str) -> Decimal:
    match = re.search(r'data-testid="bankroll">([^<]+)<', html)
    assert match, "no bankroll on the page"
    return Decimal(match.group(1).replace(",", ""))


def hole_card_forms(html: str) -> dict[str, bool]:
    """Each way templates/web/card.html can show the queen of hearts."""
    return {
        "data-card": 'data-card="QH"' in html,
        "name": "Queen of hearts" in html,
        "corner": "Q<br>\u2665" in html,
    }


def without_csrf_tokens(html: str) -> str:
    """The page less its CSRF tokens (random letters that could spell "QH" by chance): any
    run of 40 or more letters and digits, however the token is quoted or escaped."""
    return re.sub(r"[A-Za-z0-9]{40,}", "", html)
