"""What kind of decision a logged decision was: its categories and its chart situation.

A graded decision (``game.table.models.GradedDecision``) keeps the hand's card codes, the dealer's
upcard, whether it was the insurance decision, and the EV of every legal action (the keys
of ``evs`` are exactly the actions that were legal). From those alone:

- its **situation**: the chart cell that decides it, ``(kind, row, upcard)`` with ``kind``
  "hard" (rows 5..17, 17 standing for "17 and more"), "soft" (rows 2..9 for A,2..A,9) or
  "pairs" (rows 1..10 by card value, 1 the aces), exactly as
  ``game.engine.strategy.chart.Chart.cell_for`` maps a hand (a pair is a pair only while it
  may still be split, i.e. when "split" was legal); "insurance" (row 0) for the insurance
  decision; and "other" (row = the total) for the hands the chart has no row for (hard 4
  or less, soft 21). Upcards are values 2..10 and 1 for the ace.
- its **categories** (the mistakes page's filter): "hard", "soft" and "pairs" by the
  situation's kind ("other" hands go by their softness), "insurance" for the insurance
  decision, and "surrender" when surrender was what the person chose, the best play or the
  chart's play (a decision about surrendering). A decision may be in two categories (a hard
  16 surrendered is "hard" and "surrender").
- its **hand** (``hand_situation``): the chart cell with the hand's own total, for a hard
  or a soft hand. The chart's last hard row holds every hard 17 to 21, so its cell reads
  "Hard 17+" while a hand in it reads "Hard 20"; a decision's heading and the weakest-ten
  list name the hand, the heat map the chart cell.

The banker game's decisions (a punter's or the banker's draw or stand, graded by
strategy/banker_grading.py) are no chart cell: their ``upcard`` holds the seat's role
("P" or "B", ``BANKER_GAME_MARKS``), their situation is "punter" or "banker" with the hand's
total as the row (no upcard: 0), and their one category is "banker". So the mistakes page
lists and filters them on their own, and the heat map (chart cells only), the weakest
situations and the drills (chart cells of a casino game's rules) leave them out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from game.engine.banker import Role
from game.engine.strategy.chart import HARD_ROWS, PAIR_ROWS, SOFT_ROWS, UPCARDS, Chart
from game.engine.strategy.composition import card_value

CATEGORIES = ("hard", "soft", "pairs", "surrender", "insurance", "banker")

# A banker-game decision's ``upcard``: the seat's role (the game has no dealer's upcard).
BANKER_GAME_MARKS = {Role.PUNTER: "P", Role.BANKER: "B"}
BANKER_GAME_KINDS = frozenset(role.value for role in BANKER_GAME_MARKS)
_ROLES_BY_MARK = {mark: role for role, mark in BANKER_GAME_MARKS.items()}

# The chart page's words for its parts (the same catalog entries).
CATEGORY_LABELS = {
    "hard": gettext_lazy("Hard totals"),
    "soft": gettext_lazy("Soft totals"),
    "pairs": gettext_lazy("Pairs"),
    "surrender": gettext_lazy("Surrender"),
    "insurance": gettext_lazy("Insurance"),
    "banker": gettext_lazy("Twenty-one with a rotating bank"),  # the game's name
}

KIND_LABELS = {kind: CATEGORY_LABELS[kind] for kind in ("hard", "soft", "pairs")}

# Chart.cell_for reads only which soft rows the chart has; a chart without cells is enough
# to ask it for a hand's row (building a real chart takes the strategy engine a second).
_ROW_FINDER = Chart(hard={}, soft={row: {} for row in SOFT_ROWS}, pairs={}, exceptions=())

# Every chart row in chart order (hard 5..17+, soft A,2..A,9, pairs 2,2..A,A).
CHART_ROWS: tuple[tuple[str, int], ...] = (
    *(("hard", r) for r in HARD_ROWS),
    *(("soft", r) for r in SOFT_ROWS),
    *(("pairs", r) for r in PAIR_ROWS),
)


@dataclass(frozen=True, slots=True, order=True)
class Situation:
    """A chart cell (or the insurance decision, or a hand the chart has no row for), or a
    hand's own situation in it.

    ``kind``: "hard", "soft", "pairs", "insurance" or "other"; ``row``: the hard total
    (17 = 17 and more), the soft hand's other card (2..9), the pair's card value (1 = aces),
    0 for insurance, the total for "other"; ``upcard``: the dealer's upcard value (1 = ace);
    ``total``: 0 for the chart cell (every hand of its row), else the hand's own total (a
    hard or soft hand's situation: ``hand_situation``).
    """

    kind: str
    row: int
    upcard: int
    total: int = 0

    @property
    def in_chart(self) -> bool:
        """True for a cell of the hard, soft or pairs chart."""
        return self.kind in KIND_LABELS

    @property
    def cell(self) -> Situation:
        """The chart cell of this situation (itself without the hand's total)."""
        return Situation(self.kind, self.row, self.upcard) if self.total else self

    @property
    def hand_label(self) -> str:
        """The hand as charts print it: "16", "17+", "A,7", "8,8", "A,A" (untranslated:
        digits and the ace's A read the same in every language of the site)."""
        if self.kind == "hard":
            return "17+" if self.row == 17 else str(self.row)
        if self.kind == "soft":
            return f"A,{self.row}"
        if self.kind == "pairs":
            card = row_card(self.row)
            return f"{card},{card}"
        return str(self.row)

    @property
    def label(self) -> str:
        """The situation in words, in the active language. A chart cell names its row:
        "Hard 16 against 10", "Hard 17+ against 8", "Soft 18 (A,7) against A", "Pair 8,8
        against 10", "Insurance against A"; a hand's situation its own total: "Hard 20
        against 8", "Soft 18 against A" (A,7 or A,2,5 alike)."""
        if self.kind == Role.PUNTER:
            return _("Punter with %(total)s") % {"total": self.row}
        if self.kind == Role.BANKER:
            return _("Banker with %(total)s") % {"total": self.row}
        upcard = row_card(self.upcard)
        if self.kind == "insurance":
            return _("Insurance against %(upcard)s") % {"upcard": upcard}
        if self.kind == "hard":
            hand = _("Hard %(total)s") % {"total": self.total or self.hand_label}
        elif self.kind == "soft" and self.total:
            hand = _("Soft %(total)s") % {"total": self.total}
        elif self.kind == "soft":
            hand = _("Soft %(total)s (%(cards)s)") % {
                "total": self.row + 11,
                "cards": self.hand_label,
            }
        elif self.kind == "pairs":
            hand = _("Pair %(cards)s") % {"cards": self.hand_label}
        else:
            hand = _("Total %(total)s") % {"total": self.row}
        return _("%(hand)s against %(upcard)s") % {"hand": hand, "upcard": upcard}


def banker_role(upcard: str) -> Role | None:
    """The seat's role of a banker-game decision whose ``upcard`` field is ``upcard``
    (``BANKER_GAME_MARKS``), None for a casino decision (a card code)."""
    return _ROLES_BY_MARK.get(upcard)


def row_card(value: int) -> str:
    """A card value as printed on the chart: "A" for 1, "10" for 10, else the digit."""
    return "A" if value == 1 else str(value)


def situation_of(
    hand: Sequence[str], upcard: str, *, insurance: bool, legal: Iterable[str]
) -> Situation:
    """The situation of a decision on ``hand`` (card codes) against ``upcard`` (a card code)
    when ``legal`` were the legal actions (the keys of the decision's ``evs``).

    A banker-game decision (``upcard`` a role's mark) is the role's situation with the
    hand's total. Raises cards.CardParseError (a ValueError) for a code that is not a card.
    """
    role = banker_role(upcard)
    if role is not None:
        return Situation(role.value, hand_total(hand), 0)
    up = card_value(upcard)
    if insurance:
        return Situation("insurance", 0, up)
    cell = _ROW_FINDER.cell_for(list(hand), upcard, may_split="split" in set(legal))
    if cell is not None:
        kind, row = cell
        return Situation(kind, row, up)
    return Situation("other", hand_total(hand), up)


def hand_total(hand: Sequence[str]) -> int:
    """The best total of card codes: an ace counts 11 when that does not pass 21."""
    values = [card_value(c) for c in hand]
    low = sum(values)
    return low + 10 if 1 in values and low + 10 <= 21 else low


def hand_situation(situation: Situation, hand: Sequence[str]) -> Situation:
    """The situation of ``hand`` in its chart cell ``situation``: a hard or soft cell with
    the hand's own total (a hard 4,10,6 in the 17+ row is hard 20); any other situation
    (pairs, insurance, "other") is itself, as its row already names the hand."""
    if situation.kind not in ("hard", "soft"):
        return situation
    return Situation(situation.kind, situation.row, situation.upcard, hand_total(hand))


def categories_of(
    situation: Situation, hand: Sequence[str], action: str, best: str, chart_action: str = ""
) -> frozenset[str]:
    """The categories of a decision (see the module docstring): a subset of CATEGORIES."""
    if situation.kind in BANKER_GAME_KINDS:
        return frozenset({"banker"})
    found = set()
    if situation.kind == "insurance":
        found.add("insurance")
    elif situation.kind in ("hard", "soft", "pairs"):
        found.add(situation.kind)
    else:
        values = [card_value(c) for c in hand]
        found.add("soft" if 1 in values and sum(values) + 10 <= 21 else "hard")
    if {"surrender", "no_surrender"} & {action, best, chart_action}:  # the surrender phase too
        found.add("surrender")
    return frozenset(found)


class DecisionLike(Protocol):
    """The fields of a GradedDecision that classify it."""

    hand: Sequence[str]
    upcard: str
    insurance: bool
    evs: Mapping[str, float]
    action: str
    best_action: str
    chart_action: str


def decision_situation(decision: DecisionLike) -> Situation:
    """``situation_of`` for a GradedDecision."""
    return situation_of(
        decision.hand, decision.upcard, insurance=decision.insurance, legal=decision.evs.keys()
    )


def decision_categories(
    decision: DecisionLike, situation: Situation | None = None
) -> frozenset[str]:
    """``categories_of`` for a GradedDecision (its situation computed when not given)."""
    situation = situation or decision_situation(decision)
    return categories_of(
        situation, decision.hand, decision.action, decision.best_action, decision.chart_action
    )


__all__ = [
    "BANKER_GAME_KINDS",
    "BANKER_GAME_MARKS",
    "CATEGORIES",
    "CATEGORY_LABELS",
    "CHART_ROWS",
    "KIND_LABELS",
    "UPCARDS",
    "DecisionLike",
    "Situation",
    "banker_role",
    "categories_of",
    "decision_categories",
    "decision_situation",
    "hand_situation",
    "hand_total",
    "row_card",
    "situation_of",
]
