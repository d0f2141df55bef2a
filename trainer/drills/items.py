"""Drill items: what a drill asks, how often it arises in play, and the question's deal.

A **drill item** is one decision to learn: a rule set (by ``RuleSet.id_for``), a **hand
class** and the dealer's **upcard** (a value: "2".."9", "T" for any ten-value card, "A").
Every item is one FSRS card (scheduling.py, ``SituationCard``). An item lies in one
*situation*, the chart cell the decision log files decisions under
(trainer/review/situations.py, ``Situation``: the one definition of a situation); an item
is that cell, or a finer part of it where the play differs (a two-card exception, the tens
in a hand facing insurance). The hand classes:

- ``"hard N"`` (N = 5..19; 20 too where pairs split by rank, for two different ten-value
  cards): the two-card hard hands of that total that are not a pair. The two-card
  composition is part of the class only where it changes the play: a composition whose
  exact best play differs from its total's chart play against this upcard (the chart's
  two-card exceptions, e.g. 10,2 against a 4 at six decks: hit, where the chart's hard 12
  stands) is its own class ``"hard 12 T2"``, and ``"hard 12"`` then holds the other
  compositions (9,3 8,4 7,5), which all share the chart's play. So 10,2 and 9,3 are one
  situation unless the engine says they are played differently.
- ``"soft N"`` (N = 13..20: A,2 .. A,9).
- ``"pair X"`` (X = "2".."9", "T", "A"): two cards of equal value (of equal rank where the
  rules split by rank). A pair stays a pair class even where splitting is not allowed: the
  legal actions then simply have no split.
- ``"insurance K"`` (K = 0, 1, 2 ten-value cards in the hand) against an ace where the
  rules offer insurance: the insurance decision, a class of its own. The tens in the hand
  change the insurance EV (fewer tens left for the hole card), so the three are separate.
- ``"even money"``: a natural against an ace where the rules offer even money.

Naturals are not asked otherwise (they stand at once), nor are the first decisions after a
hit or a split: a drill asks the first decision on two cards, what the chart teaches.

**How often an item arises** (``DrillItem.weight``): the exact probability, from a full
shoe of ``rules.decks`` decks, that the deal gives the upcard and a two-card hand of the
class: P(upcard) times P(the two cards | the upcard out), counted rank by rank (13 ranks of
4 * decks cards; a ten-value upcard takes one of its own rank out). For example, at six
decks P(upcard 6, hand 10,6) = 24/312 * 2 * 96 * 24 / (311 * 310). Summed over every
hand class (insurance classes aside) and upcard the weights give 1 less the naturals.

The question's legal actions come from the engine: a ``Round`` is dealt from a stacked shoe
holding the question's cards (round.py ``legal_actions`` is the single source of truth);
against an ace where insurance is offered, the play question is the round after insurance
was declined (and, in a peek game, after the dealer checked: no natural).
"""

from __future__ import annotations

import functools
import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.engine.cards import Card, Rank, Shoe, Suit
from game.engine.hands import hand_value
from game.engine.round import Action, Phase, Round, actions_if_played_on, apply, deal
from game.engine.rules import Rules
from game.engine.strategy.cache import StrategyError
from game.engine.strategy.chart import HARD_ROWS, Cell, Chart
from game.rulesets.store import chart_for
from trainer.review.situations import Situation

UPCARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
KINDS = ("hard", "soft", "pair", "insurance")
# Categories a drill can be started on; "weak" and "mistakes" are the person's own lists.
CATEGORIES = ("all", "hard", "soft", "pairs", "surrender", "insurance", "weak", "mistakes")
RULE_CATEGORIES = ("all", "hard", "soft", "pairs", "surrender", "insurance")
# The surrender category: the situations where surrender is legal and either the chart's
# play or within this much EV (units of the bet) of the best play, so that a drill asks
# both when to give up and when not to.
SURRENDER_MARGIN = 0.05


class DrillUnavailable(ValueError):
    """Rules the drills cannot ask about (the banker game, or a split the strategy engine
    does not model); the message says why (English, for logs)."""


def value_code(value: int) -> str:
    """The code of a card value: "A" for 1, "T" for 10, else the digit."""
    return "A" if value == 1 else "T" if value == 10 else str(value)


def code_value(code: str) -> int:
    """The card value of a value code ("A" -> 1, "T" -> 10, "7" -> 7).

    Raises ValueError for anything else."""
    if code == "A":
        return 1
    if code == "T":
        return 10
    value = int(code)
    if not 2 <= value <= 9:
        raise ValueError(f"{code!r} is not a card value code")
    return value


