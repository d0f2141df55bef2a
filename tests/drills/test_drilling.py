"""Drills end to end below the views: starting, asking, answering with explicit times (so
FSRS states can be checked across sessions and days), what is stored for the review pages,
idempotent answers, and the person's own lists ("my mistakes", "my weak spots")."""

from __future__ import annotations

import random
import uuid
from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest
from fsrs import Rating, State

from game.engine.cards import Card
from game.engine.round import Action
from game.engine.strategy.hand import hand_evs
from game.engine.variants import find_rules
from game.rulesets.models import RuleSet
from trainer.drills.drilling import (
    ALREADY_ANSWERED,
    answer_question,
    end_drill,
    mistaken_situations,
    next_question,
    start_drill,
    weak_situations,
)
from trainer.drills.items import classify_decision, question_round
from trainer.drills.models import DrillQuestion, DrillSession, SituationCard
from trainer.drills.scheduling import new_card, review
from trainer.review.models import GradedDecision
from trainer.web.errors import Refused

pytestmark = pytest.mark.django_db

DAY1 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def put_hand(question: DrillQuestion, hand: list[str], upcard: str) -> DrillQuestion:
    """Give a question these cards (its situation and legal actions follow from them)."""
    rules = find_rules(question.session.variant)
    cards = [Card.parse(c) for c in hand]
    up = Card.parse(upcard)
    key = classify_decision(hand, upcard, rules, insurance=question.insurance)
    rnd = question_round(rules, cards, up, insurance=question.insurance)
    question.hand, question.upcard = hand, upcard
    question.hand_class, question.upcard_value = key
    question.legal = [a.value for a in rnd.legal_actions()]
    question.save()
    return question


def best_action(question: DrillQuestion) -> str:
    """The exact best play, computed here with the engine's hand EVs."""
    if question.insurance:
        return Action.NO_INSURANCE.value  # insurance off a full shoe always loses
    rules = find_rules(question.session.variant)
    values = hand_evs(question.hand, question.upcard, rules).values()
    legal = {a: v for a, v in values.items() if a.value in question.legal}
    return max(legal, key=legal.__getitem__).value


def wrong_action(question: DrillQuestion) -> str:
    best = best_action(question)
    return next(a for a in question.legal if a != best)


def latest(session: DrillSession) -> DrillQuestion:
    return DrillSession.objects.get(pk=session.pk).latest


# -- what an answer stores ---------------------------------------------------------------------
def test_answer_is_a_graded_decision_with_the_engines_evs() -> None:
    visitor = uuid.uuid4()
    session = start_drill(visitor, "russian", "hard", now=DAY1, rng=random.Random(1))
    question = put_hand(latest(session), ["TS", "6H"], "KD")
    answer = answer_question(session, "1", "stand", "exact", now=DAY1 + timedelta(seconds=4))

    decision = GradedDecision.objects.get()
    assert answer.decision == decision
    # ORACLES.md "Hand EVs, 6 decks": 10,6 v 10 stand -0.540954, hit -0.534676, double
    # -1.069351 (a peek game: conditioned on no dealer natural).
    assert decision.evs == pytest.approx(
        {"hit": -0.534676, "stand": -0.540954, "double": -1.069351}, abs=1e-6
    )
    assert decision.best_action == "hit"
    assert decision.loss == pytest.approx(0.006278, abs=1e-6)
    assert decision.severity == "inaccuracy"
    assert (decision.source, decision.drill_session, decision.visitor) == (
        "drill",
        session.public_id,
        visitor,
    )
    assert decision.table is None
    assert decision.round_number == 1
    assert decision.rules_id == RuleSet.id_for(find_rules("russian"))
    assert decision.variant == "russian"
    assert (decision.hand, decision.upcard, decision.insurance) == (["TS", "6H"], "KD", False)
    assert (decision.from_split, decision.action, decision.standard) == (False, "stand", "exact")
    assert decision.chart_action == "hit"
    assert decision.response_ms == 4000
    question.refresh_from_db()
    assert question.decision == decision
    assert (question.action, question.correct, question.rating) == ("stand", False, Rating.Again)


