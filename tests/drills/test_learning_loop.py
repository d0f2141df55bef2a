"""The drills of the learning loop (issue 12): auto-advance after a right answer, speed
runs and their personal best, the end of a drill (misses with their cost, drilling them
again, when reviews are due), drilling chosen chart cells and the cells whose play differs
between two rule sets, the categories a game can have, and FSRS at the person's desired
retention."""

from __future__ import annotations

import random
import re
import uuid
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from django.test import Client
from django.utils import timezone, translation
from fsrs import Rating

from game.engine.variants import find_rules
from game.rulesets import store
from game.rulesets.models import RuleSet
from tests.drills.test_drilling import latest, put_hand
from tests.helpers import HX, client_for
from trainer.drills import views
from trainer.drills.choosing import chart_changes, parse_cell
from trainer.drills.drill_view import due_lines
from trainer.drills.drilling import (
    answer_question,
    end_drill,
    next_question,
    start_drill,
    start_pool_drill,
)
from trainer.drills.items import catalog
from trainer.drills.models import DrillQuestion, DrillSession, SituationCard
from trainer.drills.scheduling import new_card, review
from trainer.drills.speed import SPEED_RUN_QUESTIONS, best_run
from trainer.review.situations import Situation
from trainer.web.errors import Refused
from trainer.web.models import Preferences

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
MINUS = "\u2212"


def page(client: Client, session: DrillSession) -> str:
    return client.get(f"/en/drills/{session.public_id}/").content.decode()


def answer(client: Client, session: DrillSession, action: str) -> str:
    question = latest(session)
    response = client.post(
        f"/en/drills/{session.public_id}/answer/",
        {"question": question.number, "action": action},
        headers=HX,
    )
    return response.content.decode()


# -- 1. auto-advance -----------------------------------------------------------------------------
def test_auto_advance_only_after_a_right_answer_and_only_when_on() -> None:
    visitor = uuid.uuid4()
    client = client_for(visitor)
    session = start_drill(visitor, "european", "hard", now=timezone.now(), rng=random.Random(2))
    put_hand(latest(session), ["TS", "QH"], "6D")  # hard 20 against 6: stand
    right = answer(client, session, "stand")
    assert 'data-correct="true"' in right
    assert 'data-auto-advance="1200"' in right
    assert 'data-testid="next"' in right  # the Next button stays (no JavaScript, or faster)

    client.post(f"/en/drills/{session.public_id}/next/", {"after": 1}, headers=HX)
    put_hand(latest(session), ["TS", "QH"], "6D")
    wrong = answer(client, session, "hit")  # a blunder: waits for the person
    assert 'data-correct="false"' in wrong
    assert "data-auto-advance" not in wrong
    assert 'data-testid="next"' in wrong

    # The setting, saved from the drill page: off keeps the Next button only.
    response = client.post(
        "/en/drills/auto-advance/", {"drill": str(session.public_id)}, follow=False
    )
    assert response.url == f"/en/drills/{session.public_id}/"
    assert Preferences.of(visitor).auto_advance is False
    assert 'checked data-testid="auto-advance-toggle"' not in page(client, session)
    client.post(f"/en/drills/{session.public_id}/next/", {"after": 2}, headers=HX)
    put_hand(latest(session), ["TS", "QH"], "6D")
    right_off = answer(client, session, "stand")
    assert 'data-correct="true"' in right_off
    assert "data-auto-advance" not in right_off
    client.post("/en/drills/auto-advance/", {"drill": "x", "auto_advance": "on"})
    assert Preferences.of(visitor).auto_advance is True


def test_a_double_next_asks_one_question() -> None:
    visitor = uuid.uuid4()
    client = client_for(visitor)
    session = start_drill(visitor, "european", "hard", now=timezone.now(), rng=random.Random(2))
    put_hand(latest(session), ["TS", "QH"], "6D")
    answer(client, session, "stand")
    # The automatic click and the person's click post the same "after": one new question.
    for _ in range(2):
        client.post(f"/en/drills/{session.public_id}/next/", {"after": 1}, headers=HX)
    assert session.questions.count() == 2


