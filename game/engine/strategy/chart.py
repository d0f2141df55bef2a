"""Basic strategy charts derived from the exact EVs, and the 2-card exceptions to them.

A chart is total-dependent: one decision per row (hard total, soft total, pair) and dealer
upcard. Each cell is the action with the highest EV, where a total's EV is the average over
the two-card hands that make it (hard rows: the non-pair hands of that total), weighted by
how often each is dealt from the shoe (the usual way published basic strategy is derived,
e.g. Wizard of Odds; ORACLES.md's 6-deck chart is the test oracle). Pair rows use the pair's
own EVs. The cell codes are the charts' usual ones:

- ``H`` hit, ``S`` stand, ``P`` split;
- ``D`` double, else hit; ``Ds`` double, else stand (after a hit, or where doubling is not
  allowed: the next best of hit and stand);
- ``Rh``/``Rs``/``Rp`` surrender, else hit / stand / split.

The composition-dependent exceptions are the two-card hands whose own best action differs
from their row's cell (e.g. 10,2 against a 4 at some deck counts).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.engine.errors import Reason
from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.cache import EVCache, HandEVs, StrategyError
from game.engine.strategy.composition import CardLike, card_value, full_shoe, remove_cards
from game.engine.strategy.hand import deal_evs, hand_evs

UPCARDS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
HARD_ROWS = tuple(range(5, 18))  # 17 stands for "17 and more"
SOFT_ROWS = tuple(range(2, 10))  # A,2 .. A,9
PAIR_ROWS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)


@dataclass(frozen=True, slots=True)
class Cell:
    """One decision: its chart code and the EVs (units of the initial bet) it was chosen from,
    probability-weighted over the row's two-card hands."""

    code: str
    evs: dict[Action, float]


@dataclass(frozen=True, slots=True)
class Exception2:
    """A two-card hand whose best play differs from its row's chart cell."""

    cards: tuple[int, int]
    upcard: int
    row: str
    chart: str
    best: str
    gain: float  # EV gained by the exception over the chart's play, units of the bet


