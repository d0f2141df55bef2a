"""Two sign-ups of one username at the same moment: the second gets the form's message,
not a server error (found by a breaker with 20 simultaneous posts)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from trainer.accounts import forms

pytestmark = pytest.mark.django_db


def test_username_taken_between_validation_and_save_is_an_inline_error(monkeypatch) -> None:
    # Another request makes the same user after this form's uniqueness check has passed:
    # the check is skipped here, so the database's unique constraint is what refuses.
    User.objects.create_user("twin", password="Rival-pass-123")
    monkeypatch.setattr(
        forms.SignUpForm, "clean_username", lambda self: self.cleaned_data["username"]
    )
    client = Client()
    response = client.post(
        "/ru/accounts/signup/",
        {"username": "twin", "password1": "Xq9!long-pass", "password2": "Xq9!long-pass"},
    )
    assert response.status_code == 200
    assert "Это имя пользователя уже занято. Выберите другое." in response.content.decode()
    assert User.objects.filter(username="twin").count() == 1
    assert "_auth_user_id" not in client.session  # nobody was logged in
