"""Index plays computed exactly for any rule set and counting system: the true count (the
running count, for an unbalanced system) at which the best play of a hand against an upcard
changes, and the insurance index.

Nothing is read from a published table: every index is found from the exact
composition-dependent EVs of ``hand_evs``, evaluated against the shoe a counter faces at a
given true count.

The method (and why)
--------------------
1. **The shoe at a true count.** A counter at true count ``tc`` with ``R`` decks left has
   seen ``52 (D - R)`` cards whose tags add up to the running count ``tc x R``; among them
   the hand's cards and the upcard (the count at the decision includes them, as a counter
   counts them). Which other cards were seen is not known; the expected composition of the
   ``52 R`` cards left is the mean of the multivariate hypergeometric draw of the seen
   cards, conditioned on their tag sum. That conditional mean is computed by exponential
   tilting (the maximum-entropy estimate, exact as the shoe grows; Cover and Thomas, ch. 11
   "conditional limit theorem"): a card of tag ``t`` was seen with probability
   ``1 / (1 + exp(-(a + theta t)))``, ``a`` and ``theta`` solved (Newton) so that the
   expected number seen and their expected tag sum are the given ones. For Hi-Lo it
   agrees with the exact conditional mean (a sum over the three tag groups) to within 0.01
   of a card at 1, 2 and 6 decks (tests/engine/strategy/test_indices.py).
2. **Whole cards.** The expected composition has fractional counts, and the exact engine
   deals whole cards. The EV at a fractional composition is the linear interpolation of the
   EVs at whole compositions around it: the fractions are written as a convex combination
   of at most ten 0/1 vectors with the right number of ones (systematic rounding), each
   added to the counts rounded down. The interpolation is continuous in ``tc``, so the EV
   of each action is a continuous function of the true count and its crossings are found
   by bisection, not by the noise of rounding.
3. **Which decks left.** ``R`` is half the shoe by default (``decks_left``), the middle of a
   shoe dealt to a usual cut; an index moves little with it.
4. **The crossing and the index.** For each integer true count from -``span`` to +``span``
   the best of the actions offered is found (at the whole composition nearest the expected
   one); where it changes between ``i`` and ``i + 1``, the two plays' EVs are interpolated
   as above at both ends and their crossing ``x`` is where the straight line between the
   two differences meets zero (over one count the difference is close to straight: seven
   bisections instead moved no index of the 135 of a 6-deck S17 DAS late-surrender game,
   and the crossings by a median of 0 and at most 0.1, 0.25 at the span's edge, in 85 s
   against 50 s). Players floor the true count (game/engine/counting.py), so a floored count
   ``f`` stands for true counts in ``[f, f + 1)``, about ``f + 1/2`` on average: the index
   is the least integer ``f`` with ``f + 1/2 >= x``, that is ``x`` rounded to the nearest
   integer, and the deviation is played at floored counts of the index and above.
5. **The hand.** A hard total is every two-card hand of that total that is not a pair, each
   weighted by how often it is dealt from a full shoe (16: 10-6 four times as often as
   9-7); a soft total is the ace and its other card; a pair is the pair.

Insurance: its EV is 3T/U - 1 against the cards left, linear in the composition, so its
crossing (T/U = 1/3) is found from the expected composition directly (the upcard ace seen,
the player's cards not: the index is for any hand).

Unbalanced systems (KO, Red 7) are played by the running count, from the system's initial
running count, with no division: their cards seen add up to the running count less the
initial one (``seen_tag_sum``), and the same method finds the running count where the play
changes, at the given decks left (half the shoe by default). Such an index holds at that
depth: a running count says less the further it is from the "pivot" where the system's
running count means the same at every depth (KO's +4). It is the least whole running count
at or past the crossing (a running count is whole, not floored from a real number).

Published indices are simulation results over many shoes, rounded to integers (ORACLES.md,
"Hi-Lo index plays"); agreement within one step is the test.

Speed: about 50 s of CPU for every cell of a 6-deck game (0.1 s a cell whose play does not
change in the span, up to 1 s a pair whose does), 2-3 s for the Illustrious 18 and Fab 4.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final

from game.engine.counting import CARDS_PER_DECK, CountingError, CountingSystem, find_system
from game.engine.errors import Reason
from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.cache import HandEVs, StrategyError, TooFewCardsError
from game.engine.strategy.composition import full_shoe
from game.engine.strategy.hand import hand_evs

SPAN: Final = 10
"""True counts from -10 to +10 are searched: past them a shoe is too rare to matter."""

CROSSING_STEPS = 0
"""Bisections of a unit step of the count before the straight line between its ends finds
a cell's crossing (module docstring, step 4): 0, as the difference of two plays' EVs is
close to straight over one count."""

UPCARDS: Final = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
"""The dealer's upcards in a chart's order (the ace last)."""

TEN: Final = 10
ACE: Final = 1

# -- cells -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cell:
    """A chart cell: ``kind`` "hard", "soft" or "pair"; ``total`` the hand's total (a pair's
    card value times two, aces 12 as soft 12), ``pair`` the pair's card value (1..10, else
    None); ``upcard`` 1..10.

    ``key``: "16,T", "A7,2" (soft 18 against a 2), "TT,5", "AA,A" (cards T and A)."""

    kind: str
    total: int
    upcard: int
    pair: int | None = None

    @property
    def key(self) -> str:
        """The cell's name in ``indices``'s output ("16,T", "A7,2", "88,A")."""
        up = _letter(self.upcard)
        if self.kind == "pair" and self.pair is not None:
            return f"{_letter(self.pair) * 2},{up}"
        if self.kind == "soft":
            return f"A{self.total - 11},{up}"
        return f"{self.total},{up}"

    def hands(self, decks: int) -> list[tuple[tuple[int, int], int]]:
        """The two-card hands of the cell with their weights (how many ways a full shoe
        deals each, order ignored)."""
        n = full_shoe(decks)
        if self.kind == "pair" and self.pair is not None:
            return [((self.pair, self.pair), 1)]
        if self.kind == "soft":
            return [((ACE, self.total - 11), 1)]
        return [
            ((a, self.total - a), n[a - 1] * n[self.total - a - 1])
            for a in range(2, 10)
            if a < self.total - a <= 10
        ]


def _letter(value: int) -> str:
    return {1: "A", 10: "T"}.get(value, str(value))


def parse_cell(key: str) -> Cell:
    """The cell named ``key`` ("16,T", "A7,2", "TT,5", "88,A"). Raises ValueError for a
    name that is no chart cell."""
    hand, sep, up_text = key.upper().partition(",")
    values = {"A": 1, "T": 10, **{str(v): v for v in range(2, 10)}}
    if not sep or up_text not in values:
        raise ValueError(f"{key!r} is not a cell: write the hand, a comma and the upcard (16,T)")
    up = values[up_text]
    if len(hand) == 2 and hand[0] == hand[1] and hand[0] in values:
        v = values[hand[0]]
        return Cell("pair", 12 if v == ACE else 2 * v, up, v)
    if len(hand) == 2 and hand[0] == "A" and hand[1] in values and hand[1] not in "AT":
        return Cell("soft", 11 + values[hand[1]], up)
    if hand.isdigit() and 5 <= int(hand) <= 19:
        return Cell("hard", int(hand), up)
    raise ValueError(f"{key!r} is not a cell: hard 5-19, soft A2-A9, pairs 22-TT and AA")


def cell_of(values: Sequence[int], upcard: int) -> Cell | None:
    """The chart cell of a hand's card ``values`` (1..10) against ``upcard``: a pair of two
    equal cards, else the soft or hard total (soft 13-20, hard 5-19); None for a total no
    cell has (hard 20 and 21, soft 21) or fewer than two cards."""
    if len(values) < 2:
        return None
    if len(values) == 2 and values[0] == values[1]:
        v = values[0]
        return Cell("pair", 12 if v == ACE else 2 * v, upcard, v)
    total = sum(values)
    if ACE in values and total + 10 <= 21:
        return Cell("soft", total + 10, upcard) if 13 <= total + 10 <= 20 else None
    return Cell("hard", total, upcard) if 5 <= total <= 19 else None


def all_cells() -> list[Cell]:
    """Every cell of a chart: hard 5-19, soft 13-20, the ten pairs, each against the ten
    upcards (hard 4 and 20 are only pairs)."""
    hands = [Cell("hard", t, 0) for t in range(5, 20)]
    hands += [Cell("soft", t, 0) for t in range(13, 21)]
    hands += [Cell("pair", 12 if v == ACE else 2 * v, 0, v) for v in (*range(2, 11), ACE)]
    return [Cell(h.kind, h.total, up, h.pair) for h in hands for up in UPCARDS]


ILLUSTRIOUS_18: Final = (
    "16,T", "15,T", "TT,5", "TT,6", "10,T", "12,3", "12,2", "11,A", "9,2",
    "10,A", "9,7", "16,9", "13,2", "12,4", "12,5", "12,6", "13,3",
)  # fmt: skip
"""Schlesinger's Illustrious 18 (Blackjack Attack, ch. 5): insurance and these 17 cells."""

