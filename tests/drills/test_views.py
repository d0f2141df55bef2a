"""The drill pages through Django's test client: starting (and refusing to start), the
question with the engine's legal actions as buttons, the HTMX answer swapped in place with
the EVs, cost and reason, Next, End, resuming, idempotent answers, and another visitor's
drill answering 404."""

# The expected strings are Russian and Bulgarian: their Cyrillic letters are meant.

from __future__ import annotations

import random
import re
import uuid
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from game.engine.variants import find_rules
from game.rulesets.models import RuleSet
from game.table.models import TableSession
from tests.drills.test_drilling import put_hand
from tests.helpers import HX, client_for
from trainer.drills.drilling import start_drill
from trainer.drills.models import DrillQuestion, DrillSession, SituationCard
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db


def new_drill(variant: str = "european", category: str = "all", seed: int = 1):
    visitor = uuid.uuid4()
    session = start_drill(visitor, variant, category, now=timezone.now(), rng=random.Random(seed))
    return client_for(visitor), session


def url(session: DrillSession, action: str = "") -> str:
    return f"/en/drills/{session.public_id}/{action + '/' if action else ''}"


def buttons(html: str) -> list[tuple[str, str]]:
    """(value, shortcut) of every answer button."""
    return re.findall(r'name="action" value="(\w+)" data-shortcut="(\w)"', html)


# -- the index page ------------------------------------------------------------------------------
def test_index_offers_the_casino_games_and_the_visitors_rule_sets() -> None:
    rules = find_rules("european").with_overrides({"decks": 2})
    ruleset = RuleSet.save_rules(rules, "european")
    visitor = uuid.uuid4()
    TableSession.objects.create(visitor=visitor, variant=ruleset.variant)
    html = client_for(visitor).get("/en/drills/").content.decode()
    values = re.findall(r'name="variant" value="([\w-]+)"', html)
    assert values == ["european", "ajnc", "croatian", "russian", ruleset.variant]
    assert "Twenty-one with a rotating bank is not here" in html
    categories = re.findall(r'name="category" value="(\w+)"', html)
    assert categories == [
        "all",
        "hard",
        "soft",
        "pairs",
        "surrender",
        "insurance",
        "weak",
        "mistakes",
    ]
    # Another visitor does not see that rule set, unless a link names it.
    assert ruleset.variant not in Client().get("/en/drills/").content.decode()
    linked = Client().get(f"/en/drills/?variant={ruleset.variant}").content.decode()
    assert f'value="{ruleset.variant}" checked' in linked


def test_index_lists_unfinished_drills_only() -> None:
    client, session = new_drill()
    ended = start_drill(uuid.UUID(client.session["visitor"]), "ajnc", "hard", now=timezone.now())
    ended.ended_at = timezone.now()
    ended.save()
    html = client.get("/en/drills/").content.decode()
    assert html.count('data-testid="unfinished-drill"') == 1
    assert url(session) in html
    assert url(ended) not in html


# -- starting ------------------------------------------------------------------------------------
def test_start_goes_to_the_first_question() -> None:
    client = Client()
    response = client.post("/en/drills/start/", {"variant": "ajnc", "category": "surrender"})
    session = DrillSession.objects.get()
    assert response.status_code == 302
    assert response["Location"] == url(session)
    assert (session.variant, session.category) == ("ajnc", "surrender")
    assert str(session.visitor) == client.session["visitor"]
    html = client.get(url(session)).content.decode()
    assert 'data-testid="question" data-number="1"' in html
    # A surrender drill's question offers surrender (ajnc: late surrender).
    assert ("surrender", "r") in buttons(html)
    htmx = client.post("/en/drills/start/", {"variant": "european", "category": "all"}, headers=HX)
    assert htmx["HX-Redirect"].startswith("/en/drills/")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"variant": "european", "category": "surrender"}, "no situations in that category"),
        ({"variant": "dvadtsat-odno", "category": "all"}, "has no dealer chart to drill"),
        ({"variant": "nowhere", "category": "all"}, "There is no such game to drill."),
        ({"variant": "european", "category": "chaos"}, "Choose one of the categories."),
        ({"category": "all"}, "Choose a game to drill."),
        (
            {"variant": "european", "category": "mistakes", "days": "-3"},
            "Enter the period as a whole number of days from 1 to 3650.",
        ),
        ({"variant": "european", "category": "mistakes", "days": "7"}, "You made no mistakes"),
    ],
)
def test_start_refuses_bad_input_inline(data: dict, message: str) -> None:
    response = Client().post("/en/drills/start/", data)
    assert response.status_code == 200
    html = response.content.decode()
    errors = html[html.index('data-testid="start-errors"') :]
    assert message in errors[: errors.index("</div>")]
    assert DrillSession.objects.count() == 0


