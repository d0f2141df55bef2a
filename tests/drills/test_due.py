"""The due count (trainer/drills/due.py): situations whose card is due at a given moment,
across rule sets, merged-visitor duplicates once, with a moved clock."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from game.engine.variants import find_rules
from game.rulesets.models import RuleSet
from trainer.drills.due import DueCounts, due_counts, next_due, variant_of
from trainer.drills.models import SituationCard
from trainer.drills.scheduling import new_card

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
EUROPEAN = RuleSet.id_for(find_rules("european"))
RUSSIAN = RuleSet.id_for(find_rules("russian"))


def card(
    visitor: uuid.UUID,
    key: tuple[str, str],
    due: datetime,
    *,
    rules_id: str = EUROPEAN,
    last_review: datetime | None = None,
) -> SituationCard:
    """A saved card of situation ``key`` due at ``due``."""
    return SituationCard.objects.create(
        visitor=visitor,
        rules_id=rules_id,
        hand_class=key[0],
        upcard=key[1],
        fsrs=new_card(due).to_dict(),
        due=due,
        last_review=last_review,
        reviews=1 if last_review else 0,
    )


def test_cards_due_tomorrow_become_due_tomorrow() -> None:
    visitor = uuid.uuid4()
    card(visitor, ("hard-16", "T"), NOW - timedelta(hours=1), last_review=NOW - timedelta(days=2))
    card(visitor, ("hard-12", "3"), NOW, last_review=NOW - timedelta(days=1))
    card(visitor, ("soft-18", "9"), NOW + timedelta(hours=20), last_review=NOW)
    card(visitor, ("pair-8", "A"), NOW + timedelta(days=3), last_review=NOW)
    card(uuid.uuid4(), ("hard-16", "T"), NOW - timedelta(days=1))  # someone else's

    assert due_counts(visitor, NOW) == DueCounts(total=2, by_rules={EUROPEAN: 2})
    tomorrow = NOW + timedelta(days=1)
    assert due_counts(visitor, tomorrow) == DueCounts(total=3, by_rules={EUROPEAN: 3})
    assert due_counts(visitor, NOW + timedelta(days=4)).total == 4


def test_counts_every_rule_set_and_names_the_one_with_most_due() -> None:
    visitor = uuid.uuid4()
    card(visitor, ("hard-16", "T"), NOW - timedelta(hours=1))
    for key in [("hard-16", "T"), ("hard-15", "T"), ("soft-17", "3")]:
        card(visitor, key, NOW - timedelta(minutes=5), rules_id=RUSSIAN)

    counts = due_counts(visitor, NOW)

    assert counts == DueCounts(total=4, by_rules={EUROPEAN: 1, RUSSIAN: 3})
    assert counts.top_rules_id == RUSSIAN
    assert variant_of(RUSSIAN) == "russian"
    assert variant_of("abcdefgh23") == "custom-abcdefgh23"


def test_merged_duplicates_count_once_and_the_latest_review_decides() -> None:
    visitor = uuid.uuid4()
    # Two due cards of one situation (two browsers merged by a log-in): one situation.
    card(visitor, ("hard-16", "T"), NOW - timedelta(hours=2), last_review=NOW - timedelta(days=3))
    card(visitor, ("hard-16", "T"), NOW - timedelta(hours=1), last_review=NOW - timedelta(days=1))
    # An old due card superseded by a later review that is not due: not due.
    card(visitor, ("hard-12", "2"), NOW - timedelta(days=1), last_review=NOW - timedelta(days=5))
    card(visitor, ("hard-12", "2"), NOW + timedelta(days=6), last_review=NOW - timedelta(hours=1))
    # A never-reviewed card is superseded by a reviewed one.
    card(visitor, ("soft-13", "5"), NOW - timedelta(hours=1))
    card(visitor, ("soft-13", "5"), NOW + timedelta(days=2), last_review=NOW - timedelta(days=1))

    assert due_counts(visitor, NOW).total == 1
    assert next_due(visitor, NOW) == NOW + timedelta(days=2)


def test_next_due_and_nothing_for_a_visitor_without_cards() -> None:
    visitor = uuid.uuid4()
    assert due_counts(visitor, NOW) == DueCounts()
    assert DueCounts().top_rules_id is None
    assert next_due(visitor, NOW) is None
    card(visitor, ("hard-16", "T"), NOW + timedelta(hours=30), last_review=NOW)
    card(visitor, ("hard-9", "3"), NOW + timedelta(hours=5), last_review=NOW)
    assert next_due(visitor, NOW) == NOW + timedelta(hours=5)


def test_one_query(django_assert_num_queries) -> None:
    visitor = uuid.uuid4()
    card(visitor, ("hard-16", "T"), NOW - timedelta(hours=1))
    with django_assert_num_queries(1):
        due_counts(visitor, NOW)