FAB_4: Final = ("14,T", "15,T", "15,9", "15,A")
"""Schlesinger's Fab 4 surrenders (Blackjack Attack, ch. 5)."""


# -- the shoe at a true count ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Groups:
    """The cards still possible as seen, by tag group: value index, count, tag."""

    value: tuple[int, ...]
    count: tuple[float, ...]
    tag: tuple[float, ...]


def _groups(system: CountingSystem, pool: Sequence[int]) -> _Groups:
    values, counts, tags = [], [], []
    for v, shares in enumerate(system.tags_by_value()):
        for share, tag in shares:
            values.append(v)
            counts.append(float(pool[v] * share))
            tags.append(float(tag))
    return _Groups(tuple(values), tuple(counts), tuple(tags))


def _extreme_sum(count: Sequence[float], tag: Sequence[float], seen: float, *, low: bool) -> float:
    """The least (``low``) or the most tag sum of ``seen`` cards: the lowest tags first, or
    the highest."""
    total, left = 0.0, seen
    for g in sorted(range(len(count)), key=lambda g: tag[g] if low else -tag[g]):
        take = min(count[g], left)
        total += take * tag[g]
        left -= take
    return total


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@lru_cache(maxsize=4096)
def _tilted_left(groups: _Groups, seen: float, tag_sum: float) -> tuple[float, ...] | None:
    """The expected count of each group's cards left when ``seen`` of the pool were seen
    with tags adding to ``tag_sum`` (exponential tilting, module docstring); None when no
    draw of the pool has that tag sum (a count past what the shoe can show)."""
    c, t = groups.count, groups.tag
    total = sum(c)
    if seen <= 0:
        return c if abs(tag_sum) < 1e-9 else None
    # The least and the most tag sum ``seen`` cards can have: the lowest or highest tags first.
    lo, hi = _extreme_sum(c, t, seen, low=True), _extreme_sum(c, t, seen, low=False)
    if not lo + 1e-6 < tag_sum < hi - 1e-6:
        return None
    a, theta = math.log(seen / (total - seen)), 0.0
    for _ in range(100):
        p = [_sigmoid(a + theta * tg) for tg in t]
        w = [cg * pg * (1 - pg) for cg, pg in zip(c, p, strict=True)]
        f1 = sum(cg * pg for cg, pg in zip(c, p, strict=True)) - seen
        f2 = sum(cg * tg * pg for cg, tg, pg in zip(c, t, p, strict=True)) - tag_sum
        if abs(f1) < 1e-10 and abs(f2) < 1e-10:
            break
        j11 = sum(w)
        j12 = sum(wg * tg for wg, tg in zip(w, t, strict=True))
        j22 = sum(wg * tg * tg for wg, tg in zip(w, t, strict=True))
        det = j11 * j22 - j12 * j12
        if det <= 0:
            return None
        da = (j22 * f1 - j12 * f2) / det
        dt = (j11 * f2 - j12 * f1) / det
        # Damped: a full Newton step from far away can overshoot the logistic's flat ends.
        step = max(abs(da), abs(dt))
        scale = 1.0 if step <= 2.0 else 2.0 / step
        a -= da * scale
        theta -= dt * scale
    else:
        return None
    return tuple(cg * (1 - _sigmoid(a + theta * tg)) for cg, tg in zip(c, t, strict=True))


def seen_tag_sum(system: CountingSystem, decks: int, count: float, decks_left: float) -> float:
    """The tags of the cards seen, added up, at ``count`` with ``decks_left`` of ``decks``
    decks left: a balanced system's true count times the decks left (its running count); an
    unbalanced system's running count less its initial running count (KO's -4 a deck past
    the first: Vancura and Fuchs, Knock-Out Blackjack)."""
    if system.balanced:
        return count * decks_left
    return count - float(system.initial_running_count(decks))


def neutral_count(system: CountingSystem, decks: int, decks_left: float) -> float:
    """The count of a shoe whose seen cards are as rich in tens as the full shoe, with
    ``decks_left`` decks left: 0 for a balanced system's true count; an unbalanced system's
    running count rises by its deck sum a deck dealt (KO +4: the "pivot" of +4 is reached as
    the shoe runs out)."""
    if system.balanced:
        return 0.0
    seen = decks - decks_left
    return float(system.initial_running_count(decks) + system.deck_sum * Fraction(seen))


def expected_shoe(
    system: CountingSystem,
    rules: Rules,
    tc: float,
    known: Sequence[int],
    decks_left: float,
) -> tuple[float, ...] | None:
    """The expected cards left by value (10 floats, aces first) at count ``tc`` with
    ``decks_left`` decks left, the ``known`` card values (the hand and the upcard) among the
    cards seen; None when no shoe of ``rules.decks`` decks shows that count. ``tc`` is the
    true count of a balanced system, the running count (from its initial running count) of
    an unbalanced one (``seen_tag_sum``). Raises CountingError for decks left outside
    (0, decks)."""
    decks = rules.decks
    if not 0 < decks_left < decks:
        raise CountingError(Reason.COUNTING, f"decks left must be between 0 and {decks}")
    pool = list(full_shoe(decks))
    for v in known:
        pool[v - 1] -= 1
    groups = _groups(system, pool)
    left_cards = CARDS_PER_DECK * decks_left
    seen_others = CARDS_PER_DECK * decks - left_cards - len(known)
    known_tags = sum(float(_value_tag(system, v)) for v in known)
    target = seen_tag_sum(system, decks, tc, decks_left) - known_tags
    left = _tilted_left(groups, seen_others, target)
    if left is None:
        return None
    by_value = [0.0] * 10
    for v, m in zip(groups.value, left, strict=True):
        by_value[v] += m
    return tuple(by_value)


