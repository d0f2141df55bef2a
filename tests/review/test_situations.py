"""A logged decision's chart cell and categories, from its cards alone (situations.py), and
the situations' names in each language."""

# The expected names are Russian and Bulgarian: their Cyrillic letters are meant.
# ruff: noqa: RUF001

from __future__ import annotations

import pytest
from django.utils.translation import override

from trainer.review.situations import (
    Situation,
    categories_of,
    hand_situation,
    hand_total,
    situation_of,
)

PLAY = ("hit", "stand", "double")
PLAY_SPLIT = (*PLAY, "split")


@pytest.mark.parametrize(
    ("hand", "upcard", "legal", "expected"),
    [
        (["TS", "6D"], "TH", PLAY, Situation("hard", 16, 10)),
        (["QS", "6D"], "KH", PLAY, Situation("hard", 16, 10)),  # any ten-value card is a 10
        (["5S", "4D", "7C"], "6H", PLAY, Situation("hard", 16, 6)),  # three cards: the total
        (["TS", "8D", "3C"], "AH", PLAY, Situation("hard", 17, 1)),  # hard 21 is in 17+
        (["2S", "3D"], "9H", PLAY, Situation("hard", 5, 9)),
        (["AS", "7D"], "9H", PLAY, Situation("soft", 7, 9)),  # A,7: soft 18
        (["AS", "2D", "4C"], "5H", PLAY, Situation("soft", 6, 5)),  # A,2,4 plays as A,6
        (["AS", "6D", "9C"], "5H", PLAY, Situation("hard", 16, 5)),  # the ace counts 1 now
        (["8S", "8D"], "AH", PLAY_SPLIT, Situation("pairs", 8, 1)),
        (["KS", "QD"], "6H", PLAY_SPLIT, Situation("pairs", 10, 6)),  # equal value
        (["AS", "AD"], "6H", PLAY_SPLIT, Situation("pairs", 1, 6)),
        # A pair that may not be split any more is played by its total.
        (["8S", "8D"], "AH", PLAY, Situation("hard", 16, 1)),
        (["AS", "AD"], "6H", PLAY, Situation("other", 12, 6)),  # soft 12: no chart row
        (["2S", "2D"], "6H", PLAY, Situation("other", 4, 6)),  # hard 4: no chart row
        (["AS", "5D", "5C"], "6H", ("hit", "stand"), Situation("other", 21, 6)),  # soft 21
    ],
)
def test_situation_is_the_charts_cell(hand, upcard, legal, expected) -> None:
    assert situation_of(hand, upcard, insurance=False, legal=legal) == expected


def test_insurance_decision_is_its_own_situation() -> None:
    found = situation_of(["TS", "9D"], "AH", insurance=True, legal=("insurance", "no_insurance"))
    assert found == Situation("insurance", 0, 1)
    assert categories_of(found, ["TS", "9D"], "insurance", "no_insurance") == {"insurance"}


@pytest.mark.parametrize(
    ("hand", "legal", "action", "best", "chart", "expected"),
    [
        (["TS", "6D"], PLAY, "hit", "hit", "hit", {"hard"}),
        (["AS", "7D"], PLAY, "stand", "double", "double", {"soft"}),
        (["8S", "8D"], PLAY_SPLIT, "hit", "split", "split", {"pairs"}),
        # Surrender chosen, best or the chart's play: a decision about surrendering.
        (["TS", "6D"], (*PLAY, "surrender"), "surrender", "hit", "hit", {"hard", "surrender"}),
        (
            ["TS", "6D"],
            (*PLAY, "surrender"),
            "hit",
            "surrender",
            "surrender",
            {"hard", "surrender"},
        ),
        (["TS", "5D"], (*PLAY, "surrender"), "stand", "hit", "surrender", {"hard", "surrender"}),
        # Surrender merely offered is not a surrender decision.
        (["TS", "2D"], (*PLAY, "surrender"), "hit", "stand", "stand", {"hard"}),
        (["2S", "2D"], PLAY, "hit", "hit", "hit", {"hard"}),  # "other" hard 4
        (["AS", "5D", "5C"], ("hit", "stand"), "hit", "stand", "stand", {"soft"}),  # soft 21
    ],
)
def test_categories(hand, legal, action, best, chart, expected) -> None:
    found = situation_of(hand, "TH", insurance=False, legal=legal)
    assert categories_of(found, hand, action, best, chart) == expected


