"""One interface for a table's game between requests: the casino round and the banker game.

A ``GameState`` is everything a table keeps of its game from one request to the next: the
running state of the shoe and the seats (the casino shoe between rounds; the banker game's
talia, bank and running nets) plus the round in play or the last one settled. It is a value,
like ``Round`` and ``BankerDeal``: every change returns a new state. The casino round
(casino_game.py, ``CasinoGame``) and the banker game "Двадцать одно" (banker_game.py,
``BankerGame``) implement it, and games.py maps ``Rules.game`` to the implementation, so
code above the engine deals, acts, lets the AI seats play, settles and stores without
asking which game it is.

A round of either game, through this interface:

1. ``stakers()``: the seats that stake in the next deal (every seat at the casino table;
   every punter in the banker game, not the bank). ``cover(seat, stakes)``: the chips a seat
   must hold to take part with those stakes (its stake; for the bank, the most it can pay).
2. ``deal(stakes)``: the round dealt (the shoe renewed first when the game's rule says so).
3. ``to_act``, ``legal(seat)``, ``offered(seat, chips)``: whose turn it is and what that
   seat may do (``offered``: the legal actions ``chips`` pay for); ``apply(seat, action,
   amount)`` the seat's decision; ``play_ai(policies)`` the AI seats' turns, each policy
   seeing only its seat's observation.
4. ``in_play`` False again: settled. ``net(seat)``, ``stake(seat)``, ``on_table(seat)``;
   ``record()`` the settled round for the history (the shoe's undealt cards left out);
   the running state (shoe, bank, nets) already moved on inside the state.

``observe(seat)`` is what that seat may see of the round: never a face-down card of another
seat or of the dealer, never the shoe's order. ``to_json``/``from_json`` store the whole
state, face-down cards and shoe included: it never leaves the server.

Money: chips are exact ``Fraction`` values, as everywhere in the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any, Protocol, Self

from game.engine.cards import Shoe
from game.engine.errors import EngineError
from game.engine.round import Round
from game.engine.rules import Rules


class GameStateError(EngineError, ValueError):
    """A change the state of the game does not allow now: a deal while a round is in play
    (``Reason.ROUND_IN_PLAY``, ``Reason.DEAL_IN_PLAY``), an action before anything was dealt
    (``Reason.NO_ROUND``, ``Reason.NO_DEAL``) or after the round was settled
    (``Reason.ROUND_OVER``, ``Reason.DEAL_OVER``). The state is unchanged (a value)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """How the table lays out the game: what the table decides and the state does not store.

    - ``seats``: the number of seats, in playing order (1..7; the banker game needs 2).
    - ``penetration``: the fraction of a casino shoe dealt before the cut card (the site's
      ``SHOE_PENETRATION`` setting, 0 < p <= 1); the banker game deals its whole shoe.
    - ``min_stake``/``max_stake``: the table limits in chips (``max_stake`` None: none);
      the banker game's table checks its stakes against them, the casino round leaves its
      bets to the table.
    """

    seats: int
    penetration: float = 0.75
    min_stake: Fraction = Fraction(1)
    max_stake: Fraction | None = None


