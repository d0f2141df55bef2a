"""The counting drills through the service and the pages (trainer/drills/count_drilling.py,
count_views.py, issue 15): starting (and refusing to start), the question without its
answer, grading and the score, one answer per question, FSRS scheduling of the items, the
misses drilled again, the record per skill, and another visitor's drill answering 404."""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Iterator
from datetime import timedelta
from fractions import Fraction

import pytest
from django.utils import timezone
from fsrs import Rating

from game.engine.strategy.indices import parse_cell
from game.engine.variants import find_rules
from game.rulesets import store
from game.rulesets.models import IndexAnalysis
from tests.helpers import client_for
from trainer.drills import count_drilling as cd
from trainer.drills.models import CountCard, CountDrill, CountQuestion
from trainer.web.errors import Refused

pytestmark = pytest.mark.django_db

CELLS = [parse_cell(k) for k in ("16,T", "15,T", "12,4")]


def _forget_indices() -> None:
    for key in [k for k in store._memory if k[1].startswith("indices_")]:
        del store._memory[key]
    store._known_stored.difference_update(
        {k for k in store._known_stored if k[1].startswith("indices_")}
    )


@pytest.fixture
def indices(monkeypatch) -> Iterator[dict]:
    """The European preset's Hi-Lo indices of three cells, stored as the task would."""
    _forget_indices()
    monkeypatch.setattr(store, "INDEX_CELLS", CELLS)
    found = store.indices_for(find_rules("european"), "hilo", compute=True)
    yield found
    _forget_indices()


def start(skill: str, system: str = "hilo", seed: int = 1, **kw) -> CountDrill:
    settings = cd.Settings(skill, system, **kw)
    return cd.start_count_drill(uuid.uuid4(), settings, now=timezone.now(), rng=random.Random(seed))


def page(drill: CountDrill, action: str = "") -> str:
    return f"/en/drills/count/{drill.public_id}/{action + '/' if action else ''}"


# -- starting --------------------------------------------------------------------------------
def test_the_index_lists_the_skills_and_systems() -> None:
    html = client_for(uuid.uuid4()).get("/en/drills/count/").content.decode()
    skills = re.findall(r'name="skill" value="(\w+)"', html)
    assert skills == ["running", "countdown", "true", "decks", "deviation", "insurance"]
    assert re.findall(r'<option value="(\w+)" lang="en"', html)[:3] == ["hilo", "ko", "hiopt1"]
    assert "Not drilled yet." in html


