"""Index plays computed by the engine (game/engine/strategy/indices.py) against the published
Hi-Lo indices of a 6-deck S17 DAS peek game (ORACLES.md "Hi-Lo index plays": simulation
results rounded to integers, so one step is the tolerance), and the method's parts: the
expected shoe at a true count against the exact conditional mean, whole shoes as a convex
combination, the floored-count index, the refusals."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.engine.counting import find_system
from game.engine.errors import Reason
from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.cache import StrategyError
from game.engine.strategy.composition import full_shoe
from game.engine.strategy.indices import (
    FAB_4,
    ILLUSTRIOUS_18,
    Cell,
    all_cells,
    cell_indices,
    count_grid,
    expected_shoe,
    index_of,
    insurance_index,
    neutral_count,
    parse_cell,
    rule_set_indices,
    whole_shoes,
)
from game.engine.variants import find_rules

HILO = find_system("hilo")

# ORACLES.md, "Hi-Lo index plays, 6 decks, S17, DAS, peek": cell -> (play at or above, index).
PUBLISHED = {
    "16,T": ("stand", 0),
    "15,T": ("stand", 4),
    "TT,5": ("split", 5),
    "TT,6": ("split", 4),
    "10,T": ("double", 4),
    "12,3": ("stand", 2),
    "12,2": ("stand", 3),
    "11,A": ("double", 1),
    "9,2": ("double", 1),
    "10,A": ("double", 4),
    "12,4": ("stand", 0),
    "12,5": ("stand", -2),
    "12,6": ("stand", -1),
    "13,2": ("stand", -1),
}
# The rest of Schlesinger's Illustrious 18 (Blackjack Attack, 3rd ed., table 5.1; not in
# ORACLES.md) and his Fab 4 surrenders for the same game with late surrender (table 5.2).
BOOK = {"9,7": ("double", 3), "16,9": ("stand", 5), "13,3": ("stand", -2)}
FAB_4_BOOK = {
    "14,T": ("surrender", 3),
    "15,T": ("surrender", 0),
    "15,9": ("surrender", 2),
    "15,A": ("surrender", 1),
}


@pytest.fixture(scope="module")
def illustrious() -> dict[str, object]:
    return rule_set_indices(Rules(), HILO, cells=[parse_cell(k) for k in ILLUSTRIOUS_18])


@pytest.fixture(scope="module")
def fab_4() -> dict[str, object]:
    return rule_set_indices(Rules(surrender="late"), HILO, cells=[parse_cell(k) for k in FAB_4])


def test_the_default_rules_are_the_published_game() -> None:
    rules = Rules()
    assert (rules.decks, rules.dealer_hits_soft_17, rules.double_after_split) == (6, False, True)
    assert rules.dealer_hole_card and rules.dealer_peeks and rules.surrender == "none"


@pytest.mark.parametrize("key", sorted({**PUBLISHED, **BOOK}))
def test_illustrious_18_within_one_step_of_the_published_index(illustrious: dict, key: str) -> None:
    play, index = {**PUBLISHED, **BOOK}[key]
    entry = illustrious[key]
    assert entry["action"] == play
    assert abs(entry["index"] - index) <= 1, (key, entry)


def test_insurance_index_is_the_published_plus_3(illustrious: dict) -> None:
    assert illustrious["insurance"] == 3
    index, crossing = insurance_index(Rules(), HILO)
    assert index == 3 and 2.5 <= crossing < 3.5


def test_how_close_the_illustrious_18_come(illustrious: dict) -> None:
    # 14 of the 17 cells agree exactly; 10,10 v 6 (+5 for +4), 10 v A (+3 for +4) and
    # 12 v 5 (-1 for -2) are one step off (the note says why: the crossings, +4.55, +3.36
    # and -1.48, lie near the half step where rounding chooses).
    off = {k for k, (_, index) in {**PUBLISHED, **BOOK}.items() if illustrious[k]["index"] != index}
    assert off == {"TT,6", "10,A", "12,5"}
    assert 4.3 < illustrious["TT,6"]["crossing"] < 4.8
    assert 3.1 < illustrious["10,A"]["crossing"] < 3.6
    assert -1.7 < illustrious["12,5"]["crossing"] < -1.3


@pytest.mark.parametrize("key", FAB_4)
def test_fab_4_within_one_step(fab_4: dict, key: str) -> None:
    play, index = FAB_4_BOOK[key]
    entry = fab_4[key]
    assert (entry["action"], entry["below"]) == (play, "hit")
    assert abs(entry["index"] - index) <= 1, (key, entry)


def _exact_hilo_shoe(decks: int, tc: float, known: tuple[int, ...], left: float) -> list[float]:
    """The exact conditional mean of the cards left, Hi-Lo: the seen cards drawn from three
    tag groups (2-6, 7-9, tens and aces), every split of their number with the right tag sum
    weighted by its hypergeometric probability; within a group the values share evenly."""

    def log_choose(n: int, k: int) -> float:
        return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)

    def group(v: int) -> int:
        return 0 if 2 <= v <= 6 else (1 if 7 <= v <= 9 else 2)

    tag = (1, 0, -1)
    pool = list(full_shoe(decks))
    for v in known:
        pool[v - 1] -= 1
    size = [sum(pool[v - 1] for v in range(1, 11) if group(v) == g) for g in range(3)]
    seen = round(52 * (decks - left)) - len(known)
    tag_sum = round(tc * left - sum(tag[group(v)] for v in known))
    splits = []
    for high in range(size[2] + 1):
        low = tag_sum + high
        neutral = seen - low - high
        if 0 <= low <= size[0] and 0 <= neutral <= size[1]:
            weight = (
                log_choose(size[0], low) + log_choose(size[1], neutral) + log_choose(size[2], high)
            )
            splits.append((weight, (low, neutral, high)))
    top = max(w for w, _ in splits)
    total = sum(math.exp(w - top) for w, _ in splits)
    mean = [sum(math.exp(w - top) * s[g] for w, s in splits) / total for g in range(3)]
    return [pool[v - 1] * (1 - mean[group(v)] / size[group(v)]) for v in range(1, 11)]


@pytest.mark.parametrize(
    ("decks", "left", "tc", "known"),
    [
        (6, 3, 2, (10, 6, 10)),
        (6, 3, 5, (10, 10, 5)),
        (6, 3, -3, (10, 2, 4)),
        (2, 1, 3, (1,)),
        (1, 0.5, 4, (6, 5, 1)),
    ],
)
def test_expected_shoe_is_the_exact_conditional_mean(
    decks: int, left: float, tc: int, known: tuple[int, ...]
) -> None:
    shoe = expected_shoe(HILO, Rules(decks=decks), tc, known, left)
    assert shoe is not None
    assert sum(shoe) == pytest.approx(52 * left)
    exact = _exact_hilo_shoe(decks, tc, known, left)
    assert max(abs(a - b) for a, b in zip(shoe, exact, strict=True)) < 0.01
    # The count is what was asked: the cards left carry minus the running count.
    tags = (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1)
    assert sum(t * m for t, m in zip(tags, shoe, strict=True)) == pytest.approx(-tc * left)


def test_a_count_no_shoe_can_show_has_no_expected_shoe() -> None:
    # One deck, a quarter left: 39 cards seen cannot carry a running count of +30.
    assert expected_shoe(HILO, Rules(decks=1), 120, (10, 6, 10), 0.25) is None


def test_whole_shoes_are_a_convex_combination_of_the_expected_one() -> None:
    shoe = expected_shoe(HILO, Rules(), 2.0, (10, 6, 10), 3.0)
    assert shoe is not None
    pieces = whole_shoes(shoe)
    assert 1 <= len(pieces) <= 10
    assert sum(w for w, _ in pieces) == pytest.approx(1.0)
    for _, counts in pieces:
        assert sum(counts) == 156 and all(abs(c - m) < 1 for c, m in zip(counts, shoe, strict=True))
    for v in range(10):
        assert sum(w * counts[v] for w, counts in pieces) == pytest.approx(shoe[v])


def test_the_index_of_a_crossing_is_it_rounded_and_never_minus_zero() -> None:
    assert [index_of(x) for x in (0.41, 0.5, 0.49, -0.4, -0.5, -1.48, 4.55)] == [
        0,
        1,
        0,
        0,
        0,
        -1,
        5,
    ]
    assert str(index_of(-0.2)) == "0"


def test_cells_and_their_names() -> None:
    assert parse_cell("16,T") == Cell("hard", 16, 10)
    assert parse_cell("a7,2") == Cell("soft", 18, 2)
    assert parse_cell("TT,5") == Cell("pair", 20, 5, 10)
    assert parse_cell("AA,A") == Cell("pair", 12, 1, 1)
    assert [parse_cell(k).key for k in ("16,T", "A7,2", "TT,5", "AA,A", "9,2")] == [
        "16,T",
        "A7,2",
        "TT,5",
        "AA,A",
        "9,2",
    ]
    for bad in ("16", "21,T", "AT,5", "16,X", "T9,5"):
        with pytest.raises(ValueError):
            parse_cell(bad)
    assert len(all_cells()) == (15 + 8 + 10) * 10
    # 16 is dealt as 10-6 four times as often as 9-7 (16 ten-value cards a deck).
    assert Cell("hard", 16, 10).hands(6) == [((6, 10), 24 * 96), ((7, 9), 24 * 24)]


def test_a_cell_whose_play_never_changes_has_no_index() -> None:
    # Hard 19 against a 6: stand at every count from -10 to +10.
    assert cell_indices(parse_cell("19,6"), Rules(), HILO) == []


def test_an_unbalanced_count_is_searched_by_its_running_count() -> None:
    ko, red7 = find_system("ko"), find_system("red7")
    # KO starts at 4 - 4 x 6 = -20 and gains its deck sum, +4, a deck dealt: -8 at half a
    # 6-deck shoe is a shoe as rich as the full one. Red 7: -12, +2 a deck, -6.
    assert neutral_count(ko, 6, 3) == -8 and neutral_count(red7, 6, 3) == -6
    assert neutral_count(HILO, 6, 3) == 0
    grid = count_grid(ko, 6, 3)
    assert (grid[0], grid[-1], grid[1] - grid[0]) == (-38, 22, 3)
    assert count_grid(HILO, 6, 3) == list(range(-10, 11))
    rules = replace(Rules(), decks=6)
    for system in (ko, red7):
        shoe = expected_shoe(system, rules, neutral_count(system, 6, 3), (), 3)
        assert shoe is not None
        for value, expected in enumerate(full_shoe(6)):
            assert shoe[value] == pytest.approx(expected / 2, abs=1e-6)
    # Richer in tens above it.
    rich = expected_shoe(ko, rules, 0, (), 3)
    assert rich is not None and rich[9] > 48
    # The index is the least whole running count at or past the crossing.
    assert index_of(-6.68, running=True) == -6 and index_of(2.0, running=True) == 2
    assert index_of(-6.68) == -7


def test_ko_indices_track_hi_lo_at_half_the_shoe() -> None:
    rules = replace(Rules(), decks=6)
    ko = find_system("ko")
    # Running count about KO's neutral -8 plus 3 decks left times Hi-Lo's true count.
    hilo_12_3 = cell_indices(parse_cell("12,3"), rules, HILO)[0].crossing
    ko_12_3 = cell_indices(parse_cell("12,3"), rules, ko)[0]
    assert ko_12_3.play is Action.STAND and ko_12_3.below is Action.HIT
    assert abs(ko_12_3.crossing - (-8 + 3 * hilo_12_3)) < 2
    # Vancura and Fuchs's KO insurance at +3, within a step.
    found = insurance_index(replace(rules, insurance=True), ko)
    assert found is not None and 2 <= found[0] <= 4


def test_the_banker_game_is_refused() -> None:
    with pytest.raises(StrategyError) as refused:
        cell_indices(parse_cell("16,T"), find_rules("dvadtsat-odno"), HILO)
    assert refused.value.reason is Reason.CASINO_GAME_ONLY


def test_no_insurance_index_where_insurance_is_not_offered() -> None:
    assert insurance_index(find_rules("european"), HILO) is None
