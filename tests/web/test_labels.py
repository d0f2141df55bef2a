"""Every engine value a page names has its words in trainer/web/labels.py, so a game, an
action or a grade added to the engine without them fails here, not on a page."""

from __future__ import annotations

import pytest
from django.utils import translation

from game.engine.banker import BankerAction
from game.engine.banker_players import LEVELS as BANKER_LEVELS
from game.engine.players import LEVELS
from game.engine.round import Action, Outcome
from game.engine.strategy.advisor import STANDARDS, Severity
from game.engine.variants import VARIANTS
from trainer.web.labels import (
    ACTION_KEYS,
    ACTION_LABELS,
    AI_LEVEL_NAMES,
    BANKER_ACTION_KEYS,
    BANKER_ACTION_LABELS,
    OUTCOME_LABELS,
    SEVERITY_LABELS,
    STANDARD_LABELS,
    VARIANT_NAMES,
)


def test_every_game_of_the_registry_has_a_name_and_nothing_else_does() -> None:
    assert list(VARIANT_NAMES) == [v.name for v in VARIANTS]


@pytest.mark.parametrize("lang", ["ru", "hr", "bg", "sr-latn"])
def test_the_games_names_are_translated(lang: str) -> None:
    with translation.override(lang):
        names = {v.name: str(VARIANT_NAMES[v.name]) for v in VARIANTS}
    with translation.override("en"):
        english = {v.name: str(VARIANT_NAMES[v.name]) for v in VARIANTS}
    assert all(names[n] != english[n] for n in names), names


def test_every_action_has_a_button_word_and_a_key() -> None:
    assert set(ACTION_LABELS) == set(ACTION_KEYS) == set(Action)
    assert set(BANKER_ACTION_LABELS) == set(BANKER_ACTION_KEYS) == set(BankerAction)
    assert set(OUTCOME_LABELS) == set(Outcome)


def test_every_grade_but_the_best_and_every_standard_and_ai_level_has_words() -> None:
    assert set(SEVERITY_LABELS) == set(Severity) - {Severity.BEST}
    assert set(STANDARD_LABELS) == set(STANDARDS)
    assert list(AI_LEVEL_NAMES) == list(LEVELS) == list(BANKER_LEVELS)
