"""The settings page (trainer/accounts/preferences.py): the visitor's daily goal, desired
retention and auto-advance, validated with messages in the page's language; nothing saved
from a bad form."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from django.test import Client

from tests.accounts.people import browser, make_user
from tests.helpers import client_for
from trainer.web.models import Preferences

pytestmark = pytest.mark.django_db


def test_the_page_shows_the_defaults_and_explains_the_retention() -> None:
    response = Client().get("/en/accounts/settings/")

    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="daily_goal" value="30"' in html
    assert 'name="desired_retention" value="0.90"' in html
    assert 'name="auto_advance"' in html and "checked" in html
    assert "The chance that you still know a situation when the drills bring it back." in html
    assert "Higher means more reviews" in html
    assert "The default is 0.90; you can choose from 0.70 to 0.97." in html
    assert not Preferences.objects.exists()


def test_saving_keeps_the_settings_for_an_anonymous_visitor() -> None:
    visitor = uuid.uuid4()
    client = client_for(visitor)

    response = client.post(
        "/en/accounts/settings/",
        {"daily_goal": "45", "desired_retention": "0.85"},  # auto-advance unticked
        follow=True,
    )

    assert response.redirect_chain == [("/en/accounts/settings/", 302)]
    assert "Your settings are saved." in response.content.decode()
    saved = Preferences.objects.get(visitor=visitor)
    assert (saved.daily_goal, saved.desired_retention, saved.auto_advance) == (
        45,
        Decimal("0.85"),
        False,
    )
    # Shown again filled in; a second save changes the same row.
    assert 'name="daily_goal" value="45"' in response.content.decode()
    client.post("/en/accounts/settings/", {"daily_goal": "20", "desired_retention": "0.9"})
    assert Preferences.objects.get(visitor=visitor).daily_goal == 20
    assert Preferences.objects.count() == 1


def test_a_visitor_without_an_id_gets_one_on_saving() -> None:
    client = Client()
    client.post(
        "/en/accounts/settings/",
        {"daily_goal": "10", "desired_retention": "0.95", "auto_advance": "on"},
    )
    saved = Preferences.objects.get()
    assert str(saved.visitor) == client.session["visitor"]
    assert saved.auto_advance is True


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"daily_goal": "0", "desired_retention": "0.90"}, "The daily goal is at least 1"),
        ({"daily_goal": "501", "desired_retention": "0.90"}, "at most 500 decisions"),
        ({"daily_goal": "ten", "desired_retention": "0.90"}, "whole number of decisions"),
        ({"daily_goal": "", "desired_retention": "0.90"}, "Enter a daily goal."),
        ({"daily_goal": "30", "desired_retention": "0.69"}, "at least 0.70"),
        ({"daily_goal": "30", "desired_retention": "0.98"}, "at most 0.97"),
        ({"daily_goal": "30", "desired_retention": "0.905"}, "at most two decimals"),
        ({"daily_goal": "30", "desired_retention": "90%"}, "a number such as 0.90"),
    ],
)
def test_bad_input_is_refused_inline_and_nothing_is_saved(data: dict, message: str) -> None:
    visitor = uuid.uuid4()
    Preferences.objects.create(visitor=visitor, daily_goal=12)

    response = client_for(visitor).post("/en/accounts/settings/", data)

    assert response.status_code == 200
    html = response.content.decode()
    assert message in html
    assert 'data-testid="field-error"' in html
    assert "Nothing was saved" in html
    assert Preferences.objects.get(visitor=visitor).daily_goal == 12


def test_serbian_messages_and_a_decimal_comma() -> None:
    visitor = uuid.uuid4()
    client = client_for(visitor)

    refused = client.post(
        "/sr-latn/accounts/settings/", {"daily_goal": "600", "desired_retention": "0,5"}
    )
    html = refused.content.decode()
    assert "Dnevni cilj je najviše 500 odluka." in html
    assert "Željeno pamćenje je najmanje 0,70." in html
    assert "Ništa nije sačuvano" in html
    assert not Preferences.objects.filter(visitor=visitor).exists()

    saved = client.post(
        "/sr-latn/accounts/settings/",
        {"daily_goal": "25", "desired_retention": "0,93"},
        follow=True,
    )
    assert "Podešavanja su sačuvana." in saved.content.decode()
    assert "Verovatnoća da situaciju još znate" in saved.content.decode()
    assert Preferences.objects.get(visitor=visitor).desired_retention == Decimal("0.93")


def test_an_account_carries_the_settings_through_its_visitor_id() -> None:
    account_visitor = uuid.uuid4()
    user = make_user("ana", visitor=account_visitor)
    home = browser()
    home.force_login(user)
    home.post("/en/accounts/settings/", {"daily_goal": "50", "desired_retention": "0.80"})

    elsewhere = browser(uuid.uuid4())
    elsewhere.force_login(user)
    html = elsewhere.get("/en/accounts/settings/").content.decode()

    assert Preferences.objects.get().visitor == account_visitor
    assert 'name="daily_goal" value="50"' in html
    assert 'name="desired_retention" value="0.80"' in html
