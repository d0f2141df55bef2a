"""Issue 12: a decision taken after the table's hint is logged as hinted and counts neither
right nor wrong: not in the accuracy or the EV lost of the review, not a mistake listed or
drilled, not a weak spot."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from game.engine.rules import EUROPEAN
from game.rulesets.models import RuleSet
from tests.helpers import client_for
from tests.review.helpers import decision_ids, new_table, numbers, table_decision
from trainer.drills.drilling import mistaken_situations, weak_situations
from trainer.review.log import ev_lost_by_day
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
EUROPEAN_ID = RuleSet.id_for(EUROPEAN)


def test_a_hinted_mistake_counts_neither_right_nor_wrong() -> None:
    table = new_table()
    # Hard 16 against a 10 (the factory's hand): a mistake after a hint, and a right play.
    hinted = table_decision(table, 0.25, hinted=True, rules_id=EUROPEAN_ID)
    right = table_decision(table, 0.0, rules_id=EUROPEAN_ID)
    assert hinted.severity == "blunder" and hinted.hinted
    assert list(GradedDecision.objects.wrong()) == []
    assert list(GradedDecision.objects.correct()) == [right]
    assert list(GradedDecision.objects.counted()) == [right]

    review = client_for(table).get("/en/review/").content.decode()
    assert decision_ids(review) == []  # no mistake listed
    assert numbers(review)[0][:2] == ("1", "100.0%")  # one counted decision, right
    assert [(p.decisions, p.ev_lost) for p in ev_lost_by_day(table.visitor)] == [(1, 0.0)]
    assert mistaken_situations(table.visitor, EUROPEAN, None, NOW) == []
    assert weak_situations(table.visitor, EUROPEAN) == []


def test_the_same_mistake_without_a_hint_is_wrong() -> None:
    table = new_table()
    wrong = table_decision(table, 0.25, rules_id=EUROPEAN_ID)
    assert list(GradedDecision.objects.wrong()) == [wrong]
    review = client_for(table).get("/en/review/").content.decode()
    assert decision_ids(review) == [wrong.pk]
    assert mistaken_situations(table.visitor, EUROPEAN, None, NOW) != []