def test_drill_my_mistakes_posted_by_the_review_pages() -> None:
    visitor = uuid.uuid4()
    GradedDecision.objects.create(
        visitor=visitor,
        round_number=3,
        rules_id=RuleSet.id_for(find_rules("russian")),
        variant="russian",
        hand=["TS", "6H"],
        upcard="TD",
        action="stand",
        best_action="hit",
        evs={"hit": -0.534676, "stand": -0.540954},
        loss=0.006278,
        severity="inaccuracy",
    )
    client = client_for(visitor)
    response = client.post(
        "/en/drills/start/", {"variant": "russian", "category": "mistakes", "days": "30"}
    )
    session = DrillSession.objects.get()
    assert response["Location"] == url(session)
    assert (session.days, session.pool) == (30, [["hard 16", "T"]])
    html = client.get(url(session)).content.decode()
    assert "Drill: My mistakes" in html


# -- a question and its answer ------------------------------------------------------------------
def test_the_question_shows_the_cards_and_the_legal_actions() -> None:
    client, session = new_drill("ajnc", "hard")
    put_hand(session.latest, ["TS", "6H"], "KD")
    html = client.get(url(session)).content.decode()
    hand = html[html.index('data-testid="hand"') :]
    assert re.findall(r'data-card="(\w+)"', hand)[:2] == ["10S", "6H"]
    upcard = html[html.index('data-testid="upcard"') : html.index('data-testid="hand"')]
    assert 'data-card="KD"' in upcard
    assert 'class="card back"' in upcard  # the hole card, face down
    assert "The dealer checked the hole card: no natural." in html
    # Ajnc: no double on 16, late surrender.
    assert buttons(html) == [("hit", "h"), ("stand", "s"), ("surrender", "r")]
    assert "web/keys.js" in html


