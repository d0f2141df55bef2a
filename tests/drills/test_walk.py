"""Learn from your mistakes (trainer/drills/walk.py) through Django's test client: the start
page's count, one walk per Start form, the mistakes in the order they were made, the cards
as they were (the hole card face down), the answer and the EVs only on request, grading
from the stored EVs under the person's standard, the first answer logged and its FSRS card
reviewed, no JavaScript needed (plain posts redirect), HTMX swaps, double submits, another
visitor's walk 404, the summary and its drill; in English, Russian and Bulgarian."""

# The expected strings in Russian and Bulgarian: their Cyrillic letters are meant.

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from game.engine.variants import find_rules
from game.rulesets.models import RuleSet
from tests.factories import TableSessionFactory
from tests.helpers import HX, client_for
from tests.review.factories import DrillDecisionFactory, GradedDecisionFactory
from trainer.drills.models import DrillSession, MistakeWalk, MistakeWalkStep, SituationCard
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db

RUSSIAN = RuleSet.id_for(find_rules("russian"))
T0 = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
# The Russian online game: a hole card, the peek, insurance and even money.
# Hard 16 against a 10: hit -0.5398, stand -0.5749.
H16 = {"hit": -0.5398, "stand": -0.5749, "double": -1.0796}
# Hard 12 against a 4: stand is best by 0.02.
H12 = {"hit": -0.23, "stand": -0.21, "double": -0.46}
# Insurance of a natural: declining is worth more.
EVEN = {"insurance": -0.0385, "no_insurance": 0.0}


def decision(table, hand, upcard, evs, action, at, **kwargs):
    return GradedDecisionFactory(
        table=table,
        visitor=table.visitor,
        rules_id=RUSSIAN,
        hand=hand,
        upcard=upcard,
        evs=evs,
        action=action,
        at=at,
        **kwargs,
    )


@pytest.fixture
def table():
    """A Russian table with three wrong decisions, made in another order than stored, and
    one right one: 9,3 hit against a 4 (first in time), a split hand's 10,6 stood against
    a king, even money taken, and 9,8 stood against a 6 (right)."""
    table = TableSessionFactory(variant="russian")
    decision(table, ["TS", "6D"], "KH", H16, "stand", T0 + timedelta(minutes=5), from_split=True)
    decision(table, ["9C", "3D"], "4S", H12, "hit", T0)
    decision(table, ["9C", "8D"], "6S", {"hit": -0.6, "stand": 0.2}, "stand", T0 + timedelta(1))
    decision(
        table, ["AS", "KD"], "AH", EVEN, "insurance", T0 + timedelta(minutes=9), insurance=True
    )
    return table


def new_url(**query) -> str:
    return "/en/drills/walk/new/?" + "&".join(f"{k}={v}" for k, v in query.items())


def start(client: Client, table, lang: str = "en") -> MistakeWalk:
    page = client.get(f"/{lang}/drills/walk/new/?table={table.public_id}").content.decode()
    token = re.search(r'name="token" value="([0-9a-f-]+)"', page).group(1)
    response = client.post(
        f"/{lang}/drills/walk/new/", {"table": str(table.public_id), "token": token}
    )
    walk = MistakeWalk.objects.get(token=token)
    assert response.status_code == 302 and response["Location"].endswith(
        f"/drills/walk/{walk.public_id}/"
    )
    return walk


def page(client: Client, walk: MistakeWalk, lang: str = "en") -> str:
    return client.get(f"/{lang}/drills/walk/{walk.public_id}/").content.decode()


def post(client: Client, walk, what: str, data: dict, lang: str = "en", **kwargs):
    return client.post(f"/{lang}/drills/walk/{walk.public_id}/{what}/", data, **kwargs)


def answer(client, walk, action: str, step: int = 1, attempt: int = 0, **kwargs):
    return post(
        client, walk, "answer", {"step": step, "attempt": attempt, "action": action}, **kwargs
    )


