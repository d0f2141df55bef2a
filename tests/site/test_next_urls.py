"""Every view that redirects to a visitor-supplied ``next`` (trainer/web/redirects.py): a value
that is no URL of this site (``true``, ``welcome``, another host, ``javascript:``) falls back
to the view's safe page instead of a 500 or a jump elsewhere; a page of this site is kept."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory

from game.engine.variants import find_rules
from game.rulesets.models import Analysis, RuleSet
from tests.accounts.people import PASSWORD, log_in, make_user
from trainer.web.redirects import is_safe_next
from trainer.web.visitors import STANDARD_KEY

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_password_hashing(settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


BAD = [
    "true",
    "welcome",
    "game:home",
    "https://evil.example/",
    "//evil.example/",
    "javascript:alert(1)",
]


@pytest.mark.parametrize("target", BAD)
def test_the_grading_toggle_ignores_a_bad_next(target) -> None:
    client = Client()
    response = client.post("/en/settings/grading/", {"standard": "chart", "next": target})
    assert response.status_code == 302 and response["Location"] == "/en/table/"
    assert client.session[STANDARD_KEY] == "chart"


@pytest.mark.parametrize("target", BAD)
def test_the_grading_toggle_ignores_a_bad_next_through_htmx(target) -> None:
    response = Client().post(
        "/en/settings/grading/",
        {"standard": "exact", "next": target},
        headers={"HX-Request": "true"},
    )
    assert response["HX-Redirect"] == "/en/table/"


@pytest.mark.parametrize("target", ["/en/rulebook/european/?x=1", "http://testserver/en/review/"])
def test_the_grading_toggle_goes_back_to_a_page_of_this_site(target) -> None:
    response = Client().post("/en/settings/grading/", {"standard": "exact", "next": target})
    assert response["Location"] == target


@pytest.mark.parametrize("target", BAD)
def test_sign_up_with_a_bad_next_makes_the_account_and_goes_to_the_table(target) -> None:
    client = Client()
    response = client.post(
        f"/en/accounts/signup/?next={target}",
        {"username": "ana", "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302 and response["Location"] == "/en/table/"
    assert get_user_model().objects.filter(username="ana").exists()
    assert "_auth_user_id" in client.session


def test_the_sign_up_page_drops_a_bad_next_from_its_form() -> None:
    html = Client().get("/en/accounts/signup/?next=welcome").content.decode()
    page = html[html.index('data-testid="signup-form"') : html.index("</main>")]
    assert 'name="next"' not in page and "?next=welcome" not in page


@pytest.mark.parametrize("target", BAD)
def test_log_in_with_a_bad_next_goes_to_the_table(target) -> None:
    make_user("ana")
    response = log_in(Client(), "ana", next=target)
    assert response.status_code == 302 and response["Location"] == "/en/table/"


def test_the_log_in_page_drops_a_bad_next_from_its_form() -> None:
    html = Client().get("/en/accounts/login/?next=welcome").content.decode()
    page = html[html.index('data-testid="login-form"') : html.index("</main>")]
    assert 'name="next"' not in page and "?next=welcome" not in page


@pytest.mark.parametrize("target", BAD)
def test_log_out_with_a_bad_next_goes_to_the_log_in_page(target) -> None:
    make_user("ana")
    client = Client()
    log_in(client, "ana")
    response = client.post("/en/accounts/logout/", {"next": target})
    assert response.status_code == 302 and response["Location"] == "/en/accounts/login/"


def test_log_out_follows_a_next_of_this_site() -> None:
    make_user("ana")
    client = Client()
    log_in(client, "ana")
    response = client.post("/en/accounts/logout/", {"next": "/en/rulebook/"})
    assert response["Location"] == "/en/rulebook/"


@pytest.mark.parametrize(
    ("target", "secure", "safe"),
    [
        ("/en/table/", False, True),
        ("http://testserver/en/table/", False, True),
        ("http://testserver/en/table/", True, False),  # https page: no step down to http
        ("https://testserver/en/table/", True, True),
        ("table/", False, False),
        ("", False, False),
        ("/\\evil.example", False, False),
        ("http://other.example/en/", False, False),
    ],
)
def test_is_safe_next(target, secure, safe) -> None:
    request = RequestFactory().get("/", secure=secure)
    assert is_safe_next(request, target) is safe


@pytest.fixture
def finished_analysis(analysed) -> str:
    """The id of a rule set whose analysis is done: its row (made when it was queued) and
    its results stored, as after a worker ran it."""
    rules = find_rules("european").with_overrides({"decks": 3})
    ruleset = RuleSet.save_rules(rules, "european")
    Analysis.objects.create(rules_id=ruleset.id, rules_json=rules.to_json())
    analysed(rules)
    return ruleset.id


@pytest.mark.parametrize("target", BAD)
def test_a_finished_analysis_sends_a_bad_next_to_the_table(finished_analysis, target) -> None:
    response = Client().get(f"/en/analysis/{finished_analysis}/", {"next": target})
    assert response.status_code == 302 and response["Location"] == "/en/table/"
    response = Client().post(f"/en/analysis/{finished_analysis}/retry/", {"next": target})
    assert response.status_code == 302 and response["Location"] == "/en/table/"


def test_a_finished_analysis_goes_back_to_the_page_that_waited(finished_analysis) -> None:
    chart = f"/en/chart/custom-{finished_analysis}/"
    response = Client().get(f"/en/analysis/{finished_analysis}/", {"next": chart})
    assert response.status_code == 302 and response["Location"] == chart
