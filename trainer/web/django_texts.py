"""Django's own texts that our pages show, marked here so that our catalogs translate them.

The sign-up, log-in and password forms show Django's labels, validator messages and form
errors. Django's own translations of them mix forms of address, spell Russian without "ё"
and capitalise the Bulgarian "Ви"; an entry in our catalog for the same msgid wins over
Django's because ``LOCALE_PATHS`` is merged last (tests/web/test_glossary.py checks it).
This module is never imported: ``makemessages`` reads the markers, nothing calls them.
"""

# Django's msgids are copied exactly, with their typographic apostrophes.
# ruff: noqa: RUF001

from __future__ import annotations

from django.utils.translation import gettext_noop, ngettext_lazy

DJANGO_TEXTS = (
    # django.forms: errors of any form field.
    gettext_noop("This field is required."),
    gettext_noop("Enter a valid email address."),
    ngettext_lazy(
        "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
        "limit_value",
    ),
    # django.contrib.auth: the user model's fields and the auth forms.
    gettext_noop("username"),
    gettext_noop("email address"),
    gettext_noop("Password"),
    gettext_noop("Password confirmation"),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ "
        "characters."
    ),
    gettext_noop("A user with that username already exists."),
    gettext_noop("The two password fields didn’t match."),
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be "
        "case-sensitive."
    ),
    gettext_noop("This account is inactive."),
    gettext_noop("Old password"),
    gettext_noop("New password"),
    gettext_noop("New password confirmation"),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    # django.contrib.auth.password_validation: the validators in settings.AUTH_PASSWORD_VALIDATORS.
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        "min_length",
    ),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        "min_length",
    ),
    gettext_noop("This password is too common."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("This password is entirely numeric."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
)
