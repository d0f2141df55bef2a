"""The counting drills' questions and their grading (issue 15): what each skill shows, the
answer it expects, and how an answer is judged. No database here: count_drilling.py stores
the questions, schedules the skills and keeps the score.

The skills (``SKILLS``), each one FSRS card per item (``item``):

- ``"running"``: cards flashed one, two or three at a time (``group``) at a chosen pace
  (``pace_ms`` a group), then "what is the running count?", counted from 0. Items "g1",
  "g2", "g3". Right when the count is exact; the error is the answer less the count.
- ``"countdown"``: a deck of 52 with one to three cards taken out unseen, turned one at a
  time at the person's own pace; the end count (the deck's end value, ``deck_sum``, less
  the tags of the missing cards) is asked. Item "deck". Graded by the error and the time.
- ``"true"``: a running count and a picture of the discard tray (decks played, drawn to
  scale) give the true count, rounded down as counting.py states (+2.9 is +2, -0.3 is -1).
  Item "tc". Balanced systems only: KO and Red 7 are played by the running count.
- ``"decks"``: the discard tray alone: how many decks are left? Estimated to the half deck
  (the quarter at one or two decks), the precision the books teach. Item "decks".
- ``"deviation"``: a hand, an upcard and a true count; the play. Right is the play of the
  rule set's computed index (game/rulesets/store.py ``indices_for``): the play below the
  index, or the index's play at floored true counts of the index and above. Items are the
  chart cells ("16,T"), chosen from the Illustrious 18, the Fab 4 or every index.
- ``"insurance"``: a hand against an ace and a true count: insure or not. Right is to
  insure at the insurance index and above. Item "insurance".

The true counts asked lie near the index (two below to two above), where the play turns.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from game.engine.cards import Card, Rank, Suit
from game.engine.counting import CARDS_PER_DECK, CountingSystem, parse_count
from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.indices import FAB_4, ILLUSTRIOUS_18, all_cells, parse_cell, play_at
from trainer.drills.items import DrillUnavailable, question_actions, question_round

SKILLS: Final = ("running", "countdown", "true", "decks", "deviation", "insurance")
GROUPS: Final = (1, 2, 3)
PACES_MS: Final = (400, 700, 1000, 1500, 2500)
DEFAULT_PACE_MS: Final = 1000
# Cards in one running-count question: enough to lose the thread, few enough to start over.
RUN_CARDS: Final = (12, 24)
# Cards taken out of the countdown deck: the end count then says which were missing.
REMOVED: Final = (1, 3)
DEVIATION_SETS: Final = ("i18", "fab4", "all")
# How far from the index the asked true count lies, each offset as likely as listed.
OFFSETS: Final = (-2, -1, -1, 0, 0, 1, 1, 2)
RANKS: Final = tuple(Rank)


@dataclass(frozen=True, slots=True)
class Question:
    """One question: ``item`` (its FSRS card within the skill), ``shown`` (what the page
    may show before the answer: JSON), ``key`` (the right answer and what the feedback
    explains: JSON, never shown before the answer)."""

    item: str
    shown: dict[str, Any]
    key: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Grade:
    """An answer judged: ``correct``; ``error`` the answer less the right count (counts and
    decks: a Fraction; None for a play); ``answer`` as stored (a normalized count or an
    Action value)."""

    correct: bool
    error: Fraction | None
    answer: str


class BadAnswer(ValueError):
    """An answer that is no count, deck number or offered play (the page asks again)."""


class HalfCount(BadAnswer):
    """A count with a half, in a system whose tags are whole numbers."""


class PastReach(BadAnswer):
    """A count no arrangement of the cards shown can reach."""


# A whole number of five digits or more: a count, but past any drill's cards.
_LONG_NUMBER = re.compile(r"\s*[+\-\u2212]?\s?\d{5,}\s*")


def _card(rank: Rank, rng: random.Random) -> Card:
    return Card(rank, rng.choice(list(Suit)))


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A deck of 52 distinct cards in random order."""
    deck = [Card(r, s) for r in RANKS for s in Suit]
    rng.shuffle(deck)
    return deck


def _count(system: CountingSystem, cards: Sequence[Card]) -> Fraction:
    return sum((system.tag(c) for c in cards), Fraction(0))


def running_question(
    system: CountingSystem, group: int, pace_ms: int, rng: random.Random
) -> Question:
    """Cards from a shuffled shoe of six decks, ``group`` at a time at ``pace_ms`` each
    group; the running count from 0. Raises ValueError for a group or pace not offered."""
    if group not in GROUPS or pace_ms not in PACES_MS:
        raise ValueError("choose a group of 1 to 3 cards and a pace the page offers")
    n = rng.randint(*RUN_CARDS)
    n -= n % group
    cards = [_card(rng.choice(RANKS), rng) for _ in range(n)]
    groups = [[c.code for c in cards[i : i + group]] for i in range(0, n, group)]
    return Question(
        f"g{group}",
        {"groups": groups, "pace_ms": pace_ms},
        {"count": str(_count(system, cards))},
    )