@dataclass(frozen=True, slots=True)
class Chart:
    """A basic strategy chart: ``hard[total][upcard]``, ``soft[other card][upcard]``,
    ``pairs[card][upcard]`` (upcards 2..10 and 1 for the ace), and the 2-card exceptions."""

    hard: dict[int, dict[int, Cell]]
    soft: dict[int, dict[int, Cell]]
    pairs: dict[int, dict[int, Cell]]
    exceptions: tuple[Exception2, ...]

    def code(self, kind: str, row: int, upcard: int) -> str:
        """The cell code of ``kind`` ("hard", "soft" or "pairs") for ``row`` and ``upcard``."""
        return getattr(self, kind)[row][upcard].code

    def rows(self) -> Iterable[tuple[str, str, list[str]]]:
        """(kind, row label, codes for upcards 2..10, A) for every row, in chart order."""
        for total in HARD_ROWS:
            label = "17+" if total == 17 else str(total)
            yield "hard", label, [self.hard[total][u].code for u in UPCARDS]
        for other in SOFT_ROWS:
            yield "soft", f"A{other}", [self.soft[other][u].code for u in UPCARDS]
        for card in PAIR_ROWS:
            name = {1: "A", 10: "T"}.get(card, str(card))
            yield "pairs", name * 2, [self.pairs[card][u].code for u in UPCARDS]

    def cell_for(
        self, cards: Sequence[CardLike], upcard: CardLike, *, may_split: bool = True
    ) -> tuple[str, int] | None:
        """The (kind, row) of the chart that decides ``cards`` against ``upcard``: the pair
        row for two equal-value cards when ``may_split``, the soft row A,2..A,9 for a soft
        13..20, the hard row 5..17+ for a hard total. None where the chart has no row (soft
        or hard 21 and more, hard 4 or less: stand at 21, hit below 5)."""
        values = [card_value(c) for c in cards]
        low = sum(values)
        if may_split and len(values) == 2 and values[0] == values[1]:
            return "pairs", values[0]
        if 1 in values and low + 10 <= 21:
            other = low - 1
            return ("soft", other) if other in self.soft else None
        if low < HARD_ROWS[0] or low > 21:
            return None
        return "hard", min(low, 17)

    def action_for(
        self,
        cards: Sequence[CardLike],
        upcard: CardLike,
        legal: Collection[Action],
    ) -> Action:
        """The chart's decision for ``cards`` (any number) against ``upcard`` among the
        ``legal`` actions: the cell's first choice when it is legal, else its fallback
        (``D`` double else hit, ``Ds`` double else stand, ``Rh``/``Rs``/``Rp`` surrender
        else hit/stand/split; a pair whose split is not legal is played by its total).
        Insurance is declined (basic strategy never insures). Raises ValueError when
        ``legal`` holds none of the actions that could be chosen."""
        legal = set(legal)
        if Action.NO_INSURANCE in legal:
            return Action.NO_INSURANCE
        up = card_value(upcard)
        cell = self.cell_for(cards, upcard, may_split=Action.SPLIT in legal)
        if cell is None:
            total = sum(card_value(c) for c in cards)
            soft = 1 in [card_value(c) for c in cards] and total + 10 <= 21
            order: tuple[Action, ...] = (
                (Action.STAND, Action.HIT)
                if total >= 21 or (soft and total + 10 >= 21)
                else (Action.HIT, Action.STAND)
            )
        else:
            kind, row = cell
            order = CODE_ORDER[self.code(kind, row, up)]
        for action in order:
            if action in legal:
                return action
        for action in (Action.STAND, Action.HIT):
            if action in legal:
                return action
        raise ValueError(f"no chart decision among {sorted(a.value for a in legal)}")

    def to_json(self) -> dict[str, Any]:
        """The chart as JSON-able data (codes and EVs by kind, row and upcard; exceptions)."""

        def table(rows: dict[int, dict[int, Cell]]) -> dict[str, Any]:
            return {
                str(row): {
                    str(up): {"code": c.code, "evs": {a.value: v for a, v in c.evs.items()}}
                    for up, c in cells.items()
                }
                for row, cells in rows.items()
            }

        return {
            "hard": table(self.hard),
            "soft": table(self.soft),
            "pairs": table(self.pairs),
            "exceptions": [
                {
                    "cards": list(e.cards),
                    "upcard": e.upcard,
                    "row": e.row,
                    "chart": e.chart,
                    "best": e.best,
                    "gain": e.gain,
                }
                for e in self.exceptions
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Chart:
        """The chart ``to_json`` wrote. Raises KeyError/ValueError for other data."""

        def table(rows: dict[str, Any]) -> dict[int, dict[int, Cell]]:
            return {
                int(row): {
                    int(up): Cell(c["code"], {Action(a): float(v) for a, v in c["evs"].items()})
                    for up, c in cells.items()
                }
                for row, cells in rows.items()
            }

        return cls(
            hard=table(data["hard"]),
            soft=table(data["soft"]),
            pairs=table(data["pairs"]),
            exceptions=tuple(
                Exception2(
                    cards=(int(e["cards"][0]), int(e["cards"][1])),
                    upcard=int(e["upcard"]),
                    row=e["row"],
                    chart=e["chart"],
                    best=e["best"],
                    gain=float(e["gain"]),
                )
                for e in data["exceptions"]
            ),
        )


# Each cell code's actions in order of preference (the first legal one is played).
CODE_ORDER: dict[str, tuple[Action, ...]] = {
    "H": (Action.HIT, Action.STAND),
    "S": (Action.STAND,),
    "P": (Action.SPLIT, Action.HIT),
    "D": (Action.DOUBLE, Action.HIT),
    "Ds": (Action.DOUBLE, Action.STAND),
    "Rh": (Action.SURRENDER, Action.HIT),
    "Rs": (Action.SURRENDER, Action.STAND),
    "Rp": (Action.SURRENDER, Action.SPLIT, Action.HIT),
}


class ChartPolicy:
    """A basic strategy chart as a ``HandPolicy``: every decision is ``Chart.action_for``
    (the cell's first choice when legal, else its fallback); after a hit the legal actions
    are hit and stand. Later decisions are memoized by (low total, ace, upcard)."""

    def __init__(self, chart: Chart) -> None:
        self.chart = chart
        self._hits: dict[tuple[int, bool, int], bool] = {}

    def first(self, values: tuple[int, ...], upcard: int, legal: frozenset[Action]) -> Action:
        """The chart's play for a two-card hand among ``legal``."""
        return self.chart.action_for(values, upcard, legal)

    def hits(self, low: int, ace: bool, cards: int, upcard: int) -> bool:
        """Whether the chart hits a hand of this low total and softness after a hit."""
        key = (low, ace, upcard)
        found = self._hits.get(key)
        if found is None:
            hand = _hand_of(low, ace)
            found = self.chart.action_for(hand, upcard, (Action.HIT, Action.STAND)) is Action.HIT
            self._hits[key] = found
        return found


def _hand_of(low: int, ace: bool) -> list[int]:
    """Card values of some hand with this low total (aces as 1) and ace or not: what the
    chart reads of a hand after a hit (its total and softness, never a pair)."""
    cards = [1] if ace else []
    rest = low - (1 if ace else 0)
    while rest > 0:
        # ten-value cards first; never leave 1 (an ace) as the last card of a hand without one
        card = min(rest, 10)
        if rest - card == 1 or (card == 1 and not ace):
            card -= 1
        cards.append(card)
        rest -= card
    return cards


def cell_code(evs: dict[Action, float]) -> str:
    """The chart code of the best action among ``evs`` (see the module docstring)."""
    best = max(evs, key=evs.__getitem__)
    rest = {a: v for a, v in evs.items() if a is not best}
    fallback = max(
        (a for a in (Action.HIT, Action.STAND) if a in rest), key=rest.__getitem__, default=None
    )
    if best is Action.DOUBLE:
        return "Ds" if fallback is Action.STAND else "D"
    if best is Action.SURRENDER:
        second = max(rest, key=rest.__getitem__)
        return {Action.HIT: "Rh", Action.STAND: "Rs", Action.SPLIT: "Rp"}.get(second, "Rh")
    return {Action.HIT: "H", Action.STAND: "S", Action.SPLIT: "P"}[best]


def basic_strategy(rules: Rules, *, infinite: bool = False, cache: EVCache | None = None) -> Chart:
    """The total-dependent basic strategy of a casino rule set and its 2-card exceptions.

    Values every two-card hand against every upcard with ``hand_evs`` (splits included),
    from ``rules.decks`` fresh decks minus the hand and the upcard, or the infinite deck.
    Takes about as long as the cd game EV (``make bench``); pass an ``EVCache`` to reuse
    values, or use ``game_ev.analysis`` for the chart and both game EVs in one pass.
    Raises StrategyError for the banker game (CASINO_GAME_ONLY).
    """
    if rules.game != "casino":
        raise StrategyError(
            Reason.CASINO_GAME_ONLY, "basic strategy charts are for the casino game"
        )
    own_cache = cache is None
    if cache is None:
        cache = EVCache(rules)
    chart = empty_chart()
    exceptions: list[Exception2] = []
    for up in UPCARDS:
        by_hand = dealt_hand_evs(rules, up, cache, infinite=infinite)
        exceptions += fill_upcard(chart, rules, up, by_hand, infinite=infinite)
        if own_cache:  # nothing is shared between upcards: keep one upcard's values at a time
            cache.clear()
    return replace(chart, exceptions=tuple(exceptions))


def empty_chart() -> Chart:
    """A chart with every row and no cell yet (``fill_upcard`` fills one upcard's column)."""
    return Chart(
        hard={t: {} for t in HARD_ROWS},
        soft={o: {} for o in SOFT_ROWS},
        pairs={c: {} for c in PAIR_ROWS},
        exceptions=(),
    )


def dealt_hand_evs(
    rules: Rules, up: int, cache: EVCache, *, infinite: bool = False
) -> dict[tuple[int, int], HandEVs]:
    """``hand_evs`` of every two-card hand (a <= b, card values) against ``up``, dealt from
    ``rules.decks`` fresh decks (or the infinite deck), splits included: what a chart column
    and the composition-dependent game EV (``game_ev.analysis``) are both made of. The
    dealer distributions they need are solved first in one batch (``EVCache.prepare``)."""
    if not infinite:  # prepared at once, then read for every hand
        return deal_evs(rules, up, remove_cards(full_shoe(rules.decks), [up]), cache)
    return {
        (a, b): hand_evs((a, b), up, rules, infinite=infinite, cache=cache)
        for a in range(1, 11)
        for b in range(a, 11)
    }


def fill_upcard(
    chart: Chart,
    rules: Rules,
    up: int,
    by_hand: dict[tuple[int, int], HandEVs],
    *,
    infinite: bool = False,
) -> list[Exception2]:
    """Fill ``chart``'s column of ``up`` (in place) from the EVs of every two-card hand
    (``dealt_hand_evs``); returns that column's two-card exceptions."""
    shoe = None if infinite else full_shoe(rules.decks)
    hard, soft, pairs = chart.hard, chart.soft, chart.pairs
    exceptions: list[Exception2] = []
    weighted = {hand: (_weight(shoe, up, *hand), _actions(evs)) for hand, evs in by_hand.items()}
    for (a, b), (_w, evs) in weighted.items():
        if a == b:
            pairs[a][up] = Cell(cell_code(evs), evs)
        elif a == 1 and b < 10:
            soft[b][up] = Cell(cell_code(evs), evs)
    for total in HARD_ROWS:
        members = [
            (hand, w, evs)
            for hand, (w, evs) in weighted.items()
            if hand[0] != hand[1]
            and hand[0] != 1
            and (sum(hand) == total or (total == 17 and sum(hand) >= 17))
        ]
        if not members:  # hard 4 or 20 alone are pairs; 17+ always has members
            continue
        hard[total][up] = Cell(cell_code(_average(members)), _average(members))
        for hand, _w, evs in members:
            own = cell_code(_without_split(evs))
            code = hard[total][up].code
            if own != code:
                exceptions.append(
                    Exception2(
                        cards=hand,
                        upcard=up,
                        row="17+" if total == 17 else str(total),
                        chart=code,
                        best=own,
                        gain=_value(evs, own) - _value(evs, code),
                    )
                )
    return exceptions


def _actions(evs: HandEVs) -> dict[Action, float]:
    return dict(evs.values())


def _without_split(evs: dict[Action, float]) -> dict[Action, float]:
    return {a: v for a, v in evs.items() if a is not Action.SPLIT}


def _weight(shoe: tuple[int, ...] | None, up: int, a: int, b: int) -> float:
    """How often the hand a,b is dealt against ``up`` (relative; ordered deals counted)."""
    if shoe is None:
        return (1.0 if a == b else 2.0) * _p(a) * _p(b)
    counts = list(shoe)
    counts[up - 1] -= 1
    na = counts[a - 1]
    nb = counts[b - 1] - (1 if a == b else 0)
    return float(na * nb) * (1.0 if a == b else 2.0)


def _p(value: int) -> float:
    return 4 / 13 if value == 10 else 1 / 13


def _average(
    members: list[tuple[tuple[int, int], float, dict[Action, float]]],
) -> dict[Action, float]:
    """The probability-weighted EV of each action the row's hands all allow."""
    common = set.intersection(*(set(evs) for _h, _w, evs in members)) - {Action.SPLIT}
    total_weight = sum(w for _h, w, _e in members)
    return {
        action: sum(w * evs[action] for _h, w, evs in members) / total_weight
        for action in sorted(common, key=list(Action).index)
    }


def _value(evs: dict[Action, float], code: str) -> float:
    """The EV of playing ``code`` with this hand (the fallback when the first is not there)."""
    first = {"H": Action.HIT, "S": Action.STAND, "P": Action.SPLIT, "D": Action.DOUBLE}
    order = {
        "Ds": (Action.DOUBLE, Action.STAND),
        "D": (Action.DOUBLE, Action.HIT),
        "Rh": (Action.SURRENDER, Action.HIT),
        "Rs": (Action.SURRENDER, Action.STAND),
        "Rp": (Action.SURRENDER, Action.SPLIT),
    }.get(code, (first.get(code, Action.STAND),))
    for action in order:
        if action in evs:
            return evs[action]
    return evs[Action.STAND]