class GameState[ActionT: StrEnum, ViewT, PolicyT](Protocol):
    """A table's game between requests (see the module docstring).

    Type parameters: ``ActionT`` the game's actions (a StrEnum: forms post their values),
    ``ViewT`` what ``observe`` returns, ``PolicyT`` an AI seat's policy (a function of that
    seat's observation to an action).
    """

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        ...

    @property
    def seats(self) -> int:
        """The number of seats."""
        ...

    @property
    def in_play(self) -> bool:
        """A round is dealt and not settled yet."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the round waits for; None between rounds."""
        ...

    def stakers(self) -> tuple[int, ...]:
        """The seats that stake in the next deal, in seat order."""
        ...

    def cover(self, seat: int, stakes: Mapping[int, Fraction]) -> Fraction:
        """The chips ``seat`` must hold to be dealt in with ``stakes`` (chips by seat): a
        staker's stake; the banker game's bank, the most it can pay out."""
        ...

    def ready_to_deal(self) -> None:
        """Raise GameStateError (ROUND_IN_PLAY or DEAL_IN_PLAY) while a round is in play."""
        ...

    def deal(self, stakes: Mapping[int, Fraction]) -> Self:
        """The state with a new round dealt, every seat of ``stakers()`` staking
        ``stakes[seat]`` chips. Raises GameStateError while a round is in play, and the
        engine's InvalidBetError (a subclass for the banker game's stakes) for a stake
        missing, for a seat that does not stake, or not a positive number of chips."""
        ...

    def ready_to_act(self) -> None:
        """Raise GameStateError before the first deal (NO_ROUND or NO_DEAL) and once the
        round is settled (ROUND_OVER or DEAL_OVER)."""
        ...

    def parse_action(self, text: str) -> ActionT:
        """The action whose value is ``text``. Raises IllegalActionError (UNKNOWN_ACTION)."""
        ...

    def legal(self, seat: int) -> tuple[ActionT, ...]:
        """The actions the rules allow ``seat`` now; () when it is not its turn."""
        ...

    def offered(self, seat: int, chips: Fraction | None) -> tuple[ActionT, ...]:
        """The legal actions of ``seat`` that ``chips`` (what it can still put on the table;
        None: no limit) pay for: the buttons the seat is shown."""
        ...

    def chooses_amount(self, action: ActionT) -> bool:
        """The seat may choose the chips ``action`` stakes (a double or insurance for less)."""
        ...

    def extra_stake(self, action: ActionT, amount: Fraction | None) -> Fraction:
        """The chips ``action`` adds to the table for the seat to act (``amount``: the
        chosen amount of a double or insurance for less, None the full one); 0 for an
        action that stakes nothing."""
        ...

    def apply(self, seat: int, action: ActionT, amount: Fraction | None = None) -> Self:
        """The state after ``seat`` takes ``action``. Raises GameStateError as
        ``ready_to_act``, IllegalActionError for an action the rules refuse (its reason
        names the rule: NOT_YOUR_TURN or OTHER_SEAT_TO_ACT for a seat not to act)."""
        ...

    def play_ai(self, policies: Mapping[int, PolicyT]) -> Self:
        """The state after the AI seats' turns: while the seat to act has a policy in
        ``policies``, it acts on its own observation. Raises ValueError for a policy that
        answers with an action not offered to it."""
        ...

    def stake(self, seat: int) -> Fraction:
        """The seat's stake in the current or last round as dealt (0 for the bank)."""
        ...

    def on_table(self, seat: int) -> Fraction:
        """Every chip the seat has on the table in the current or last round (doubles,
        splits and insurance included); 0 before the first deal."""
        ...

    def net(self, seat: int) -> Fraction | None:
        """The seat's net in chips once the round is settled; None before."""
        ...

    def observe(self, seat: int) -> ViewT | None:
        """What ``seat`` may see of the current or last round (no face-down card of another
        seat or of the dealer, no shoe); None before the first deal."""
        ...

    def advisable(self, seat: int) -> Round | None:
        """The casino round when it waits for a decision of ``seat`` the strategy engine
        can value (the advisor's grade, the card counter); None otherwise, and always in a
        game the strategy engine does not grade (the banker game)."""
        ...

    def record(self) -> dict[str, Any]:
        """The settled round as JSON for the round history, the shoe's undealt cards left
        out (they are the live table's next cards). Raises GameStateError (NO_ROUND,
        NO_DEAL; ROUND_IN_PLAY, DEAL_IN_PLAY) when there is no settled round."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON, face-down cards and shoe included (server only);
        ``{"game": <Rules.game>, ...}``. The type's ``from_json`` reverses it."""
        ...


class GameType[StateT](Protocol):
    """An implementation of ``GameState`` as a class: how a table starts its game and reads
    it back (games.py maps ``Rules.game`` to one)."""

    @property
    def min_seats(self) -> int:
        """The fewest seats the game is played with."""
        ...

    def new(self, rules: Rules, setup: Setup, shoe: Shoe | None = None) -> StateT:
        """The game of a new table: nothing dealt yet; ``shoe`` the first shoe (a stacked
        one for tests), None for the game's own fresh one."""
        ...

    def from_json(self, rules: Rules, setup: Setup, data: Mapping[str, Any]) -> StateT:
        """The state ``to_json`` wrote. Raises KeyError/ValueError on bad data."""
        ...


__all__ = ["GameState", "GameStateError", "GameType", "Setup"]