def cards(html: str, testid: str) -> list[str]:
    block = re.search(rf'data-testid="{testid}">(.*?)</div>\s*</div>', html, re.S).group(1)
    return re.findall(r'data-card="(\w+)"', block)


# -- the start page ----------------------------------------------------------------------------
def test_the_start_page_counts_the_own_wrong_decisions_and_starts_once(table) -> None:
    client = client_for(table)
    html = client.get(new_url(table=table.public_id)).content.decode()
    assert 'data-testid="walk-count">3 mistakes to walk through.' in html
    token = re.search(r'name="token" value="([0-9a-f-]+)"', html).group(1)
    data = {"table": str(table.public_id), "token": token}
    first = client.post("/en/drills/walk/new/", data)
    again = client.post("/en/drills/walk/new/", data)  # a double submit
    assert MistakeWalk.objects.count() == 1
    assert first["Location"] == again["Location"]
    # Another visitor sees none of them, and cannot take over the walk's token.
    stranger = client_for(uuid.uuid4())
    other = stranger.get(new_url(table=table.public_id)).content.decode()
    assert "There are no mistakes to walk through here." in other
    assert stranger.post("/en/drills/walk/new/", data).status_code == 404


def test_the_start_page_in_russian_and_a_bad_scope() -> None:
    table = TableSessionFactory()
    decision(table, ["TS", "6D"], "KH", H16, "stand", T0)
    html = client_for(table).get(f"/ru/drills/walk/new/?table={table.public_id}").content.decode()
    assert "Работа над ошибками" in html
    assert "1 ошибка" in html
    bad = client_for(table).get("/en/drills/walk/new/?table=nope")
    assert bad.status_code == 400
    assert "That link does not name mistakes to walk through." in bad.content.decode()
    assert client_for(table).get("/en/drills/walk/new/?days=0").status_code == 400
    # A full-width 7 is not a number of days.
    assert client_for(table).get("/en/drills/walk/new/?days=\uff17").status_code == 400


def test_a_period_walk_takes_the_days_and_the_variant() -> None:
    visitor = uuid.uuid4()
    now = timezone.now()
    session = uuid.uuid4()
    DrillDecisionFactory(visitor=visitor, drill_session=session, evs=H16, action="stand")
    old = DrillDecisionFactory(visitor=visitor, evs=H16, action="stand", at=now - timedelta(10))
    DrillDecisionFactory(visitor=visitor, evs=H16, action="stand", variant="ajnc")
    client = client_for(visitor)
    count = lambda q: re.search(r'data-count="(\d+)"', client.get(q).content.decode()).group(1)  # noqa: E731
    assert count("/en/drills/walk/new/?days=7&variant=european") == "1"
    assert count("/en/drills/walk/new/?days=30") == "3"
    assert count("/en/drills/walk/new/") == "3"
    assert count(f"/en/drills/walk/new/?drill={session}") == "1"
    assert count(f"/en/drills/walk/new/?drill={old.drill_session}") == "1"


# -- the walk ----------------------------------------------------------------------------------
def test_the_walk_goes_through_the_mistakes_in_the_order_they_were_made(table) -> None:
    client = client_for(table)
    walk = start(client, table)
    seen = []
    for number in (1, 2, 3):
        html = page(client, walk)
        assert f'data-testid="walk-progress">Mistake {number} of 3' in html
        seen.append(cards(html, "hand"))
        answer(client, walk, "stand" if number < 3 else "no_insurance", step=number)
        post(client, walk, "next", {"after": number})
    assert seen == [["9C", "3D"], ["10S", "6D"], ["AS", "KD"]]
    assert 'data-testid="walk-summary"' in page(client, walk)


