"""Issue 10: one rule decides "correct" everywhere (advisor.judge; is_correct reads it):
the table's flag, the stored grade, drills and their FSRS ratings, the review's mistakes
and filters, the heat map, the stats and "Drill my mistakes". A play of the standard is
correct, the chart's play graded exactly is "by the chart: correct", and a loss below
0.001 of a bet is a close call, counted correct and shown as a note."""

from __future__ import annotations

import random
import re
import uuid
from datetime import UTC, datetime, timedelta
from importlib import import_module

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from fsrs import Rating

from game.engine.rules import EUROPEAN
from game.engine.strategy.advisor import CLOSE_CALL, judge
from game.rulesets.models import RuleSet
from tests.drills.test_drilling import latest, put_hand
from tests.factories import TableSessionFactory
from tests.helpers import client_for
from tests.helpers import client_for as table_client
from tests.review.helpers import decision_ids, numbers, table_decision
from tests.review.test_stats import cell
from tests.table.pages import hx_act, hx_deal
from trainer.drills.drilling import (
    answer_question,
    mistaken_situations,
    start_drill,
    weak_situations,
)
from trainer.drills.scheduling import rating_for
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
EUROPEAN_ID = RuleSet.id_for(EUROPEAN)
# European: you 7,7 against a ten (hole 8): hit (the best play) draws the 2 of clubs; at
# 7,7,2 the chart hits hard 16, the exact play stands by 0.00104 of a bet (hand_evs:
# stand -0.57273, hit -0.57377); the hit draws the 4 (20), you stand, the dealer has 18.
SEVEN_SEVEN_TWO = ["7S", "TC", "7D", "8H", "2C", "4D", "9S", "3H"]


