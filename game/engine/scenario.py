"""Play a scripted round from a JSON-ready dict (tests and ``manage.py scenario``).

Input::

    {"variant": "european", "rules": {"decks": 1}, "bet": 10,
     "player": ["8", "8"], "dealer": ["6", "T"],
     "shoe": ["3", "T", "5"], "actions": ["split", "stand", "stand"]}

Cards are ranks A,2..9,T,J,Q,K with an optional suit letter ("QH"). ``dealer`` is
[upcard, second card] whatever the variant's deal order; ``shoe`` lists the cards drawn after
the initial deal, in order (the dealer's second card of a no-hole-card game is placed where
the dealer draws it). Output: the hands with cards, total, softness, bet, result and net, the
dealer's cards and total, and the round's net; money as exact decimal strings. Any problem
gives ``{"error": "..."}`` naming it (an illegal action names the rule that forbids it).

Early surrender (seed 001) is a phase every hand answers before anyone draws: a script says
"surrender" or "no_surrender" there, and a play action (hit, stand, double, split) given in
the phase declines surrender first (``apply_scripted``), so a script of the players' turn
reads as "played on".
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from game.engine.banker import play_banker_scenario
from game.engine.cards import Card, CardParseError, Shoe, ShoeExhaustedError
from game.engine.errors import EngineError, Reason
from game.engine.hands import hand_value
from game.engine.money import money
from game.engine.round import (
    INSURANCE_DECISIONS,
    SURRENDER_DECISIONS,
    Action,
    IllegalActionError,
    InvalidBetError,
    Phase,
    PlayerHand,
    Round,
    apply,
    deal,
)
from game.engine.rules import Rules, RulesError
from game.engine.variants import find_rules


class ScenarioError(EngineError, ValueError):
    """A scenario that cannot be played: bad input, an illegal action, a short shoe
    (INVALID_SCENARIO; the message says which)."""


def load_rules(spec: dict[str, Any]) -> Rules:
    """The preset named by spec["variant"] (default "european") with spec["rules"] applied.

    Raises RulesError for an unknown variant, field or value (its reasons: rules.py), and
    with INVALID_SCENARIO when spec["rules"] is not an object.
    """
    rules = find_rules(str(spec.get("variant", "european")))
    overrides = spec.get("rules") or {}
    if not isinstance(overrides, dict):
        raise RulesError(
            Reason.INVALID_SCENARIO, '"rules" must be an object of rule fields and values'
        )
    return rules.with_overrides(overrides)


def play(spec: dict[str, Any]) -> Round:
    """Play the scripted round and return it settled.

    Raises ScenarioError naming the problem: a bad card, bet or rule, an illegal action (with
    its 1-based position), actions left after the round ended, a round still waiting for
    actions, or a shoe that ran out.
    """
    try:
        rules = load_rules(spec)
        player = [Card.parse(c) for c in spec["player"]]
        dealer = [Card.parse(c) for c in spec["dealer"]]
        draws = [Card.parse(c) for c in spec.get("shoe", [])]
        actions = list(spec.get("actions", []))
        bet = spec.get("bet", 1)
    except KeyError as exc:
        raise ScenarioError(
            Reason.INVALID_SCENARIO, f"the scenario needs {exc.args[0]!r}"
        ) from None
    except (CardParseError, RulesError, TypeError) as exc:
        raise ScenarioError(Reason.INVALID_SCENARIO, str(exc)) from None
    if len(player) != 2 or len(dealer) != 2:
        raise ScenarioError(
            Reason.INVALID_SCENARIO, '"player" and "dealer" each need exactly two cards'
        )

    if rules.dealer_hole_card and rules.hole_card_first:  # seed 000: the hole card comes first
        return _run(rules, bet, [player[0], dealer[1], player[1], dealer[0], *draws], actions)
    if rules.dealer_hole_card:
        return _run(rules, bet, [player[0], dealer[0], player[1], dealer[1], *draws], actions)
    # No hole card: the dealer's second card is drawn after the players; find where.
    last_error: ScenarioError | None = None
    for k in range(len(draws) + 1):
        order = [player[0], dealer[0], player[1], *draws[:k], dealer[1], *draws[k:]]
        try:
            rnd = _run(rules, bet, order, actions)
        except ScenarioError as exc:
            last_error = exc
            continue
        if sum(len(h.cards) for h in rnd.hands) - 2 == k:
            return rnd
    raise last_error or ScenarioError(
        Reason.INVALID_SCENARIO, "the scripted shoe does not fit the actions"
    )


def apply_scripted(
    rnd: Round, action: Action | str, amount: Fraction | int | str | None = None
) -> Round:
    """``apply(rnd, action, amount)``, except that a play action (not a surrender or
    insurance decision) given in the early-surrender phase first declines surrender for the
    hands still to answer it, as a script of the players' turn means.

    Raises IllegalActionError as ``apply`` does (an unknown action is passed on unchanged)."""
    try:
        act = Action(action)
    except ValueError:
        return apply(rnd, action, amount)
    if act not in SURRENDER_DECISIONS and act not in INSURANCE_DECISIONS:
        while rnd.phase is Phase.SURRENDER:
            rnd = apply(rnd, Action.NO_SURRENDER)
    return apply(rnd, act, amount)


def _run(rules: Rules, bet: Any, order: list[Card], actions: list[Any]) -> Round:
    try:
        rnd = deal(rules, [bet], Shoe.stacked_from(order))
        for number, step in enumerate(actions, start=1):
            # An action is "hit", or {"action": "double", "amount": 5} for a chosen amount.
            action, amount = (
                (str(step.get("action", "")), step.get("amount"))
                if isinstance(step, dict)
                else (step, None)
            )
            try:
                rnd = apply_scripted(rnd, action, amount)
            except IllegalActionError as exc:
                raise ScenarioError(
                    Reason.INVALID_SCENARIO, f"action {number} ({action}) is illegal: {exc}"
                ) from None
    except InvalidBetError as exc:
        raise ScenarioError(Reason.INVALID_SCENARIO, str(exc)) from None
    except ShoeExhaustedError:
        raise ScenarioError(Reason.INVALID_SCENARIO, "the scripted shoe ran out of cards") from None
    if not rnd.is_over:
        legal = ", ".join(a.value for a in rnd.legal_actions())
        raise ScenarioError(
            Reason.INVALID_SCENARIO,
            f"the round is not over: the hand to act still needs one of {legal}",
        )
    return rnd


def round_report(rnd: Round) -> dict[str, Any]:
    """The JSON-ready report of a settled round (the scenario output)."""
    dealer_value = hand_value(rnd.dealer)
    return {
        "hands": [_hand_report(h) for h in rnd.hands],
        "dealer": {"cards": [c.code for c in rnd.dealer], "total": dealer_value.total},
        "net": money(rnd.net),
    }


def _hand_report(hand: PlayerHand) -> dict[str, Any]:
    """One hand of the report; insurance keys only when insurance was taken."""
    report: dict[str, Any] = {
        "cards": [c.code for c in hand.cards],
        "total": hand.value.total,
        "soft": hand.value.soft,
        "bet": _chips(hand.bet),
        "result": hand.outcome.value if hand.outcome else None,
        "net": money(hand.net or Fraction(0)),
    }
    if hand.insurance:
        report["insurance"] = _chips(hand.insurance)
        report["insurance_net"] = money(hand.insurance_net)
    return report


def _chips(amount: Fraction) -> int | str:
    return int(amount) if amount.denominator == 1 else money(amount)


def run_scenario(spec: dict[str, Any]) -> dict[str, Any]:
    """``round_report(play(spec))``, or ``{"error": message}`` when the scenario fails.

    A variant of the banker game (``dvadtsat-odno``) is played by
    ``banker.play_banker_scenario``, which takes the seats' cards and actions instead."""
    try:
        if load_rules(spec).game == "banker":
            return play_banker_scenario(spec)
    except RulesError as exc:
        return {"error": str(exc)}
    try:
        return round_report(play(spec))
    except ScenarioError as exc:
        return {"error": str(exc)}