@pytest.mark.parametrize(
    ("lang", "labels"),
    [
        (
            "en",
            [
                "Hard 16 against 10",
                "Soft 18 (A,7) against A",
                "Pair 8,8 against 9",
                "Hard 17+ against 2",
                "Insurance against A",
            ],
        ),
        (
            "ru",
            [
                "Жёсткая сумма 16 против 10",
                "Мягкая сумма 18 (A,7) против A",
                "Пара 8,8 против 9",
                "Жёсткая сумма 17+ против 2",
                "Страховка против A",
            ],
        ),
        (
            "bg",
            [
                "Твърд сбор 16 срещу 10",
                "Мек сбор 18 (A,7) срещу A",
                "Чифт 8,8 срещу 9",
                "Твърд сбор 17+ срещу 2",
                "Застраховка срещу A",
            ],
        ),
        (
            "sr-latn",
            [
                "Tvrdi zbir 16 protiv 10",
                "Meki zbir 18 (A,7) protiv A",
                "Par 8,8 protiv 9",
                "Tvrdi zbir 17+ protiv 2",
                "Osiguranje protiv A",
            ],
        ),
        (
            "hr",
            [
                "Tvrdi zbroj 16 protiv 10",
                "Meki zbroj 18 (A,7) protiv A",
                "Par 8,8 protiv 9",
                "Tvrdi zbroj 17+ protiv 2",
                "Osiguranje protiv A",
            ],
        ),
    ],
)
def test_situation_labels_in_each_language(lang, labels) -> None:
    situations = [
        Situation("hard", 16, 10),
        Situation("soft", 7, 1),
        Situation("pairs", 8, 9),
        Situation("hard", 17, 2),
        Situation("insurance", 0, 1),
    ]
    with override(lang):
        assert [s.label for s in situations] == labels


@pytest.mark.parametrize(
    ("hand", "upcard", "legal", "cell", "hand_sit", "label"),
    [
        # The chart's last hard row holds 17 to 21: the hand keeps its own total.
        (
            ["4S", "TD", "6C"],
            "8H",
            PLAY,
            Situation("hard", 17, 8),
            Situation("hard", 17, 8, 20),
            "Hard 20 against 8",
        ),
        (
            ["TS", "7D"],
            "8H",
            PLAY,
            Situation("hard", 17, 8),
            Situation("hard", 17, 8, 17),
            "Hard 17 against 8",
        ),
        (
            ["TS", "8D", "3C"],
            "AH",
            PLAY,
            Situation("hard", 17, 1),
            Situation("hard", 17, 1, 21),
            "Hard 21 against A",
        ),
        (
            ["5S", "4D", "7C"],
            "6H",
            PLAY,
            Situation("hard", 16, 6),
            Situation("hard", 16, 6, 16),
            "Hard 16 against 6",
        ),
        # A soft hand of three cards plays as a two-card row; it is named by its total.
        (
            ["AS", "2D", "5C"],
            "9H",
            PLAY,
            Situation("soft", 7, 9),
            Situation("soft", 7, 9, 18),
            "Soft 18 against 9",
        ),
        (
            ["AS", "6D", "9C"],
            "5H",
            PLAY,
            Situation("hard", 16, 5),
            Situation("hard", 16, 5, 16),
            "Hard 16 against 5",
        ),
        # Pairs, "other" hands and insurance already name the hand.
        (
            ["8S", "8D"],
            "AH",
            PLAY_SPLIT,
            Situation("pairs", 8, 1),
            Situation("pairs", 8, 1),
            "Pair 8,8 against A",
        ),
        (
            ["AS", "5D", "5C"],
            "6H",
            ("hit", "stand"),
            Situation("other", 21, 6),
            Situation("other", 21, 6),
            "Total 21 against 6",
        ),
    ],
)
def test_hand_situation_names_the_hands_own_total(
    hand, upcard, legal, cell, hand_sit, label
) -> None:
    found = situation_of(hand, upcard, insurance=False, legal=legal)
    assert found == cell
    assert hand_situation(found, hand) == hand_sit
    assert hand_sit.cell == cell
    with override("en"):
        assert hand_sit.label == label


@pytest.mark.parametrize(
    ("lang", "hard", "soft"),
    [
        ("en", "Hard 20 against 8", "Soft 18 against A"),
        ("ru", "Жёсткая сумма 20 против 8", "Мягкая сумма 18 против A"),
        ("bg", "Твърд сбор 20 срещу 8", "Мек сбор 18 срещу A"),
        ("sr-latn", "Tvrdi zbir 20 protiv 8", "Meki zbir 18 protiv A"),
        ("hr", "Tvrdi zbroj 20 protiv 8", "Meki zbroj 18 protiv A"),
    ],
)
def test_hand_labels_in_each_language(lang, hard, soft) -> None:
    with override(lang):
        assert Situation("hard", 17, 8, 20).label == hard
        assert Situation("soft", 7, 1, 18).label == soft


@pytest.mark.parametrize(
    ("hand", "total"),
    [
        (["TS", "6D"], 16),
        (["AS", "6D"], 17),
        (["AS", "6D", "9C"], 16),
        (["AS", "AD"], 12),
        (["AS", "KD"], 21),
        (["4S", "TD", "6C"], 20),
    ],
)
def test_hand_total(hand, total) -> None:
    assert hand_total(hand) == total