def test_a_step_shows_the_cards_as_they_were_and_not_the_answer(table) -> None:
    client = client_for(table)
    walk = start(client, table)
    answer(client, walk, "stand")
    post(client, walk, "next", {"after": 1})
    html = page(client, walk)
    # The split hand's 10,6 against a king, the hole card face down (the dealer peeked).
    assert cards(html, "hand") == ["10S", "6D"]
    assert re.findall(r'data-card="(\w+)"', html.split('data-testid="upcard"')[1])[0] == "KH"
    assert html.count('class="card back"') == 1
    assert "The dealer checked the hole card: no natural." in html
    assert "This hand was made by splitting a pair." in html
    assert "Here you chose <strong>Stand</strong>." in html
    buttons = re.findall(r'name="action" value="(\w+)"', html)
    assert buttons == ["hit", "stand", "double"]
    # Nothing of the answer before it is asked for: no EVs, no best play, no reason.
    for hidden in ('data-testid="walk-evs"', "0.540", "0.575", "The best play", "walk-reason"):
        assert hidden not in html
    assert 'data-testid="walk-reveal"' not in html  # answer first


def test_a_game_without_a_hole_card_shows_none() -> None:
    table = TableSessionFactory(variant="croatian")
    rules_id = RuleSet.id_for(find_rules("croatian"))
    GradedDecisionFactory(
        table=table, visitor=table.visitor, rules_id=rules_id, hand=["TS", "6D"], upcard="9H",
        evs={"hit": -0.50, "stand": -0.54}, action="stand",
    )  # fmt: skip
    client = client_for(table)
    html = page(client, start(client, table))
    assert "card back" not in html
    assert cards(html, "hand") == ["10S", "6D"]


def test_right_then_the_answer_on_request(table) -> None:
    client = client_for(table)
    walk = start(client, table)
    page(client, walk)
    html = answer(client, walk, "stand", headers=HX).content.decode()  # HTMX: the card alone
    assert html.strip().startswith('<section id="walk-card"')
    assert 'data-correct="true"' in html and "Right: Stand." in html
    assert 'name="action"' not in html  # found: nothing more to answer
    assert 'data-testid="walk-evs"' not in html and "\u22120.210" not in html
    html = post(client, walk, "reveal", {"step": 1}, headers=HX).content.decode()
    assert 'data-testid="walk-best">Stand<' in html
    evs = re.findall(r'data-action="(\w+)">[^:]+: ([^<]+)</li>', html)
    assert evs == [("stand", "\u22120.210"), ("hit", "\u22120.230"), ("double", "\u22120.460")]
    assert "The dealer busts" in html  # the reason line


def test_wrong_may_be_tried_again_and_only_the_first_answer_is_logged(table) -> None:
    client = client_for(table)
    walk = start(client, table)
    before = GradedDecision.objects.count()
    response = answer(client, walk, "hit")  # no JavaScript: redirected to the page
    assert response.status_code == 302
    html = page(client, walk)
    assert 'data-correct="false"' in html and "Wrong: Hit is not the play here." in html
    assert "0.210" not in html and "The best play" not in html
    assert re.findall(r'name="action" value="(\w+)"', html) == ["hit", "stand", "double"]
    answer(client, walk, "hit", attempt=0)  # the same post again: changes nothing
    step = walk.steps.get(number=1)
    assert (step.attempts, step.first_action) == (1, "hit")
    answer(client, walk, "stand", attempt=1)
    step.refresh_from_db()
    assert (step.attempts, step.first_correct, step.last_correct) == (2, False, True)
    logged = GradedDecision.objects.order_by("-id")[0]
    assert GradedDecision.objects.count() == before + 1
    assert (logged.source, logged.drill_session, logged.round_number) == (
        "drill",
        walk.public_id,
        1,
    )
    assert (logged.action, logged.best_action, logged.severity) == ("hit", "stand", "mistake")
    assert logged.loss == pytest.approx(0.02)
    assert (logged.hand, logged.upcard, logged.rules_id) == (["9C", "3D"], "4S", RUSSIAN)
    # Found: a further answer to the step is refused and changes nothing.
    answer(client, walk, "hit", attempt=2)
    step.refresh_from_db()
    assert (step.attempts, step.last_action, step.last_correct) == (2, "stand", True)


