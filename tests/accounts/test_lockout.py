"""Log-in lock-outs (django-axes, trainer/accounts/lockout.py): after AXES_FAILURE_LIMIT
wrong passwords an account is refused even with the right one, with a message in the
person's language on the log-in page; so is an address that guessed at many accounts; a
different account from another address is unaffected; behind the TLS proxy the address is
the one the proxy saw."""

# The expected strings are Russian: their Cyrillic letters are meant.
# ruff: noqa: RUF001

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory

from tests.accounts.people import PASSWORD, log_in, make_user
from trainer.accounts.lockout import client_ip

pytestmark = pytest.mark.django_db

User = get_user_model()
LIMIT = settings.AXES_FAILURE_LIMIT
MESSAGES = {
    "en": "Too many failed log-ins for this account or from this address. Please try again "
    "in 15 minutes, or set a new password with “Forgot your password?”.",
    "ru": "Слишком много неудачных попыток входа для этой учётной записи или с этого адреса. "
    "Попробуйте снова через 15 минут или задайте новый пароль по ссылке «Забыли пароль?».",
}


def lockout_text(response) -> str:
    match = re.search(r'data-testid="lockout">(.*?)</div>', response.content.decode(), re.S)
    return match.group(1).replace("&#x27;", "'") if match else ""


def test_the_limit_and_cool_off_are_the_chosen_ones() -> None:
    # The numbers the tests below and the README rely on (justified in settings.py).
    assert (LIMIT, settings.AXES_COOLOFF_TIME.total_seconds()) == (10, 15 * 60)
    assert settings.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesStandaloneBackend"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_wrong_passwords_then_the_right_one_is_refused_in_the_person_s_language(lang) -> None:
    make_user("ana")
    guesser = Client(REMOTE_ADDR="127.0.0.9")
    for _ in range(LIMIT - 1):
        response = log_in(guesser, "ana", password="wrong-password", lang=lang)
        assert response.status_code == 200 and lockout_text(response) == ""

    last = log_in(guesser, "ana", password="wrong-password", lang=lang)
    assert last.status_code == 429 and lockout_text(last) == MESSAGES[lang]

    # The right password, from the same browser and from another address: refused.
    for client in (guesser, Client(REMOTE_ADDR="127.0.0.10")):
        response = log_in(client, "ana", password=PASSWORD, lang=lang)
        assert response.status_code == 429
        assert lockout_text(response) == MESSAGES[lang]
        assert 'value="ana"' in response.content.decode()  # the username is kept
        assert "_auth_user_id" not in client.session


def test_another_account_from_another_address_still_logs_in() -> None:
    make_user("ana")
    make_user("boris")
    guesser = Client(REMOTE_ADDR="127.0.0.9")
    for _ in range(LIMIT):
        log_in(guesser, "ana", password="wrong-password")

    other = Client(REMOTE_ADDR="127.0.0.10")
    response = log_in(other, "boris")

    assert response.status_code == 302 and response["Location"] == "/en/table/"
    assert other.session["_auth_user_id"] == str(User.objects.get(username="boris").pk)


def test_an_address_that_guessed_at_many_accounts_is_locked_out() -> None:
    make_user("ana")
    guesser = Client(REMOTE_ADDR="127.0.0.9")
    for n in range(LIMIT):
        log_in(guesser, f"nobody{n}", password="wrong-password")

    # Ana's right password from that address is refused; from her own address it works.
    refused = log_in(guesser, "ana")
    assert refused.status_code == 429 and lockout_text(refused) == MESSAGES["en"]
    assert log_in(Client(REMOTE_ADDR="127.0.0.10"), "ana").status_code == 302


def test_a_right_password_before_the_limit_clears_the_account_s_failures() -> None:
    make_user("ana")
    client = Client(REMOTE_ADDR="127.0.0.9")
    for _ in range(LIMIT - 1):
        log_in(client, "ana", password="wrong-password")
    assert log_in(client, "ana").status_code == 302
    client.post("/en/accounts/logout/")

    # Counting starts again: LIMIT - 1 more failures lock nobody out.
    other = Client(REMOTE_ADDR="127.0.0.10")
    for _ in range(LIMIT - 1):
        assert log_in(other, "ana", password="wrong-password").status_code == 200
    assert log_in(other, "ana").status_code == 302


@pytest.mark.parametrize(
    ("tls_proxy", "forwarded", "address"),
    [
        (True, "203.0.113.7, 127.0.0.5", "127.0.0.5"),  # the proxy appended the last one
        (True, "", "127.0.0.1"),  # no header: REMOTE_ADDR
        (False, "203.0.113.7, 127.0.0.5", "127.0.0.1"),  # no proxy: the header is forged
    ],
)
def test_the_client_address_behind_the_tls_proxy(settings, tls_proxy, forwarded, address):
    settings.TLS_PROXY = tls_proxy
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_ip(request) == address
