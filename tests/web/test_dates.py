"""Dates as each language writes them (trainer/formats: FORMAT_MODULE_PATH)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.template import Context, Template
from django.utils.translation import override

WHEN = dt.datetime(2026, 12, 1, 7, 4, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "1 Dec 2026, 07:04"),  # not Django's American "12/01/2026 7:04 a.m."
        ("ru", "01.12.2026 07:04"),
        ("bg", "01.12.2026 07:04"),  # Django's Bulgarian has no such format: it was American
        ("hr", "1.12.2026. 07:04"),
        ("sr-latn", "1.12.2026. 07:04"),
    ],
)
def test_short_date_and_time_read_natively(lang: str, text: str):
    template = Template('{{ when|date:"SHORT_DATETIME_FORMAT" }}')
    with override(lang):
        assert template.render(Context({"when": WHEN})) == text