def test_answer_swaps_in_the_feedback() -> None:
    client, session = new_drill("european", "hard")
    put_hand(session.latest, ["TS", "3H"], "6D")
    response = client.post(url(session, "answer"), {"question": "1", "action": "hit"}, headers=HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="drill-card"')
    assert 'id="drill-score" class="drill-score" aria-label="Score" hx-swap-oob="true"' in html
    decision = GradedDecision.objects.get()
    assert decision.best_action == "stand"
    feedback = html[html.index('data-testid="feedback"') :]
    assert 'data-correct="false"' in feedback[:60]
    assert "Not the best play: you chose Hit, the best play is Stand." in feedback
    assert "Hard 13 against 6" in feedback
    found = re.findall(r'data-action="(\w+)">\w+: (\u2212?[\d.]+)</li>', html)
    evs = {action: ev.replace("\u2212", "-") for action, ev in found}  # a true minus
    assert set(evs) == {"hit", "stand", "double"}
    assert float(evs["stand"]) == pytest.approx(decision.evs["stand"], abs=0.0005)
    assert float(evs["hit"]) == pytest.approx(decision.evs["hit"], abs=0.0005)
    cost = re.search(r"Cost of your answer: ([\d.]+) of the bet.", html).group(1)
    assert float(cost) == pytest.approx(decision.loss, abs=0.0005) and decision.loss > 0
    # The reason from the engine: with a 6 up the dealer busts 42% (ORACLES.md: 0.4228).
    reason = re.search(r'data-testid="reason">([^<]*)<', html).group(1)
    assert reason.startswith("The dealer busts 42% of the time with 6 showing: standing is worth")
    assert "more than the next best play (Hit)." in reason
    assert 'name="after" value="1"' in html and 'data-shortcut="enter space"' in html
    assert re.search(r'data-testid="score">0/1<', html)


def test_a_right_answer_and_the_streak() -> None:
    client, session = new_drill("european", "hard")
    put_hand(session.latest, ["6S", "5H"], "6D")
    html = client.post(
        url(session, "answer"), {"question": "1", "action": "double"}, headers=HX
    ).content.decode()
    assert "Right: Double is the best play." in html
    assert re.search(r"Doubling gains [\d.]+ of the bet over the next best play \(Hit\)\.", html)
    assert re.search(r'data-testid="score">1/1<', html)
    assert re.search(r'data-testid="streak">1<', html)
    html = client.post(url(session, "next"), {"after": "1"}, headers=HX).content.decode()
    assert 'data-testid="question" data-number="2"' in html
    assert 'name="question" value="2"' in html


def test_double_submit_gives_one_decision_and_a_message() -> None:
    client, session = new_drill()
    action = session.latest.legal[0]
    first = client.post(url(session, "answer"), {"question": "1", "action": action}, headers=HX)
    second = client.post(url(session, "answer"), {"question": "1", "action": action}, headers=HX)
    assert first.status_code == second.status_code == 200
    assert GradedDecision.objects.count() == 1
    assert SituationCard.objects.get().reviews == 1
    assert "That question was already answered" in second.content.decode()
    assert "That question was already answered" not in first.content.decode()
    # Two clicks on Next ask one question.
    client.post(url(session, "next"), {"after": "1"}, headers=HX)
    client.post(url(session, "next"), {"after": "1"}, headers=HX)
    assert DrillQuestion.objects.filter(session=session).count() == 2


def test_unknown_action_is_refused_inline() -> None:
    client, session = new_drill("european", "pairs")
    html = client.post(
        url(session, "answer"), {"question": "1", "action": "surrender"}, headers=HX
    ).content.decode()
    assert "That is not one of the choices for this hand." in html
    assert 'name="question" value="1"' in html  # the question is still there
    assert GradedDecision.objects.count() == 0


def test_without_javascript_the_forms_redirect_to_the_page() -> None:
    client, session = new_drill()
    action = session.latest.legal[0]
    response = client.post(url(session, "answer"), {"question": "1", "action": action})
    assert response.status_code == 302 and response["Location"] == url(session)
    html = client.get(url(session)).content.decode()
    assert 'data-testid="feedback"' in html
    response = client.post(url(session, "next"), {"after": "1"})
    assert response["Location"] == url(session)
    assert 'data-number="2"' in client.get(url(session)).content.decode()


def test_a_reload_does_not_restart_the_question_clock() -> None:
    client, session = new_drill()
    shown = timezone.now() - timedelta(seconds=30)
    DrillQuestion.objects.filter(session=session).update(shown_at=shown)
    assert 'data-number="1"' in client.get(url(session)).content.decode()
    assert session.latest.shown_at == shown  # 30 s ago: a reload, not a break
    client.post(url(session, "answer"), {"question": "1", "action": session.latest.legal[0]})
    assert GradedDecision.objects.get().response_ms >= 30_000


def test_end_and_resume() -> None:
    client, session = new_drill()
    # Resuming later: the unanswered question is shown again and its clock restarts.
    DrillQuestion.objects.filter(session=session).update(
        shown_at=timezone.now() - timedelta(days=2)
    )
    html = client.get(url(session)).content.decode()
    assert 'data-number="1"' in html
    assert timezone.now() - session.latest.shown_at < timedelta(minutes=1)
    client.post(url(session, "answer"), {"question": "1", "action": session.latest.legal[0]})
    assert GradedDecision.objects.get().response_ms < 60_000
    response = client.post(url(session, "end"))
    assert response["Location"] == url(session)
    html = client.get(url(session)).content.decode()
    assert 'data-testid="summary"' in html
    assert 'data-testid="end"' not in html
    html = client.post(url(session, "next"), {"after": "1"}, headers=HX).content.decode()
    assert "This drill has ended." in html
    assert DrillQuestion.objects.filter(session=session).count() == 1


def test_another_visitors_drill_answers_404() -> None:
    owner, session = new_drill()
    stranger = client_for(uuid.uuid4())
    action = session.latest.legal[0]
    assert stranger.get(url(session)).status_code == 404
    assert Client().get(url(session)).status_code == 404  # no visitor at all
    assert (
        stranger.post(url(session, "answer"), {"question": "1", "action": action}).status_code
        == 404
    )
    assert stranger.post(url(session, "next"), {"after": "1"}).status_code == 404
    assert stranger.post(url(session, "end")).status_code == 404
    assert GradedDecision.objects.count() == 0
    session.refresh_from_db()
    assert session.ended_at is None
    assert url(session) not in stranger.get("/en/drills/").content.decode()
    assert owner.get(url(session)).status_code == 200


def test_get_only_pages_refuse_posts_and_posts_refuse_gets() -> None:
    client, session = new_drill()
    assert client.get("/en/drills/start/").status_code == 405
    assert client.get(url(session, "answer")).status_code == 405
    assert client.post("/en/drills/").status_code == 405


# -- languages -------------------------------------------------------------------------------------
PAGE_TEXT = {
    "en": ("Strategy drills", "My mistakes", "Stand", "Hit", "Score", "The dealer busts 42%"),
    "sr-latn": ("Vežbanje strategije", "Moje greške", "Stani", "Daj kartu", "Rezultat", "u 42%"),
    "hr": ("Vježbanje strategije", "Moje pogreške", "Dosta", "Kartu", "Rezultat", "u 42\u00a0%"),
    "ru": ("Тренировка стратегии", "Мои ошибки", "Хватит", "Ещё", "Счёт", "перебор в 42\u00a0%"),
    "bg": ("Упражнения по стратегия", "Моите грешки", "Остани", "Тегли", "Резултат", "в 42\u00a0%"),
}


@pytest.mark.parametrize(("lang", "words"), PAGE_TEXT.items())
def test_pages_in_each_language(lang: str, words: tuple[str, ...]) -> None:
    title, mistakes, stand, hit, score, bust = words
    client, session = new_drill("european", "hard")
    put_hand(session.latest, ["TS", "3H"], "6D")
    html = client.get(f"/{lang}/drills/").content.decode()
    assert f'<html lang="{lang}">' in html
    assert f"<h1>{title}</h1>" in html
    assert mistakes in html
    html = client.get(f"/{lang}/drills/{session.public_id}/").content.decode()
    assert f"{stand} <kbd>S</kbd>" in html
    assert f"{hit} <kbd>H</kbd>" in html
    assert f'<span class="label">{score}</span>' in html
    html = client.post(
        f"/{lang}/drills/{session.public_id}/answer/",
        {"question": "1", "action": "stand"},
        headers=HX,
    ).content.decode()
    # The reason, in the page's language: the bust percentage and the next best play.
    reason = re.search(r'data-testid="reason">([^<]*)<', html).group(1)
    assert bust in reason
    assert f"({hit})" in reason