@dataclass(frozen=True, slots=True)
class DrillItem:
    """A drill item of one rule set.

    - ``hand_class``: see the module docstring ("hard 12", "hard 12 T2", "soft 17",
      "pair 8", "insurance 1", "even money").
    - ``upcard``: the upcard's value code ("2".."9", "T", "A").
    - ``weight``: the probability of being dealt this situation (exact, from a full shoe).
    - ``members``: the rank pairs of the class with their probabilities (summing to
      ``weight``), what a question's hand is drawn from.
    """

    hand_class: str
    upcard: str
    weight: Fraction
    members: tuple[tuple[tuple[Rank, Rank], Fraction], ...]

    @property
    def key(self) -> tuple[str, str]:
        """(hand class, upcard): the situation within its rule set."""
        return (self.hand_class, self.upcard)

    @property
    def kind(self) -> str:
        """ "hard", "soft", "pair", or "insurance" (even money included)."""
        return class_kind(self.hand_class)

    @property
    def situation(self) -> Situation:
        """The chart cell the item lies in, as the decision log files it: hard N (17 and
        more in the 17+ row), soft A,N, the pair's card value, or the insurance decision
        (even money included), against the upcard (a value, 1 for the ace)."""
        parts = self.hand_class.split(" ")
        upcard = code_value(self.upcard)
        if self.kind == "hard":
            return Situation("hard", min(int(parts[1]), HARD_ROWS[-1]), upcard)
        if self.kind == "soft":
            return Situation("soft", int(parts[1]) - 11, upcard)
        if self.kind == "pair":
            return Situation("pairs", code_value(parts[1]), upcard)
        return Situation("insurance", 0, upcard)

    @property
    def is_insurance(self) -> bool:
        """True for the insurance decision (insurance K and even money)."""
        return self.kind == "insurance"


def class_kind(hand_class: str) -> str:
    """The kind of a hand class: "hard", "soft", "pair" or "insurance"."""
    if hand_class == "even money":
        return "insurance"
    return hand_class.split(" ", 1)[0]


# -- classifying hands ---------------------------------------------------------------------
def _is_pair(a: Rank, b: Rank, rules: Rules) -> bool:
    if a.points != b.points:
        return False
    return rules.split_by == "value" or a == b


def play_class(
    ranks: Sequence[Rank], upcard: int, rules: Rules, exceptions: frozenset
) -> str | None:
    """The hand class of the first decision on two cards of ``ranks`` against the upcard
    value ``upcard`` (1 = ace), or None for a natural (no decision). ``exceptions`` are the
    chart's two-card exceptions as ((low value, high value), upcard value) pairs."""
    a, b = ranks
    values = sorted((a.points, b.points))
    if values == [1, 10]:
        return None
    if _is_pair(a, b, rules):
        return f"pair {value_code(values[0])}"
    if values[0] == 1:
        return f"soft {11 + values[1]}"
    total = sum(values)
    if (tuple(values), upcard) in exceptions:
        return f"hard {total} {value_code(values[1])}{value_code(values[0])}"
    return f"hard {total}"


def insurance_class(ranks: Sequence[Rank], rules: Rules) -> str | None:
    """The insurance hand class of two cards against an ace: "even money" for a natural
    (where the rules offer it, else None), "insurance K" for K ten-value cards, None when
    the rules offer no insurance."""
    if not rules.insurance:
        return None
    values = sorted(r.points for r in ranks)
    if values == [1, 10]:
        return "even money" if rules.even_money else None
    return f"insurance {sum(1 for v in values if v == 10)}"


# -- how often each deal happens -------------------------------------------------------------
RANKS = tuple(Rank)


@functools.lru_cache(maxsize=8)
def deal_probabilities(decks: int) -> dict[tuple[int, Rank, Rank], Fraction]:
    """P(upcard value, the player's two cards) for every upcard value (1..10) and unordered
    rank pair (r1, r2 in Rank order), from a full shoe of ``decks`` decks: the exact
    probability that a deal gives them, dealing order aside. The values sum to 1.

    Raises ValueError for fewer than one deck."""
    if decks < 1:
        raise ValueError("a shoe needs at least one deck")
    per_rank = 4 * decks
    total = 52 * decks
    pairs_of_cards = (total - 1) * (total - 2)
    found: dict[tuple[int, Rank, Rank], Fraction] = defaultdict(Fraction)
    for up in RANKS:
        counts = dict.fromkeys(RANKS, per_rank)
        counts[up] -= 1
        p_up = Fraction(per_rank, total)
        for i, r1 in enumerate(RANKS):
            for r2 in RANKS[i:]:
                ways = counts[r1] * (counts[r1] - 1) if r1 == r2 else 2 * counts[r1] * counts[r2]
                found[(up.points, r1, r2)] += p_up * Fraction(ways, pairs_of_cards)
    return dict(found)


