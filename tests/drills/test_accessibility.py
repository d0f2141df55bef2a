"""What a screen reader gets in the drills (Django's test client): the cards' spoken names in
the page's language, the hole card read as a face-down card, and the verdict of an answer
marked for the announcer (static/web/live.js writes it into the page's live region, which
stays on the page while HTMX replaces the drill card): politely, a blunder assertively."""

# The expected strings are Russian: their Cyrillic letters are meant.

from __future__ import annotations

import random
import re
import uuid

import pytest
from django.utils import timezone

from tests.drills.test_drilling import put_hand
from tests.helpers import HX, client_for
from trainer.drills.drilling import start_drill
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db

SPOKEN = {
    "en": {"10S": "Ten of spades", "6H": "Six of hearts", "KD": "King of diamonds"},
    "ru": {"10S": "Десятка пик", "6H": "Шестёрка червей", "KD": "Король бубен"},
}
FACE_DOWN = {"en": "face-down card", "ru": "закрытая карта"}


def new_drill(variant: str, category: str):
    visitor = uuid.uuid4()
    session = start_drill(visitor, variant, category, now=timezone.now(), rng=random.Random(1))
    return client_for(visitor), session


def verdict(html: str) -> str:
    """The verdict paragraph's opening tag."""
    match = re.search(r'<p class="verdict"[^>]*>', html)
    assert match is not None
    return match.group(0)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_question_speaks_every_card(lang: str) -> None:
    client, session = new_drill("ajnc", "hard")  # the dealer holds a hole card
    put_hand(session.latest, ["TS", "6H"], "KD")
    html = client.get(f"/{lang}/drills/{session.public_id}/").content.decode()
    found = re.findall(r'aria-label="([^"]+)" data-card="(\w+)"', html)
    names = {card: name for name, card in found}
    assert names == SPOKEN[lang]
    face_down = re.findall(r'<div class="card back" role="img" aria-label="([^"]+)">', html)
    assert face_down == [FACE_DOWN[lang]]
    assert 'id="live-polite" class="visually-hidden" role="status" aria-live="polite"' in html


def test_a_wrong_answer_is_announced_politely() -> None:
    client, session = new_drill("european", "hard")
    put_hand(session.latest, ["TS", "2H"], "3D")  # stand on a hard 12 against a 3
    url = f"/en/drills/{session.public_id}/answer/"
    html = client.post(url, {"question": "1", "action": "stand"}, headers=HX).content.decode()
    assert GradedDecision.objects.get().severity in ("inaccuracy", "mistake")
    assert verdict(html) == '<p class="verdict" data-testid="verdict" data-announce="polite">'
    # The check or cross mark is seen, not read: the words say right or wrong.
    assert '<span class="mark" aria-hidden="true">✗</span> Not the best play' in html


def test_a_blunder_is_announced_assertively() -> None:
    client, session = new_drill("european", "hard")
    put_hand(session.latest, ["TS", "KH"], "6D")  # hit a hard 20: a blunder
    url = f"/en/drills/{session.public_id}/answer/"
    html = client.post(url, {"question": "1", "action": "hit"}, headers=HX).content.decode()
    assert GradedDecision.objects.get().severity == "blunder"
    assert verdict(html) == '<p class="verdict" data-testid="verdict" data-announce="assertive">'
