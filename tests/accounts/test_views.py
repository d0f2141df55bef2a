"""The account pages through Django's test client: sign-up, log-in, log-out, password
reset (through the locmem outbox) and change, in the person's language; bad input answered
inline and changing nothing; CSRF; ``next`` kept on this site; the header corner."""

# The expected strings are Russian and Bulgarian: their Cyrillic letters are meant.
# ruff: noqa: RUF001

from __future__ import annotations

import re
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core import mail
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.urls import resolve
from django.utils import translation

from tests.accounts.people import PASSWORD, browser, log_in, make_user, session_visitor
from trainer.accounts.models import Account

pytestmark = pytest.mark.django_db

User = get_user_model()
NEW_PASSWORD = "An0ther-secret-42"


def main_text(response) -> str:
    """The page's <main> as text, tags dropped and spaces collapsed."""
    html = response.content.decode()
    main = html[html.index("<main") : html.index("</main>")]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)).strip()


def sign_up(client: Client, lang: str = "en", **fields):
    data = {"username": "ana", "email": "", "password1": PASSWORD, "password2": PASSWORD}
    return client.post(f"/{lang}/accounts/signup/", {**data, **fields})


# -- sign-up ------------------------------------------------------------------------------------
def test_sign_up_makes_the_user_and_account_and_logs_in() -> None:
    client = browser()

    response = sign_up(client, email="ana@example.com")

    assert response.status_code == 302 and response["Location"] == "/en/table/"
    user = User.objects.get(username="ana")
    assert user.email == "ana@example.com" and user.check_password(PASSWORD)
    assert client.session["_auth_user_id"] == str(user.pk)
    assert Account.objects.get(user=user).visitor == session_visitor(client)
    table_page = client.get("/en/table/", follow=True)
    assert "Welcome, ana! Your account keeps your tables and decisions." in main_text(table_page)


@pytest.mark.parametrize(
    ("lang", "heading", "email_label", "button"),
    [
        ("en", "Sign up", "Email address", "Create the account"),
        ("sr-latn", "Registrujte se", "Imejl adresa", "Napravite nalog"),
        ("hr", "Registrirajte se", "E-mail adresa", "Izradite račun"),
        ("ru", "Регистрация", "Адрес электронной почты", "Создать учётную запись"),
        ("bg", "Регистрация", "Имейл адрес", "Създайте профил"),
    ],
)
def test_the_sign_up_page_speaks_the_person_s_language(lang, heading, email_label, button):
    response = Client().get(f"/{lang}/accounts/signup/")

    assert response.status_code == 200
    html = response.content.decode()
    assert f"<h1>{heading}</h1>" in html
    assert f'<label class="field-label" for="id_email">{email_label}</label>' in html
    assert f'<button type="submit">{button}</button>' in html
    with translation.override(lang):
        username_label = str(User._meta.get_field("username").verbose_name).capitalize()
    assert f'for="id_username">{username_label}</label>' in html


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "A user with that username already exists."),
        ("ru", "Это имя пользователя уже занято. Выберите другое."),
        ("sr-latn", "Korisničko ime je zauzeto. Izaberite drugo."),
    ],
)
def test_a_taken_username_is_refused_inline_and_nothing_is_made(lang, message) -> None:
    make_user("ana")
    users, accounts = User.objects.count(), Account.objects.count()
    client = browser()

    response = sign_up(client, lang, username="ANA")  # case-insensitively the same

    assert response.status_code == 200
    assert message in main_text(response)
    assert (User.objects.count(), Account.objects.count()) == (users, accounts)
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "The two password fields didn’t match."),
        ("bg", "Двете въведени пароли не съвпадат."),
    ],
)
def test_passwords_that_differ_are_refused_inline(lang, message) -> None:
    response = sign_up(Client(), lang, password2=PASSWORD + "x")

    assert response.status_code == 200
    assert message in main_text(response)
    assert not User.objects.exists() and not Account.objects.exists()


def test_a_weak_password_is_refused_by_django_s_validators() -> None:
    response = sign_up(Client(), "en", password1="12345678", password2="12345678")

    assert response.status_code == 200
    text = main_text(response)
    assert "This password is too common." in text
    assert "This password is entirely numeric." in text
    assert not User.objects.exists()


def test_sign_up_goes_to_a_same_site_next_and_ignores_another_site() -> None:
    assert sign_up(Client(), next="/en/rules/new/")["Location"] == "/en/rules/new/"
    evil = sign_up(Client(), username="boris", next="https://evil.example/steal")
    assert evil["Location"] == "/en/table/"
    assert User.objects.count() == 2