def _value_tag(system: CountingSystem, value: int) -> Fraction:
    """A card value's tag, the mean over its cards (Red 7's sevens: half red)."""
    return sum((share * tag for share, tag in system.tags_by_value()[value - 1]), Fraction(0))


def whole_shoes(shoe: Sequence[float]) -> list[tuple[float, tuple[int, ...]]]:
    """``shoe`` (fractional counts with a whole total) as a convex combination of whole
    compositions: (weight, counts) pairs, weights adding to 1, at most ten of them, whose
    weighted mean is ``shoe`` (systematic rounding: the fractions laid end to end on a
    line, a comb of unit spacing at offset x picks the values it falls in; the offsets
    where the pick changes cut [0, 1) into the pieces)."""
    floors = [math.floor(x + 1e-12) for x in shoe]
    fracs = [max(0.0, x - f) for x, f in zip(shoe, floors, strict=True)]
    ends = []
    acc = 0.0
    for f in fracs:
        acc += f
        ends.append(acc)
    cuts = sorted({0.0, 1.0, *(e - math.floor(e) for e in ends)})
    pieces = []
    for lo, hi in itertools.pairwise(cuts):
        if hi - lo < 1e-12:
            continue
        x = (lo + hi) / 2
        counts = list(floors)
        start = 0.0
        for v, end in enumerate(ends):
            # Some tooth x + j (j an integer) in [start, end): the least j past start.
            if math.ceil(start - x) + x < end:
                counts[v] += 1
            start = end
        pieces.append((hi - lo, tuple(counts)))
    return pieces


# -- EVs at a true count -----------------------------------------------------------------------


def _decision_evs(evs: HandEVs, rules: Rules) -> dict[Action, float]:
    """The EVs of the actions offered, on one scale: with early surrender in a peek game
    the choice comes before the peek, so the others carry the natural (-p + (1 - p) EV)."""
    values = evs.values()
    if rules.surrender == "early" and evs.conditioned and Action.SURRENDER in values:
        p = evs.natural_probability
        values = {a: ev if a is Action.SURRENDER else -p + (1 - p) * ev for a, ev in values.items()}
    return values


