"""Best play in the historical banker game "Двадцать одно" (seed 003, VARIANTS.md table 4),
exact for the game's shoe: 2 fresh decks (104 cards).

Two analyses, each one side's best draw/stand against the other side playing its fixed
policy of VARIANTS.md, heads-up (one punter against the banker):

- ``punter_analysis()``: the punter's best play against a banker who draws while under 17
  and fewer than 3 cards drawn (``game.engine.banker.BANKER_STANDS_ON``). The punter knows
  his own cards only; the banker looks first and a banker natural ends the deal at once,
  so the punter's EVs are conditioned on the banker having no natural.
- ``banker_analysis()``: the banker's best play against a punter who draws while under 16
  and fewer than 3 drawn (seed rule 17, ``PUNTER_STANDS_ON``). The banker knows his own
  cards and what the table shows of the punter, reduced to three cases: the punter stood
  on his two dealt cards (a natural looks the same until the settlement), drew and stood,
  or went bust (a bust hand is turned up at once, seed rule 18). The values of the
  punter's drawn cards are not used (a simplification: they are face up at the table).

Settlement as ``game.engine.banker.settle_punter``: a banker natural takes the stake; a bust
punter loses unless the banker busts too (push); a punter natural is paid 2:1; a bust banker
pays a standing punter 2:1; else the higher total wins even money, equal totals push. A
natural is an ace and a ten-value card (two aces are a soft 12); a hand draws at most 3
cards and never at 21; an ace counts 11 when that does not pass 21.

Units: EVs per unit staked by the punter, from the side analysed (a banker's EV is what he
wins from the punter). Every EV is exact for a fresh 104-card shoe (no cards seen before the
deal): the hands each side can end with are enumerated with their probabilities (products
of the shoe's counts), and the optimal side's values are a recursion over its own hands.

Charts: each cell is the best action for the hands of that total, softness and number of
cards drawn (and, for the banker, that punter case), the EVs averaged over those hands
weighted by how likely each is (the way basic strategy charts are made, chart.py).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import factorial
from typing import Literal

import numpy as np

from game.engine.banker import (
    BANKER_BUST_PAYS,
    BANKER_STANDS_ON,
    DECKS,
    MAX_DRAWS,
    NATURAL_PAYS,
    PUNTER_STANDS_ON,
)
from game.engine.strategy.composition import CardLike, card_value, full_shoe

Case = Literal["stood", "drew", "bust"]
CASES: tuple[Case, ...] = ("stood", "drew", "bust")
"""What the banker sees of the punter (see the module docstring)."""

TIE = 1e-12
"""EVs closer than this are equal (the sums are exact to about 1e-15)."""

_SHOE = np.array(full_shoe(DECKS), dtype=np.int64)
_CARDS = int(_SHOE.sum())
_MAX_HAND = 2 + MAX_DRAWS
_NATURAL = float(NATURAL_PAYS)
_BANKER_BUST = float(BANKER_BUST_PAYS)


@dataclass(frozen=True, slots=True)
class DrawCell:
    """One decision: hands of best ``total`` (``soft`` when an ace counts 11) with
    ``drawn`` cards drawn so far; the EVs of drawing (then playing on as the analysis
    says) and of standing, per unit staked, for the side analysed."""

    total: int
    soft: bool
    drawn: int
    draw: float
    stand: float

    @property
    def best(self) -> str:
        """The better action, "draw" or "stand"; a tie (within ``TIE``, e.g. a draw that
        cannot bust against a punter already bust) stands."""
        return "draw" if self.draw > self.stand + TIE else "stand"


@dataclass(frozen=True, slots=True)
class PunterAnalysis:
    """The punter's best play against the banker's policy.

    - ``cells``: the decisions by total, softness and cards drawn (0..2), EVs conditioned
      on the banker having no natural (the punter decides only then).
    - ``policy_ev``/``best_ev``: the punter's EV per deal (the banker's natural included)
      when he stands from 16 (seed rule 17) and when he plays best.
    - ``banker_stands_on``: the banker's policy.
    """

    cells: tuple[DrawCell, ...]
    policy_ev: float
    best_ev: float
    banker_stands_on: int
    hands: dict[tuple[int, ...], tuple[float, float]] = field(default_factory=dict)

    def evs(self, cards: Sequence[CardLike]) -> dict[str, float]:
        """{"draw": EV, "stand": EV} of one punter hand (Cards, codes or values 1..10; its
        own cards are the only ones known), per unit staked, given no banker natural.

        Raises ValueError for a hand with no decision to make (fewer than two cards, a
        natural, 21, bust, or three cards drawn)."""
        counts = [0] * 10
        for card in cards:
            counts[card_value(card) - 1] += 1
        found = self.hands.get(tuple(counts))
        if found is None:
            raise ValueError("this hand has no draw/stand decision to make")
        stand, draw = found
        return {"draw": draw, "stand": stand}


@dataclass(frozen=True, slots=True)
class BankerAnalysis:
    """The banker's best play against punters who follow their policy.

    - ``cells``: per punter case ("stood", "drew", "bust"), the decisions by the banker's
      total, softness and cards drawn (0..2), EVs given that case (and no banker natural).
    - ``policy_ev``/``best_ev``: the banker's EV per deal and unit staked (his natural
      included) when he draws under 17 (VARIANTS.md) and when he plays best.
    - ``punter_stands_on``: the punters' policy.
    """

    cells: dict[Case, tuple[DrawCell, ...]]
    policy_ev: float
    best_ev: float
    punter_stands_on: int
    hands: dict[tuple[int, ...], tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    """Every banker hand the analysis reached (counts of card values 1..10): per punter
    case, E[banker's net * 1{case, this hand in one order}] when he stands on it, and
    P(case, this hand in one order); what ``evs`` recurses over."""

    def evs(
        self, cards: Sequence[CardLike], punters: Sequence[tuple[Case, float]]
    ) -> dict[str, float]:
        """{"draw": EV, "stand": EV} of the banker's hand ``cards`` against ``punters``,
        each (its case as the table shows it, its stake), in units of the punters' total
        stake, the banker's side, given no banker natural. Drawing is valued with the best
        play after the card, one play against every punter at once (his own cards decide
        it, the cases being known): a recursion over ``hands``. Each punter is weighed as in
        the heads-up analysis (his cards and the banker's from one fresh 104-card shoe,
        independent of the other punters'), exact for one punter.

        Raises ValueError for a hand with no draw/stand decision (a natural, 21, bust,
        three cards drawn, fewer than two cards), no punter or a stake that is not
        positive."""
        counts = [0] * 10
        for card in cards:
            counts[card_value(card) - 1] += 1
        root = tuple(counts)
        if root not in self.hands or not _may_draw(root) or sum(root) < 2:
            raise ValueError("this hand has no draw/stand decision to make")
        if not punters or any(stake <= 0 for _case, stake in punters):
            raise ValueError("the banker's decision needs punters with positive stakes")
        _stand, mass = self.hands[root]
        weights = np.zeros(len(CASES))
        for case, stake in punters:
            k = CASES.index(case)
            if mass[k] <= 0.0:
                raise ValueError(f"a punter who {case} is impossible with these cards")
            weights[k] += stake / mass[k]
        staked = float(sum(stake for _case, stake in punters))
        memo: dict[tuple[int, ...], float] = {}

        def value(hand: tuple[int, ...]) -> float:
            """The banker's EV sum (joint values weighed by ``weights``) played best."""
            found = memo.get(hand)
            if found is None:
                found = stand = float(self.hands[hand][0] @ weights)
                if _may_draw(hand):
                    found = max(stand, sum(value(_add(hand, i)) for i in range(10)))
                memo[hand] = found
            return found

        stand_ev = float(self.hands[root][0] @ weights)
        draw_ev = sum(value(_add(root, i)) for i in range(10))
        return {"draw": draw_ev / staked, "stand": stand_ev / staked}


# -- hands -----------------------------------------------------------------------------------
def _total(counts: tuple[int, ...]) -> int:
    low = sum((i + 1) * n for i, n in enumerate(counts))
    return low + 10 if counts[0] and low <= 11 else low


def _soft(counts: tuple[int, ...]) -> bool:
    low = sum((i + 1) * n for i, n in enumerate(counts))
    return bool(counts[0]) and low <= 11


def _is_natural(counts: tuple[int, ...]) -> bool:
    return sum(counts) == 2 and counts[0] == 1 and counts[9] == 1


def _may_draw(counts: tuple[int, ...]) -> bool:
    """A hand may draw: fewer than 3 drawn, under 21, not a natural (seed rules 7, 9, 13)."""
    return sum(counts) < _MAX_HAND and _total(counts) < 21 and not _is_natural(counts)


def _add(counts: tuple[int, ...], i: int) -> tuple[int, ...]:
    return (*counts[:i], counts[i] + 1, *counts[i + 1 :])


@functools.cache
def _falling() -> np.ndarray:
    """ff[n, k] = n (n - 1) ... (n - k + 1), 0 when k > n; n up to the shoe, k up to 5."""
    ff = np.zeros((_CARDS + 1, _MAX_HAND + 1))
    for n in range(_CARDS + 1):
        value = 1.0
        for k in range(_MAX_HAND + 1):
            ff[n, k] = value
            value *= n - k
    return ff


def _orderings(counts: tuple[int, ...]) -> int:
    """How many orders the cards of a hand can come in (a multinomial coefficient)."""
    out = factorial(sum(counts))
    for n in counts:
        out //= factorial(n)
    return out


@dataclass(frozen=True, slots=True)
class _Finals:
    """The hands a side playing a fixed policy ends with, from the full shoe.

    ``counts`` (n, 10) card values; ``ways`` how many card orders reach each (a draw
    sequence the policy allows); ``case`` 0 stood on two cards, 1 drew and stood, 2 bust;
    ``natural``; ``total`` (best total, > 21 when bust)."""

    counts: np.ndarray
    ways: np.ndarray
    case: np.ndarray
    natural: np.ndarray
    total: np.ndarray


@functools.cache
def _policy_finals(stands_on: int) -> _Finals:
    """Every final hand of a side that draws while under ``stands_on`` (and a draw is
    allowed), with the number of card orders that end in it."""
    found: dict[tuple[tuple[int, ...], int], int] = {}

    def walk(counts: tuple[int, ...]) -> None:
        total = _total(counts)
        if total > 21:
            case = 2
        elif _may_draw(counts) and total < stands_on:
            for i in range(10):
                walk(_add(counts, i))
            return
        else:
            case = 0 if sum(counts) == 2 else 1
        key = (counts, case)
        found[key] = found.get(key, 0) + 1

    empty = (0,) * 10
    for a in range(10):
        for b in range(10):
            walk(_add(_add(empty, a), b))
    keys = list(found)
    counts = np.array([k[0] for k in keys], dtype=np.int64)
    return _Finals(
        counts=counts,
        ways=np.array([found[k] for k in keys], dtype=float),
        case=np.array([k[1] for k in keys], dtype=np.int64),
        natural=np.array([_is_natural(k[0]) for k in keys]),
        total=np.array([_total(k[0]) for k in keys], dtype=np.int64),
    )


def _given(known: np.ndarray, hands: np.ndarray) -> np.ndarray:
    """P(one given order of the cards of each of ``hands``) when drawn from the full shoe
    less ``known``: ``known`` (10,) and ``hands`` (n, 10) -> (n,); or ``known`` (n, 10)
    and ``hands`` (10,) -> (n,)."""
    ff = _falling()
    left = _SHOE - known
    cards_left = _CARDS - known.sum(axis=-1)
    size = hands.sum(axis=-1)
    top = np.prod(ff[np.maximum(left, 0), hands], axis=-1)
    top = np.where((left >= 0).all(axis=-1), top, 0.0)
    return top / ff[cards_left, size]


def _punter_payoff(
    p_total: int, p_natural: bool, b_total: np.ndarray, b_natural: np.ndarray
) -> np.ndarray:
    """The punter's net per unit staked against each banker hand (settle_punter's order)."""
    b_bust = b_total > 21
    if p_natural:
        out = np.full(b_total.shape, _NATURAL)
    elif p_total > 21:
        out = np.where(b_bust, 0.0, -1.0)
    else:
        out = np.where(b_bust, _BANKER_BUST, np.sign(p_total - b_total).astype(float))
    return np.where(b_natural, -1.0, out)


def _deal_probability(counts: tuple[int, ...]) -> float:
    """P(these cards, in any order, are the first ones dealt from the full shoe)."""
    ordered = _given(np.zeros(10, dtype=np.int64), np.array([counts]))[0]
    return _orderings(counts) * float(ordered)


def _cells(entries: list[tuple[tuple[int, ...], float, float, float]]) -> tuple[DrawCell, ...]:
    """Chart cells from (hand, stand, draw, weight) entries: stand and draw are joint values
    (EV times the probability of the hand and of what is known with it), weight that
    probability; a cell sums them over the hands of one total, softness and cards drawn."""
    sums: dict[tuple[int, bool, int], list[float]] = {}
    for counts, stand, draw, weight in entries:
        key = (_total(counts), _soft(counts), sum(counts) - 2)
        acc = sums.setdefault(key, [0.0, 0.0, 0.0])
        acc[0] += stand
        acc[1] += draw
        acc[2] += weight
    return tuple(
        DrawCell(total=t, soft=soft, drawn=d, draw=acc[1] / acc[2], stand=acc[0] / acc[2])
        for (t, soft, d), acc in sorted(sums.items(), key=lambda kv: (kv[0][2], kv[0][1], kv[0][0]))
        if acc[2] > 0.0
    )


# -- the punter against the banker's policy ----------------------------------------------------
@functools.cache
def punter_analysis(banker_stands_on: int = BANKER_STANDS_ON) -> PunterAnalysis:
    """The punter's best draw/stand against a banker who draws while under
    ``banker_stands_on`` (default 17, VARIANTS.md's policy), exact for 104 cards.

    Heads-up; the punter knows his own cards; his EVs are conditioned on the banker having
    no natural (a banker natural ends the deal before any draw). Takes under a second, then
    is kept for the process. Returns a ``PunterAnalysis`` (EVs per unit staked; ``evs(cards)``
    for one hand)."""
    banker = _policy_finals(banker_stands_on)
    not_natural = ~banker.natural

    @functools.cache
    def banker_mass(counts: tuple[int, ...]) -> tuple[np.ndarray, float]:
        """P(each banker final hand | the punter's cards), and P(a banker natural)."""
        mass = banker.ways * _given(np.array(counts), banker.counts)
        return mass, float(mass[banker.natural].sum())

    @functools.cache
    def stand_value(counts: tuple[int, ...]) -> float:
        """E[net * 1{no banker natural} | the punter's cards] when he draws no more."""
        mass, _ = banker_mass(counts)
        payoff = _punter_payoff(_total(counts), _is_natural(counts), banker.total, banker.natural)
        return float((mass * payoff)[not_natural].sum())

    memo: dict[tuple[tuple[int, ...], bool], float] = {}
    decisions: dict[tuple[int, ...], tuple[float, float]] = {}

    def value(counts: tuple[int, ...], policy: bool) -> float:
        """The joint value of the hand played best, or by the policy (stand from 16)."""
        key = (counts, policy)
        found = memo.get(key)
        if found is not None:
            return found
        stand = stand_value(counts)
        if not _may_draw(counts):  # bust, 21, a natural or three cards drawn
            result = stand
        elif policy:
            result = draw_value(counts, True) if _total(counts) < PUNTER_STANDS_ON else stand
        else:
            draw = draw_value(counts, False)
            decisions[counts] = (stand, draw)
            result = max(stand, draw)
        memo[key] = result
        return result

    def draw_value(counts: tuple[int, ...], policy: bool) -> float:
        left = _SHOE - np.array(counts)
        n = int(left.sum())
        return sum(int(left[i]) / n * value(_add(counts, i), policy) for i in range(10) if left[i])

    best_ev = policy_ev = 0.0
    empty = (0,) * 10
    for a in range(10):
        for b in range(a, 10):
            hand = _add(_add(empty, a), b)
            p = _deal_probability(hand)
            lost = banker_mass(hand)[1]  # a banker natural takes the stake at once
            best_ev += p * (value(hand, False) - lost)
            policy_ev += p * (value(hand, True) - lost)
    entries = []
    hands = {}
    for counts, (stand, draw) in decisions.items():
        p = _deal_probability(counts)
        no_natural = 1.0 - banker_mass(counts)[1]
        entries.append((counts, p * stand, p * draw, p * no_natural))
        hands[counts] = (stand / no_natural, draw / no_natural)
    return PunterAnalysis(
        cells=_cells(entries),
        policy_ev=policy_ev,
        best_ev=best_ev,
        banker_stands_on=banker_stands_on,
        hands=hands,
    )


# -- the banker against the punters' policy ----------------------------------------------------
def _banker_payoff(b_total: int, p_total: np.ndarray, p_natural: np.ndarray) -> np.ndarray:
    """The banker's net per unit staked against each punter hand (no banker natural)."""
    p_bust = p_total > 21
    if b_total > 21:
        out = np.where(p_bust, 0.0, -_BANKER_BUST)
    else:
        out = np.where(p_bust, 1.0, np.sign(b_total - p_total).astype(float))
    return np.where(p_natural & ~p_bust, -_NATURAL, out)


@functools.cache
def banker_analysis(punter_stands_on: int = PUNTER_STANDS_ON) -> BankerAnalysis:
    """The banker's best draw/stand against a punter who draws while under
    ``punter_stands_on`` (default 16, seed rule 17), exact for 104 cards.

    Heads-up; the banker knows his own cards and which of ``CASES`` the punter is in (see
    the module docstring). Takes under a second, then is kept for the process. Returns a
    ``BankerAnalysis`` (EVs per unit the punter staked, the banker's side)."""
    punter = _policy_finals(punter_stands_on)
    reach = punter.ways * _given(np.zeros(10, dtype=np.int64), punter.counts)
    masks = [punter.case == k for k in range(len(CASES))]

    @functools.cache
    def stand_value(counts: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
        """Per punter case: E[banker's net * 1{case, this banker hand in this order}] when he
        draws no more, and P(case, this banker hand in this order)."""
        mass = reach * _given(punter.counts, np.array(counts))
        net = mass * _banker_payoff(_total(counts), punter.total, punter.natural)
        return (
            np.array([net[m].sum() for m in masks]),
            np.array([mass[m].sum() for m in masks]),
        )

    memo: dict[tuple[tuple[int, ...], bool], np.ndarray] = {}
    decisions: list[tuple[tuple[int, ...], np.ndarray, np.ndarray, np.ndarray]] = []

    def value(counts: tuple[int, ...], policy: bool) -> np.ndarray:
        """Per punter case, the joint value of the banker's hand played best or by the
        policy (draw while under 17)."""
        key = (counts, policy)
        found = memo.get(key)
        if found is not None:
            return found
        stand, mass = stand_value(counts)
        if not _may_draw(counts):
            result = stand
        else:
            draw: np.ndarray = functools.reduce(
                np.add, (value(_add(counts, i), policy) for i in range(10))
            )
            if policy:
                result = draw if _total(counts) < BANKER_STANDS_ON else stand
            else:
                decisions.append((counts, stand, draw, mass))
                result = np.maximum(stand, draw)
        memo[key] = result
        return result

    natural = 2 * int(_SHOE[0]) * int(_SHOE[9]) / (_CARDS * (_CARDS - 1))
    best_ev = policy_ev = natural  # a banker natural takes every stake at once
    empty = (0,) * 10
    for a in range(10):
        for b in range(a, 10):
            hand = _add(_add(empty, a), b)
            if _is_natural(hand):
                continue
            ways = _orderings(hand)
            best_ev += ways * float(value(hand, False).sum())
            policy_ev += ways * float(value(hand, True).sum())
    cells: dict[Case, tuple[DrawCell, ...]] = {}
    for k, case in enumerate(CASES):
        entries = [
            (counts, ways * stand[k], ways * draw[k], ways * mass[k])
            for counts, stand, draw, mass in decisions
            if (ways := _orderings(counts))
        ]
        cells[case] = _cells(entries)
    return BankerAnalysis(
        cells=cells,
        policy_ev=policy_ev,
        best_ev=best_ev,
        punter_stands_on=punter_stands_on,
        hands={counts: stand_value(counts) for counts, policy in memo if not policy},
    )


__all__ = [
    "CASES",
    "TIE",
    "BankerAnalysis",
    "DrawCell",
    "PunterAnalysis",
    "banker_analysis",
    "punter_analysis",
]
