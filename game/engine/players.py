"""What a seat may see, and the AI players that act on it.

An AI seat never gets the Round: it gets an ``Observation`` built from the round, which holds
only what a player at the table may know (VARIANTS.md table 5, "AI seats"): its own hand, the
dealer's upcard, every player's face-up cards, the cards seen earlier in this shoe, the
actions offered to it (legal under the rules and affordable with its chips), and the
table's rules. The type has no field for the hole card or the shoe, so
an AI cannot cheat by construction.

The levels (VARIANTS.md table 5; the exact EV of each is ``strategy.levels.level_ev``):

- ``easy`` (seed 004): declines insurance and surrender, hits below 17, else stands.
- ``normal``: the variant's basic strategy chart (``Chart.action_for``), total-dependent.
- ``hard``: the exact composition-dependent play of its hand against the upcard
  (``hand_evs``, computed from its own cards and the upcard only, as published tables
  are), splitting and doubling; a split hand that is a pair is split again when the
  resplit's EV (with the room the seat's hands leave) is the best.

In the early-surrender phase (seed 001) each level answers as its play would: it surrenders
when its choice among surrender and the actions it will have on playing on (``play_on``) is
surrender, and else declines.

``make_policy(level, rules, chart=, cache=)`` builds a level's policy for one rule set (pass
the rule set's stored chart and a long-lived ``EVCache`` to skip their computation);
``AI_LEVELS[level]`` are ready-made policies that read the rules from the Observation and
build the chart and cache on first use per rule set (about a second at 6 decks), then keep
them for the process.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from game.engine.cards import Card
from game.engine.hands import HandValue, hand_value
from game.engine.round import (
    Action,
    Phase,
    Round,
    actions_if_played_on,
    affordable_actions,
    apply,
)
from game.engine.rules import Rules
from game.engine.strategy.cache import EVCache, StrategyError
from game.engine.strategy.chart import Chart, basic_strategy
from game.engine.strategy.composition import card_value, full_shoe, remove_cards
from game.engine.strategy.hand import hand_evs


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the round when its hand is to act.

    - ``seat``: the seat acting; ``hand``: the cards of its hand to act (a tuple of Cards).
    - ``upcard``: the dealer's face-up card; no other dealer card is here.
    - ``table_cards``: every player hand's cards on the table (face up), in playing order.
    - ``seen``: cards seen face up earlier in this shoe (the history a counter would know).
    - ``legal``: the actions offered now: allowed by the rules and, for a seat with a
      bankroll, affordable with its chips (``round.affordable_actions``). A policy chooses
      among these only.
    - ``insurance_offered``: the round is in the insurance phase.
    - ``surrender_offered``: the round is in the early-surrender phase; ``play_on``: then
      the actions the hand will have in the players' turn if it declines.
    - ``from_split``: the hand was made by splitting (seen on the table).
    - ``hands``: how many hands the seat holds now, this one included (1 before a split).
    - ``rules``: the table's rules (public; None only for observations made by hand).
    """

    seat: int
    hand: tuple[Card, ...]
    upcard: Card
    table_cards: tuple[tuple[Card, ...], ...]
    seen: tuple[Card, ...]
    legal: tuple[Action, ...]
    insurance_offered: bool
    from_split: bool = False
    rules: Rules | None = None
    hands: int = 1
    surrender_offered: bool = False
    play_on: tuple[Action, ...] = ()

    @property
    def value(self) -> HandValue:
        """The hand's best total and softness."""
        return hand_value(self.hand)


def observe(rnd: Round, seen: Sequence[Card] = (), chips: Fraction | None = None) -> Observation:
    """The observation of the hand to act; ``chips``: what its seat can still put on the
    table (None: no limit), which bounds the actions offered. Raises ValueError when no
    hand is to act."""
    hand = rnd.active_hand
    if hand is None:
        raise ValueError("no hand is to act")
    return Observation(
        seat=hand.seat,
        hand=hand.cards,
        upcard=rnd.upcard,
        table_cards=tuple(h.cards for h in rnd.hands),
        seen=tuple(seen),
        legal=affordable_actions(rnd, chips),
        insurance_offered=rnd.phase is Phase.INSURANCE,
        from_split=hand.from_split,
        rules=rnd.rules,
        hands=len(rnd.hands_of_seat(hand.seat)),
        surrender_offered=rnd.phase is Phase.SURRENDER,
        play_on=actions_if_played_on(rnd, chips) if rnd.phase is Phase.SURRENDER else (),
    )


def easy(obs: Observation) -> Action:
    """Seed 004's easy level: decline insurance and surrender; hit below 17, else stand."""
    if obs.insurance_offered:
        return Action.NO_INSURANCE
    if obs.surrender_offered:
        return Action.NO_SURRENDER
    return Action.HIT if obs.value.total < 17 and Action.HIT in obs.legal else Action.STAND


Policy = Callable[[Observation], Action]


def answers_surrender_phase(play: Policy) -> Policy:
    """``play`` with the early-surrender phase answered by its own choice: offered the phase,
    it is asked to choose among surrender and the actions it will have on playing on, and
    surrenders exactly when it would choose surrender there."""

    def answer(obs: Observation) -> Action:
        if not obs.surrender_offered:
            return play(obs)
        choices = tuple(a for a in Action if a in obs.play_on or a is Action.SURRENDER)
        choice = play(replace(obs, legal=choices, surrender_offered=False))
        return Action.SURRENDER if choice is Action.SURRENDER else Action.NO_SURRENDER

    answer.__name__ = getattr(play, "__name__", "policy")
    answer.__doc__ = play.__doc__
    return answer


LEVELS = ("easy", "normal", "hard")


