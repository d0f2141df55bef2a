"""Stakes the bankroll cannot cover (issue 10): an empty or missing amount of a double for
less or of an insurance for less means the full amount, every stake is checked against the
chips available before anything changes, and the bankroll never goes below zero."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest

from game.engine.round import _after_insurance
from game.table.models import TableSession
from tests.factories import TableSessionFactory
from tests.helpers import HX, client_for
from tests.table.pages import (
    act_url,
    action_buttons,
    fresh,
    hx_deal,
    snapshot,
    text,
)

pytestmark = pytest.mark.django_db

# Croatian (seed 001, no hole card): player 5,6 (11) against a ten; then the double's card (9)
# and the dealer's second card and draws.
ELEVEN_V_TEN = ["5S", "TD", "6C", "9H", "7D", "2C", "3S"]
# Croatian: player T,6 against an ace (insurance for less is offered), then cards to play on.
SIXTEEN_V_ACE = ["TS", "AD", "6C", "7H", "9D", "2C", "3S", "4H"]


def error(html: str) -> str | None:
    match = re.search(r'<li class="message error">([^<]*)</li>', html)
    return match.group(1) if match else None


def post_act(client, table: TableSession, data: dict, lang: str = "en"):
    return client.post(
        act_url(table).replace("/en/", f"/{lang}/"),
        {**data, "version": fresh(table).version},
        headers=HX,
    )


@pytest.mark.parametrize("amount", ["", " \t", None], ids=["empty", "blank", "missing"])
def test_double_with_no_amount_is_the_full_double_and_refused_when_unaffordable(amount) -> None:
    """Bankroll 15, bet 10, 5,6 v T: a double with no amount is a double of 10 chips, which
    the 5 chips left cannot cover: refused inline, nothing changes (the old code staked 20
    and left the bankroll at -5)."""
    table = TableSessionFactory(variant="croatian", stacked=ELEVEN_V_TEN, bankroll=Decimal(15))
    client = client_for(table)
    hx_deal(client, table, bet="10")
    post_act(client, table, {"action": "no_surrender"})  # Croatian: the surrender phase
    assert "double" in action_buttons(text(client.get(f"/en/table/{table.public_id}/")))
    before = snapshot(table)
    data = {"action": "double"} if amount is None else {"action": "double", "amount": amount}
    html = text(post_act(client, table, data))
    assert error(html) == (
        "Not enough chips for the full amount of 10: you have 5 left. Enter a smaller amount."
    )
    assert snapshot(table) == before
    assert fresh(table).in_play == Decimal(10)
    # A double for the 5 chips left goes through: 11 + 9 = 20 against T,7 (17) wins 15.
    html = text(post_act(client, table, {"action": "double", "amount": "5"}))
    assert error(html) is None
    after = fresh(table)
    assert not after.round_in_play
    assert after.bankroll == Decimal(30)


def test_double_with_no_amount_doubles_the_bet_when_affordable() -> None:
    table = TableSessionFactory(variant="croatian", stacked=ELEVEN_V_TEN, bankroll=Decimal(20))
    client = client_for(table)
    hx_deal(client, table, bet="10")
    post_act(client, table, {"action": "no_surrender"})
    html = text(post_act(client, table, {"action": "double", "amount": ""}))
    assert error(html) is None
    assert fresh(table).game.round.hands[0].bet == 20
    assert fresh(table).bankroll == Decimal(40)


@pytest.mark.parametrize("amount", ["", "  ", None], ids=["empty", "blank", "missing"])
def test_insurance_with_no_amount_is_half_the_bet_and_refused_when_unaffordable(amount) -> None:
    """Bankroll 12, bet 10, T,6 v A: insurance with no amount is 5 chips, more than the 2
    left: refused inline and nothing changes; the table still takes a decision (the old
    code insured 5 and then offered no action and no deal)."""
    table = TableSessionFactory(variant="croatian", stacked=SIXTEEN_V_ACE, bankroll=Decimal(12))
    client = client_for(table)
    html = text(hx_deal(client, table, bet="10"))
    assert action_buttons(html) == ["insurance", "no_insurance"]
    before = snapshot(table)
    data = {"action": "insurance"} if amount is None else {"action": "insurance", "amount": amount}
    html = text(post_act(client, table, data))
    assert error(html) == (
        "Not enough chips for the full amount of 5: you have 2 left. Enter a smaller amount."
    )
    assert snapshot(table) == before
    assert action_buttons(html) == ["insurance", "no_insurance"]
    # Insure the 2 chips left, then the hand still has its choices.
    html = text(post_act(client, table, {"action": "insurance", "amount": "2"}))
    assert error(html) is None
    table = fresh(table)
    assert table.in_play == Decimal(12) and table.available == 0
    assert action_buttons(html) == ["hit", "stand"]
    html = text(post_act(client, table, {"action": "stand"}))
    assert error(html) is None
    table = fresh(table)
    # 16 against A,7 (soft 18): the hand loses 10 and the insurance 2.
    assert not table.round_in_play
    assert table.bankroll == Decimal(0)


def test_message_in_the_persons_language() -> None:
    table = TableSessionFactory(variant="croatian", stacked=ELEVEN_V_TEN, bankroll=Decimal(15))
    client = client_for(table)
    hx_deal(client, table, bet="10")
    post_act(client, table, {"action": "no_surrender"})
    html = text(post_act(client, table, {"action": "double", "amount": ""}, lang="hr"))
    assert error(html) == (
        "Nemate dovoljno žetona za puni iznos od 10: ostalo vam je 5. Unesite manji iznos."
    )


def test_a_table_left_overspent_by_the_old_code_still_offers_its_free_actions() -> None:
    """A round stored with more on the table than the bankroll (what the old code left)
    still offers hit and stand, so the round can end and the table is not frozen."""
    table = TableSessionFactory(variant="croatian", stacked=SIXTEEN_V_ACE, bankroll=Decimal(12))
    client = client_for(table)
    hx_deal(client, table, bet="10")
    rnd = fresh(table).game.round
    overspent = replace(rnd, hands=(replace(rnd.hands[0], insurance=Fraction(5)),))
    TableSession.objects.filter(pk=table.pk).update(
        state={**fresh(table).state, "round": _after_insurance(overspent).to_json()}
    )
    html = text(client.get(f"/en/table/{table.public_id}/", headers=HX))
    assert action_buttons(html) == ["hit", "stand"]
    post_act(client, table, {"action": "stand"})
    assert not fresh(table).round_in_play