def countdown_question(system: CountingSystem, rng: random.Random) -> Question:
    """A shuffled deck with one to three cards taken out (unseen): the end count of the
    rest (the system's deck sum less the missing cards' tags)."""
    deck = shuffled_deck(rng)
    k = rng.randint(*REMOVED)
    removed, rest = deck[:k], deck[k:]
    return Question(
        "deck",
        {"cards": [c.code for c in rest]},
        {"count": str(_count(system, rest)), "removed": [c.code for c in removed]},
    )


def tray_step(decks: int) -> Fraction:
    """The precision of a deck estimate from the tray: half a deck, a quarter at one or two
    decks (Wong, Professional Blackjack: estimate to the half deck in a shoe)."""
    return Fraction(1, 4) if decks <= 2 else Fraction(1, 2)


def _played(decks: int, rng: random.Random) -> Fraction:
    """Decks in the tray, in steps of ``tray_step``, from one step to three quarters of the
    shoe (a usual penetration), so at least a step is always left."""
    step = tray_step(decks)
    top = max(1, math.floor(Fraction(3, 4) * decks / step))
    return step * rng.randint(1, top)


def plausible_running_count(system: CountingSystem, seen: Fraction | int) -> float:
    """The largest running count (either way) a true-count question shows after ``seen``
    cards: three standard deviations of the sum of ``seen`` tags drawn from full decks
    (sqrt(seen x the mean squared tag), no finite-shoe correction: a little generous),
    never past what the cards can reach (``seen`` x the largest tag)."""
    weights = {rank: (4 if rank == "T" else 1) for rank in system.tags}
    mean_square = sum(weights[r] * Fraction(t) ** 2 for r, t in system.tags.items()) / 13
    reach = float(seen * system.largest_tag)
    return min(reach, 3 * math.sqrt(float(seen) * float(mean_square)))


def true_question(system: CountingSystem, decks: int, rng: random.Random) -> Question:
    """A running count and a tray of ``decks`` decks: the floored true count. The running
    count (never 0) is drawn so the true counts asked spread over -4..+6. Raises
    DrillUnavailable for an unbalanced system."""
    if not system.balanced:
        raise DrillUnavailable("an unbalanced count is played by its running count")
    played = _played(decks, rng)
    left = decks - played
    bound = plausible_running_count(system, played * CARDS_PER_DECK)
    running = 0
    # A running count of 0 asks nothing of the division; one past the bound is a count the
    # tray's cards could not (or would all but never) make: +34 after half a deck of Hi-Lo.
    while running == 0 or abs(running) > bound:
        aimed = rng.randint(-4, 6)
        running = round(aimed * left + Fraction(rng.randint(-4, 4), 8) * left)
    exact = Fraction(running) / left
    return Question(
        "tc",
        {"running": running, "decks": decks, "played": str(played)},
        {"true": math.floor(exact), "exact": str(exact), "left": str(left)},
    )


def decks_question(decks: int, rng: random.Random) -> Question:
    """A tray of ``decks`` decks: the decks left, to ``tray_step``."""
    played = _played(decks, rng)
    return Question(
        "decks",
        {"decks": decks, "played": str(played)},
        {"left": str(decks - played), "step": str(tray_step(decks))},
    )


def deviation_items(rules: Rules, found: dict[str, Any], chosen: str) -> list[str]:
    """The cells a deviation drill asks of the stored indices ``found``: "i18" the
    Illustrious 18's cells, "fab4" the Fab 4 (where the rules offer surrender), "all" every
    cell whose play changes, in chart order. Raises ValueError for another set."""
    if chosen == "i18":
        keys: Sequence[str] = ILLUSTRIOUS_18
    elif chosen == "fab4":
        keys = FAB_4 if rules.surrender != "none" else ()
    elif chosen == "all":
        keys = [c.key for c in all_cells()]
    else:
        raise ValueError(f"{chosen!r} is no set of indices")
    return [k for k in keys if isinstance(found.get(k), dict)]


def _ranks_of(value: int) -> list[Rank]:
    return [r for r in RANKS if r.points == value]


def deviation_question(
    rules: Rules, found: dict[str, Any], cell_key: str, rng: random.Random
) -> Question:
    """Cell ``cell_key`` of the stored indices ``found``: a two-card hand of the cell (drawn
    by how often a full shoe deals it), an upcard, a true count near the index, and the
    legal actions of that deal. Raises DrillUnavailable when the engine offers no decision
    for the deal or not the index's play."""
    entry = found[cell_key]
    cell = parse_cell(cell_key)
    hands = cell.hands(rules.decks)
    values = rng.choices([h for h, _w in hands], weights=[w for _h, w in hands])[0]
    hand = [_card(rng.choice(_ranks_of(v)), rng) for v in values]
    if cell.kind == "pair" and rules.split_by == "rank":
        hand[1] = _card(hand[0].rank, rng)
    rng.shuffle(hand)
    upcard = _card(rng.choice(_ranks_of(cell.upcard)), rng)
    legal = question_actions(question_round(rules, hand, upcard))
    index = int(entry["index"])
    true = index + rng.choice(OFFSETS)
    right = play_at(entry, true)
    if Action(right) not in legal or Action(entry["action"]) not in legal:
        raise DrillUnavailable(f"the deal of {cell_key} does not offer the index's play")
    return Question(
        cell_key,
        {
            "hand": [c.code for c in hand],
            "upcard": upcard.code,
            "true": true,
            "legal": [str(a) for a in legal],
        },
        {
            "play": right,
            "index": index,
            "action": str(entry["action"]),
            "below": str(entry["below"]),
        },
    )