def flag(html: str) -> str:
    match = re.search(r'<p class="flag-title" data-testid="flag">(.*?)</p>', html, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", match.group(1)).split()) if match else ""


def test_a_by_the_chart_play_at_the_table_is_correct_in_review_stats_and_drills() -> None:
    table = TableSessionFactory(stacked=SEVEN_SEVEN_TWO)
    client = table_client(table)
    hx_deal(client, table, bet="10")
    hx_act(client, table, "hit")
    html = hx_act(client, table, "hit").content.decode()
    assert flag(html).startswith(
        "By the chart: correct For these exact cards Stand is better by 0.0010 of your bet."
    )
    hx_act(client, table, "stand")
    by_chart = GradedDecision.objects.get(hand=["7S", "7D", "2C"])
    assert (by_chart.action, by_chart.best_action, by_chart.chart_action) == ("hit", "stand", "hit")
    assert by_chart.severity == "by_chart" and by_chart.correct
    assert by_chart.loss == pytest.approx(0.00104, abs=1e-5)
    assert GradedDecision.objects.wrong().count() == 0

    review = client.get("/en/review/").content.decode()
    assert decision_ids(review) == []
    assert 'data-testid="drill-mistakes"' not in review  # no mistake to drill
    assert numbers(review)[0][:2] == ("3", "100.0%")
    stats = client.get("/en/review/stats/").content.decode()
    assert numbers(stats)[0][:2] == ("3", "100.0%")
    assert (cell(stats, "hard-16-10")["decisions"], cell(stats, "hard-16-10")["correct"]) == (
        "1",
        "1",
    )
    assert 'data-testid="weakest"' not in stats  # no leaking situation
    assert mistaken_situations(table.visitor, EUROPEAN, None, NOW) == []
    assert weak_situations(table.visitor, EUROPEAN) == []


def test_ten_two_against_four_standing_in_a_drill_is_a_close_call_counted_correct() -> None:
    # European 10,2 against 4: the chart stands, the exact play hits by 0.0008 of a bet.
    visitor = uuid.uuid4()
    session = start_drill(visitor, "european", "hard", now=NOW, rng=random.Random(2))
    put_hand(latest(session), ["TS", "2H"], "4D")
    answer = answer_question(session, "1", "stand", "exact", now=NOW + timedelta(seconds=3))
    assert (answer.grade.best.value, answer.grade.severity.value) == ("hit", "close")
    assert answer.grade.loss == pytest.approx(0.00076, abs=1e-5)
    assert answer.question.correct is True
    assert answer.question.rating == Rating.Hard  # correct with a note: not Again
    assert answer.decision.correct
    page = client_for(visitor).get(f"/en/drills/{session.public_id}/").content.decode()
    assert 'data-correct="true"' in page
    assert "Close call: Hit is a hair better than Stand." in page
    assert "Less than 0.001 of the bet: counted as correct." in page
    review = client_for(visitor).get("/en/review/").content.decode()
    assert decision_ids(review) == [] and numbers(review)[0][:2] == ("1", "100.0%")


# Just below and just above the threshold, in each place, through the one function.
BELOW = CLOSE_CALL - 1e-7
ABOVE = CLOSE_CALL + 1e-7


@pytest.mark.parametrize(("loss", "correct"), [(BELOW, True), (ABOVE, False)])
def test_the_threshold_is_the_same_in_every_place(loss: float, correct: bool) -> None:
    verdict = judge({"hit": -0.5, "stand": -0.5 - loss}, "stand", chart_action="hit")
    assert verdict.correct is correct
    assert verdict.severity.value == ("close" if correct else "inaccuracy")

    table = TableSessionFactory()
    decision = table_decision(table, loss, rules_id=EUROPEAN_ID)  # the factory grades by judge
    assert decision.severity == verdict.severity.value
    assert decision.correct is correct
    assert GradedDecision.objects.correct().count() == int(correct)
    assert GradedDecision.objects.wrong().count() == int(not correct)

    client = client_for(table.visitor)
    # The table's flag: a close call is a note, a deviation has its grade.
    page = client.get(f"/en/table/{table.public_id}/").content.decode()
    assert ("counted as correct" in flag(page)) is correct
    assert flag(page).startswith("Close call" if correct else "Inaccuracy")
    # The decision's own page says a close call counted as correct.
    detail = client.get(f"/en/review/decisions/{decision.pk}/").content.decode()
    assert ("Less than 0.001 of the bet: counted as correct." in detail) is correct
    # The review's mistakes and its filter by grade.
    review = client.get("/en/review/").content.decode()
    assert decision_ids(review) == ([] if correct else [decision.pk])
    filtered = client.get("/en/review/?severity=inaccuracy").content.decode()
    assert decision_ids(filtered) == ([] if correct else [decision.pk])
    assert ('data-testid="drill-mistakes"' in review) is not correct
    # Stats and the heat map.
    stats = client.get("/en/review/stats/").content.decode()
    assert numbers(stats)[0][1] == ("100.0%" if correct else "0.0%")
    assert cell(stats, "hard-16-10")["correct"] == str(int(correct))
    # "Drill my mistakes", weak spots and the FSRS rating of such an answer.
    missed = mistaken_situations(table.visitor, EUROPEAN, None, NOW)
    assert missed == ([] if correct else [("hard 16", "T")])
    assert (weak_situations(table.visitor, EUROPEAN) == []) is correct
    rating = rating_for(severity=decision.severity, response_ms=3000)
    assert rating == (Rating.Hard if correct else Rating.Again)


def test_stored_grades_are_regraded_by_the_one_rule() -> None:
    """Migration game 0008 (and drills 0002) grade stored decisions again: the old rule
    called a by-the-chart play an inaccuracy and a close call wrong."""
    regrade = import_module("game.table.migrations.0008_regrade_by_one_rule").regrade
    follow = import_module("trainer.drills.migrations.0002_answers_by_one_rule").follow_grades
    table = TableSessionFactory()
    by_chart = table_decision(table, 0.04, chart_action="stand", severity="mistake")
    close = table_decision(table, 0.0008, severity="close")
    wrong = table_decision(table, 0.02, severity="mistake")
    # The old rule: a close call whenever the best two plays were within 0.001.
    doubled = table_decision(
        table,
        evs={"hit": -0.2, "stand": -0.2005, "double": -0.5},
        action="double",
        severity="close",
    )
    visitor = uuid.uuid4()
    session = start_drill(visitor, "european", "hard", now=NOW, rng=random.Random(2))
    put_hand(latest(session), ["TS", "2H"], "4D")
    answer = answer_question(session, "1", "stand", "exact", now=NOW + timedelta(seconds=3))
    type(answer.question).objects.filter(pk=answer.question.pk).update(correct=False)

    # Each migration runs on the models as they were when it was written (the decisions
    # were the table app's then).
    loader = MigrationLoader(connection)
    regrade(loader.project_state(("game", "0008_regrade_by_one_rule")).apps, None)
    follow(loader.project_state(("drills", "0002_answers_by_one_rule")).apps, None)
    grades = {d.pk: d.severity for d in GradedDecision.objects.all()}
    assert [grades[d.pk] for d in (by_chart, close, wrong, doubled)] == [
        "by_chart",
        "close",
        "mistake",
        "blunder",
    ]
    answer.question.refresh_from_db()
    assert answer.question.correct is True


# European: you 10,2 against the dealer's 4 (hole 8); standing is a close call (the exact
# play hits by 0.00076 of a bet); the dealer's 12 draws 5 and 9 and busts.
TEN_TWO_V_FOUR = ["TS", "4D", "2H", "8C", "5D", "9S", *["3S"] * 20]


def test_a_replayed_close_call_is_counted_correct_and_says_so() -> None:
    table = TableSessionFactory(stacked=TEN_TWO_V_FOUR)
    client = table_client(table)
    hx_deal(client, table, bet="10")
    hx_act(client, table, "stand")
    decision = GradedDecision.objects.get()
    assert (decision.severity, decision.best_action) == ("close", "hit")
    response = client.post(f"/en/table/decisions/{decision.pk}/replay/")
    page = client.get(response["Location"]).content.decode()
    replay_version = re.search(r'name="version" value="(\d+)"', page).group(1)
    client.post(response["Location"] + "act/", {"action": "stand", "version": replay_version})
    html = client.get(response["Location"]).content.decode()
    answer = re.search(r'<div class="replay-answer decision-flag ([^"]*)"(.*?)</div>', html, re.S)
    assert answer, html[:3000]
    assert answer.group(1) == "right"
    text = " ".join(re.sub(r"<[^>]+>", " ", answer.group(2)).split())
    assert "Close call You chose Stand; the best play was Hit." in text
    assert "Less than 0.001 of the bet: counted as correct." in text


def test_the_mistake_filter_offers_only_the_grades_of_a_wrong_decision() -> None:
    html = client_for(uuid.uuid4()).get("/en/review/").content.decode()
    select = re.search(r'<select name="severity"[^>]*>(.*?)</select>', html, re.S)
    assert select, "no grade filter"
    values = re.findall(r'<option value="([^"]*)"', select.group(1))
    assert values == ["", "inaccuracy", "mistake", "blunder"]
