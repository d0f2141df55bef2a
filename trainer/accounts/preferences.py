"""The settings page (``/<lang>/accounts/settings/``): the daily goal, FSRS's desired
retention and the drills' auto-advance (``trainer.web.models.Preferences``), for every
visitor, with or without an account (an account carries them through its visitor id).

It lives in the accounts app, the page of the person's own things, rather than an app of
its own: a new page app would be a fifth member of the pages layer for one form.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from trainer.web.models import (
    DEFAULT_RETENTION,
    MAX_DAILY_GOAL,
    MAX_RETENTION,
    MIN_RETENTION,
    Preferences,
)
from trainer.web.visitors import visitor_id


class RetentionField(forms.DecimalField):
    """A decimal such as 0.90; a decimal comma (0,90, as written in sr, hr, ru and bg) is
    read as a point."""

    def to_python(self, value: Any) -> Decimal | None:  # type: ignore[override]
        # django-stubs types DecimalField.to_python as IntegerField's (int | None).
        if isinstance(value, str):
            value = value.strip().replace(",", ".")
        return super().to_python(value)


class SettingsForm(forms.ModelForm):
    """The three settings, each checked against its allowed range with a message saying
    the range (nothing is saved while any is wrong)."""

    daily_goal = forms.IntegerField(
        label=_("Daily goal"),
        min_value=1,
        max_value=MAX_DAILY_GOAL,
        help_text=_(
            "Decisions a day: table decisions and drill answers together. "
            "Days run from midnight to midnight in your time zone."
        ),
        error_messages={
            "required": _("Enter a daily goal."),
            "invalid": _("Enter the goal as a whole number of decisions."),
            "min_value": _("The daily goal is at least %(limit_value)s decision."),
            "max_value": _("The daily goal is at most %(limit_value)s decisions."),
        },
        widget=forms.NumberInput(attrs={"min": 1, "max": MAX_DAILY_GOAL, "step": 1}),
    )
    desired_retention = RetentionField(
        label=_("Desired retention"),
        min_value=MIN_RETENTION,
        max_value=MAX_RETENTION,
        max_digits=3,
        decimal_places=2,
        error_messages={
            "required": _("Enter a desired retention."),
            "invalid": _("Enter the desired retention as a number such as 0.90."),
            "max_decimal_places": _("Give the desired retention with at most two decimals."),
            "max_digits": _("Give the desired retention with at most two decimals."),
            "max_whole_digits": _("The desired retention is a number below 1."),
        },
        widget=forms.NumberInput(
            attrs={"min": MIN_RETENTION, "max": MAX_RETENTION, "step": "0.01"}
        ),
    )
    auto_advance = forms.BooleanField(
        label=_("Move on by itself after a right answer"),
        required=False,
        help_text=_(
            "In drills, a right answer goes to the next question after a short pause; "
            "a wrong one waits until you have read why. Off: click Next every time."
        ),
    )

    class Meta:
        model = Preferences
        fields = ("daily_goal", "desired_retention", "auto_advance")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The range in the page's language's numbers (0,70 in sr, hr, ru and bg).
        low, high = (number_format(v, 2) for v in (MIN_RETENTION, MAX_RETENTION))
        messages = self.fields["desired_retention"].error_messages
        messages["min_value"] = _("The desired retention is at least %(low)s.") % {"low": low}
        messages["max_value"] = _("The desired retention is at most %(high)s.") % {"high": high}

    def retention_help(self) -> dict[str, Decimal]:
        """The numbers of the retention's explanation."""
        return {"default": DEFAULT_RETENTION, "low": MIN_RETENTION, "high": MAX_RETENTION}


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def settings_page(request: HttpRequest) -> HttpResponse:
    """The settings form, filled with the visitor's settings (the defaults before any are
    saved). A valid post saves them for the visitor (made if needed) and comes back here
    with a success message; an invalid one shows the form again (200: htmx 2 would not
    swap a 4xx) with a message by each wrong field, saving nothing."""
    if request.method == "POST":
        form = SettingsForm(request.POST)
        if form.is_valid():
            Preferences.objects.update_or_create(
                visitor=visitor_id(request), defaults=form.cleaned_data
            )
            messages.success(request, _("Your settings are saved."))
            return redirect("accounts:settings")
    else:
        form = SettingsForm(instance=Preferences.of(visitor_id(request, create=False)))
    return render(
        request,
        "accounts/settings.html",
        {"form": form, "retention": form.retention_help()},
    )