# -- the catalog of a rule set ----------------------------------------------------------------
def strategy_chart(rules: Rules) -> Chart:
    """The basic strategy chart of ``rules`` (game.rulesets.store: stored per rule set).

    Raises DrillUnavailable when the strategy engine cannot chart these rules."""
    try:
        return chart_for(rules)
    except StrategyError as exc:
        raise DrillUnavailable(str(exc)) from exc


@functools.lru_cache(maxsize=16)
def catalog(rules: Rules) -> dict[tuple[str, str], DrillItem]:
    """Every drill situation of ``rules`` by key (hand class, upcard), in chart order
    (upcards 2..A within hard, soft, pairs, insurance).

    Raises DrillUnavailable for the banker game or rules the strategy engine cannot chart.
    """
    if rules.game != "casino":
        raise DrillUnavailable("the banker game has no dealer chart to drill")
    chart = strategy_chart(rules)
    exceptions = frozenset(((min(e.cards), max(e.cards)), e.upcard) for e in chart.exceptions)
    members: dict[tuple[str, str], list[tuple[tuple[Rank, Rank], Fraction]]] = defaultdict(list)
    for (up, r1, r2), p in deal_probabilities(rules.decks).items():
        up_code = value_code(up)
        play = play_class((r1, r2), up, rules, exceptions)
        if play is not None:
            members[(play, up_code)].append(((r1, r2), p))
        if up == 1:
            insured = insurance_class((r1, r2), rules)
            if insured is not None:
                members[(insured, up_code)].append(((r1, r2), p))
    situations = {
        key: DrillItem(key[0], key[1], sum((p for _r, p in found), Fraction(0)), tuple(found))
        for key, found in members.items()
    }
    return dict(sorted(situations.items(), key=lambda item: _chart_order(item[0])))


def _chart_order(key: tuple[str, str]) -> tuple:
    hand_class, upcard = key
    parts = hand_class.split(" ")
    kind = class_kind(hand_class)
    number = 0
    if kind in ("hard", "soft"):
        number = int(parts[1])
    elif kind == "pair":
        number = code_value(parts[1]) if parts[1] != "A" else 11
    elif hand_class != "even money":
        number = int(parts[1])
    else:
        number = 3
    return (KINDS.index(kind), number, hand_class, UPCARDS.index(upcard))


def in_category(situation: DrillItem, category: str, rules: Rules) -> bool:
    """Whether ``situation`` belongs to the rule-based ``category`` (RULE_CATEGORIES):
    every situation for "all"; by kind for "hard", "soft", "pairs" and "insurance";
    "surrender" for the play situations where surrender is legal and is the chart's play or
    within SURRENDER_MARGIN of the best EV (the chart cell's EVs, two-card hands of the row
    weighted by frequency). Raises ValueError for another category."""
    kind = situation.situation.kind
    if category == "all":
        return True
    if category in ("hard", "soft", "pairs", "insurance"):
        return kind == category
    if category == "surrender":
        if kind == "insurance" or rules.surrender == "none":
            return False
        cell = _chart_cell(strategy_chart(rules), situation.situation)
        if cell is None or Action.SURRENDER not in cell.evs:
            return False
        best = max(cell.evs.values())
        return cell.code.startswith("R") or cell.evs[Action.SURRENDER] >= best - SURRENDER_MARGIN
    raise ValueError(f"{category!r} is not a category of the rules")


def _chart_cell(chart: Chart, situation: Situation) -> Cell | None:
    """The chart's cell of a hard, soft or pairs situation; None for insurance."""
    if not situation.in_chart:
        return None
    rows: dict[int, dict[int, Cell]] = getattr(chart, situation.kind)
    return rows.get(situation.row, {}).get(situation.upcard)


def category_situations(rules: Rules, category: str) -> list[DrillItem]:
    """The situations of a rule-based category, in chart order (may be empty: no surrender
    or insurance in these rules). Raises DrillUnavailable, ValueError (see above)."""
    return [s for s in catalog(rules).values() if in_category(s, category, rules)]