def test_a_start_goes_to_the_first_question() -> None:
    client = client_for(uuid.uuid4())
    response = client.post(
        "/en/drills/count/start/",
        {"skill": "running", "system": "zen", "variant": "european", "group": "3", "pace": "400"},
    )
    drill = CountDrill.objects.get()
    assert response.status_code == 302
    assert response["Location"].endswith(f"/drills/count/{drill.public_id}/")
    assert (drill.skill, drill.system, drill.group, drill.pace_ms) == ("running", "zen", 3, 400)
    question = drill.questions.get()
    assert all(len(g) == 3 for g in question.shown["groups"])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"skill": "juggling", "system": "hilo"}, "Choose a drill."),
        ({"skill": "running", "system": "nope"}, "Choose a counting system."),
        ({"skill": "running", "system": "hilo", "pace": "5"}, "Choose a pace from the list."),
    ],
)
def test_bad_settings_are_refused_and_change_nothing(data: dict, message: str) -> None:
    response = client_for(uuid.uuid4()).post("/en/drills/count/start/", data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not CountDrill.objects.exists()


def test_an_unbalanced_system_has_no_true_count_drill() -> None:
    response = client_for(uuid.uuid4()).post(
        "/en/drills/count/start/", {"skill": "true", "system": "ko", "variant": "european"}
    )
    assert response.status_code == 400
    assert "This counting system is unbalanced" in response.content.decode()
    assert 'data-testid="errors-link"' not in response.content.decode()
    assert not CountDrill.objects.exists()


def test_index_plays_not_computed_yet_queue_their_task_and_refuse_to_start(monkeypatch) -> None:
    _forget_indices()
    monkeypatch.setattr(store, "INDEX_CELLS", CELLS)
    response = client_for(uuid.uuid4()).post(
        "/en/drills/count/start/",
        {"skill": "deviation", "system": "hilo", "variant": "european", "indices": "i18"},
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert "still being computed" in html
    # The refusal links the page that shows the computation's progress.
    assert (
        '<a href="/en/indices/european/?system=hilo" data-testid="errors-link">'
        "Index plays of this game</a>"
    ) in html
    assert not CountDrill.objects.exists()
    row = IndexAnalysis.objects.get(system="hilo")
    assert row.task is not None  # queued for the worker, not computed in the request


# -- a question, its answer ---------------------------------------------------------------------
def test_the_page_shows_the_cards_but_never_the_count() -> None:
    drill = start("running", group=1, pace_ms=700)
    question = drill.questions.get()
    html = client_for(drill.visitor).get(page(drill)).content.decode()
    assert html.count('data-testid="flash-group"') == len(question.shown["groups"])
    assert 'data-pace="700"' in html
    assert "Keep the running count from 0" in html
    assert 'data-testid="feedback"' not in html
    assert "Right: the count" not in html and "The count is" not in html


def test_a_right_count_scores_and_schedules_its_item() -> None:
    drill = start("running", group=2)
    question = drill.questions.get()
    client = client_for(drill.visitor)
    right = Fraction(question.key["count"])
    response = client.post(page(drill, "answer"), {"question": "1", "answer": str(right)})
    assert response.status_code == 302
    html = client.get(page(drill)).content.decode()
    assert 'data-correct="true"' in html
    assert "Right: the count is" in html
    assert '<strong data-testid="score">1/1</strong> <small>(100%)</small>' in html
    assert 'data-testid="tagged"' in html  # the cards again, with their tags
    card = CountCard.objects.get(visitor=drill.visitor)
    assert (card.skill, card.item, card.system, card.rules_id) == ("running", "g2", "hilo", "")
    assert (card.reviews, card.correct, card.lapses) == (1, 1, 0)
    assert card.due > timezone.now()
    question.refresh_from_db()
    assert question.rating == Rating.Good
    # The time is the person's, not the flashes': answered at once, 0 ms after them.
    assert question.response_ms == 0


def test_a_wrong_count_says_how_far_off_and_is_answered_once() -> None:
    drill = start("countdown", system="hiopt2")
    question = drill.questions.get()
    client = client_for(drill.visitor)
    right = Fraction(question.key["count"])
    client.post(page(drill, "answer"), {"question": "1", "answer": str(right + 3)})
    html = client.get(page(drill)).content.decode()
    assert 'data-correct="false"' in html
    assert "3 off" in html
    assert "A full deck ends at 0; the cards taken out were:" in html
    # The same answer again (a double click) changes nothing.
    client.post(page(drill, "answer"), {"question": "1", "answer": str(right)})
    question.refresh_from_db()
    assert (question.correct, question.error) == (False, "3")
    html = client.get(page(drill)).content.decode()
    assert "already answered" in html
    assert CountCard.objects.get().reviews == 1
    assert cd.score(drill).answered == 1


def test_an_answer_that_is_no_count_asks_again() -> None:
    drill = start("true", variant="european")
    client = client_for(drill.visitor)
    client.post(page(drill, "answer"), {"question": "1", "answer": "lots"})
    html = client.get(page(drill)).content.decode()
    assert "Type the count as a whole number with its sign" in html
    assert not drill.questions.get().answered
    assert not CountCard.objects.exists()


def test_the_true_count_feedback_shows_the_working() -> None:
    drill = start("true", seed=4)
    question = drill.questions.get()
    client = client_for(drill.visitor)
    client.post(page(drill, "answer"), {"question": "1", "answer": str(question.key["true"])})
    html = client.get(page(drill)).content.decode()
    played = f"{float(Fraction(question.shown['played'])):g}"
    assert f"decks played: {played} of 6, decks left: " in html
    assert "rounded down" in html


def test_next_asks_one_new_question_however_often_posted() -> None:
    drill = start("decks")
    client = client_for(drill.visitor)
    client.post(page(drill, "answer"), {"question": "1", "answer": "1"})
    client.post(page(drill, "next"))
    client.post(page(drill, "next"))
    assert drill.questions.count() == 2


def test_another_visitors_drill_is_a_404() -> None:
    drill = start("running")
    stranger = client_for(uuid.uuid4())
    assert stranger.get(page(drill)).status_code == 404
    assert stranger.post(page(drill, "answer"), {"question": "1", "answer": "0"}).status_code == 404


# -- index plays ---------------------------------------------------------------------------------
def test_a_deviation_drill_grades_against_the_computed_index(indices: dict) -> None:
    drill = start("deviation", variant="european", indices="all", seed=3)
    asked = set()
    client = client_for(drill.visitor)
    for n in range(1, 7):
        question = drill.questions.get(number=n)
        asked.add(question.item)
        entry = indices[question.item]
        true = question.shown["true"]
        expected = entry["action"] if true >= entry["index"] else entry["below"]
        assert question.key["play"] == expected
        html = client.get(page(drill)).content.decode()
        assert f'value="{expected}"' in html  # offered, and nothing says which
        assert "the index is" not in html
        wrong = next(a for a in question.shown["legal"] if a != expected)
        client.post(page(drill, "answer"), {"question": str(n), "answer": wrong})
        html = client.get(page(drill)).content.decode()
        assert "the index is" in html
        client.post(page(drill, "next"))
    assert asked == {k for k in indices if k != "insurance"}
    cards = CountCard.objects.filter(visitor=drill.visitor)
    assert {c.rules_id for c in cards} == {drill.rules_id}
    assert all(c.lapses == 0 and c.correct == 0 for c in cards)


def test_the_misses_are_drilled_again(indices: dict) -> None:
    drill = start("deviation", variant="european", indices="all", seed=5)
    question = drill.questions.get()
    wrong = next(a for a in question.shown["legal"] if a != question.key["play"])
    cd.answer_count(drill, "1", wrong, now=timezone.now())
    cd.end_count_drill(drill, now=timezone.now())
    html = client_for(drill.visitor).get(page(drill)).content.decode()
    assert 'data-testid="miss"' in html
    again = cd.again(drill, now=timezone.now())
    assert again.pool == [question.item]
    assert again.questions.get().item == question.item


def test_an_insurance_drill_insures_from_the_index(monkeypatch) -> None:
    _forget_indices()
    monkeypatch.setattr(store, "INDEX_CELLS", CELLS[:1])
    found = store.indices_for(find_rules("russian"), "hilo", compute=True)
    # Insurance pays 2:1 on a third of the cards being tens: Hi-Lo's published +3.
    assert found["insurance"] == 3
    drill = start("insurance", variant="russian")
    question = drill.questions.get()
    assert question.key["index"] == 3
    take = question.shown["true"] >= 3
    assert question.key["play"] == ("insurance" if take else "no_insurance")
    html = client_for(drill.visitor).get(page(drill)).content.decode()
    assert 'value="insurance"' in html and 'value="no_insurance"' in html
    _forget_indices()


def test_no_insurance_drill_where_the_rules_offer_none(indices: dict) -> None:
    with pytest.raises(Refused, match="no insurance"):
        start("insurance", variant="european")


# -- scheduling and the record ----------------------------------------------------------------
def test_a_missed_item_comes_back_first(indices: dict) -> None:
    drill = start("deviation", variant="european", indices="all", seed=2)
    now = timezone.now()
    first = drill.questions.get()
    wrong = next(a for a in first.shown["legal"] if a != first.key["play"])
    cd.answer_count(drill, "1", wrong, now=now)
    # Answer the others right, an hour on, when the missed one is due again (FSRS's first
    # learning step is a minute).
    later = now + timedelta(hours=1)
    second = cd.next_count_question(drill, now=later, rng=random.Random(1))
    assert second.item != first.item
    cd.answer_count(drill, "2", second.key["play"], now=later)
    third = cd.next_count_question(drill, now=later, rng=random.Random(1))
    assert third.item == first.item


def test_the_rating_of_an_answer() -> None:
    assert cd.count_rating("deviation", False, 500) == Rating.Again
    assert cd.count_rating("deviation", True, 500) == Rating.Easy
    assert cd.count_rating("true", True, 5000) == Rating.Good
    assert cd.count_rating("decks", True, 20_000) == Rating.Hard
    # A running count's time is the cards' own pace.
    assert cd.count_rating("running", True, 30_000) == Rating.Good


def test_the_record_per_skill_on_the_index() -> None:
    drill = start("running")
    question = drill.questions.get()
    cd.answer_count(drill, "1", question.key["count"], now=timezone.now())
    html = client_for(drill.visitor).get("/en/drills/count/").content.decode()
    assert "Your record: 1 of 1 answer right." in html
    assert 'data-testid="unfinished-count-drill"' in html


def test_an_ended_drill_refuses_answers() -> None:
    drill = start("running")
    cd.end_count_drill(drill, now=timezone.now())
    with pytest.raises(Refused):
        cd.answer_count(drill, "1", "0", now=timezone.now())
    assert not CountQuestion.objects.filter(answered_at__isnull=False).exists()


# -- in each language ------------------------------------------------------------------------
# The expected strings are Serbian, Croatian, Russian and Bulgarian: their letters are meant.
# ruff: noqa: RUF001
@pytest.mark.parametrize(
    ("lang", "title", "working"),
    [
        ("en", "Counting drills", "rounded down"),
        ("sr-latn", "Vežbe brojanja karata", "zaokruženo naniže"),
        ("sr", "Вежбе бројања карата", "заокружено наниже"),
        ("hr", "Vježbe brojanja karata", "zaokruženo prema dolje"),
        ("ru", "Тренировки счёта карт", "с округлением вниз"),
        ("bg", "Упражнения по броене на карти", "закръглено надолу"),
    ],
)
def test_the_drills_speak_each_language(lang: str, title: str, working: str) -> None:
    drill = start("true", seed=9)
    client = client_for(drill.visitor)
    assert title in client.get(f"/{lang}/drills/count/").content.decode()
    question = drill.questions.get()
    client.post(
        f"/{lang}/drills/count/{drill.public_id}/answer/",
        {"question": "1", "answer": str(question.key["true"])},
    )
    html = client.get(f"/{lang}/drills/count/{drill.public_id}/").content.decode()
    assert working in html
    if lang != "en":
        assert "decks played" not in html


def test_an_unbalanced_count_drills_its_index_plays_by_the_running_count(monkeypatch) -> None:
    _forget_indices()
    monkeypatch.setattr(store, "INDEX_CELLS", CELLS[:1])
    found = store.indices_for(find_rules("russian"), "ko", compute=True)
    try:
        drill = start("deviation", system="ko", variant="russian", indices="all")
        question = drill.questions.get()
        assert question.item == "16,T"
        entry = found["16,T"]
        assert abs(question.shown["true"] - entry["index"]) <= 2
        client = client_for(drill.visitor)
        html = client.get(page(drill)).content.decode()
        assert "Running count <strong>" in html and "True count <strong>" not in html
        client.post(page(drill, "answer"), {"question": "1", "answer": question.key["play"]})
        html = client.get(page(drill)).content.decode()
        assert (
            f"16 against 10 at running count {question.shown['true']:+d}".replace(
                "-", "\u2212"
            ).replace("+0", "0")
            in html
        )
        insurance = start("insurance", system="ko", variant="russian")
        assert insurance.questions.get().key["index"] == found["insurance"]
    finally:
        _forget_indices()


# -- what a breaker tried ------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["a/b", "/", "..", "zzz", "x" * 100])
def test_a_game_not_on_the_list_is_no_link_and_no_error(variant: str) -> None:
    client = client_for(uuid.uuid4())
    page = client.get("/en/drills/count/", {"variant": variant})
    assert page.status_code == 200
    assert f"/en/indices/{variant}/" not in page.content.decode()
    started = client.post(
        "/en/drills/count/start/", {"skill": "running", "system": "hilo", "variant": variant}
    )
    assert started.status_code == 400
    assert "There is no such game to drill." in started.content.decode()
    assert not CountDrill.objects.exists()


def test_rules_that_can_never_have_the_drill_are_bad_input() -> None:
    response = client_for(uuid.uuid4()).post(
        "/en/drills/count/start/", {"skill": "insurance", "system": "hilo", "variant": "european"}
    )
    assert response.status_code == 400


NO_NUMBER = "Type the count as a number with its sign"
HALF = "This system counts in whole numbers: type the count without a half."
REACH = "No count of the cards shown reaches that far."


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        ("3" + " " * 30 + "garbage", NO_NUMBER),
        ("1 0", NO_NUMBER),
        ("3,5", HALF),
        ("1.50", HALF),
        ("+25", REACH),
        ("10000", REACH),
        ("-99999", REACH),
        ("123456789", REACH),
    ],
)
def test_answers_no_count_of_these_cards_can_be(answer: str, why: str) -> None:
    drill = start("running", group=1)  # 12 to 24 cards of Hi-Lo: at most 24 either way
    client = client_for(drill.visitor)
    client.post(page(drill, "answer"), {"question": "1", "answer": answer})
    assert not drill.questions.get().answered
    assert why in client.get(page(drill)).content.decode()


def test_halves_are_answers_in_wong_halves() -> None:
    drill = start("running", system="halves")
    question = drill.questions.get()
    cd.answer_count(drill, "1", "0.5", now=timezone.now())
    question.refresh_from_db()
    assert question.answer == "1/2" and question.answered


def test_an_answer_to_an_earlier_question_says_it_was_answered() -> None:
    drill = start("decks")
    cd.answer_count(drill, "1", "1", now=timezone.now())
    cd.next_count_question(drill, now=timezone.now())
    with pytest.raises(Refused, match="already answered"):
        cd.answer_count(drill, "1", "2", now=timezone.now())
    with pytest.raises(Refused, match="not part of this drill"):
        cd.answer_count(drill, "7", "2", now=timezone.now())
    # Only the number as the page writes it: "01" and Arabic-Indic digits name no question.
    for forged in ("01", "\u0661", "02"):
        with pytest.raises(Refused, match="not part of this drill"):
            cd.answer_count(drill, forged, "2", now=timezone.now())
    assert not drill.questions.get(number=2).answered
