"""errors.py: every error of the engine is an EngineError carrying a Reason.

Three guards keep it so as the engine grows: every exception class defined in game/engine
derives from EngineError (a new class without the base fails); every raise of one, and every
Refusal, names a ``Reason`` member at the raise site (read from the source, so no free string
code comes back); and every Reason member is raised somewhere (no dead members). Then a
representative case of each class, played through the engine's public functions, gives the
expected Reason.
"""

from __future__ import annotations

import ast
import copy
import importlib
import inspect
import pickle
import pkgutil
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

import game.engine
from game.engine import banker
from game.engine.banker import (
    BankerAction,
    BankerScenarioError,
    InvalidStakeError,
    InvalidTableError,
    TaliaOverError,
    deal_order,
    new_table,
    next_deal,
    record_deal,
    start_deal,
)
from game.engine.cards import Card, CardParseError, Shoe, ShoeExhaustedError, standard_deck
from game.engine.casino_game import CasinoGame
from game.engine.counting import CountingError, decks_remaining, find_system
from game.engine.errors import EngineError, Reason
from game.engine.legality import Refusal
from game.engine.protocol import GameStateError, Setup
from game.engine.round import Action, IllegalActionError, InvalidBetError, Round, apply, deal
from game.engine.rules import AJNC, CROATIAN, EUROPEAN, Rules, RulesError
from game.engine.scenario import ScenarioError, play
from game.engine.strategy.cache import StrategyError
from game.engine.strategy.composition import CompositionError, full_shoe, remove_cards
from game.engine.strategy.counter import TooFewCardsError, counter_insurance_ev
from game.engine.strategy.game_ev import game_ev
from game.engine.strategy.hand import hand_evs
from game.engine.variants import find_rules

ENGINE_DIR = Path(game.engine.__file__).parent


def engine_modules() -> Iterator[ModuleType]:
    """Every module of game/engine, subpackages included."""
    yield game.engine
    for info in pkgutil.walk_packages(game.engine.__path__, prefix="game.engine."):
        yield importlib.import_module(info.name)


def engine_exception_classes() -> list[type[BaseException]]:
    """Every exception class defined (not merely imported) in a module of game/engine."""
    found = []
    for module in engine_modules():
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__ == module.__name__:
                found.append(cls)
    return found


# -- one base ------------------------------------------------------------------------------------
def test_the_walk_finds_the_engine_errors() -> None:
    names = {cls.__name__ for cls in engine_exception_classes()}
    assert {"EngineError", "IllegalActionError", "TooFewCardsError", "BankerScenarioError"} <= (
        names
    )


@pytest.mark.parametrize("cls", engine_exception_classes(), ids=lambda cls: cls.__qualname__)
def test_every_engine_exception_class_is_an_engine_error(cls: type[BaseException]) -> None:
    assert issubclass(cls, EngineError)


# Each class keeps the builtin base it had before EngineError, so `except ValueError` (the
# views, the commands, the drills) still catches it.
BUILTIN_BASES: dict[type[EngineError], type[Exception]] = {
    IllegalActionError: ValueError,
    InvalidBetError: ValueError,
    InvalidStakeError: InvalidBetError,
    InvalidTableError: ValueError,
    TaliaOverError: ValueError,
    BankerScenarioError: ValueError,
    RulesError: ValueError,
    CardParseError: ValueError,
    ShoeExhaustedError: RuntimeError,
    ScenarioError: ValueError,
    StrategyError: ValueError,
    TooFewCardsError: StrategyError,
    CompositionError: ValueError,
    GameStateError: ValueError,
    CountingError: ValueError,
}


def test_every_class_is_listed_with_its_builtin_base() -> None:
    assert set(engine_exception_classes()) - {EngineError} == set(BUILTIN_BASES)


@pytest.mark.parametrize(
    ("cls", "base"), BUILTIN_BASES.items(), ids=lambda x: getattr(x, "__name__", "")
)
def test_each_class_keeps_its_builtin_base(cls: type[EngineError], base: type[Exception]) -> None:
    assert issubclass(cls, base)


