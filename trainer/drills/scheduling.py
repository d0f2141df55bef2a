"""Spaced repetition of drill situations with FSRS, and which situation to ask next.

Each situation (rules id, hand class, upcard; situations.py) is one FSRS card (the ``fsrs``
library, py-fsrs 6: ``Scheduler.review_card``). An answer's rating comes from whether it
was right and how long it took, measured from the question shown to the answer received:

- wrong (advisor.py's ``is_correct`` says no: an inaccuracy, a mistake or a blunder)
  -> Again;
- correct with a note (a close call, within 0.001 of a bet of the reference play, or the
  chart's play where the exact play is better) or the reference play slower than SLOW_MS
  (8 s) -> Hard;
- a right answer from FAST_MS (2.5 s) to SLOW_MS -> Good;
- a right answer faster than FAST_MS -> Easy.

The next question (``next_situation``), among a drill's situations, never the situation
just asked:

1. **due**: situations whose card is due (due <= now), the earliest due first;
2. **new**: situations never answered, drawn at random with probability proportional to
   how often they arise in play (``DrillItem.weight``);
3. **weak**: the answered situations, lowest accuracy first, then the most lapses, then
   the earliest due;
4. **extra**: when the drill's own situations offer nothing else (a drill of one
   situation), one from the rule set's whole catalog by frequency, so no question repeats.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from fsrs import Card as FsrsCard
from fsrs import Rating, Scheduler, State

from game.engine.strategy.advisor import Severity, is_correct
from trainer.drills.items import DrillItem

FAST_MS = 2_500
SLOW_MS = 8_000

# Fuzzing off: the same answers give the same schedule (what the tests rely on); the
# default learning steps (1 and 10 minutes) bring a missed situation back within a drill.
SCHEDULER = Scheduler(enable_fuzzing=False)
# FSRS's own default desired retention (Preferences.desired_retention defaults to it too).
DEFAULT_RETENTION = 0.9

TIERS = ("due", "new", "weak", "extra")


def rating_for(*, severity: Severity | str, response_ms: int | None) -> Rating:
    """The FSRS rating of an answer (see the module docstring). ``severity``: its grade
    (advisor.py's ``judge``, under the person's standard); ``response_ms``: milliseconds
    from the question shown to the answer (None counts as normal speed). Raises ValueError
    for a value that is no severity."""
    if not is_correct(severity):
        return Rating.Again
    if Severity(severity) is not Severity.BEST:
        return Rating.Hard
    if response_ms is None:
        return Rating.Good
    if response_ms > SLOW_MS:
        return Rating.Hard
    if response_ms < FAST_MS:
        return Rating.Easy
    return Rating.Good


def new_card(now: datetime) -> FsrsCard:
    """A fresh FSRS card (Learning, due now) with an id from ``now`` (epoch milliseconds)."""
    return FsrsCard(card_id=int(now.timestamp() * 1000), due=now)


@functools.lru_cache(maxsize=32)
def scheduler(retention: float = DEFAULT_RETENTION) -> Scheduler:
    """The FSRS scheduler for a desired retention (0 < retention < 1; the person's setting,
    trainer.web.models.Preferences): a higher retention schedules reviews sooner."""
    if retention == DEFAULT_RETENTION:
        return SCHEDULER
    return Scheduler(desired_retention=float(retention), enable_fuzzing=False)


def review(
    card: FsrsCard,
    rating: Rating,
    now: datetime,
    response_ms: int | None,
    retention: float = DEFAULT_RETENTION,
) -> FsrsCard:
    """The card after a review at ``now`` (timezone-aware, UTC) rated ``rating``, scheduled
    for the desired ``retention``.

    Raises ValueError when ``now`` is not in UTC (fsrs's rule)."""
    reviewed, _log = scheduler(float(retention)).review_card(card, rating, now, response_ms)
    return reviewed


def is_lapse(card: FsrsCard, rating: Rating) -> bool:
    """A lapse: a situation already learned (FSRS Review state) answered wrong."""
    return card.state is State.Review and rating is Rating.Again


@dataclass(frozen=True, slots=True)
class CardStats:
    """What the picker needs of a situation's card: when it is due and how it went."""

    due: datetime
    reviews: int
    correct: int
    lapses: int

    @property
    def accuracy(self) -> float:
        """Share of right answers (0..1; 0 before any review)."""
        return self.correct / self.reviews if self.reviews else 0.0


def next_situation(
    pool: Sequence[DrillItem],
    cards: Mapping[tuple[str, str], CardStats],
    previous: tuple[str, str] | None,
    now: datetime,
    rng: random.Random,
    *,
    fallback: Sequence[DrillItem] = (),
    repeat: bool = False,
) -> tuple[DrillItem, str]:
    """The situation to ask next and its tier ("due", "new", "weak" or "extra"), by the
    order of the module docstring: ``pool`` is the drill's situations, ``cards`` the
    person's cards by situation key, ``previous`` the key just asked (never repeated),
    ``fallback`` the situations to take an extra one from; with ``repeat`` (a drill of
    chosen situations) the situation just asked is asked again when the pool has no other.

    Raises LookupError when nothing but ``previous`` is left anywhere."""
    candidates = [s for s in pool if s.key != previous]
    due = [s for s in candidates if s.key in cards and cards[s.key].due <= now]
    if due:
        return min(due, key=lambda s: cards[s.key].due), "due"
    new = [s for s in candidates if s.key not in cards]
    if new:
        return weighted_choice(new, rng), "new"
    seen = [s for s in candidates if s.key in cards]
    if seen:

        def weakness(s: DrillItem) -> tuple[float, int, datetime]:
            stats = cards[s.key]
            return (stats.accuracy, -stats.lapses, stats.due)

        return min(seen, key=weakness), "weak"
    extra = [s for s in fallback if s.key != previous]
    if extra:
        return weighted_choice(extra, rng), "extra"
    if repeat and pool:
        again = pool[0]
        return again, "weak" if again.key in cards else "new"
    raise LookupError("no situation to ask other than the one just asked")


def weighted_choice(situations: Sequence[DrillItem], rng: random.Random) -> DrillItem:
    """One of ``situations`` at random, with probability proportional to its weight (how
    often it arises in play)."""
    return rng.choices(list(situations), weights=[float(s.weight) for s in situations])[0]