# -- 2. speed runs ---------------------------------------------------------------------------
def run(
    visitor: uuid.UUID,
    category: str,
    seconds_each: float,
    wrong: int = 0,
    start: datetime = NOW,
) -> DrillSession:
    """A speed run of hard 20 against 6 questions, each answered ``seconds_each`` after it
    was shown, the first ``wrong`` of them wrongly (hit)."""
    session = start_drill(
        visitor, "european", category, now=start, rng=random.Random(3), speed=True
    )
    clock = start
    for number in range(1, SPEED_RUN_QUESTIONS + 1):
        question = put_hand(latest(session), ["TS", "QH"], "6D")
        DrillQuestion.objects.filter(pk=question.pk).update(shown_at=clock)
        clock += timedelta(seconds=seconds_each)
        answer_question(
            session, str(number), "hit" if number <= wrong else "stand", "exact", now=clock
        )
        if number < SPEED_RUN_QUESTIONS:
            next_question(session, str(number), now=clock)
    session.refresh_from_db()
    return session


def test_speed_run_ends_at_its_last_answer_with_its_time() -> None:
    visitor = uuid.uuid4()
    session = run(visitor, "hard", 2.5, wrong=1)
    assert session.ended_at is not None
    assert session.speed_total_ms == 50_000
    assert session.speed_errors == 1
    assert session.speed_best is True
    # No 21st question.
    with pytest.raises(Refused):
        next_question(session, "20", now=NOW + timedelta(minutes=5))
    assert session.questions.count() == 20
    html = page(client_for(visitor), session)
    assert 'data-testid="new-best"' in html
    assert re.search(r'data-testid="run-time">50.0 s<', html)
    assert re.search(r'data-testid="run-accuracy">19 of 20 \(95%\)<', html)
    assert re.search(r'data-testid="run-over">0<', html)  # 2.5 s is within the 3 s target


def test_personal_best_per_category_and_rules_updated_only_when_beaten() -> None:
    visitor = uuid.uuid4()
    first = run(visitor, "hard", 2.0)  # 40 s, no errors: the first best
    assert first.speed_best
    slower = run(visitor, "hard", 2.5, start=NOW + timedelta(hours=1))  # 50 s
    assert not slower.speed_best
    assert best_run(visitor, first.rules_id, "hard").pk == first.pk
    sloppy = run(visitor, "hard", 1.0, wrong=3, start=NOW + timedelta(hours=2))  # 20 s, 3 wrong
    assert not sloppy.speed_best
    assert best_run(visitor, first.rules_id, "hard").pk == first.pk
    same = run(visitor, "hard", 2.0, start=NOW + timedelta(hours=3))  # a tie is no new best
    assert not same.speed_best
    faster = run(visitor, "hard", 3.5, wrong=2, start=NOW + timedelta(hours=4))  # 70 s
    assert not faster.speed_best
    quick = run(visitor, "hard", 1.5, wrong=2, start=NOW + timedelta(hours=5))  # 30 s, 2 wrong
    assert quick.speed_best
    assert best_run(visitor, first.rules_id, "hard").pk == quick.pk
    # Another category keeps its own best; another visitor has none.
    soft = run(visitor, "soft", 2.5, start=NOW + timedelta(hours=6))
    assert soft.speed_best
    assert best_run(visitor, first.rules_id, "hard").speed_total_ms == 30_000
    assert best_run(uuid.uuid4(), first.rules_id, "hard") is None
    html = page(client_for(visitor), slower)
    assert re.search(r'data-testid="run-best">30.0 s<', html)
    assert 'data-testid="run-over">20<' not in html
    assert "New personal best" not in html
    over = page(client_for(visitor), faster)
    assert re.search(r'data-testid="run-over">20<', over)  # 3.5 s each: all over the target


def test_speed_run_of_my_mistakes_is_refused() -> None:
    with pytest.raises(Refused):
        start_drill(uuid.uuid4(), "european", "mistakes", now=NOW, speed=True)
    assert not DrillSession.objects.exists()


# -- 3. the end of a drill ---------------------------------------------------------------------
def test_end_lists_the_misses_with_their_cost_and_drills_them_again() -> None:
    visitor = uuid.uuid4()
    client = client_for(visitor)
    session = start_drill(visitor, "european", "hard", now=timezone.now(), rng=random.Random(2))
    put_hand(latest(session), ["TS", "6H"], "9D")  # hard 16 against 9: hit
    answer(client, session, "stand")
    missed = latest(session)
    client.post(f"/en/drills/{session.public_id}/next/", {"after": 1}, headers=HX)
    put_hand(latest(session), ["TS", "QH"], "6D")
    answer(client, session, "stand")
    client.post(f"/en/drills/{session.public_id}/end/")
    html = page(client, session)
    assert html.count('data-testid="miss"') == 1
    cost = missed.decision.loss
    assert cost > 0
    shown = re.search(r'data-testid="miss-cost">([^<]*)<', html).group(1)
    assert shown == f"{MINUS}{cost:.3f}"
    assert "Hard 16 against 9" in html
    walk = re.search(
        r'data-testid="walk-link"[^>]*href="([^"]*)"|href="([^"]*)"[^>]*data-testid="walk-link"',
        html,
    )
    assert walk is not None
    assert (walk.group(1) or walk.group(2)).replace("&amp;", "&") == (
        f"/en/drills/walk/new/?drill={session.public_id}"
    )
    # One click: a drill of exactly the missed situation.
    response = client.post(f"/en/drills/{session.public_id}/again/")
    # A double click: the same drill, not a second one.
    assert client.post(f"/en/drills/{session.public_id}/again/").url == response.url
    again = DrillSession.objects.exclude(pk=session.pk).get()
    assert response.url == f"/en/drills/{again.public_id}/"
    assert again.category == "retry"
    assert again.pool == [list(missed.key)]
    assert again.latest.key == missed.key