def insurance_question(index: int, rng: random.Random) -> Question:
    """A two-card hand (no natural) against an ace at a true count near the insurance
    ``index``: insure from the index up."""
    while True:
        hand = [_card(rng.choice(RANKS), rng) for _ in range(2)]
        if sorted(c.points for c in hand) != [1, 10]:
            break
    upcard = _card(Rank.ACE, rng)
    true = index + rng.choice(OFFSETS)
    right = Action.INSURANCE if true >= index else Action.NO_INSURANCE
    return Question(
        "insurance",
        {
            "hand": [c.code for c in hand],
            "upcard": upcard.code,
            "true": true,
            "legal": [str(Action.INSURANCE), str(Action.NO_INSURANCE)],
        },
        {"play": str(right), "index": index},
    )


def parse_decks(text: str) -> Fraction | None:
    """Decks as a person types them: "3", "3.5", "3,5", "3½", "½", "2.25"; None for
    anything else (or more than 8 decks)."""
    cleaned = text.strip().replace(",", ".").replace(" ", "")
    for sign, decimal in (("½", ".5"), ("¼", ".25"), ("¾", ".75")):
        cleaned = cleaned.replace(sign, decimal)
    if cleaned.startswith("."):
        cleaned = "0" + cleaned
    if not _DECKS_TEXT.fullmatch(cleaned):
        return None
    value = Fraction(cleaned)
    return value if value <= 8 else None


_DECKS_TEXT = re.compile(r"\d{1,2}(\.\d{1,3})?")


# An answer longer than this is no count, no number of decks and no play.
MAX_ANSWER = 20
# No true count a drill asks lies past this either way.
MAX_TRUE = 50


def _cards_shown(skill: str, shown: dict[str, Any]) -> int:
    if skill == "running":
        return sum(len(g) for g in shown["groups"])
    return len(shown["cards"])


def grade(
    skill: str,
    shown: dict[str, Any],
    key: dict[str, Any],
    answer: str,
    system: CountingSystem | None = None,
) -> Grade:
    """Judge ``answer`` (the text the person sent) to a question of ``skill`` counted with
    ``system``.

    Counts (running, countdown, true): right when exact; the error is the answer less the
    count. Decks: right within half a step of ``tray_step``. Plays (deviation, insurance):
    right when the play is the index's. Raises BadAnswer for text that is no count or
    decks, longer than ``MAX_ANSWER``, a half where ``system`` counts in whole numbers, a
    count the cards shown cannot reach (their number times the system's largest tag), a
    true count past ``MAX_TRUE``, or a play the question did not offer."""
    if len(answer) > MAX_ANSWER:
        raise BadAnswer("an answer is a few characters")
    if skill in ("deviation", "insurance"):
        if answer not in shown["legal"]:
            raise BadAnswer("choose one of the plays offered")
        return Grade(answer == key["play"], None, answer)
    if skill == "decks":
        decks = parse_decks(answer)
        if decks is None:
            raise BadAnswer("type the decks left, such as 3 or 3.5")
        error = decks - Fraction(key["left"])
        return Grade(abs(error) < Fraction(key["step"]) / 2, error, str(decks))
    value = parse_count(answer)
    if value is None and skill != "true" and _LONG_NUMBER.fullmatch(answer):
        raise PastReach("no count of these cards reaches that far")
    if value is None or (skill == "true" and (value.denominator != 1 or abs(value) > MAX_TRUE)):
        raise BadAnswer("type a count, such as +3, 0 or -2")
    if skill != "true" and system is not None:
        if value.denominator != 1 and system.whole:
            raise HalfCount("this system counts in whole numbers")
        if abs(value) > _cards_shown(skill, shown) * system.largest_tag:
            raise PastReach("no count of these cards reaches that far")
    right = Fraction(key["true"]) if skill == "true" else Fraction(key["count"])
    error = value - right
    return Grade(error == 0, error, str(value))


__all__ = [
    "DEFAULT_PACE_MS",
    "DEVIATION_SETS",
    "GROUPS",
    "PACES_MS",
    "SKILLS",
    "BadAnswer",
    "Grade",
    "HalfCount",
    "PastReach",
    "Question",
    "countdown_question",
    "decks_question",
    "deviation_items",
    "deviation_question",
    "grade",
    "insurance_question",
    "parse_decks",
    "running_question",
    "tray_step",
    "true_question",
]