def test_graded_against_the_chart() -> None:
    # European 10,2 against 4: the chart's hard 12 stands, the exact play of 10,2 hits
    # (by 0.0008 of the bet: a close call).
    session = start_drill(uuid.uuid4(), "european", "hard", now=DAY1, rng=random.Random(2))
    put_hand(latest(session), ["TS", "2H"], "4D")
    chart = answer_question(session, "1", "stand", "chart", now=DAY1 + timedelta(seconds=3))
    assert (chart.grade.best, chart.grade.severity.value, chart.grade.loss) == (
        Action.STAND,
        "best",
        0.0,
    )
    assert chart.decision.standard == "chart"
    assert chart.question.rating == Rating.Good

    session = start_drill(uuid.uuid4(), "european", "hard", now=DAY1, rng=random.Random(2))
    put_hand(latest(session), ["TS", "2H"], "4D")
    exact = answer_question(session, "1", "stand", "exact", now=DAY1 + timedelta(seconds=3))
    assert exact.grade.best is Action.HIT
    assert exact.grade.severity.value == "close"
    assert exact.grade.by_chart
    assert exact.question.rating == Rating.Hard  # a close call: not forgotten, not right


# -- refusals change nothing -------------------------------------------------------------------
def test_double_submit_stores_one_answer() -> None:
    session = start_drill(uuid.uuid4(), "european", "all", now=DAY1, rng=random.Random(3))
    question = latest(session)
    action = question.legal[0]
    answer_question(session, "1", action, "exact", now=DAY1 + timedelta(seconds=3))
    card = SituationCard.objects.get()
    with pytest.raises(Refused) as error:
        answer_question(session, "1", action, "exact", now=DAY1 + timedelta(seconds=4))
    assert error.value.message == ALREADY_ANSWERED
    assert GradedDecision.objects.count() == 1
    assert SituationCard.objects.get().fsrs == card.fsrs
    assert SituationCard.objects.get().reviews == 1


def test_bad_answers_change_nothing() -> None:
    session = start_drill(uuid.uuid4(), "european", "pairs", now=DAY1, rng=random.Random(4))
    question = latest(session)
    for number, action, message in [
        ("1", "dance", "That is not one of the choices for this hand."),
        ("1", "surrender", "That is not one of the choices for this hand."),  # no surrender
        ("1", "insurance", "That is not one of the choices for this hand."),
        ("7", question.legal[0], "That question is not part of this drill."),
        ("x", question.legal[0], "That question is not part of this drill."),
    ]:
        with pytest.raises(Refused) as error:
            answer_question(session, number, action, "exact", now=DAY1)
        assert str(error.value.message) == message
    assert GradedDecision.objects.count() == 0
    assert SituationCard.objects.count() == 0
    assert not latest(session).answered
    end_drill(session, now=DAY1)
    with pytest.raises(Refused):
        answer_question(session, "1", question.legal[0], "exact", now=DAY1)
    assert GradedDecision.objects.count() == 0


def test_next_asks_once() -> None:
    session = start_drill(uuid.uuid4(), "european", "all", now=DAY1, rng=random.Random(5))
    # Before the answer, Next shows the same question.
    assert next_question(session, "1", now=DAY1).number == 1
    answer_question(session, "1", latest(session).legal[0], "exact", now=DAY1)
    first = next_question(session, "1", now=DAY1, rng=random.Random(6))
    again = next_question(session, "1", now=DAY1, rng=random.Random(7))
    assert first.number == again.number == 2
    assert session.questions.count() == 2


def test_start_refusals() -> None:
    visitor = uuid.uuid4()
    for variant, category, message in [
        ("european", "surrender", "This game has no situations in that category."),
        ("european", "insurance", "This game has no situations in that category."),
        ("dvadtsat-odno", "all", "Twenty-one with a rotating bank has no dealer chart"),
        ("monte-carlo", "all", "There is no such game to drill."),
        ("custom-nosuchid00", "all", "There is no such game to drill."),
        ("european", "everything", "Choose one of the categories."),
        ("european", "weak", "No weak spots yet"),
        ("european", "mistakes", "You made no mistakes in this game in that period."),
    ]:
        with pytest.raises(Refused) as error:
            start_drill(visitor, variant, category, now=DAY1)
        assert str(error.value.message).startswith(message)
    assert DrillSession.objects.count() == 0


