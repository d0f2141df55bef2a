""" "Drill my mistakes": the mistakes page's form posts to the drills app's start view and
starts a drill of the situations missed in the chosen period."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import TableSessionFactory
from tests.helpers import client_for
from tests.table.test_replay import ALONE, play
from trainer.drills.models import DrillSession
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db


def drill_form(html: str) -> tuple[str, dict[str, str], list[str]]:
    """The form's action, the values it would post, and the periods offered."""
    form = re.search(
        r'<form method="post" action="([^"]+)"[^>]*data-testid="drill-mistakes">(.*?)</form>',
        html,
        re.S,
    )
    assert form, "no Drill my mistakes form"
    body = form.group(2)
    values = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', body))
    values["variant"] = re.search(
        r'name="variant">.*?<option value="([^"]+)" selected', body, re.S
    ).group(1)
    values["days"] = re.search(r'name="days">.*?<option value="(\d+)" selected', body, re.S).group(
        1
    )
    periods = re.findall(r'<option value="(\d+)"', body.split('name="days"')[1])
    return form.group(1), values, periods


def test_drill_my_mistakes_starts_a_drill_of_the_missed_situations() -> None:
    table = TableSessionFactory(stacked=ALONE)
    client = client_for(table.visitor)
    play(client, table, "hit")  # hitting 20 against a 6: a blunder
    decision = GradedDecision.objects.get()
    assert decision.severity == "blunder"

    action, values, periods = drill_form(client.get("/en/review/").content.decode())
    assert action == "/en/drills/start/"
    assert values.pop("csrfmiddlewaretoken")
    assert values == {"category": "mistakes", "variant": "european", "days": "30"}
    assert periods == ["7", "30", "90", "365"]
    response = client.post(action, values)
    session = DrillSession.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/en/drills/{session.public_id}/"
    assert (session.visitor, session.variant, session.category, session.days) == (
        table.visitor,
        "european",
        "mistakes",
        30,
    )
    # The one situation missed: the ten-value pair (T,K) against a 6.
    assert session.pool == [["pair T", "6"]]
    assert client.get(response["Location"]).status_code == 200


def test_the_filters_period_is_offered_and_chosen() -> None:
    table = TableSessionFactory(stacked=ALONE)
    client = client_for(table.visitor)
    play(client, table, "hit")
    since = (timezone.localdate() - timedelta(days=11)).isoformat()
    _action, values, periods = drill_form(
        client.get(f"/en/review/?date_from={since}").content.decode()
    )
    assert values["days"] == "12" and periods == ["7", "12", "30", "90", "365"]


def test_no_form_without_mistakes() -> None:
    table = TableSessionFactory(stacked=ALONE)
    client = client_for(table.visitor)
    play(client, table, "stand")
    html = client.get("/en/review/").content.decode()
    assert 'data-testid="drill-mistakes"' not in html