def test_walk_link_names_the_drill() -> None:
    session = DrillSession(visitor=uuid.uuid4(), variant="european", rules_id="x")
    assert views.walk_url(session) == f"/en/drills/walk/new/?drill={session.public_id}"


def test_due_reviews_in_words() -> None:
    visitor = uuid.uuid4()
    rules_id = RuleSet.id_for(find_rules("european"))

    def card(hand_class: str, due: datetime) -> None:
        fsrs = new_card(NOW)
        SituationCard.objects.create(
            visitor=visitor,
            rules_id=rules_id,
            hand_class=hand_class,
            upcard="6",
            fsrs=fsrs.to_dict(),
            due=due,
            reviews=1,
        )

    assert due_lines(visitor, rules_id, NOW) == ["Nothing is scheduled for review yet."]
    card("hard 12", NOW - timedelta(minutes=1))
    card("hard 13", NOW)
    card("hard 14", NOW + timedelta(minutes=10))
    for total in (15, 16, 17):
        card(f"hard {total}", NOW + timedelta(days=1, hours=2))
    card("hard 18", NOW + timedelta(days=5))
    assert due_lines(visitor, rules_id, NOW) == [
        "2 situations are due for review now.",
        "Next review in 10\xa0minutes.",
        "3 situations are due tomorrow.",
    ]
    soon = due_lines(visitor, rules_id, NOW + timedelta(minutes=9, seconds=30))
    assert soon[1] == "Next review in less than a minute."
    with translation.override("hr"):
        lines = due_lines(visitor, rules_id, NOW)
    assert lines[1] != "Next review in 10\xa0minutes."
    assert "10" in lines[1]


# -- 4. chosen cells ------------------------------------------------------------------------------
def keys_in(variant: str, *cells: Situation) -> list[tuple[str, str]]:
    return [k for k, item in catalog(find_rules(variant)).items() if item.situation in cells]


@pytest.mark.parametrize(
    ("variant", "cell", "expected"),
    [
        ("european", "hard-16-10", [("hard 16", "T")]),
        ("european", "soft-7-6", [("soft 18", "6")]),
        ("european", "pairs-8-1", [("pair 8", "A")]),
        ("european", "hard-17-6", [("hard 17", "6"), ("hard 18", "6"), ("hard 19", "6")]),
        (
            "russian",
            "insurance-0-1",
            [("insurance 0", "A"), ("insurance 1", "A"), ("insurance 2", "A"), ("even money", "A")],
        ),
    ],
)
def test_a_cell_drills_exactly_its_situations(variant: str, cell: str, expected: list) -> None:
    assert sorted(keys_in(variant, parse_cell(cell))) == sorted(expected)
    visitor = uuid.uuid4()
    client = client_for(visitor)
    url = f"/en/drills/situations/?variant={variant}&cell={cell}"
    html = client.get(url).content.decode()
    assert f'data-cell="{cell}"' in html
    assert parse_cell(cell).label in html
    response = client.post("/en/drills/situations/", {"variant": variant, "cell": [cell]})
    session = DrillSession.objects.get(visitor=visitor)
    assert response.url == f"/en/drills/{session.public_id}/"
    assert session.category == "cells"
    assert sorted(map(tuple, session.pool)) == sorted(expected)
    assert session.latest.key in expected


