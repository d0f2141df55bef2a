"""Accounts tests hash passwords with MD5: the real hasher is slow on purpose."""

import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