def classify_decision(
    hand: Sequence[str], upcard: str, rules: Rules, *, insurance: bool
) -> tuple[str, str] | None:
    """The situation key of a graded decision (hand card codes, upcard code): its two-card
    class, or for a hand of three or more cards its total's class ("hard 16", "soft 18");
    None where the drills have no such situation (a hard 20 or 21 of three cards...).

    Raises DrillUnavailable (see ``catalog``) and CardParseError for a bad card code."""
    cards = [Card.parse(c) for c in hand]
    up = Card.parse(upcard).points
    situations = catalog(rules)
    if insurance:
        key = insurance_class([c.rank for c in cards[:2]], rules)
        found = (key, value_code(up)) if key else None
    elif len(cards) == 2:
        chart = strategy_chart(rules)
        exceptions = frozenset(((min(e.cards), max(e.cards)), e.upcard) for e in chart.exceptions)
        key = play_class([c.rank for c in cards], up, rules, exceptions)
        found = (key, value_code(up)) if key else None
    else:
        value = hand_value(cards)
        kind = "soft" if value.soft else "hard"
        found = (f"{kind} {value.total}", value_code(up))
    return found if found in situations else None


# -- the question ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deal:
    """A question's cards: the player's two cards, the upcard, and the legal actions the
    engine gives them (Action order)."""

    hand: tuple[Card, Card]
    upcard: Card
    legal: tuple[Action, ...]


def _pick_card(rank: Rank, taken: set[str], rng: random.Random) -> Card:
    """A card of ``rank`` in a random suit whose code is not in ``taken`` (so a one-deck
    question never shows the same card twice)."""
    suits = [s for s in Suit if f"{rank.value}{s.value}" not in taken] or list(Suit)
    card = Card(rank, rng.choice(suits))
    taken.add(card.code)
    return card


def deal_question(situation: DrillItem, rules: Rules, rng: random.Random) -> Deal:
    """Deal ``situation``: a two-card hand drawn from its members by their probability, in
    random order and suits; an upcard of its value (a ten-value upcard of a random rank);
    the legal actions from a Round dealt with exactly these cards.

    Raises DrillUnavailable when the engine offers no decision for the deal (a bug)."""
    pairs = [ranks for ranks, _p in situation.members]
    weights = [float(p) for _r, p in situation.members]
    r1, r2 = rng.choices(pairs, weights=weights)[0]
    up_value = code_value(situation.upcard)
    up_ranks = [r for r in RANKS if r.points == up_value]
    taken: set[str] = set()
    first, second = _pick_card(r1, taken, rng), _pick_card(r2, taken, rng)
    if rng.random() < 0.5:
        first, second = second, first
    upcard = _pick_card(rng.choice(up_ranks), taken, rng)
    rnd = question_round(rules, (first, second), upcard, insurance=situation.is_insurance)
    return Deal(hand=(first, second), upcard=upcard, legal=question_actions(rnd))


def question_actions(rnd: Round) -> tuple[Action, ...]:
    """The answers a question offers: the legal actions of its round; in the early-surrender
    phase (seed 001) surrender and the actions of playing on, in Action order, as one first
    decision (a drill asks for the hand's play, which at the table is the surrender answer
    and then the play)."""
    if rnd.phase is Phase.SURRENDER:
        later = actions_if_played_on(rnd)
        return tuple(a for a in Action if a in later or a is Action.SURRENDER)
    return rnd.legal_actions()


def question_round(
    rules: Rules, hand: Sequence[Card], upcard: Card, *, insurance: bool = False
) -> Round:
    """The round at the question's decision: ``hand`` against ``upcard`` dealt from a
    stacked shoe (a hole card that gives the dealer no natural), in the insurance phase for
    the insurance question, else at the hand's first play decision (insurance declined
    first where it is offered; with early surrender, the surrender phase).

    Raises DrillUnavailable when the round has no such decision (e.g. a natural that is
    not offered even money)."""
    taken = {c.code for c in (*hand, upcard)}
    hole_rank = Rank.FIVE if upcard.points in (1, 10) else Rank.SIX
    hole = next(
        (Card(hole_rank, s) for s in Suit if f"{hole_rank.value}{s.value}" not in taken),
        Card(hole_rank, Suit.SPADES),
    )
    if not rules.dealer_hole_card:
        order = [hand[0], upcard, hand[1]]
    elif rules.hole_card_first:
        order = [hand[0], hole, hand[1], upcard]
    else:
        order = [hand[0], upcard, hand[1], hole]
    rnd = deal(rules, [Fraction(1)], Shoe.stacked_from(order))
    if insurance:
        if rnd.phase is not Phase.INSURANCE:
            raise DrillUnavailable("the rules offer no insurance decision here")
        return rnd
    if rnd.phase is Phase.INSURANCE:
        rnd = apply(rnd, Action.NO_INSURANCE)
    if rnd.phase not in (Phase.PLAYER, Phase.SURRENDER) or rnd.active_hand is None:
        raise DrillUnavailable("the round has no decision for this hand")
    return rnd
