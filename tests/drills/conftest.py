"""The drills' tests read English messages unless a test chooses another language: each runs
under ``translation.override("en")`` (another suite may leave a language active)."""

from collections.abc import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield
