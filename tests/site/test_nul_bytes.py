"""A NUL byte in a variant or rule-set id (PostgreSQL refuses text holding one: a 500
before) names no game: 404 for a URL or a query parameter, the form's own message for a
form field (400 for the drill form, whose fields no page of ours fills with one), and
nothing changes. Run on SQLite and PostgreSQL (scripts/with_postgres.sh)."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.utils.translation import gettext, override

from game.rulesets.models import RuleSet
from game.table.models import TableSession
from tests.factories import TableSessionFactory
from tests.helpers import client_for
from trainer.drills.drilling import NO_SUCH_GAME
from trainer.drills.models import DrillSession

pytestmark = pytest.mark.django_db

NO_SUCH_TABLE_GAME = "There is no such game here. Choose one from the list."


@pytest.mark.parametrize(
    "url",
    [
        "/en/chart/custom-%00/",
        "/en/chart/custom-{rid}%00/",
        "/en/chart/custom-%00{rid}/",
        "/en/chart/european%00/",
        "/en/rules/new/?from=%00",
        "/en/rules/new/?from={rid}%00",
        "/ru/rules/new/?from=%00%00",
    ],
)
def test_a_nul_byte_in_a_url_or_query_is_not_found(url: str, ruleset: RuleSet) -> None:
    response = Client().get(url.format(rid=ruleset.id))
    assert response.status_code == 404
    lang = url.split("/")[1]
    with override(lang):
        assert gettext("Page not found") in response.content.decode()


def test_the_same_pages_answer_for_the_real_id(ruleset: RuleSet) -> None:
    assert Client().get(f"/en/chart/custom-{ruleset.id}/").status_code == 200
    response = Client().get(f"/en/rules/new/?from={ruleset.id}")
    assert response.status_code == 200
    assert 'name="decks" value="2"' in response.content.decode()


@pytest.mark.parametrize("variant", ["custom-\x00", "custom-{rid}\x00", "european\x00"])
def test_new_session_with_a_nul_byte_says_no_such_game_and_keeps_the_table(
    variant: str, ruleset: RuleSet
) -> None:
    table = TableSessionFactory(version=2)
    client = client_for(table.visitor)

    response = client.post("/en/table/new/", {"variant": variant.format(rid=ruleset.id)})

    assert response.status_code == 302
    page = client.get(response.url, follow=True).content.decode()
    assert NO_SUCH_TABLE_GAME in page
    assert list(TableSession.objects.values_list("pk", "ended_at", "version")) == [
        (table.pk, None, 2)
    ]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_drill_form_with_a_nul_byte_is_a_bad_request_with_the_form_s_message(
    lang: str, ruleset: RuleSet
) -> None:
    client = client_for(uuid.uuid4())
    for variant in ("custom-\x00", f"custom-{ruleset.id}\x00"):
        response = client.post(f"/{lang}/drills/start/", {"variant": variant, "category": "all"})
        assert response.status_code == 400
        html = response.content.decode()
        errors = html[html.index('data-testid="start-errors"') :]
        with override(lang):
            assert str(NO_SUCH_GAME) in errors[: errors.index("</div>")]
    assert DrillSession.objects.count() == 0


def test_drill_index_ignores_a_nul_byte_in_its_preselection(ruleset: RuleSet) -> None:
    """The index's ``?variant=`` only preselects a game (an unknown one is ignored, as
    before): the page answers and preselects nothing."""
    response = Client().get("/en/drills/", {"variant": f"custom-{ruleset.id}\x00"})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="variant" value="european">' in html  # listed, not checked
    assert f'value="custom-{ruleset.id}' not in html
    chosen = Client().get("/en/drills/", {"variant": f"custom-{ruleset.id}"}).content.decode()
    assert f'name="variant" value="custom-{ruleset.id}" checked>' in chosen