def test_several_cells_and_a_region() -> None:
    visitor = uuid.uuid4()
    client = client_for(visitor)
    html = client.get("/en/drills/situations/?variant=european").content.decode()
    region = re.search(r'href="([^"]*)">Soft doubles against 3–6<', html).group(1)  # noqa: RUF001
    region_html = client.get(region.replace("&amp;", "&")).content.decode()
    cells = re.findall(r'<li data-cell="([\w-]+)"', region_html)
    assert len(cells) == 7 * 4
    assert "soft-2-3" in cells and "soft-8-6" in cells and "soft-9-6" not in cells
    client.post(
        "/en/drills/situations/", {"variant": "european", "cell": ["hard-12-2", "hard-12-3"]}
    )
    session = DrillSession.objects.get(visitor=visitor)
    expected = keys_in("european", Situation("hard", 12, 2), Situation("hard", 12, 3))
    assert sorted(map(tuple, session.pool)) == sorted(expected)
    assert {k[1] for k in expected} == {"2", "3"}


@pytest.mark.parametrize(
    "cell",
    [
        "hard-4-10",
        "hard-16-11",
        "soft-1-2",
        "pairs-11-2",
        "insurance-0-5",
        "x",
        "hard-16",
        "hard-\u0661\u0666-10",  # Arabic-Indic digits: not the chart's 16
    ],
)
def test_bad_cells_are_refused_and_start_nothing(cell: str) -> None:
    client = client_for(uuid.uuid4())
    response = client.get(f"/en/drills/situations/?variant=european&cell={cell}")
    assert response.status_code == 400
    assert "is not a situation of the chart" in response.content.decode()
    response = client.post("/en/drills/situations/", {"variant": "european", "cell": [cell]})
    assert response.status_code == 400
    assert not DrillSession.objects.exists()
    croatian = client.get(f"/hr/drills/situations/?variant=european&cell={cell}")
    assert croatian.status_code == 400
    assert "is not a situation of the chart" not in croatian.content.decode()


def test_a_cell_the_game_has_not_starts_nothing() -> None:
    client = client_for(uuid.uuid4())
    response = client.post(
        "/en/drills/situations/", {"variant": "european", "cell": ["insurance-0-1"]}
    )
    assert response.status_code == 400
    assert "These rules have none of the chosen situations" in response.content.decode()
    bad_game = client.get("/en/drills/situations/?variant=nope&cell=hard-16-10")
    assert bad_game.status_code == 400
    assert not DrillSession.objects.exists()


def test_heat_map_and_chart_cells_link_to_the_cell_drill() -> None:
    visitor = uuid.uuid4()
    client = client_for(visitor)
    session = start_drill(visitor, "european", "hard", now=timezone.now(), rng=random.Random(2))
    put_hand(latest(session), ["TS", "6H"], "9D")
    answer(client, session, "hit")
    stats = client.get("/en/review/stats/").content.decode()
    assert 'href="/en/drills/situations/?cell=hard-16-9"' in stats
    chart = Client().get("/en/chart/russian/").content.decode()
    assert 'href="/en/drills/situations/?variant=russian&amp;cell=hard-16-10"' in chart
    assert 'href="/en/drills/situations/?variant=russian&amp;cell=pairs-1-1"' in chart
    assert 'href="/en/drills/situations/?variant=russian&amp;cell=soft-7-6"' in chart


# -- 5. what changes between two rule sets --------------------------------------------------------
def oracle_rules(h17: bool):
    """ORACLES.md's 6-deck rules (peek, DAS, split to 4 hands, no surrender), S17 or H17."""
    base = find_rules("russian")
    return replace(base, split_by="value", max_split_hands=4, dealer_hits_soft_17=h17)


def test_s17_against_h17_drills_exactly_the_three_cells_that_differ() -> None:
    s17, h17 = oracle_rules(False), oracle_rules(True)
    saved = [RuleSet.save_rules(r, "russian") for r in (s17, h17)]
    for rules in (s17, h17):
        store.chart_for(rules, compute=True)
    changed = {c.cell for c in chart_changes(store.chart_for(s17), store.chart_for(h17))}
    # ORACLES.md: H17 changes three cells: 11 v A D; A7 v 2 Ds; A8 v 6 Ds.
    assert changed == {Situation("hard", 11, 1), Situation("soft", 7, 2), Situation("soft", 8, 6)}
    visitor = uuid.uuid4()
    client = client_for(visitor)
    query = {"first": saved[0].variant, "second": saved[1].variant}
    html = client.get("/en/drills/changes/", query).content.decode()
    listed = re.findall(r'<tr data-cell="([\w-]+)">', html)
    assert listed == ["hard-11-1", "soft-7-2", "soft-8-6"]
    assert "Double, else stand" in html
    response = client.post("/en/drills/changes/", query)
    session = DrillSession.objects.get(visitor=visitor)
    assert response.url == f"/en/drills/{session.public_id}/"
    assert session.variant == saved[1].variant and session.category == "changes"
    expected = [("hard 11", "A"), ("soft 18", "2"), ("soft 19", "6")]
    assert (
        sorted(map(tuple, session.pool)) == sorted(keys_in_rules(h17, *changed)) == sorted(expected)
    )


