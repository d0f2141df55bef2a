"""The sign-up form (Django's UserCreationForm with an optional email address, the only way
to reset a forgotten password) and the password-reset form with the same email label."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

# One label for the address in both forms (Django's own differ from form to form).
EMAIL_LABEL = _("Email address")


class SignUpForm(UserCreationForm):
    """A username, an optional email address and the password twice; Django's validators
    and messages (duplicate username, passwords that differ, weak passwords)."""

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        labels = {"email": EMAIL_LABEL}
        help_texts = {
            "email": _("Optional. Only used to send you a link if you forget your password."),
        }


class ResetForm(PasswordResetForm):
    """Django's password-reset form, the address labelled as at sign-up."""

    email = forms.EmailField(
        label=EMAIL_LABEL,
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
