"""The engine's errors: one base, ``EngineError``, and the reasons it can refuse something for.

Every exception class of the engine derives from ``EngineError`` and carries a ``Reason``
(what went wrong, as a value the web layer translates: trainer/web/labels.py gives every member a
message) and ``message`` (the English detail, with the numbers and names of the case, for
logs, the command line and developers). Each class keeps the builtin base it had before
(``ValueError``, ``RuntimeError``), so ``except ValueError`` callers still catch it.

Reasons a person can meet at the table or on the site (an illegal action, a bet or stake,
rules that cannot be played together, too few unseen cards for the count, an unknown game)
have members of their own; errors only a developer or the command line meets (a bad
scenario file, an impossible table construction) share coarser members.

The member values are the codes the engine raised as plain strings before this enum: they
may be stored or compared, so they never change.
"""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """Why the engine refused something; the value is a stable code (see the module)."""

    # -- illegal actions of the casino round (round.py, legality.py) ---------------------------
    ROUND_OVER = "round_over"
    UNKNOWN_ACTION = "unknown_action"
    INSURANCE_FIRST = "insurance_first"
    INSURANCE_NONE = "insurance_none"
    INSURANCE_CLOSED = "insurance_closed"
    INSURANCE_AMOUNT = "insurance_amount"
    SURRENDER_DECIDE = "surrender_decide"
    SURRENDER_NOT_OFFERED = "surrender_not_offered"
    SURRENDER_NONE = "surrender_none"
    SURRENDER_FIRST = "surrender_first"
    SURRENDER_ACE = "surrender_ace"
    SURRENDER_CLOSED = "surrender_closed"
    SPLIT_ACES_ONE_CARD = "split_aces_one_card"
    DOUBLE_NONE = "double_none"
    DOUBLE_TWO_CARDS = "double_two_cards"
    DOUBLE_AFTER_SPLIT = "double_after_split"
    DOUBLE_TOTAL = "double_total"
    DOUBLE_AMOUNT = "double_amount"
    SPLIT_NONE = "split_none"
    SPLIT_PAIR = "split_pair"
    SPLIT_RANK = "split_rank"
    SPLIT_LIMIT = "split_limit"
    RESPLIT_ACES = "resplit_aces"

    # -- illegal actions of the banker game (banker.py; UNKNOWN_ACTION too) --------------------
    DEAL_OVER = "deal_over"
    NOT_YOUR_TURN = "not_your_turn"
    MAX_DRAWS = "max_draws"
    AT_21 = "at_21"

    # -- the state of a table's game (protocol.py: casino_game.py, banker_game.py) ------------
    ROUND_IN_PLAY = "round_in_play"
    NO_ROUND = "no_round"
    OTHER_SEAT_TO_ACT = "other_seat_to_act"
    DEAL_IN_PLAY = "deal_in_play"
    NO_DEAL = "no_deal"

    # -- bets and stakes (round.py's deal, banker.py's stakes) ---------------------------------
    BET_MISSING = "bet_missing"
    BET_AMOUNT = "bet_amount"
    STAKE_SEAT = "stake_seat"
    STAKE_LIMITS = "stake_limits"

    # -- the banker game's table (banker.py) ---------------------------------------------------
    TALIA_OVER = "talia_over"
    INVALID_TABLE = "invalid_table"

    # -- rules (rules.py) ----------------------------------------------------------------------
    UNKNOWN_VARIANT = "unknown_variant"
    UNKNOWN_RULE = "unknown_rule"
    RULE_VALUE = "rule_value"
    PEEK_NEEDS_HOLE_CARD = "peek_needs_hole_card"
    EVEN_MONEY_NEEDS_INSURANCE = "even_money_needs_insurance"
    INSURANCE_FOR_LESS_NEEDS_INSURANCE = "insurance_for_less_needs_insurance"
    HOLE_CARD_FIRST_NEEDS_HOLE_CARD = "hole_card_first_needs_hole_card"

    # -- cards and the shoe (cards.py) ---------------------------------------------------------
    INVALID_CARD = "invalid_card"
    SHOE_EXHAUSTED = "shoe_exhausted"

    # -- the strategy engine (strategy/) -------------------------------------------------------
    CASINO_GAME_ONLY = "casino_game_only"
    HAND_NOT_VALUED = "hand_not_valued"
    TOO_FEW_CARDS = "too_few_cards"
    INVALID_COMPOSITION = "invalid_composition"

    # -- card counting (counting.py, strategy/indices.py) --------------------------------------
    COUNTING = "counting"

    # -- scripted rounds (scenario.py, banker.py) ----------------------------------------------
    INVALID_SCENARIO = "invalid_scenario"


class EngineError(Exception):
    """The base of every error the engine raises.

    - ``reason``: why, a ``Reason`` (the web layer shows its translation, trainer/web/labels.py).
    - ``message``: the English detail for logs, the command line and developers; also
      ``str(error)``.

    ``args`` holds both, so an error survives pickling and copying with its reason.
    """

    reason: Reason
    message: str

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(reason, message)
        self.reason = reason
        self.message = message

    def __str__(self) -> str:
        return self.message


__all__ = ["EngineError", "Reason"]