class _CellEVs:
    """A cell's action EVs as functions of the true count (memoized by count)."""

    def __init__(self, cell: Cell, rules: Rules, system: CountingSystem, decks_left: float):
        self.cell, self.rules, self.system, self.decks_left = cell, rules, system, decks_left
        self.hands = cell.hands(rules.decks)
        self.weight = sum(w for _, w in self.hands)
        self._memo: dict[tuple[float, bool], dict[Action, float] | None] = {}

    def at(self, tc: float, *, exact: bool) -> dict[Action, float] | None:
        """The weighted EV of each action at true count ``tc``; ``exact``: interpolated
        over whole shoes (continuous in ``tc``), else at the nearest whole shoe. None when
        no shoe shows that count (or too few cards are left to value it)."""
        key = (round(tc, 9), exact)
        if key not in self._memo:
            self._memo[key] = self._compute(tc, exact)
        return self._memo[key]

    def _compute(self, tc: float, exact: bool) -> dict[Action, float] | None:
        total: dict[Action, float] = {}
        split = self.cell.kind == "pair"
        for cards, weight in self.hands:
            shoe = expected_shoe(
                self.system, self.rules, tc, (*cards, self.cell.upcard), self.decks_left
            )
            if shoe is None:
                return None
            pieces = whole_shoes(shoe) if exact else [(1.0, _nearest(shoe))]
            for share, counts in pieces:
                try:
                    evs = hand_evs(
                        cards, self.cell.upcard, self.rules, composition=counts, with_split=split
                    )
                except (TooFewCardsError, ValueError):
                    return None
                for action, ev in _decision_evs(evs, self.rules).items():
                    total[action] = total.get(action, 0.0) + weight * share * ev
        return {a: ev / self.weight for a, ev in total.items()}


def _nearest(shoe: Sequence[float]) -> tuple[int, ...]:
    """The whole composition nearest ``shoe`` with the same total (largest remainders)."""
    floors = [math.floor(x) for x in shoe]
    short = round(sum(shoe)) - sum(floors)
    order = sorted(range(10), key=lambda v: floors[v] - shoe[v])
    for v in order[:short]:
        floors[v] += 1
    return tuple(floors)


def _best(values: dict[Action, float]) -> Action:
    return max(values.items(), key=lambda item: item[1])[0]


def _crossing(
    diff: Callable[[float], float | None], lo: float, hi: float, *, steps: int = 7
) -> tuple[float, bool] | None:
    """Where ``diff`` (continuous) changes sign in [lo, hi] and whether it rises there
    (negative below, positive above): ``steps`` bisections (7: to within 1/128 of the
    interval), then the straight line between the last two ends; None when it does not
    change sign there (or cannot be valued at an end)."""
    f_lo, f_hi = diff(lo), diff(hi)
    if f_lo is None or f_hi is None or (f_lo > 0) == (f_hi > 0):
        return None
    rising = f_lo < 0
    for _ in range(steps):
        mid = (lo + hi) / 2
        f_mid = diff(mid)
        if f_mid is None:
            return None
        if (f_mid > 0) == (f_lo > 0):
            lo, f_lo = mid, f_mid
        else:
            hi, f_hi = mid, f_mid
    return lo + (hi - lo) * f_lo / (f_lo - f_hi), rising


# -- the indices --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IndexPlay:
    """Where a cell's best play changes with the count.

    - ``cell``: the chart cell; ``below``: the play at lower counts; ``play``: the play at
      floored true counts of ``index`` and above; ``crossing``: the true count (real) at
      which their EVs are equal. ``basic``: the play at true count 0, as the chart of the
      same rules would have it at the middle of the shoe.
    """

    cell: Cell
    below: Action
    play: Action
    index: int
    crossing: float
    basic: Action

    def as_json(self) -> dict[str, object]:
        """``{"action": "stand", "index": 0, "below": "hit", "crossing": 0.21}``."""
        return {
            "action": str(self.play),
            "index": self.index,
            "below": str(self.below),
            "crossing": round(self.crossing, 2),
        }