def keys_in_rules(rules, *cells: Situation) -> list[tuple[str, str]]:
    return [k for k, item in catalog(rules).items() if item.situation in cells]


def test_peek_against_enhc_and_identical_rules() -> None:
    client = client_for(uuid.uuid4())
    html = client.get("/en/drills/changes/?first=russian&second=croatian").content.decode()
    listed = re.findall(r'<tr data-cell="([\w-]+)">', html)
    # No hole card: double 11 against a ten is a mistake, and 8,8 against a ten no split.
    assert "hard-11-10" in listed
    assert "pairs-8-10" in listed
    same = client.get("/en/drills/changes/?first=russian&second=russian")
    assert same.status_code == 400
    assert "Choose two different rule sets." in same.content.decode()


def test_a_chart_not_computed_yet_is_said(ruleset: RuleSet) -> None:
    client = client_for(uuid.uuid4())
    response = client.get(f"/en/drills/changes/?first=european&second={ruleset.variant}")
    assert "still being analysed" in response.content.decode()
    assert not DrillSession.objects.exists()


# -- 6. categories a game can have ----------------------------------------------------------------
def disabled(html: str) -> list[str]:
    return re.findall(r'name="category" value="(\w+)" disabled', html)


def test_only_the_categories_a_game_has_are_offered() -> None:
    client = client_for(uuid.uuid4())
    assert disabled(client.get("/en/drills/?variant=european").content.decode()) == [
        "surrender",
        "insurance",
    ]
    assert disabled(client.get("/en/drills/?variant=russian").content.decode()) == ["surrender"]
    assert disabled(client.get("/en/drills/?variant=ajnc").content.decode()) == []
    assert disabled(client.get("/en/drills/?variant=croatian").content.decode()) == []
    # The HTMX refresh of the choices when the game changes: the fieldset only.
    part = client.get(
        "/en/drills/?variant=european", headers={**HX, "HX-Target": "drill-categories"}
    ).content.decode()
    assert part.lstrip().startswith('<fieldset class="rule-group" id="drill-categories">')
    assert disabled(part) == ["surrender", "insurance"]
    # The server refuses what the form greys out.
    response = client.post("/en/drills/start/", {"variant": "european", "category": "surrender"})
    assert "This game has no situations in that category" in response.content.decode()
    assert not DrillSession.objects.exists()


# -- 7. FSRS at the desired retention -------------------------------------------------------
def test_a_higher_retention_brings_the_review_sooner() -> None:
    card = new_card(NOW)
    low = review(card, Rating.Easy, NOW, 1000, 0.80)
    high = review(card, Rating.Easy, NOW, 1000, 0.95)
    assert high.due < low.due
    assert review(card, Rating.Easy, NOW, 1000).due == review(card, Rating.Easy, NOW, 1000, 0.9).due


def test_answers_are_scheduled_at_the_persons_retention() -> None:
    dues = {}
    for retention in ("0.80", "0.95"):
        visitor = uuid.uuid4()
        Preferences.objects.create(visitor=visitor, desired_retention=Decimal(retention))
        session = start_drill(visitor, "european", "hard", now=NOW, rng=random.Random(2))
        question = put_hand(latest(session), ["TS", "QH"], "6D")
        DrillQuestion.objects.filter(pk=question.pk).update(shown_at=NOW)
        answer_question(session, "1", "stand", "exact", now=NOW + timedelta(seconds=1))  # Easy
        dues[retention] = SituationCard.objects.get(visitor=visitor).due
        end_drill(session, now=NOW)
    assert dues["0.95"] < dues["0.80"]


def test_a_drill_of_one_chosen_situation_asks_nothing_else() -> None:
    """A chart cell with one hand class (soft 18 = A,7 against a 5): question after question
    is that cell, not an extra one from the rest of the chart."""
    item = catalog(find_rules("european"))[("soft 18", "5")]
    session = start_pool_drill(uuid.uuid4(), "european", "cells", [item], now=NOW)
    clock = NOW
    for number in range(1, 4):
        question = latest(session)
        assert (question.hand_class, question.upcard_value) == ("soft 18", "5")
        clock += timedelta(seconds=5)
        answer_question(session, str(number), question.legal[0], "exact", now=clock)
        next_question(session, str(number), now=clock)
    assert latest(session).number == 4
    assert latest(session).key == ("soft 18", "5")
