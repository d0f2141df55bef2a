"""A visit without cookies (a crawler following the header's links, a first visit) writes
nothing: no session row, no table, no other row, and no session cookie. The table is opened
by the first deal (or New session), from the empty table's own form."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client

from game.rulesets import store
from game.rulesets.models import RuleSet, StrategyResult
from game.table.models import TableSession
from tests.helpers import HX

pytestmark = pytest.mark.django_db

VISITS = 5
# Every page a GET reaches, in two languages for the table and the landing page. The chart
# may store its analysis (a cache of the rule set, StrategyResult), which is no visitor's.
PAGES = (
    "/",
    "/en/",
    "/ru/",
    "/en/table/",
    "/bg/table/",
    "/en/rulebook/",
    "/en/rulebook/croatian/",
    "/en/rulebook/custom/{rid}/",
    "/en/chart/european/",
    "/en/rules/new/",
    "/en/rules/new/?base=croatian",
    "/en/rules/{rid}/",
    "/en/drills/",
    "/en/drills/?variant=custom-{rid}&category=pairs",
    "/en/review/",
    "/en/review/stats/",
    "/en/review/?variant=european",
    "/en/accounts/login/",
    "/en/accounts/signup/",
    "/en/accounts/reset/",
    "/en/accounts/reset/sent/",
    "/en/accounts/reset/done/",
    "/en/accounts/password/",
    "/en/no-such-page/",
)


def row_counts() -> dict[str, int]:
    return {
        model._meta.label: model._default_manager.count()
        for model in apps.get_models()
        if model is not StrategyResult
    }


@pytest.fixture
def ruleset(ruleset: RuleSet) -> RuleSet:
    """The shared custom rule set with its analysis stored, as it is soon after its creation
    (a rule set still unanalysed is queued for analysis by any visit: that write is wanted)."""
    store.precompute(ruleset.rules)
    return ruleset


@pytest.mark.parametrize("page", PAGES)
def test_cookieless_gets_write_nothing(page: str, ruleset: RuleSet) -> None:
    url = page.format(rid=ruleset.id)
    before = row_counts()
    for _visit in range(VISITS):
        response = Client().get(url)
        assert response.status_code in (200, 302, 404), (url, response.status_code)
        assert settings.SESSION_COOKIE_NAME not in response.cookies
    assert row_counts() == before
    assert Session.objects.count() == 0
    assert TableSession.objects.count() == 0


def test_the_empty_table_shows_the_default_game_and_a_deal_form() -> None:
    html = Client().get("/en/table/").content.decode()
    assert '<h1 data-testid="variant-name">European blackjack</h1>' in html
    assert '<strong data-testid="bankroll">1,000</strong>' in html
    assert 'action="/en/table/deal/"' in html
    assert 'hx-post="/en/table/deal/"' in html
    assert 'action="/en/table/new/"' in html
    assert "<li>A natural pays 3:2: on a bet of 10 chips it wins 15.</li>" in html


def deal_form(html: str) -> tuple[str, dict[str, str]]:
    """The betting form's action and its hidden fields, as the page renders them."""
    form = re.search(
        r'<form method="post" action="([^"]+)"[^>]*class="betting">(.*?)</form>', html, re.S
    )
    assert form, "no betting form"
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form.group(2)))
    return form.group(1), fields


def test_after_many_cookieless_visits_the_first_deal_opens_exactly_one_table() -> None:
    for _visit in range(VISITS):
        Client().get("/en/table/")
    assert (Session.objects.count(), TableSession.objects.count()) == (0, 0)

    client = Client()
    action, fields = deal_form(client.get("/en/table/").content.decode())
    assert (action, fields["version"]) == ("/en/table/deal/", "0")
    response = client.post(action, {**fields, "bet": "25"})

    table = TableSession.objects.get()
    assert response.status_code == 302
    assert response.url == f"/en/table/{table.public_id}/"
    assert client.session["visitor"] == str(table.visitor)
    assert Session.objects.count() == 1
    assert (table.variant, table.seat_count, table.last_bet) == ("european", 1, Decimal(25))
    rnd = table.game.round
    assert rnd is not None and len(rnd.hands[0].cards) == 2
    assert rnd.hands[0].base_bet == 25
    # The table is the visitor's from now on: the header link leads to it.
    assert client.get("/en/table/").url == f"/en/table/{table.public_id}/"
    html = client.get(response.url).content.decode()
    assert f'action="/en/table/{table.public_id}/' in html


def test_the_first_deal_by_htmx_shows_the_felt_and_the_table_s_url() -> None:
    client = Client()
    response = client.post("/en/table/deal/", {"bet": "10", "version": "0"}, headers=HX)
    table = TableSession.objects.get()
    assert response.status_code == 200
    assert response["HX-Push-Url"] == f"/en/table/{table.public_id}/"
    html = response.content.decode()
    assert '<section id="table-felt"' in html
    # The table's own address: its act form, or its deal form when a natural ended the round.
    assert f'hx-post="/en/table/{table.public_id}/' in html
    assert table.game.round is not None and table.game.round.hands[0].base_bet == 10
    # The session summary's link comes with the first deal (in the log swapped out of band),
    # not only after a reload of the page.
    assert html.count('data-testid="summary-link"') == 1
    assert f'<a href="/en/table/{table.public_id}/summary/" data-testid="summary-link">' in html
    # The New session form comes again out of band, now asking before it ends the table
    # (the empty table's had no table to end and asked nothing).
    form = re.search(r'<form id="new-session"[^>]*>', html)
    assert form is not None
    assert 'hx-swap-oob="true"' in form.group(0)
    assert (
        'data-confirm="Start a new session with 1,000 fresh chips? This table will end."'
        in form.group(0)
    )
    # The next deal's answer leaves the form where it is.
    act = client.post(
        f"/en/table/{table.public_id}/act/",
        {"action": "stand", "version": str(table.version)},
        headers=HX,
    )
    assert 'id="new-session"' not in act.content.decode()


def test_the_empty_table_s_new_session_form_asks_nothing() -> None:
    html = Client().get("/en/table/").content.decode()
    form = re.search(r'<form id="new-session"[^>]*>', html)
    assert form is not None and "data-confirm" not in form.group(0)


@pytest.mark.parametrize(
    ("bet", "message"),
    [
        ("ten", "Enter your bet as a whole number of chips."),
        ("2", "Bets at this table are from 5 to 500 chips."),
    ],
)
def test_a_refused_first_bet_opens_no_table(bet: str, message: str) -> None:
    client = Client()
    response = client.post("/en/table/deal/", {"bet": bet, "version": "0"}, headers=HX)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert 'hx-post="/en/table/deal/"' in response.content.decode()
    assert TableSession.objects.count() == 0
    assert Session.objects.count() == 0


def test_a_first_deal_from_a_stale_page_goes_to_the_open_table_and_is_refused() -> None:
    """Two tabs on the empty table: the first deals; the second's form (version 0) finds
    the table opened and played, and is refused as any stale form is."""
    client = Client()
    client.post("/en/table/deal/", {"bet": "10", "version": "0"})
    table = TableSession.objects.get()
    before = (table.version, table.state, table.bankroll)

    response = client.post("/en/table/deal/", {"bet": "10", "version": "0"}, headers=HX)

    assert "That click was already handled" in response.content.decode()
    table = TableSession.objects.get()
    assert (table.version, table.state, table.bankroll) == before
