"""The form that starts a drill: a variant, a category and, for "my mistakes", a period."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from trainer.drills.drilling import MAX_DAYS, NO_SUCH_GAME
from trainer.drills.items import CATEGORIES

# The periods offered for "my mistakes" (days); empty means every mistake on record.
PERIODS = (7, 30, 90, 365)


class StartForm(forms.Form):
    """``variant``: a preset or "custom-<id>" (checked when the drill starts, so a rule set
    posted by another page is accepted); ``category``: one of situations.CATEGORIES;
    ``days``: 1..3650, optional."""

    variant = forms.CharField(
        max_length=40,
        error_messages={
            "required": _("Choose a game to drill."),
            # Django's CharField refuses NUL bytes (PostgreSQL cannot store them): no game.
            "null_characters_not_allowed": NO_SUCH_GAME,
        },
    )
    category = forms.ChoiceField(
        choices=[(c, c) for c in CATEGORIES],
        error_messages={
            "required": _("Choose one of the categories."),
            "invalid_choice": _("Choose one of the categories."),
        },
    )
    # A speed run (speed.py) instead of an ordinary drill.
    speed = forms.BooleanField(required=False)
    days = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_DAYS,
        error_messages={
            "invalid": _("Enter the period as a whole number of days from 1 to 3650."),
            "min_value": _("Enter the period as a whole number of days from 1 to 3650."),
            "max_value": _("Enter the period as a whole number of days from 1 to 3650."),
        },
    )
