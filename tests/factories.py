"""factory-boy factories for the table app.

``TableSessionFactory`` makes a visitor's table (European variant, 1,000 chips; an open one
ends the visitor's open table first, as New session does). Give it a
scripted shoe with ``stacked=[...]`` (card codes in dealing order: player card, dealer upcard,
player card, dealer hole card, then every card drawn after the deal), or store
``casino_state(stacked_shoe([...]))`` in its ``state`` yourself (``next_shoe(table, [...])``
scripts the next round of a table that has played).

``BankerTableSessionFactory`` makes a table of the banker game "Двадцать одно" (seed 003):
three seats, the person at the second (index 1), the bank at seat 0. Script its shoe with
``stacked=banker_stack(...)`` (each seat's two dealt cards and the draws, put in deal order).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import factory
from django.db import models
from django.utils import timezone
from factory.django import DjangoModelFactory

from game.engine.banker import deal_order, new_table
from game.engine.banker_game import FIRST_BANKER as FIRST_BANKER_SEAT
from game.engine.cards import Card, Shoe, standard_deck
from game.engine.round import deal
from game.engine.variants import find_rules
from game.table.models import START_BANKROLL, RoundRecord, TableSession, to_decimal


def stacked_shoe(cards: Sequence[Card | str]) -> dict[str, Any]:
    """The JSON of a shoe dealing exactly ``cards`` in order."""
    return Shoe.stacked_from(list(cards)).to_json()


def casino_state(shoe: dict[str, Any] | None, rnd: dict[str, Any] | None = None) -> dict[str, Any]:
    """A casino table's ``state`` (game/engine/casino_game.py): the shoe the next round deals
    from (JSON) and the round in play or the last one settled (JSON, or None)."""
    return {"game": "casino", "shoe": shoe, "round": rnd}


def next_shoe(table: TableSession, cards: Sequence[Card | str]) -> None:
    """Script the next round of a casino table: a shoe dealing ``cards`` in order replaces
    the one the next round would deal from (the last round is kept); saved at once."""
    state = casino_state(stacked_shoe(cards), (table.state or {}).get("round"))
    TableSession.objects.filter(pk=table.pk).update(state=state)
    table.state = state


class TableSessionFactory(DjangoModelFactory):
    """A table with 1,000 chips and no round dealt yet.

    ``TableSessionFactory(stacked=["TS", "6D", "9C", "QH", "TD"])`` scripts the shoe.
    """

    class Meta:
        model = TableSession
        skip_postgeneration_save = True

    class Params:
        stacked = None

    visitor = factory.LazyFunction(uuid.uuid4)
    variant = "european"
    bankroll = START_BANKROLL
    state = factory.LazyAttribute(
        lambda o: casino_state(stacked_shoe(o.stacked)) if o.stacked is not None else None
    )

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        # A visitor has one open table (a database constraint): an open table made for a
        # visitor ends the visitor's open one first, as New session does.
        if kwargs.get("ended_at") is None:
            model_class.objects.filter(visitor=kwargs["visitor"], ended_at__isnull=True).update(
                ended_at=timezone.now(), version=models.F("version") + 1
            )
        return super()._create(model_class, *args, **kwargs)


def banker_stack(
    seats: int,
    hands: dict[int, Sequence[str]],
    draws: Sequence[str] = (),
    *,
    banker: int = FIRST_BANKER_SEAT,
) -> list[str]:
    """The cards of one banker-game deal in the order the shoe deals them: each seat's two
    dealt cards (``hands[seat]``) one at a time from the banker's left, the banker last, twice
    round (seed 003, rule 4); then ``draws`` in the order they will be drawn."""
    order = deal_order(seats, banker)
    return [hands[s][0] for s in order] + [hands[s][1] for s in order] + list(draws)


def banker_state(
    seats: int,
    stacked: Sequence[Card | str],
    *,
    banker: int = FIRST_BANKER_SEAT,
    pad: bool = True,
) -> dict[str, Any]:
    """The ``state`` of a banker-game table before its first deal, its shoe
    dealing ``stacked`` first. ``pad`` fills the shoe up to 104 cards with whole decks in
    order, so the talia goes on; without it the talia ends once fewer than ``seats * 5``
    cards are left (the bank then passes to the left)."""
    cards = [c if isinstance(c, Card) else Card.parse(c) for c in stacked]
    if pad:
        deck = standard_deck()
        while len(cards) < 104:
            cards.append(deck[len(cards) % len(deck)])
    table = new_table(
        seats,
        banker,
        shoe=Shoe.stacked_from(cards),
        min_stake=TableSession.MIN_BET,
        max_stake=TableSession.MAX_BET,
    )
    return {"game": "banker", "table": table.to_json(), "deal": None}


class BankerTableSessionFactory(TableSessionFactory):
    """A banker-game table ("dvadtsat-odno") with 1,000 chips: ``seat_count`` seats (3), the
    person at ``human_seat`` (1), the bank at ``banker`` (0, an AI seat), no deal yet.

    ``BankerTableSessionFactory(stacked=banker_stack(3, {...}, [...]))`` scripts the shoe
    (padded to 104 cards unless ``pad=False``); without it the first deal shuffles."""

    class Params:
        stacked = None
        banker = FIRST_BANKER_SEAT
        pad = True

    variant = "dvadtsat-odno"
    seat_count = 3
    human_seat = 1
    state = factory.LazyAttribute(
        lambda o: (
            banker_state(o.seat_count, o.stacked, banker=o.banker, pad=o.pad)
            if o.stacked is not None
            else None
        )
    )


class RoundRecordFactory(DjangoModelFactory):
    """A settled round of a table: by default the player's T,9 stands against the dealer's
    6,T which draws a 5 (21): a 10-chip loss."""

    class Meta:
        model = RoundRecord

    class Params:
        cards = ("TS", "6D", "9C", "TH", "5C")
        settled_round = factory.LazyAttribute(
            lambda o: deal(
                find_rules("european"), [o.bet_amount], Shoe.stacked_from(list(o.cards))
            ).apply("stand")
        )
        bet_amount = 10

    table = factory.SubFactory(TableSessionFactory)
    number = factory.Sequence(lambda n: n + 1)
    bet = factory.LazyAttribute(lambda o: Decimal(o.bet_amount))
    staked = factory.LazyAttribute(lambda o: to_decimal(o.settled_round.staked))
    net = factory.LazyAttribute(lambda o: to_decimal(o.settled_round.net))
    bankroll_after = factory.LazyAttribute(lambda o: o.table.bankroll + o.net)
    state = factory.LazyAttribute(lambda o: o.settled_round.to_json())
