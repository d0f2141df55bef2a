"""A reason's percentage (trainer/review/explain.py) as each language writes it: "21%" in
English, "21 %" with a no-break space in Russian and Bulgarian (trainer/web/numbers.py)."""

from __future__ import annotations

import re

import pytest
from django.utils.translation import override

from game.engine.rules import RUSSIAN
from trainer.review.explain import reason


@pytest.mark.parametrize(("lang", "sign"), [("en", "%"), ("ru", "\u00a0%"), ("bg", "\u00a0%")])
def test_a_reasons_percentage_is_written_as_its_language_writes_it(lang: str, sign: str):
    """Hard 16 against a 10 (6 decks): the dealer busts about 21 % of the time."""
    with override(lang):
        text = reason(
            ["TS", "6D"], "TH", RUSSIAN, {"hit": -0.5398, "stand": -0.5749}, "hit", insurance=False
        )
    assert re.search(rf"\b2\d{re.escape(sign)}", text), text


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # hitting a hard 21: no bust rate of the dealer's, the 21 itself is the reason
        (
            ["TS", "5D", "6C"],
            "No card can make a 21 better: standing is worth 1.000 of the bet more than the "
            "next best play (Hit).",
        ),
        # a soft 21 of three cards: the same
        (
            ["AS", "4D", "6C"],
            "No card can make a 21 better: standing is worth 1.000 of the bet more than the "
            "next best play (Hit).",
        ),
    ],
)
def test_standing_on_21_gives_the_21_as_the_reason(hand: list[str], expected: str):
    with override("en"):
        text = reason(hand, "9H", RUSSIAN, {"hit": -0.1, "stand": 0.9}, "stand", insurance=False)
    assert text == expected
    with override("ru"):
        text = reason(hand, "9H", RUSSIAN, {"hit": -0.1, "stand": 0.9}, "stand", insurance=False)
    assert text.startswith("Никакая карта не улучшит 21: остановиться выгоднее на 1,000")
