"""factory-boy factories for the table app.

``TableSessionFactory`` makes a visitor's table (European variant, 1,000 chips). Give it a
scripted shoe with ``stacked=[...]`` (card codes in dealing order: player card, dealer upcard,
player card, dealer hole card, then every card drawn after the deal), or call
``stacked_shoe([...])`` for the JSON to store in ``shoe_state`` yourself.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import factory
from factory.django import DjangoModelFactory

from game.engine.cards import Card, Shoe
from game.engine.round import deal
from game.engine.rules import find_rules
from game.models import START_BANKROLL, RoundRecord, TableSession, to_decimal


def stacked_shoe(cards: Sequence[Card | str]) -> dict[str, Any]:
    """The ``shoe_state`` JSON of a shoe dealing exactly ``cards`` in order."""
    return Shoe.stacked_from(list(cards)).to_json()


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
    shoe_state = factory.LazyAttribute(
        lambda o: stacked_shoe(o.stacked) if o.stacked is not None else None
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
