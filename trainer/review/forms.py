"""The review pages' filter forms (GET parameters, so a filtered page can be bookmarked).

A bad value never breaks a page: the form reports it in the person's language and the page
is shown with the fields that were valid (``log_filter``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from game.engine.variants import CASINO_VARIANTS, VARIANTS
from game.rulesets.models import custom_id, variant_name
from trainer.review.log import DEVIATIONS, LogFilter
from trainer.review.situations import CATEGORIES, CATEGORY_LABELS
from trainer.web.labels import SEVERITY_LABELS

DRILL_PERIODS = (7, 30, 90, 365)


def variant_choices(logged: Sequence[str]) -> list[tuple[str, str]]:
    """The casino presets and the custom rule sets in the person's log, with their names in
    the active language: the games that can be drilled."""
    variants = list(CASINO_VARIANTS) + sorted(v for v in logged if custom_id(v) is not None)
    return [(v, variant_name(v)) for v in variants]


def log_variant_choices(logged: Sequence[str]) -> list[tuple[str, str]]:
    """``variant_choices`` and the other presets in the person's log (the banker game's
    decisions are graded and logged too, though not drilled): what the filters offer."""
    others = [v for v in VARIANTS if not v.casino and v.name in logged]
    return variant_choices(logged) + [(v.name, variant_name(v.name)) for v in others]


class VariantField(forms.ChoiceField):
    """A variant of ``variant_choices``; empty means every variant."""

    def __init__(self, **kwargs) -> None:
        super().__init__(
            required=False,
            label=_("Game"),
            error_messages={
                "invalid_choice": _("There is no such game here. Choose one from the list.")
            },
            **kwargs,
        )


class StatsFilterForm(forms.Form):
    """The stats page's filter: one variant or all."""

    variant = VariantField()

    def __init__(self, data=None, *, logged: Sequence[str] = ()) -> None:
        super().__init__(data)
        variant = self.fields["variant"]
        assert isinstance(variant, forms.ChoiceField)
        variant.choices = [("", _("All games")), *log_variant_choices(logged)]

    def chosen_variant(self) -> str:
        """The valid variant asked for, "" for all (or for a bad value)."""
        if not self.is_valid() and "variant" in self.errors:
            return ""
        return self.cleaned_data.get("variant", "")


class LogFilterForm(StatsFilterForm):
    """The mistakes page's filter: variant, category, severity and an inclusive date range
    (ISO dates from the date pickers; the language's own date format is accepted too)."""

    category = forms.ChoiceField(
        required=False,
        label=_("Situations"),
        choices=[("", _("All situations")), *((c, CATEGORY_LABELS[c]) for c in CATEGORIES)],
        error_messages={
            "invalid_choice": _("There is no such kind of situation. Choose one from the list.")
        },
    )
    severity = forms.ChoiceField(
        required=False,
        label=_("Mistakes shown"),
        choices=[("", _("Every mistake")), *((s, SEVERITY_LABELS[s]) for s in DEVIATIONS)],
        error_messages={"invalid_choice": _("There is no such grade. Choose one from the list.")},
    )
    date_from = forms.DateField(
        required=False,
        label=pgettext_lazy("date range", "From"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={"invalid": _("Enter a valid date, for example 2025-03-31.")},
    )
    date_to = forms.DateField(
        required=False,
        label=pgettext_lazy("date range", "To"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={"invalid": _("Enter a valid date, for example 2025-03-31.")},
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        start, end = cleaned.get("date_from"), cleaned.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", _("The end date is before the start date."))
        return cleaned

    def log_filter(self) -> LogFilter:
        """The filter of the fields that are valid (an invalid field filters nothing)."""
        self.is_valid()
        valid = {k: v for k, v in self.cleaned_data.items() if k not in self.errors}
        return LogFilter(
            variant=valid.get("variant") or "",
            category=valid.get("category") or "",
            severity=valid.get("severity") or "",
            date_from=valid.get("date_from"),
            date_to=valid.get("date_to"),
        )