def make_policy(
    level: str,
    rules: Rules,
    *,
    chart: Chart | None = None,
    cache: EVCache | None = None,
    composition: Sequence[int] | None = None,
) -> Policy:
    """The policy of AI ``level`` ("easy", "normal" or "hard") for a table with ``rules``.

    - ``chart``: the rules' basic strategy chart for "normal" (default ``basic_strategy
      (rules)``, about a second at 6 decks).
    - ``cache``: an ``EVCache`` for these rules, shared by the "hard" policy's ``hand_evs``
      calls (default a new one; it grows to some tens of MB at 6 decks as hands are met).
    - ``composition``: for "hard", the shoe before the deal that its EVs assume (10 counts,
      aces to tens; default ``rules.decks`` fresh decks, as published tables do).

    The policy is a plain function of the Observation; "hard" also remembers each decision
    it has valued (by card values, upcard, split or not, the seat's hands, legal
    actions). Raises ValueError for an unknown level, StrategyError (from the chart) for
    the banker game.
    """
    if level == "easy":
        return easy
    if level == "normal":
        table = basic_strategy(rules) if chart is None else chart

        def normal(obs: Observation) -> Action:
            """The chart's play among the legal actions; insurance declined."""
            return table.action_for(obs.hand, obs.upcard, obs.legal)

        return answers_surrender_phase(normal)
    if level == "hard":
        start = full_shoe(rules.decks) if composition is None else composition
        return answers_surrender_phase(
            _hard_policy(rules, EVCache(rules) if cache is None else cache, start)
        )
    raise ValueError(f"unknown AI level {level!r}; use one of {', '.join(LEVELS)}")


def _hard_policy(rules: Rules, cache: EVCache, start: Sequence[int]) -> Policy:
    decided: dict[tuple[object, ...], Action] = {}
    prepared: set[int] = set()

    def hard(obs: Observation) -> Action:
        """The highest-EV legal action for the hand against the upcard (``hand_evs`` on the
        starting shoe less the hand and the upcard; a resplit valued with the room the
        seat's hands leave); insurance declined; 21 stands (what the engine's EVs assume;
        drawing to 21 can only pay in a shoe of a few cards)."""
        legal = frozenset(obs.legal)
        if obs.insurance_offered:
            return Action.NO_INSURANCE
        if obs.value.total == 21 and Action.STAND in legal:
            return Action.STAND  # the engine's convention: 21 stands (hand_evs, game_ev)
        up = card_value(obs.upcard)
        values = tuple(sorted(card_value(c) for c in obs.hand))
        key = (values, up, obs.from_split, obs.hands, legal)
        found = decided.get(key)
        if found is not None:
            return found
        if up not in prepared:  # every hand dealt against this upcard, solved in one batch
            cache.prepare(up, remove_cards(start, [up]))
            prepared.add(up)
        unseen = remove_cards(start, [*obs.hand, obs.upcard])
        value = functools.partial(
            hand_evs,
            obs.hand,
            obs.upcard,
            rules,
            composition=unseen,
            from_split=obs.from_split,
            hands=obs.hands,
            cache=cache,
        )
        try:
            evs = value(with_split=Action.SPLIT in legal)
        except StrategyError:  # a split the engine does not model: valued without it
            evs = value(with_split=False)
        choices = {a: v for a, v in evs.values().items() if a in legal}
        if not choices:
            raise ValueError(f"no valued action among {sorted(a.value for a in legal)}")
        best = max(choices, key=choices.__getitem__)  # ties: the earlier action
        decided[key] = best
        return best

    return hard


@functools.lru_cache(maxsize=4)
def _policy_for(level: str, rules: Rules) -> Policy:
    """``make_policy(level, rules)``, kept for the process for the last few rule sets (a
    hard policy's cache grows to some 30 MB at 6 decks)."""
    return make_policy(level, rules)


def _by_rules(level: str) -> Policy:
    def play(obs: Observation) -> Action:
        if obs.insurance_offered:
            return Action.NO_INSURANCE
        if obs.rules is None:
            raise ValueError(f"the {level} level needs the rules in the Observation")
        return _policy_for(level, obs.rules)(obs)

    play.__name__ = level
    play.__doc__ = f"The {level} level for the Observation's rules (make_policy)."
    return play


AI_LEVELS: dict[str, Policy] = {
    "easy": easy,
    "normal": _by_rules("normal"),
    "hard": _by_rules("hard"),
}


def play_ai_seats(
    rnd: Round,
    policies: dict[int, Policy],
    seen: Sequence[Card] = (),
    bankrolls: Mapping[int, Fraction] | None = None,
) -> Round:
    """Let AI seats act for as long as the hand to act belongs to one of them.

    ``policies`` maps a seat number to its policy; the loop stops at a seat without one (the
    person's) or when the round is settled. Each policy sees only an Observation, whose
    actions are those offered to the seat: ``bankrolls`` maps a seat to its chips before
    the round (its stakes in play included, as a table's bankroll is), so a seat is never
    offered a split, double or insurance it cannot pay; a seat not in it (the house's
    chips) has no limit.

    Raises ValueError when a policy answers with an action that was not offered (nothing
    is applied then).
    """
    bankrolls = bankrolls or {}
    while not rnd.is_over and rnd.active_hand is not None:
        seat = rnd.active_hand.seat
        policy = policies.get(seat)
        if policy is None:
            break
        bankroll = bankrolls.get(seat)
        chips = None if bankroll is None else bankroll - rnd.seat_staked(seat)
        obs = observe(rnd, seen, chips)
        action = policy(obs)
        if action not in obs.legal:
            raise ValueError(f"seat {seat} chose {action.value}, which was not offered")
        rnd = apply(rnd, action)
    return rnd