def test_the_grade_follows_the_persons_standard(table) -> None:
    """Under the chart standard the chart's play as stored is right, whatever the EVs."""
    other = TableSessionFactory(visitor=table.visitor)
    decision(other, ["9C", "3D"], "4S", H12, "double", T0, chart_action="hit")
    client = client_for(table)
    session = client.session
    session["grading_standard"] = "chart"
    session.save()
    walk = start(client, other)
    answer(client, walk, "hit")
    assert walk.steps.get().first_correct is True
    logged = GradedDecision.objects.get(drill_session=walk.public_id)
    assert (logged.severity, logged.standard, logged.best_action) == ("best", "chart", "hit")


def test_the_first_answer_reviews_the_situations_card(table, monkeypatch) -> None:
    client = client_for(table)
    walk = start(client, table)
    page(client, walk)
    later = timezone.now() + timedelta(seconds=5)
    monkeypatch.setattr(timezone, "now", lambda: later)
    answer(client, walk, "hit")  # wrong: Again
    card = SituationCard.objects.get(visitor=table.visitor)
    assert (card.rules_id, card.hand_class, card.upcard) == (RUSSIAN, "hard 12", "4")
    assert (card.reviews, card.correct) == (1, 0)
    assert card.due < later + timedelta(minutes=5)  # Again: back within the learning step
    answer(client, walk, "stand", attempt=1)  # a later try is not scheduled
    card.refresh_from_db()
    assert card.reviews == 1
    post(client, walk, "next", {"after": 1})
    answer(client, walk, "hit", step=2)  # right (Good): the split hand's hard 16 against 10
    card = SituationCard.objects.get(visitor=table.visitor, hand_class="hard 16")
    assert (card.upcard, card.reviews, card.correct) == ("T", 1, 1)


def test_double_submits_change_nothing(table) -> None:
    client = client_for(table)
    walk = start(client, table)
    answer(client, walk, "stand")
    answer(client, walk, "stand")
    post(client, walk, "reveal", {"step": 1})
    post(client, walk, "reveal", {"step": 1})
    post(client, walk, "next", {"after": 1})
    post(client, walk, "next", {"after": 1})
    walk.refresh_from_db()
    assert walk.position == 2
    assert GradedDecision.objects.filter(drill_session=walk.public_id).count() == 1
    # An answer to the step already passed changes nothing and says so.
    response = answer(client, walk, "hit", step=1, attempt=1, headers=HX)
    assert "already passed or already answered" in response.content.decode()
    assert walk.steps.get(number=1).attempts == 1


def test_next_and_reveal_need_an_answer_first(table) -> None:
    client = client_for(table)
    walk = start(client, table)
    html = post(client, walk, "reveal", {"step": 1}, headers=HX).content.decode()
    assert "Choose a play first; then the answer can be shown." in html
    html = post(client, walk, "next", {"after": 1}, headers=HX).content.decode()
    assert "Choose a play first." in html
    walk.refresh_from_db()
    assert walk.position == 1 and not walk.steps.get(number=1).revealed


def test_an_action_that_was_not_legal_is_refused(table) -> None:
    client = client_for(table)
    walk = start(client, table)
    html = answer(client, walk, "split", headers=HX).content.decode()
    assert "That is not one of the choices for this hand." in html
    assert walk.steps.get(number=1).attempts == 0


def test_another_visitors_walk_is_404(table) -> None:
    walk = start(client_for(table), table)
    stranger = client_for(uuid.uuid4())
    assert stranger.get(f"/en/drills/walk/{walk.public_id}/").status_code == 404
    assert answer(stranger, walk, "stand").status_code == 404
    assert post(stranger, walk, "reveal", {"step": 1}).status_code == 404
    assert post(stranger, walk, "next", {"after": 1}).status_code == 404
    assert post(stranger, walk, "drill", {"variant": "russian"}).status_code == 404
    assert Client().get(f"/en/drills/walk/{walk.public_id}/").status_code == 404
    assert walk.steps.get(number=1).attempts == 0