# -- FSRS across sessions and days -------------------------------------------------------------
def test_fsrs_state_persists_across_sessions_and_days() -> None:
    visitor = uuid.uuid4()
    rules_id = RuleSet.id_for(find_rules("ajnc"))
    # Day 1, first drill: the first situation, answered right in 3 s (Good).
    first = start_drill(visitor, "ajnc", "insurance", now=DAY1, rng=random.Random(8))
    question = latest(first)
    asked = question.key
    t1 = DAY1 + timedelta(seconds=3)
    answer_question(first, "1", "no_insurance", "exact", now=t1)
    expected = review(new_card(DAY1), Rating.Good, t1, 3000)
    card = SituationCard.objects.get(visitor=visitor, rules_id=rules_id)
    assert card.key == asked
    assert card.card.state is State.Learning
    assert card.due == expected.due == t1 + timedelta(minutes=10)
    assert card.fsrs["stability"] == pytest.approx(expected.stability)
    assert card.fsrs["difficulty"] == pytest.approx(expected.difficulty)
    end_drill(first, now=t1)

    # Day 1, 20 minutes later, a second drill: the due situation comes first, then right
    # again in 2 s (Easy) moves it to Review, days away.
    t2 = DAY1 + timedelta(minutes=20)
    second = start_drill(visitor, "ajnc", "insurance", now=t2, rng=random.Random(9))
    question = latest(second)
    assert (question.key, question.tier) == (asked, "due")
    t3 = t2 + timedelta(seconds=2)
    answer_question(second, "1", "no_insurance", "exact", now=t3)
    expected = review(expected, Rating.Easy, t3, 2000)
    card.refresh_from_db()
    assert card.card.state is State.Review
    assert card.due == expected.due
    assert card.due - t3 >= timedelta(days=1)
    assert (card.reviews, card.correct, card.lapses) == (2, 2, 0)

    # Day 2: not due yet, so a third drill starts with a new situation...
    day2 = DAY1 + timedelta(days=1)
    assert card.due > day2
    third = start_drill(visitor, "ajnc", "insurance", now=day2, rng=random.Random(10))
    assert latest(third).key != asked
    assert latest(third).tier == "new"
    # ... and once due (days later) it is first again; a wrong answer is a lapse.
    later = card.due + timedelta(hours=1)
    fourth = start_drill(visitor, "ajnc", "insurance", now=later, rng=random.Random(11))
    question = latest(fourth)
    assert (question.key, question.tier) == (asked, "due")
    answer_question(fourth, "1", "insurance", "exact", now=later + timedelta(seconds=5))
    expected = review(expected, Rating.Again, later + timedelta(seconds=5), 5000)
    card.refresh_from_db()
    assert card.card.state is State.Relearning
    assert card.due == expected.due == later + timedelta(seconds=5, minutes=10)
    assert (card.reviews, card.correct, card.lapses) == (3, 2, 1)
    assert SituationCard.objects.filter(visitor=visitor).count() == 1


def test_ratings_from_response_times() -> None:
    session = start_drill(uuid.uuid4(), "ajnc", "insurance", now=DAY1, rng=random.Random(12))
    now = DAY1
    ratings = []
    for seconds, action in [(1, "no_insurance"), (5, "no_insurance"), (9, "no_insurance")]:
        question = latest(session)
        answered = now + timedelta(seconds=seconds)
        answer_question(session, str(question.number), action, "exact", now=answered)
        ratings.append(latest(session).rating)
        now = answered
        next_question(session, str(question.number), now=now)
    question = latest(session)
    answer_question(session, str(question.number), "insurance", "exact", now=now)
    ratings.append(latest(session).rating)
    assert ratings == [Rating.Easy, Rating.Good, Rating.Hard, Rating.Again]


def test_a_drill_never_asks_the_same_situation_twice_in_a_row() -> None:
    session = start_drill(uuid.uuid4(), "croatian", "insurance", now=DAY1, rng=random.Random(13))
    now = DAY1
    rng = random.Random(14)
    for _ in range(30):
        question = latest(session)
        action = rng.choice(question.legal)
        now += timedelta(seconds=rng.randint(1, 10))
        answer_question(session, str(question.number), action, "exact", now=now)
        next_question(session, str(question.number), now=now, rng=rng)
    keys = [q.key for q in session.questions.order_by("number")]
    assert len(keys) == 31
    assert all(a != b for a, b in pairwise(keys))
    # Croatian has three insurance situations; wrong answers came back when due.
    assert {k[0] for k in keys} == {"insurance 0", "insurance 1", "insurance 2"}


