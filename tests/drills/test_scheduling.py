"""Which situation a drill asks next (due, then new by frequency, then weak spots, never the
one just asked) and the FSRS rating of an answer from its correctness and time."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Rating

from game.engine.variants import find_rules
from trainer.drills.items import catalog
from trainer.drills.scheduling import (
    FAST_MS,
    SLOW_MS,
    CardStats,
    new_card,
    next_situation,
    rating_for,
    review,
)

pytestmark = pytest.mark.django_db  # the chart comes from game.rulesets.store (database)

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
EUROPEAN = find_rules("european")


def situations(*keys: tuple[str, str]):
    found = catalog(EUROPEAN)
    return [found[k] for k in keys]


def stats(due: datetime, reviews: int = 1, correct: int = 1, lapses: int = 0) -> CardStats:
    return CardStats(due=due, reviews=reviews, correct=correct, lapses=lapses)


# -- rating -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("severity", "ms", "rating"),
    [
        ("inaccuracy", 1_000, Rating.Again),
        ("blunder", 20_000, Rating.Again),
        ("close", 1_000, Rating.Hard),  # counted correct: not forgotten, with a note
        ("by_chart", 1_000, Rating.Hard),
        ("best", SLOW_MS + 1, Rating.Hard),
        ("best", SLOW_MS, Rating.Good),
        ("best", FAST_MS, Rating.Good),
        ("best", FAST_MS - 1, Rating.Easy),
        ("best", None, Rating.Good),
    ],
)
def test_rating_from_the_grade_and_time(severity: str, ms: int | None, rating: Rating) -> None:
    assert rating_for(severity=severity, response_ms=ms) is rating


def test_thresholds() -> None:
    assert (FAST_MS, SLOW_MS) == (2_500, 8_000)


def test_review_follows_fsrs_learning_steps() -> None:
    card = new_card(NOW)
    good = review(card, Rating.Good, NOW, 3000)
    assert good.due == NOW + timedelta(minutes=10)  # second learning step
    again = review(card, Rating.Again, NOW, 3000)
    assert again.due == NOW + timedelta(minutes=1)
    easy = review(card, Rating.Easy, NOW, 1000)
    assert easy.due - NOW >= timedelta(days=1)  # straight to Review
    with pytest.raises(ValueError):
        review(card, Rating.Good, NOW.replace(tzinfo=None), 3000)


# -- order -------------------------------------------------------------------------------------
def test_due_before_new_and_earliest_due_first() -> None:
    pool = situations(("hard 16", "T"), ("hard 12", "2"), ("soft 18", "9"), ("pair 8", "T"))
    cards = {
        ("hard 16", "T"): stats(NOW - timedelta(minutes=1)),
        ("hard 12", "2"): stats(NOW - timedelta(days=2)),
        ("soft 18", "9"): stats(NOW + timedelta(days=3)),  # not due
    }
    rng = random.Random(1)
    situation, tier = next_situation(pool, cards, None, NOW, rng)
    assert (situation.key, tier) == (("hard 12", "2"), "due")
    # Once that one was just asked, the next due one, still before the new pair of 8s.
    situation, tier = next_situation(pool, cards, ("hard 12", "2"), NOW, rng)
    assert (situation.key, tier) == (("hard 16", "T"), "due")


def test_new_before_weak_spots() -> None:
    pool = situations(("hard 16", "T"), ("pair 8", "T"))
    cards = {("hard 16", "T"): stats(NOW + timedelta(days=1), reviews=5, correct=0)}
    situation, tier = next_situation(pool, cards, None, NOW, random.Random(2))
    assert (situation.key, tier) == (("pair 8", "T"), "new")


def test_new_situations_by_how_often_they_arise() -> None:
    # Hard 16 against 6 (10,6 or 9,7) is dealt 0.0044426 of the time, a pair of aces against
    # 6 only 24/312 * 24 * 23 / (311 * 310) = 0.00044 of the time: about 10 to 1.
    pool = situations(("hard 16", "6"), ("pair A", "6"))
    weights = [float(s.weight) for s in pool]
    assert weights[0] == pytest.approx(0.00444257, abs=1e-8)
    assert weights[1] == pytest.approx(24 / 312 * 24 * 23 / (311 * 310), abs=1e-12)
    rng = random.Random(3)
    drawn = Counter(next_situation(pool, {}, None, NOW, rng)[0].key for _ in range(20_000))
    share = drawn[("hard 16", "6")] / 20_000
    assert share == pytest.approx(weights[0] / sum(weights), abs=0.01)
    assert share == pytest.approx(0.9098, abs=0.01)


def test_weak_spots_when_nothing_is_due_or_new() -> None:
    pool = situations(("hard 16", "T"), ("hard 12", "3"), ("soft 18", "9"))
    later = NOW + timedelta(days=5)
    cards = {
        ("hard 16", "T"): stats(later, reviews=4, correct=3, lapses=0),
        ("hard 12", "3"): stats(later, reviews=4, correct=1, lapses=0),
        ("soft 18", "9"): stats(later, reviews=2, correct=0, lapses=2),
    }
    rng = random.Random(4)
    assert next_situation(pool, cards, None, NOW, rng) == (pool[2], "weak")  # 0 %
    assert next_situation(pool, cards, ("soft 18", "9"), NOW, rng) == (pool[1], "weak")  # 25 %
    # Equal accuracy: the more lapses first.
    cards[("hard 16", "T")] = stats(later, reviews=4, correct=1, lapses=1)
    assert next_situation(pool, cards, ("soft 18", "9"), NOW, rng) == (pool[0], "weak")


def test_never_the_same_situation_twice_in_a_row() -> None:
    pool = situations(("hard 16", "T"), ("pair 8", "T"))
    cards = {key: stats(NOW - timedelta(minutes=5)) for key in (s.key for s in pool)}
    rng = random.Random(5)
    previous = None
    for _ in range(50):
        situation, _tier = next_situation(pool, cards, previous, NOW, rng)
        assert situation.key != previous
        previous = situation.key
    # A drill of one situation takes an extra question from the rule set between two asks.
    one = situations(("hard 16", "T"))
    fallback = situations(("hard 16", "T"), ("hard 12", "4"))
    assert next_situation(one, {}, ("hard 16", "T"), NOW, rng, fallback=fallback) == (
        fallback[1],
        "extra",
    )
    with pytest.raises(LookupError):
        next_situation(one, {}, ("hard 16", "T"), NOW, rng, fallback=one)