def test_even_money_is_named_as_such(table) -> None:
    client = client_for(table)
    walk = start(client, table)
    MistakeWalk.objects.filter(pk=walk.pk).update(position=3)
    html = page(client, walk)
    assert "take even money (1:1 now) or play on?" in html
    assert re.findall(r'value="(\w+)" data-shortcut="\w"\s+class="[^"]+">([^<]+) <kbd>', html) == [
        ("insurance", "Take even money"),
        ("no_insurance", "Decline even money"),
    ]
    assert "Here you chose <strong>Take even money</strong>." in html
    answer(client, walk, "no_insurance", step=3)
    html = post(client, walk, "reveal", {"step": 3}, headers=HX).content.decode()
    assert "Even money against A" in html
    assert "Even money is insurance on your natural" in html


def test_the_summary_and_its_drill(table) -> None:
    client = client_for(table)
    walk = start(client, table)
    for number, play in ((1, "stand"), (2, "stand"), (3, "insurance")):
        answer(client, walk, play, step=number)
        post(client, walk, "next", {"after": number})
    html = page(client, walk)
    assert 'data-testid="walk-right">1<' in html and 'data-testid="walk-wrong">2<' in html
    assert "Hard 16 against 10" in html and "Even money against A" in html
    assert "Drill 2 situations still wrong (Russian online blackjack)" in html
    first = post(client, walk, "drill", {"variant": "russian"})
    second = post(client, walk, "drill", {"variant": "russian"})  # once
    drill = DrillSession.objects.get()
    assert first["Location"] == second["Location"] == f"/en/drills/{drill.public_id}/"
    htmx = post(client, walk, "drill", {"variant": "russian"}, headers=HX)
    assert htmx["HX-Redirect"] == f"/en/drills/{drill.public_id}/"
    refused = post(client, walk, "drill", {"variant": "ajnc"}, headers=HX).content.decode()
    assert refused.strip().startswith('<section id="walk-card"')
    assert "Nothing of that game is left to drill." in refused
    assert drill.category == "mistakes"
    assert sorted(map(tuple, drill.pool)) == [("even money", "A"), ("hard 16", "T")]
    assert drill.latest is not None


def test_the_walk_in_bulgarian(table) -> None:
    client = client_for(table)
    walk = start(client, table, lang="bg")
    html = page(client, walk, lang="bg")
    assert "Грешка 1 от 3" in html
    answer(client, walk, "hit", lang="bg")
    html = page(client, walk, lang="bg")
    assert "Покажете отговора" in html


def test_the_reviews_session_link_opens_a_walk_or_a_drill(table) -> None:
    """The review names a walk's answers by the walk's id, as a drill's by the drill's."""
    client = client_for(table)
    walk = start(client, table)
    answer(client, walk, "stand")
    assert client.get(f"/en/drills/open/{walk.public_id}/")["Location"] == (
        f"/en/drills/walk/{walk.public_id}/"
    )
    review = client.get(f"/en/review/sessions/drill/{walk.public_id}/").content.decode()
    assert f'href="/en/drills/open/{walk.public_id}/"' in review
    other = uuid.uuid4()
    assert client.get(f"/en/drills/open/{other}/")["Location"] == f"/en/drills/{other}/"
    assert client_for(uuid.uuid4()).get(f"/en/drills/open/{walk.public_id}/")["Location"] == (
        f"/en/drills/{walk.public_id}/"
    )


def test_a_reload_does_not_restart_a_steps_clock(table) -> None:
    """As a drill question's: a reload keeps the step's clock running, so reloading before
    answering cannot make the logged answer instant (an Easy rating)."""
    client = client_for(table)
    walk = start(client, table)
    step = walk.steps.get(number=1)
    shown = timezone.now() - timedelta(seconds=30)
    MistakeWalkStep.objects.filter(pk=step.pk).update(shown_at=shown)
    page(client, walk)
    step.refresh_from_db()
    assert step.shown_at == shown
    answer(client, walk, "stand")
    assert GradedDecision.objects.order_by("-id")[0].response_ms >= 30_000