def index_of(x: float, *, running: bool = False) -> int:
    """The index for a crossing at true count ``x``: ``x`` rounded to the nearest integer
    (a floored count ``f`` stands for about ``f + 1/2``: module docstring, step 4); for an
    unbalanced system's running count (``running``, a whole number, not floored) the least
    whole count at or past ``x``. An int, never -0."""
    if running:
        return math.ceil(x - 1e-9) + 0
    return math.floor(x + 0.5) + 0


def count_grid(
    system: CountingSystem, decks: int, decks_left: float, span: int = SPAN
) -> list[float]:
    """The counts the indices are searched over, a true count's worth apart: true counts
    -``span`` to +``span`` for a balanced system; for an unbalanced one the running counts
    that stand for the same richness at ``decks_left`` decks left, ``neutral_count`` plus
    ``k`` times the decks left for ``k`` from -``span`` to +``span`` (a step of one running
    count would leave the nearest whole shoes' noise to decide between neighbouring
    steps)."""
    centre = neutral_count(system, decks, decks_left)
    step = 1.0 if system.balanced else decks_left
    return [centre + k * step for k in range(-span, span + 1)]


def cell_indices(
    cell: Cell,
    rules: Rules,
    system: CountingSystem,
    *,
    decks_left: float | None = None,
    span: int = SPAN,
) -> list[IndexPlay]:
    """Every change of ``cell``'s best play between true counts -``span`` and +``span``
    (ordered by count; most cells have none, a few two). ``decks_left``: default half the
    shoe.

    An unbalanced system's changes are running counts (``count_grid``, ``index_of``).
    Raises StrategyError (CASINO_GAME_ONLY) for the
    banker game."""
    if rules.game != "casino":
        raise StrategyError(Reason.CASINO_GAME_ONLY, "indices are for the games against a dealer")
    left = rules.decks / 2 if decks_left is None else decks_left
    evs = _CellEVs(cell, rules, system, left)
    grid: list[tuple[float, Action]] = []
    step = 1.0 if system.balanced else left
    for tc in count_grid(system, rules.decks, left, span):
        values = evs.at(tc, exact=False)
        if values is not None:
            grid.append((tc, _best(values)))
    basic_values = evs.at(neutral_count(system, rules.decks, left), exact=True)
    if basic_values is None:
        return []
    basic = _best(basic_values)
    plays = []
    for (lo, low_play), (hi, high_play) in itertools.pairwise(grid):
        if low_play == high_play:
            continue

        def diff(tc: float, a: Action = high_play, b: Action = low_play) -> float | None:
            values = evs.at(tc, exact=True)
            if values is None or a not in values or b not in values:
                return None
            return values[a] - values[b]

        # The nearest whole shoes can put a change a step off, or its way round (16 v 10,
        # whose two plays stay within a hair over a stretch): widen once before giving up,
        # and let the interpolated EVs say which play is the better above the crossing.
        found = _crossing(diff, lo, hi, steps=CROSSING_STEPS)
        if found is None:
            found = _crossing(diff, lo - step, hi + step, steps=CROSSING_STEPS)
        if found is None:
            continue
        x, rising = found
        below, above = (low_play, high_play) if rising else (high_play, low_play)
        index = index_of(x, running=not system.balanced)
        plays.append(IndexPlay(cell, below, above, index, x, basic))
    return _merged(plays, running=not system.balanced, gap=step / 2)