# -- the person's own lists ----------------------------------------------------------------------
def decision(visitor: uuid.UUID, hand: list[str], upcard: str, severity: str, when: datetime):
    rules = find_rules("european")
    made = GradedDecision.objects.create(
        source="table",
        visitor=visitor,
        round_number=1,
        rules_id=RuleSet.id_for(rules),
        variant="european",
        hand=hand,
        upcard=upcard,
        action="stand",
        best_action="hit" if severity != "best" else "stand",
        evs={"hit": -0.5, "stand": -0.54},
        loss=0.04 if severity != "best" else 0.0,
        severity=severity,
    )
    GradedDecision.objects.filter(pk=made.pk).update(created_at=when)


def test_drill_my_mistakes_in_a_period() -> None:
    visitor = uuid.uuid4()
    rules = find_rules("european")
    decision(visitor, ["TS", "6H"], "TD", "mistake", DAY1 - timedelta(days=2))
    decision(visitor, ["9S", "7H"], "TD", "mistake", DAY1 - timedelta(days=3))
    decision(visitor, ["5S", "4H", "3C"], "7D", "blunder", DAY1 - timedelta(days=20))
    decision(visitor, ["8S", "8H"], "TD", "best", DAY1 - timedelta(days=1))
    decision(uuid.uuid4(), ["AS", "7H"], "9D", "mistake", DAY1)  # someone else's
    assert mistaken_situations(visitor, rules, 7, DAY1) == [("hard 16", "T")]
    assert mistaken_situations(visitor, rules, None, DAY1) == [("hard 16", "T"), ("hard 12", "7")]
    session = start_drill(visitor, "european", "mistakes", 7, now=DAY1, rng=random.Random(15))
    assert session.pool == [["hard 16", "T"]]
    assert latest(session).key == ("hard 16", "T")
    # One situation: after it, an extra question from the whole game, then it again (due).
    answer_question(session, "1", wrong_action(latest(session)), "exact", now=DAY1)
    second = next_question(session, "1", now=DAY1 + timedelta(seconds=5))
    assert second.key != ("hard 16", "T")
    assert second.tier == "extra"


def test_drill_my_weak_spots() -> None:
    visitor = uuid.uuid4()
    rules = find_rules("european")
    decision(visitor, ["TS", "6H"], "TD", "mistake", DAY1)
    decision(visitor, ["TS", "6H"], "TD", "best", DAY1)
    decision(visitor, ["AS", "7H"], "9D", "mistake", DAY1)
    decision(visitor, ["8S", "8H"], "TD", "best", DAY1)
    assert weak_situations(visitor, rules) == [("soft 18", "9"), ("hard 16", "T")]
    session = start_drill(visitor, "european", "weak", now=DAY1, rng=random.Random(16))
    assert latest(session).key in {("soft 18", "9"), ("hard 16", "T")}


def test_merged_cards_read_as_one() -> None:
    # Two visitors' cards of one situation end up under one visitor (an account merge).
    visitor = uuid.uuid4()
    session = start_drill(visitor, "ajnc", "insurance", now=DAY1, rng=random.Random(17))
    key = latest(session).key
    answer_question(session, "1", "no_insurance", "exact", now=DAY1 + timedelta(seconds=3))
    other = SituationCard.objects.get()
    other.pk = None
    other.reviews, other.correct, other.lapses = 4, 1, 1
    other.last_review = DAY1 - timedelta(days=9)
    other.save()
    later = DAY1 + timedelta(hours=1)
    session = start_drill(visitor, "ajnc", "insurance", now=later, rng=random.Random(18))
    question = latest(session)
    assert question.key == key  # due (10 minutes after the newest review)
    answer_question(session, "1", "no_insurance", "exact", now=later + timedelta(seconds=3))
    card = SituationCard.objects.get()
    assert (card.reviews, card.correct, card.lapses) == (6, 3, 1)