def test_round_and_banker_game_share_one_illegal_action_error() -> None:
    assert banker.IllegalActionError is IllegalActionError


def test_an_error_keeps_its_reason_and_message_through_pickle_and_copy() -> None:
    error = RulesError(Reason.RULE_VALUE, "decks must be between 1 and 8")
    for again in (pickle.loads(pickle.dumps(error)), copy.copy(error)):
        assert type(again) is RulesError
        assert (again.reason, again.message, str(again)) == (
            Reason.RULE_VALUE,
            "decks must be between 1 and 8",
            "decks must be between 1 and 8",
        )


# -- a Reason at every raise site, read from the source -------------------------------------------
def _source_files() -> list[Path]:
    return sorted(ENGINE_DIR.rglob("*.py"))


def _names_a_reason(node: ast.expr) -> bool:
    """``Reason.MEMBER``, or a name bound to a member (round.py's amount reasons)."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.value.id == "Reason" and node.attr in Reason.__members__
    return isinstance(node, ast.Name)


ERROR_NAMES = {cls.__name__ for cls in BUILTIN_BASES}


def _raise_sites() -> Iterator[tuple[str, ast.Call]]:
    """(file:line, call) for every ``raise SomeEngineError(...)`` and ``Refusal(...)``."""
    for path in _source_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id in ERROR_NAMES | {"Refusal"}:
                yield f"{path.relative_to(ENGINE_DIR)}:{node.lineno}", node


def test_the_source_walk_finds_raise_sites() -> None:
    assert len(list(_raise_sites())) > 80


def test_every_raise_site_names_a_reason() -> None:
    bad = []
    for where, call in _raise_sites():
        first = call.args[0] if call.args else None
        # IllegalActionError(*refusal): the Refusal was built with a Reason (checked here too).
        starred = isinstance(first, ast.Starred)
        if first is None or not (starred or _names_a_reason(first)):
            bad.append(where)
    assert bad == []


def test_every_reason_is_raised_somewhere_in_the_engine() -> None:
    used = set()
    for path in _source_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "Reason"
            ):
                used.add(node.attr)
    assert set(Reason.__members__) - used == set()


def test_reason_values_are_the_codes_the_engine_always_used() -> None:
    # Stored or compared codes; a renamed member must keep its value.
    assert Reason.ROUND_OVER == "round_over"
    assert Reason.DOUBLE_AMOUNT == "double_amount"
    assert Reason.NOT_YOUR_TURN == "not_your_turn"
    assert all(member.value == member.name.lower() for member in Reason)


# -- representative raises give their Reason ---------------------------------------------------
def casino(rules: Rules, player: str, dealer: str, draws: str = "") -> Round:
    """A one-seat round: the player's two cards and the dealer's (upcard first), then the
    draws, stacked in the deal order of ``rules`` (hole card second without hole_card_first;
    the dealer's second card after the draws in a no-hole-card game)."""
    p, d = [Card.parse(c) for c in player], [Card.parse(c) for c in dealer]
    rest = [Card.parse(c) for c in draws]
    if not rules.dealer_hole_card:
        order = [p[0], d[0], p[1], *rest, d[1]]
    elif rules.hole_card_first:
        order = [p[0], d[1], p[1], d[0], *rest]
    else:
        order = [p[0], d[0], p[1], d[1], *rest]
    return deal(rules, [10], Shoe.stacked_from(order))


def banker_deal(hands: dict[int, str], draws: str = "") -> banker.BankerDeal:
    order = deal_order(len(hands), 0)
    cards = [hands[s][0] for s in order] + [hands[s][1] for s in order] + list(draws)
    table = new_table(len(hands), 0, shoe=Shoe.stacked_from([]))
    return start_deal(table, {s: 10 for s in order[:-1]}, Shoe.stacked_from(cards))


def reason_of(call: Callable[[], object], cls: type[EngineError]) -> Reason:
    with pytest.raises(cls) as info:
        call()
    return info.value.reason


ILLEGAL_ACTIONS = [
    pytest.param(
        lambda: apply(casino(EUROPEAN, "AK", "T7"), Action.HIT),
        Reason.ROUND_OVER,
        id="hit after the round",
    ),
    pytest.param(
        lambda: apply(casino(EUROPEAN, "T6", "T7"), "fold"),
        Reason.UNKNOWN_ACTION,
        id="no such action",
    ),
    pytest.param(
        lambda: apply(apply(casino(EUROPEAN, "23", "T7", "4"), Action.HIT), Action.DOUBLE),
        Reason.DOUBLE_TWO_CARDS,
        id="double on 3 cards",
    ),
    pytest.param(
        lambda: apply(casino(AJNC, "T2", "97"), Action.DOUBLE),
        Reason.DOUBLE_TOTAL,
        id="ajnc double on 12",
    ),
    pytest.param(
        lambda: apply(casino(EUROPEAN, "9T", "T7"), Action.SPLIT),
        Reason.SPLIT_PAIR,
        id="split a non-pair",
    ),
    pytest.param(
        lambda: apply(casino(AJNC, "KQ", "97"), Action.SPLIT),
        Reason.SPLIT_RANK,
        id="ajnc splits by rank",
    ),
    pytest.param(
        lambda: apply(casino(EUROPEAN, "T6", "T7"), Action.SURRENDER),
        Reason.SURRENDER_NONE,
        id="no surrender in Europe",
    ),
    pytest.param(
        lambda: apply(casino(EUROPEAN, "T6", "T7"), Action.INSURANCE),
        Reason.INSURANCE_NONE,
        id="no insurance in Europe",
    ),
    pytest.param(
        lambda: apply(casino(AJNC, "T8", "A7"), Action.HIT),
        Reason.INSURANCE_FIRST,
        id="hit in the insurance phase",
    ),
    pytest.param(
        lambda: apply(casino(CROATIAN, "T8", "A7"), Action.INSURANCE, 30),
        Reason.INSURANCE_AMOUNT,
        id="insure for too much",
    ),
    pytest.param(
        lambda: apply(casino(CROATIAN, "T6", "97"), Action.HIT),
        Reason.SURRENDER_DECIDE,
        id="hit in the surrender phase",
    ),
    pytest.param(
        lambda: apply(
            apply(casino(CROATIAN, "56", "98", "T"), Action.NO_SURRENDER), Action.DOUBLE, 15
        ),
        Reason.DOUBLE_AMOUNT,
        id="double for more",
    ),
    pytest.param(
        lambda: banker.apply(banker_deal({0: "T6", 1: "T5", 2: "95"}), BankerAction.DRAW, seat=2),
        Reason.NOT_YOUR_TURN,
        id="banker game: out of turn",
    ),
    pytest.param(
        lambda: banker.apply(
            banker.apply(banker_deal({0: "T7", 1: "74"}, "T"), BankerAction.DRAW), BankerAction.DRAW
        ),
        Reason.AT_21,
        id="banker game: draw on 21",
    ),
    pytest.param(
        lambda: banker.apply(banker_deal({0: "T6", 1: "T5"}), "hit"),
        Reason.UNKNOWN_ACTION,
        id="banker game: no such action",
    ),
]


@pytest.mark.parametrize(("call", "reason"), ILLEGAL_ACTIONS)
def test_an_illegal_action_gives_its_reason(call: Callable[[], object], reason: Reason) -> None:
    assert reason_of(call, IllegalActionError) is reason


def test_the_refusal_the_round_raises_is_the_one_legality_gives() -> None:
    rnd = casino(AJNC, "KQ", "97")
    with pytest.raises(IllegalActionError) as info:
        apply(rnd, Action.SPLIT)
    assert (info.value.reason, info.value.message) == Refusal(
        Reason.SPLIT_RANK, "You can split only two cards of the same rank."
    )


def _talia_over() -> object:
    # Two seats need 10 cards for a deal; a table whose shoe holds 9 has played its talia.
    table = new_table(2, 0, shoe=Shoe.stacked_from([Card.parse("2")] * 9))
    return next_deal(table, {1: 10})


def _unfinished_deal_recorded() -> object:
    table = new_table(2, 0, shoe=Shoe.stacked_from([]))
    deal_ = start_deal(table, {1: 10}, Shoe.stacked_from([Card.parse(c) for c in "T696"]))
    return record_deal(table, deal_)


def _too_few_unseen() -> object:
    # One deck, every card but the hand and the upcard already seen: none left to count.
    rules = EUROPEAN.with_overrides({"decks": 1, "insurance": True})
    rnd = casino(rules, "T8", "A7")
    seen = [c for c in standard_deck() if c not in (*rnd.hands[0].cards, rnd.upcard)]
    return counter_insurance_ev(rnd, seen=seen)


OTHER_ERRORS = [
    pytest.param(
        lambda: deal(EUROPEAN, [], Shoe.stacked_from([])),
        InvalidBetError,
        Reason.BET_MISSING,
        id="no bets",
    ),
    pytest.param(
        lambda: deal(EUROPEAN, [0], Shoe.stacked_from([])),
        InvalidBetError,
        Reason.BET_AMOUNT,
        id="a bet of 0",
    ),
    pytest.param(
        lambda: start_deal(new_table(2, 0), {0: 10, 1: 10}),
        InvalidStakeError,
        Reason.STAKE_SEAT,
        id="a stake for the banker",
    ),
    pytest.param(
        lambda: start_deal(new_table(2, 0, min_stake=5), {1: 2}),
        InvalidStakeError,
        Reason.STAKE_LIMITS,
        id="a stake below the minimum",
    ),
    pytest.param(
        lambda: start_deal(new_table(3, 0), {1: 10}),
        InvalidStakeError,
        Reason.BET_MISSING,
        id="a missing stake",
    ),
    pytest.param(
        lambda: start_deal(new_table(2, 0), {1: "x"}),
        InvalidStakeError,
        Reason.BET_AMOUNT,
        id="a stake of chips that are no number",
    ),
    pytest.param(_talia_over, TaliaOverError, Reason.TALIA_OVER, id="the talia is over"),
    pytest.param(
        lambda: CasinoGame.new(EUROPEAN, Setup(seats=1)).ready_to_act(),
        GameStateError,
        Reason.NO_ROUND,
        id="an action before the first deal",
    ),
    pytest.param(
        lambda: new_table(8, 0), InvalidTableError, Reason.INVALID_TABLE, id="eight seats"
    ),
    pytest.param(
        _unfinished_deal_recorded,
        InvalidTableError,
        Reason.INVALID_TABLE,
        id="a deal recorded before its end",
    ),
    pytest.param(
        lambda: find_rules("pontoon"), RulesError, Reason.UNKNOWN_VARIANT, id="an unknown variant"
    ),
    pytest.param(
        lambda: EUROPEAN.with_overrides({"jokers": 2}),
        RulesError,
        Reason.UNKNOWN_RULE,
        id="an unknown rule",
    ),
    pytest.param(lambda: Rules(decks=9), RulesError, Reason.RULE_VALUE, id="nine decks"),
    pytest.param(
        lambda: EUROPEAN.with_overrides({"blackjack_payout": "x"}),
        RulesError,
        Reason.RULE_VALUE,
        id="a payout that is no ratio",
    ),
    pytest.param(
        lambda: Rules(dealer_hole_card=False, dealer_peeks=True),
        RulesError,
        Reason.PEEK_NEEDS_HOLE_CARD,
        id="a peek without a hole card",
    ),
    pytest.param(
        lambda: Rules(insurance=False, even_money=True),
        RulesError,
        Reason.EVEN_MONEY_NEEDS_INSURANCE,
        id="even money without insurance",
    ),
    pytest.param(
        lambda: Rules(insurance=False, even_money=False, insurance_for_less=True),
        RulesError,
        Reason.INSURANCE_FOR_LESS_NEEDS_INSURANCE,
        id="insurance for less without insurance",
    ),
    pytest.param(
        lambda: Rules(dealer_hole_card=False, dealer_peeks=False, hole_card_first=True),
        RulesError,
        Reason.HOLE_CARD_FIRST_NEEDS_HOLE_CARD,
        id="the hole card first without one",
    ),
    pytest.param(lambda: Card.parse("Z"), CardParseError, Reason.INVALID_CARD, id="a card code"),
    pytest.param(
        lambda: Shoe.stacked_from([]).draw(),
        ShoeExhaustedError,
        Reason.SHOE_EXHAUSTED,
        id="a scripted shoe runs out",
    ),
    pytest.param(
        lambda: hand_evs(["T", "6"], "T", find_rules("dvadtsat-odno")),
        StrategyError,
        Reason.CASINO_GAME_ONLY,
        id="the banker game's EVs",
    ),
    pytest.param(
        lambda: hand_evs(["T", "6", "9"], "T", EUROPEAN),
        StrategyError,
        Reason.HAND_NOT_VALUED,
        id="a hand past 21",
    ),
    pytest.param(
        _too_few_unseen, TooFewCardsError, Reason.TOO_FEW_CARDS, id="too few unseen cards"
    ),
    pytest.param(
        # one 8 left: the dealer's 3 and a hole 8 must draw from an empty shoe
        lambda: hand_evs(["8", "8"], "3", EUROPEAN, composition=[0] * 7 + [1, 0, 0]),
        TooFewCardsError,
        Reason.TOO_FEW_CARDS,
        id="a hand's shoe too small",
    ),
    pytest.param(
        lambda: game_ev(EUROPEAN, composition=[1, 1, 1, 0, 0, 0, 0, 0, 0, 1]),
        TooFewCardsError,
        Reason.TOO_FEW_CARDS,
        id="a round's shoe too small",
    ),
    pytest.param(
        lambda: remove_cards(full_shoe(1), ["A"] * 5),
        CompositionError,
        Reason.INVALID_COMPOSITION,
        id="a card not left in the shoe",
    ),
    pytest.param(
        lambda: find_system("wizard"),
        CountingError,
        Reason.COUNTING,
        id="an unknown counting system",
    ),
    pytest.param(
        lambda: decks_remaining(1, 52),
        CountingError,
        Reason.COUNTING,
        id="a true count with no card left",
    ),
    pytest.param(
        lambda: play({"variant": "european"}),
        ScenarioError,
        Reason.INVALID_SCENARIO,
        id="a scenario without cards",
    ),
    pytest.param(
        lambda: banker._play({"variant": "european"}),
        BankerScenarioError,
        Reason.INVALID_SCENARIO,
        id="a banker scenario of the wrong game",
    ),
]


@pytest.mark.parametrize(("call", "cls", "reason"), OTHER_ERRORS)
def test_each_error_class_gives_its_reason(
    call: Callable[[], object], cls: type[EngineError], reason: Reason
) -> None:
    assert reason_of(call, cls) is reason


def test_a_too_few_cards_error_is_still_a_strategy_error() -> None:
    # table_view catches TooFewCardsError; the commands catch StrategyError for both.
    assert reason_of(_too_few_unseen, StrategyError) is Reason.TOO_FEW_CARDS


def test_a_double_for_less_within_the_bet_is_no_error() -> None:
    rnd = apply(apply(casino(CROATIAN, "56", "98", "T"), Action.NO_SURRENDER), Action.DOUBLE, 4)
    assert rnd.hands[0].bet == Fraction(14)
