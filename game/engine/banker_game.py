"""The banker game "Двадцать одно" (seed 003) as a table keeps it between requests:
``BankerGame``, protocol.py's ``GameState`` for banker.py's ``BankerTable`` and ``BankerDeal``.

The state is the table between deals (the talia's shoe, the bank, the seats' running nets)
and the deal in play or the last one settled. A deal starts from the table's shoe; once it
is settled, ``record_deal`` adds the nets and, when the shoe can no longer hold a deal, ends
the talia (the bank passes left and the cards are shuffled afresh [2, 20, 21]). The bank
must be able to pay the worst case of a deal (``BANK_COVER``); the AI seats play by the
policies the caller passes (banker_players.py's levels), each on its seat's ``observe``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from game.engine.banker import (
    BANKER_BUST_PAYS,
    MIN_SEATS,
    NATURAL_PAYS,
    BankerAction,
    BankerDeal,
    BankerObservation,
    BankerTable,
    deal_order,
    end_of_talia,
    legal_actions,
    new_table,
    next_deal,
    observe,
    record_deal,
)
from game.engine.banker import apply as apply_action
from game.engine.banker_players import BankerPolicy
from game.engine.cards import Shoe
from game.engine.errors import Reason
from game.engine.protocol import GameStateError, Setup
from game.engine.round import IllegalActionError, Round
from game.engine.rules import Rules

KIND = "banker"
# The bank opens at seat 0, the first seat of the table, and passes left after each talia.
FIRST_BANKER = 0
# The most a bank pays per chip staked: every punter paid twice the stake, for a punter's
# natural [13] or the banker's bust [20] (seed 003): the chips a bank must hold per chip
# staked against it.
BANK_COVER = max(NATURAL_PAYS, BANKER_BUST_PAYS)


@dataclass(frozen=True, slots=True)
class BankerGame:
    """A banker-game table's game: protocol.py's
    ``GameState[BankerAction, BankerObservation, BankerPolicy]``.

    - ``rules``: the table's rules (``Rules.game == "banker"``).
    - ``table``: the table between deals; while a deal is in play, the table it was dealt
      from (``record_deal`` needs it once the deal is settled).
    - ``current``: the deal in play or the last one settled; None before the first deal.
    """

    rules: Rules
    table: BankerTable
    current: BankerDeal | None = None

    min_seats: ClassVar[int] = MIN_SEATS

    # -- starting and storing ---------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, setup: Setup, shoe: Shoe | None = None) -> BankerGame:
        """A table before its first deal: ``setup.seats`` seats, the bank at seat 0, the
        setup's stake limits, ``shoe`` (None: two freshly shuffled decks). Raises
        InvalidTableError (INVALID_TABLE) for fewer than 2 seats or more than 7."""
        table = new_table(
            setup.seats,
            FIRST_BANKER,
            shoe=shoe,
            min_stake=setup.min_stake,
            max_stake=setup.max_stake,
        )
        return cls(rules=rules, table=table)

    @classmethod
    def from_json(cls, rules: Rules, setup: Setup, data: Mapping[str, Any]) -> BankerGame:
        """The state ``to_json`` wrote (its table keeps the seats and limits it was made
        with). Raises KeyError/ValueError on bad data (ValueError for another game's)."""
        if data.get("game") != KIND:
            raise ValueError(f"not the state of the banker game: {data.get('game')!r}")
        deal = data.get("deal")
        return cls(
            rules=rules,
            table=BankerTable.from_json(data["table"]),
            current=BankerDeal.from_json(deal) if deal else None,
        )

    def to_json(self) -> dict[str, Any]:
        """``{"game": "banker", "table": BankerTable JSON, "deal": BankerDeal JSON or
        None}``, face-down cards and shoe included (server only)."""
        return {
            "game": KIND,
            "table": self.table.to_json(),
            "deal": None if self.current is None else self.current.to_json(),
        }

    def record(self) -> dict[str, Any]:
        """The settled deal's JSON, its shoe cut after the cards dealt (the talia's next
        cards stay with the table). Raises GameStateError (NO_DEAL, DEAL_IN_PLAY) without a
        settled deal."""
        if self.current is None:
            raise GameStateError(Reason.NO_DEAL, "No deal has been dealt yet.")
        if not self.current.is_over:
            raise GameStateError(Reason.DEAL_IN_PLAY, "The deal is still in play.")
        return replace(self.current, shoe=self.current.shoe.dealt_part()).to_json()

    # -- reading ------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        """The number of seats."""
        return self.table.seats

    @property
    def in_play(self) -> bool:
        """A deal is dealt and not settled."""
        return self.current is not None and not self.current.is_over

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the deal waits for; None between deals."""
        return None if self.current is None else self.current.to_act

    @property
    def next_banker(self) -> int:
        """The seat that holds the bank in the next deal: the table's, or the next seat on
        the left when the shoe cannot hold a deal (only a scripted shoe starts so short:
        ``record_deal`` passes the bank on by itself)."""
        table = self.table
        return (table.banker + 1) % table.seats if table.talia_over else table.banker

    def stakers(self) -> tuple[int, ...]:
        """The punters of the next deal, in seat order: every seat but the bank [5]."""
        return tuple(sorted(deal_order(self.seats, self.next_banker)[:-1]))

    def cover(self, seat: int, stakes: Mapping[int, Fraction]) -> Fraction:
        """A punter's stake; for the bank, ``BANK_COVER`` times the punters' stakes (the
        worst case: every punter paid 2:1)."""
        if seat == self.next_banker:
            return BANK_COVER * sum((Fraction(s) for s in stakes.values()), Fraction(0))
        return Fraction(stakes.get(seat, 0))

    def legal(self, seat: int) -> tuple[BankerAction, ...]:
        """banker.py's ``legal_actions`` when ``seat`` is to act, else ()."""
        if self.current is None or self.to_act != seat:
            return ()
        return legal_actions(self.current)

    def offered(self, seat: int, chips: Fraction | None) -> tuple[BankerAction, ...]:
        """The legal actions: drawing and standing stake nothing."""
        return self.legal(seat)

    def chooses_amount(self, action: BankerAction) -> bool:
        """Never: no action of the banker game stakes chips."""
        return False

    def extra_stake(self, action: BankerAction, amount: Fraction | None) -> Fraction:
        """0: no action of the banker game stakes chips."""
        return Fraction(0)

    def stake(self, seat: int) -> Fraction:
        """The seat's stake in the current or last deal (0 for the bank, 0 before a deal)."""
        return Fraction(0) if self.current is None else self.current.hands[seat].stake

    def on_table(self, seat: int) -> Fraction:
        """The seat's stake: the only chips on the table (the bank's cover is not staked)."""
        return self.stake(seat)

    def net(self, seat: int) -> Fraction | None:
        """The seat's net in chips once the deal is settled."""
        if self.current is None or not self.current.is_over:
            return None
        return self.current.hands[seat].net

    def observe(self, seat: int) -> BankerObservation | None:
        """banker.py's ``observe`` of the current or last deal; None before the first."""
        return None if self.current is None else observe(self.current, seat)

    def advisable(self, seat: int) -> Round | None:
        """None: no casino round here. The banker game's decisions are graded from the
        seat's ``observe`` (strategy/banker_grading.py)."""
        return None

    # -- changing ---------------------------------------------------------------------------
    def ready_to_deal(self) -> None:
        """Raise GameStateError (DEAL_IN_PLAY) while a deal is in play."""
        if self.in_play:
            raise GameStateError(
                Reason.DEAL_IN_PLAY, "Finish the deal in play before dealing a new one."
            )

    def deal(self, stakes: Mapping[int, Fraction]) -> BankerGame:
        """The next deal, every punter staking ``stakes[seat]`` (banker.py ``next_deal``),
        after ``end_of_talia`` when the shoe cannot hold a deal. Raises GameStateError
        (DEAL_IN_PLAY) while a deal is in play; InvalidStakeError as ``next_deal``."""
        self.ready_to_deal()
        table = end_of_talia(self.table) if self.table.talia_over else self.table
        return self._with(table, next_deal(table, stakes))

    def ready_to_act(self) -> None:
        """Raise GameStateError before the first deal (NO_DEAL) or after the deal (DEAL_OVER)."""
        if self.current is None:
            raise GameStateError(Reason.NO_DEAL, "No deal is in play yet: deal first.")
        if self.current.is_over:
            raise GameStateError(
                Reason.DEAL_OVER, "The deal is over; the next deal starts with new stakes."
            )

    def parse_action(self, text: str) -> BankerAction:
        """The BankerAction of ``text``. Raises IllegalActionError (UNKNOWN_ACTION)."""
        try:
            return BankerAction(text)
        except ValueError:
            raise IllegalActionError(
                Reason.UNKNOWN_ACTION, f"{text!r} is not an action: draw or stand."
            ) from None

    def apply(self, seat: int, action: BankerAction, amount: Fraction | None = None) -> BankerGame:
        """banker.py's ``apply`` for ``seat`` (``amount`` is ignored: nothing is staked).
        Raises GameStateError as ``ready_to_act``, IllegalActionError as banker.py's
        ``apply`` (NOT_YOUR_TURN for a seat not to act)."""
        self.ready_to_act()
        assert self.current is not None
        return self._with(self.table, apply_action(self.current, action, seat=seat))

    def play_ai(self, policies: Mapping[int, BankerPolicy]) -> BankerGame:
        """Let every seat to act that has a policy play, each on its own observation, until
        a seat without one is to act or the deal is settled. Raises ValueError for a policy
        that answers with an action not legal for it (nothing of it is applied)."""
        deal = self.current
        if deal is None or deal.is_over:
            return self
        while deal.to_act is not None and deal.to_act in policies:
            seat = deal.to_act
            obs = observe(deal, seat)
            action = policies[seat](obs)
            if action not in obs.legal_actions:
                raise ValueError(f"seat {seat} chose {action.value}, which is not legal now")
            deal = apply_action(deal, action, seat=seat)
        return self._with(self.table, deal)

    # -- helpers ------------------------------------------------------------------------------
    def _with(self, table: BankerTable, deal: BankerDeal) -> BankerGame:
        """This game with ``deal`` dealt from ``table``; once it is settled, the table after
        it (``record_deal``: nets added, the talia ended when the shoe is spent)."""
        if deal.is_over:
            return replace(self, table=record_deal(table, deal), current=deal)
        return replace(self, table=table, current=deal)


__all__ = ["BANK_COVER", "FIRST_BANKER", "KIND", "BankerGame"]