# -- log-in and log-out -------------------------------------------------------------------------
def test_log_in_and_its_message() -> None:
    make_user("ana")
    client = Client()

    response = log_in(client, "ana")

    assert response.status_code == 302 and response["Location"] == "/en/table/"
    assert "You are logged in as ana." in main_text(client.get("/en/table/", follow=True))


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        (
            "en",
            "Please enter a correct username and password. Note that both fields may be "
            "case-sensitive.",
        ),
        (
            "ru",
            "Введите правильные имя пользователя и пароль. Учтите, что в обоих полях важен "
            "регистр букв.",
        ),
        (
            "hr",
            "Unesite ispravno korisničko ime i lozinku. Pazite na velika i mala slova u oba polja.",
        ),
    ],
)
def test_a_wrong_password_is_refused_inline_in_the_person_s_language(lang, message) -> None:
    make_user("ana")
    client = Client()

    response = log_in(client, "ana", password="wrong-password", lang=lang)

    assert response.status_code == 200
    assert message in main_text(response)
    assert "_auth_user_id" not in client.session
    assert response.content.decode().count('data-testid="form-errors"') == 1


def test_log_in_needs_the_csrf_token() -> None:
    make_user("ana")
    client = Client(enforce_csrf_checks=True)

    refused = log_in(client, "ana")
    assert refused.status_code == 403
    assert "_auth_user_id" not in client.session

    page = client.get("/en/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    assert token is not None
    accepted = log_in(client, "ana", csrfmiddlewaretoken=token.group(1))
    assert accepted.status_code == 302
    assert "_auth_user_id" in client.session


@pytest.mark.parametrize(
    ("next_url", "lands_on"),
    [
        ("/en/rules/new/", "/en/rules/new/"),
        ("https://evil.example/", "/en/table/"),
        ("//evil.example/", "/en/table/"),
        ("javascript:alert(1)", "/en/table/"),
    ],
)
def test_log_in_follows_only_a_same_site_next(next_url, lands_on) -> None:
    make_user("ana")
    assert log_in(Client(), "ana", next=next_url)["Location"] == lands_on


def test_the_log_in_page_keeps_a_safe_next_in_the_form_only() -> None:
    safe = Client().get("/en/accounts/login/?next=/en/rules/new/").content.decode()
    assert '<input type="hidden" name="next" value="/en/rules/new/">' in safe
    unsafe = Client().get("/en/accounts/login/?next=https://evil.example/").content.decode()
    form = unsafe[unsafe.index('<form class="account-form"') : unsafe.index("</form>")]
    assert 'name="next"' not in form


def test_log_out_is_a_post_and_says_so_on_the_log_in_page() -> None:
    make_user("ana")
    client = Client()
    log_in(client, "ana")

    assert client.get("/en/accounts/logout/").status_code == 405
    assert "_auth_user_id" in client.session

    response = client.post("/ru/accounts/logout/", follow=True)
    assert response.redirect_chain == [("/ru/accounts/login/", 302)]
    assert "Вы вышли. Ваши столы и решения сохранены в вашей учётной записи." in main_text(response)
    assert "_auth_user_id" not in client.session


# -- password reset -----------------------------------------------------------------------------
def reset_link(message) -> str:
    match = re.search(r"http://testserver(/[a-z-]+/accounts/reset/[^/\s]+/[^/\s]+/)", message.body)
    assert match, message.body
    return match.group(1)


@pytest.mark.parametrize(
    ("lang", "subject", "lines"),
    [
        (
            "en",
            "A new password for the blackjack trainer",
            [
                "Hello ana,",
                "Someone (we hope it was you) asked to reset the password of your account at "
                "testserver. Open this link to choose a new password:",
                "The link works once, for 3 days.",
                "Your username: ana",
            ],
        ),
        (
            "ru",
            "Новый пароль для тренажёра блэкджека",
            [
                "Здравствуйте, ana!",
                "Кто-то (надеемся, что вы) попросил сбросить пароль вашей учётной записи на "
                "testserver. Откройте эту ссылку, чтобы выбрать новый пароль:",
                "Ссылка действует 3 дня и только один раз.",
                "Ваше имя пользователя: ana",
            ],
        ),
        (
            "bg",
            "Нова парола за тренажора по блекджек",
            [
                "Здравейте, ana,",
                "Връзката е валидна 3 дни и може да се използва само веднъж.",
                "Вашето потребителско име: ana",
            ],
        ),
    ],
)
def test_password_reset_from_the_email_to_a_new_password(lang, subject, lines) -> None:
    user = make_user("ana", email="ana@example.com")
    client = Client()

    sent = client.post(f"/{lang}/accounts/reset/", {"email": "ana@example.com"})

    assert sent.status_code == 302 and sent["Location"] == f"/{lang}/accounts/reset/sent/"
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ana@example.com"]
    assert message.subject == subject
    body_lines = message.body.splitlines()
    for line in lines:
        assert line in body_lines
    link = reset_link(message)
    assert link.startswith(f"/{lang}/accounts/reset/")

    # Django swaps the token for a session key and asks for the new password.
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    form_url = form_page.redirect_chain[-1][0]
    assert form_url.endswith("/set-password/")
    done = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done["Location"] == f"/{lang}/accounts/reset/done/"
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    # The link was good once.
    again = client.get(link, follow=True)
    with translation.override(lang):
        assert translation.gettext("This link does not work") in main_text(again)
    assert log_in(Client(), "ana", password=PASSWORD).status_code == 200
    assert log_in(Client(), "ana", password=NEW_PASSWORD).status_code == 302


def test_password_reset_for_an_unknown_address_sends_nothing_but_says_the_same() -> None:
    make_user("ana", email="ana@example.com")

    response = Client().post("/en/accounts/reset/", {"email": "nobody@example.com"}, follow=True)

    assert response.redirect_chain == [("/en/accounts/reset/sent/", 302)]
    assert "If an account has this email address" in main_text(response)
    assert mail.outbox == []


def test_password_reset_with_a_bad_address_is_refused_inline() -> None:
    response = Client().post("/hr/accounts/reset/", {"email": "not an address"})

    assert response.status_code == 200
    assert "Unesite ispravnu e-mail adresu." in main_text(response)
    assert mail.outbox == []


def test_a_forged_reset_link_says_it_does_not_work() -> None:
    make_user("ana", email="ana@example.com")

    response = Client().get("/sr-latn/accounts/reset/MQ/forged-token/")

    assert response.status_code == 200
    text = main_text(response)
    assert "Ovaj link ne radi" in text
    assert "Link je istekao ili je već iskorišćen. Zatražite novi." in text


# -- password change ----------------------------------------------------------------------------
def test_password_change_needs_a_log_in() -> None:
    response = Client().get("/en/accounts/password/")
    assert response["Location"] == "/en/accounts/login/?next=/en/accounts/password/"


def test_password_change_keeps_the_person_logged_in() -> None:
    user = make_user("ana")
    client = Client()
    log_in(client, "ana")

    response = client.post(
        "/en/accounts/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response["Location"] == "/en/accounts/password/done/"
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert client.get("/en/accounts/password/").status_code == 200  # still logged in


def test_password_change_with_a_wrong_old_password_changes_nothing() -> None:
    user = make_user("ana")
    client = Client()
    log_in(client, "ana")

    response = client.post(
        "/ru/accounts/password/",
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response.status_code == 200
    assert "Старый пароль введён неверно. Введите его ещё раз." in main_text(response)
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


# -- the header corner --------------------------------------------------------------------------
def header(path: str, user=None) -> str:
    request = RequestFactory().get(path)
    request.user = user or AnonymousUser()
    request.session = {}  # the context processors read it
    with translation.override(path.split("/")[1]):
        request.resolver_match = resolve(path)
        return render_to_string("accounts/header.html", {"user": request.user}, request=request)


def test_the_header_offers_log_in_and_sign_up_coming_back_to_the_page() -> None:
    html = header("/en/rules/new/")
    login = '<a href="/en/accounts/login/?next=/en/rules/new/" data-testid="login-link">Log in</a>'
    signup = '<a href="/en/accounts/signup/?next=/en/rules/new/" data-testid="signup-link">'
    assert login in html
    assert signup + "Sign up</a>" in html
    assert "logout" not in html


def test_the_header_at_the_table_logs_in_to_the_person_s_own_table() -> None:
    html = header(f"/bg/table/{uuid.uuid4()}/")
    assert '<a href="/bg/accounts/login/" data-testid="login-link">Вход</a>' in html
    assert '<a href="/bg/accounts/signup/" data-testid="signup-link">Регистрация</a>' in html


def test_the_header_shows_the_username_and_a_log_out_form() -> None:
    user = make_user("ana")
    html = header("/hr/rules/new/", user)
    assert ">ana</a>" in html
    assert '<form class="logout-form" method="post" action="/hr/accounts/logout/">' in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert ">Odjavite se</button>" in html
    assert "login-link" not in html


def test_log_in_and_log_out_clear_the_offline_copies() -> None:
    """The service worker's offline pages carry the header of the person who read them:
    when the person changes, Clear-Site-Data "storage" removes them (and the worker), while
    the cookies stay."""
    make_user("ana")
    client = Client()
    assert log_in(client, "ana")["Clear-Site-Data"] == '"storage"'
    assert client.post("/en/accounts/logout/")["Clear-Site-Data"] == '"storage"'
    # A failed log-in changes no one: nothing is cleared.
    failed = client.post("/en/accounts/login/", {"username": "ana", "password": "wrong"})
    assert failed.status_code == 200
    assert "Clear-Site-Data" not in failed