def _merged(plays: list[IndexPlay], *, running: bool = False, gap: float = 0.5) -> list[IndexPlay]:
    """The real changes among the crossings found: where the two plays' EVs stay within a
    hair of each other over a stretch (16 v 10 near +0.4), the interpolated difference can
    cross zero three times in a few hundredths of a count, and the search of neighbouring
    steps can find one crossing twice. Crossings less than half a count apart are one
    change: from the first one's play below to the last one's play above, at their median
    (none when those are the same play)."""
    out: list[IndexPlay] = []
    group: list[IndexPlay] = []
    for p in [*sorted(plays, key=lambda p: p.crossing), None]:
        if p is not None and (not group or p.crossing - group[-1].crossing < gap):
            group.append(p)
            continue
        if group and group[0].below != group[-1].play:
            x = sorted(q.crossing for q in group)[len(group) // 2]
            first = group[0]
            index = index_of(x, running=running)
            out.append(IndexPlay(first.cell, first.below, group[-1].play, index, x, first.basic))
        group = [] if p is None else [p]
    return out


def insurance_index(
    rules: Rules, system: CountingSystem, *, decks_left: float | None = None
) -> tuple[int, float] | None:
    """The insurance (and even money) index: (index, crossing), insurance taken at floored
    true counts of the index and above; None when no count in [-span, +span] makes it
    worth taking, or the rules offer no insurance. An unbalanced system's index is a
    running count (``count_grid``)."""
    if not rules.insurance:
        return None
    left = rules.decks / 2 if decks_left is None else decks_left

    def diff(tc: float) -> float | None:
        shoe = expected_shoe(system, rules, tc, (ACE,), left)
        if shoe is None:
            return None
        return 3 * shoe[9] / sum(shoe) - 1

    grid = count_grid(system, rules.decks, left)
    found = _crossing(diff, grid[0], grid[-1])
    if found is None:
        return None
    return index_of(found[0], running=not system.balanced), found[0]


def _cell_plays(
    cell: Cell, rules: Rules, system_name: str, decks_left: float | None
) -> list[IndexPlay]:
    # By name: a process pool pickles the call, and a system's tags are a read-only mapping.
    return cell_indices(cell, rules, find_system(system_name), decks_left=decks_left)


def rule_set_indices(
    rules: Rules,
    system: CountingSystem,
    *,
    cells: Iterable[Cell] | None = None,
    decks_left: float | None = None,
    mapper: Callable[..., Iterable[list[IndexPlay]]] = map,
) -> dict[str, object]:
    """The index plays of ``rules`` for ``system``: ``{"insurance": 3, "16,T": {"action":
    "stand", "index": 0, "below": "hit", "crossing": 0.45}, ...}`` over ``cells`` (default
    every chart cell, about 50 s of CPU at 6 decks), in chart order; a cell whose play
    changes twice in the span lists the change nearest 0 first and the other under "then".
    ``mapper``: ``map`` or a process pool's ``map`` (the cells are independent).

    An unbalanced system's indices are running counts at ``decks_left`` (``count_grid``).
    Raises StrategyError (CASINO_GAME_ONLY) for the
    banker game."""
    if rules.game != "casino":
        raise StrategyError(Reason.CASINO_GAME_ONLY, "indices are for the games against a dealer")
    out: dict[str, object] = {}
    ins = insurance_index(rules, system, decks_left=decks_left)
    if ins is not None:
        out["insurance"] = ins[0]
    chosen = all_cells() if cells is None else list(cells)
    n = len(chosen)
    found = mapper(_cell_plays, chosen, [rules] * n, [system.name] * n, [decks_left] * n)
    for cell, plays in zip(chosen, found, strict=True):
        if not plays:
            continue
        # The change nearest 0 is the index a counter learns; the others follow.
        plays = sorted(plays, key=lambda p: abs(p.crossing))
        entry = plays[0].as_json()
        if len(plays) > 1:
            entry["then"] = [p.as_json() for p in plays[1:]]
        out[cell.key] = entry
    return out


def play_at(entry: Mapping[str, Any], true: int) -> str:
    """The play (an Action value) of a cell's entry in ``rule_set_indices``'s output at
    floored true count ``true``: the play below its lowest index, turned by each change
    (the entry and its "then") whose index ``true`` reaches."""
    changes = sorted([entry, *entry.get("then", [])], key=lambda e: int(e["index"]))
    play = str(changes[0]["below"])
    for change in changes:
        if true >= int(change["index"]):
            play = str(change["action"])
    return play


__all__ = [
    "FAB_4",
    "ILLUSTRIOUS_18",
    "SPAN",
    "Cell",
    "IndexPlay",
    "all_cells",
    "cell_indices",
    "cell_of",
    "count_grid",
    "expected_shoe",
    "index_of",
    "insurance_index",
    "neutral_count",
    "parse_cell",
    "play_at",
    "rule_set_indices",
    "seen_tag_sum",
    "whole_shoes",
]
