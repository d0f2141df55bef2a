"""One deck at a full table (issue 10): the shoe runs out in the middle of rounds, the
dealer shuffles the discards and plays on. Through the views, many rounds: never a 500,
never a table without an action or a deal, and no response shows a card of the shoe before
it is dealt face up."""

from __future__ import annotations

import random
import re

import pytest

from game.engine.cards import Card, Shoe, standard_deck
from game.engine.rules import EUROPEAN
from game.rulesets.models import RuleSet
from game.table.models import TableSession
from tests.engine.strategy.test_counter import LAST_SIX
from tests.factories import TableSessionFactory, casino_state
from tests.helpers import client_for
from tests.table.pages import action_buttons, fresh, hx_act, hx_deal, text

pytestmark = pytest.mark.django_db

ROUNDS = 25


def data_card(card: Card) -> str:
    """How templates/web/card.html names a face-up card."""
    return f'data-card="{card.rank.label}{card.suit.value}"'


def not_yet_face_up(table: TableSession) -> list[Card]:
    """The live shoe's undealt cards and, while it is down, the hole card (one deck: every
    card is unique, so none of them may be on any page)."""
    rnd = table.game.round
    if table.round_in_play:
        return [*rnd.shoe.cards[rnd.shoe.position :], *rnd.dealer[len(rnd.dealer_visible) :]]
    shoe = table.game.shoe
    assert shoe is not None
    return list(shoe.cards[shoe.position :])


def check_response(response, table: TableSession) -> str:
    assert response.status_code == 200
    html = text(response)
    assert "message error" not in html, re.findall(r'message error">([^<]*)<', html)
    table = fresh(table)
    for card in not_yet_face_up(table):
        assert data_card(card) not in html, f"{card} shown before it was dealt"
    if table.round_in_play:
        assert action_buttons(html), "a round in play with no action offered"
    else:
        assert 'name="bet"' in html, "a settled round with no deal offered"
    return html


@pytest.mark.parametrize(
    "position",
    [
        # 16 cards left, no fewer than the 13 the cut card leaves, so the table deals from
        # the shoe: seven hands and the dealer take all 16, the first hit empties it.
        pytest.param(36, id="runs-out-at-the-first-hit"),
        # 14 left: the deal itself runs the shoe out.
        pytest.param(38, id="runs-out-in-the-deal"),
    ],
)
def test_one_deck_seven_seats_plays_many_rounds_through_empty_shoes(position, analysed) -> None:
    ruleset = RuleSet.save_rules(EUROPEAN.with_overrides({"decks": 1}), "european")
    analysed(ruleset.rules)
    shoe = Shoe.shuffled(1, 0.75, rng=random.Random(position))
    shoe = Shoe(cards=shoe.cards, position=position, cut=shoe.cut, decks=1)
    table = TableSessionFactory(
        variant=ruleset.variant,
        seat_count=7,
        human_seat=3,
        ai_level="easy",
        state=casino_state(shoe.to_json()),
    )
    client = client_for(table)
    choose = random.Random(2024)
    reshuffled = []
    for _ in range(ROUNDS):
        html = check_response(hx_deal(client, table, bet="5"), table)
        steps = 0
        while fresh(table).round_in_play:
            # Mostly hits: long hitting streaks run the shoe down.
            offered = action_buttons(html)
            action = "hit" if "hit" in offered and choose.random() < 0.7 else choose.choice(offered)
            html = check_response(hx_act(client, table, action), table)
            steps += 1
            assert steps < 60
        reshuffled.append('data-testid="reshuffle-note"' in html)
        rnd = fresh(table).game.round
        # The settled round's cards: none twice (one deck), the carried ones included.
        held = [c for h in rnd.hands for c in h.cards] + list(rnd.dealer)
        assert len(set(held)) == len(held)
    table = fresh(table)
    assert table.rounds_played == ROUNDS
    assert reshuffled[0]  # the scripted first round (its cards and choices are fixed)
    assert table.bankroll == 1000 + sum(r.net for r in table.records.all())


def test_the_counter_says_when_too_few_cards_are_unseen(analysed) -> None:
    """One deck with 46 cards seen: the counter's advice (HTMX, and the page without
    JavaScript) says the unseen cards are too few, instead of a 500."""
    ruleset = RuleSet.save_rules(EUROPEAN.with_overrides({"decks": 1}), "european")
    analysed(ruleset.rules)
    seen = [c for c in standard_deck() if c.code not in LAST_SIX]
    shoe = Shoe(cards=(*seen, *map(Card.parse, LAST_SIX)), position=46, cut=52, stacked=True)
    table = TableSessionFactory(variant=ruleset.variant, state=casino_state(shoe.to_json()))
    client = client_for(table)
    assert action_buttons(text(hx_deal(client, table, bet="5"))) == ["hit", "stand", "double"]
    note = "Only 3 cards are still unseen: too few for the count to value your plays."
    advice = client.get(f"/en/table/{table.public_id}/counter/", headers={"HX-Request": "true"})
    assert advice.status_code == 200 and note in text(advice)
    page = client.get(f"/ru/table/{table.public_id}/?counter=1")
    assert page.status_code == 200
    assert "Ещё не видны только 3 карты" in text(page)
