"""In Chromium (issue 10): one deck at a seven-seat table, the shoe 36 cards in. The deal
takes its last 16 cards, the AI seats' first hit empties it: the dealer shuffles the
discards, the table says so, and the round plays to its end."""

# ruff: noqa: RUF001
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from game.engine.cards import Shoe
from game.engine.rules import EUROPEAN
from game.rulesets.models import RuleSet
from game.table.models import TableSession
from tests.e2e.htmx import wait_until_idle
from tests.e2e.tables import open_table
from tests.e2e.test_table import TIMEOUT, deal_by_click, screenshot
from tests.factories import casino_state

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_shoe_runs_out_mid_round_and_the_dealer_shuffles_the_discards(
    live_server, page, analysed
) -> None:
    ruleset = RuleSet.save_rules(EUROPEAN.with_overrides({"decks": 1}), "european")
    analysed(ruleset.rules)
    shuffled = Shoe.shuffled(1, 0.75, rng=random.Random(36))
    public_id = open_table(page, live_server.url, "ru")
    TableSession.objects.filter(public_id=public_id).update(
        variant=ruleset.variant,
        seat_count=7,
        human_seat=3,
        state=casino_state(
            Shoe(cards=shuffled.cards, position=36, cut=shuffled.cut, decks=1).to_json()
        ),
    )
    page.reload()
    wait_until_idle(page)
    deal_by_click(page)
    note = page.locator("[data-testid=reshuffle-note]")
    expect(note).to_have_text(
        "В этом раунде карты закончились: дилер перетасовал отбой и продолжил раздачу."
    )
    while not page.locator("[data-testid=round-result]").count():
        wait_until_idle(page)
        page.locator("form.actions button.stand").click()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=round-result]')"
            " || !document.querySelector('.htmx-request')",
            timeout=TIMEOUT,
        )
    expect(note).to_be_visible()
    expect(page.locator("form button.deal")).to_be_visible()
    screenshot(page, "table-ru-one-deck-reshuffled")
