"""Which implementation of protocol.py's ``GameState`` plays which kind of game: the one
mapping from ``Rules.game`` ("casino" or "banker", rules.py) to its type, so no code above
the engine asks which game a table plays to deal, act, let the AI play or store."""

from __future__ import annotations

from typing import Any

from game.engine import banker_game, casino_game
from game.engine.banker_game import BankerGame
from game.engine.casino_game import CasinoGame
from game.engine.errors import Reason
from game.engine.protocol import GameState, GameType
from game.engine.rules import GAMES, Rules, RulesError

type AnyGameState = GameState[Any, Any, Any]

GAME_TYPES: dict[str, GameType[AnyGameState]] = {
    casino_game.KIND: CasinoGame,
    banker_game.KIND: BankerGame,
}


def game_type(rules: Rules) -> GameType[AnyGameState]:
    """The implementation of ``rules.game``. Raises RulesError (RULE_VALUE) for a kind of
    game without one (rules.py refuses such rules first)."""
    try:
        return GAME_TYPES[rules.game]
    except KeyError:
        raise RulesError(
            Reason.RULE_VALUE, f"no game state for {rules.game!r}; the kinds are {GAMES}"
        ) from None


__all__ = ["GAME_TYPES", "AnyGameState", "game_type"]
