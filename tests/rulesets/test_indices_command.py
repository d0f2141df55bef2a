"""``manage.py indices``: a rule set's index plays for a counting system, computed by the
exact engine; the five presets; the errors a person can make."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.site.test_manage import NOTHING_LOADED, run_manage

# The published Hi-Lo game: 6 decks, S17, DAS, a peeking dealer (ORACLES.md).
PEEK_GAME = (
    "--set", "decks=6", "--set", "dealer_peeks=true", "--set", "lose_all_to_natural=false",
    "--set", "insurance=true", "--set", "even_money=true",
)  # fmt: skip


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("indices", *args, stdout=out)
    return out.getvalue()


def test_json_of_chosen_cells_in_the_published_game() -> None:
    found = json.loads(run(*PEEK_GAME, "--cell", "16,T", "--cell", "12,4", "--json"))
    assert found["insurance"] == 3
    assert found["16,T"] == {"action": "stand", "index": 0, "below": "hit", "crossing": 0.45}
    assert found["12,4"]["action"] == "stand" and found["12,4"]["index"] == 0
    assert set(found) == {"insurance", "16,T", "12,4"}


def test_text_output_says_the_rounding_and_each_play() -> None:
    text = run(*PEEK_GAME, "--cell", "16,T", "--cell", "19,6", "--system", "hilo")
    assert "true count = running count / decks left, rounded down" in text
    # The header names the changed game, not the preset it started from.
    assert text.startswith(
        "Hi-Lo index plays, european with decks=6, dealer_peeks=true, "
        "lose_all_to_natural=false, insurance=true, even_money=true, 6 deck(s);"
    )
    assert "insurance: take it at +3 and above" in text
    assert "16 v T   stand     at   0 and above, else hit" in text
    assert "19 v 6   the same play at every true count from -10 to +10" in text


@pytest.mark.parametrize(
    ("variant", "cell", "play"),
    [
        # Each casino preset's 16 v 10 and 12 v 4 change with the count; the European and
        # Croatian games have no insurance; the Russian online casino one does.
        ("european", "12,4", "stand"),
        ("ajnc", "12,4", "stand"),
        ("croatian", "12,4", "stand"),
        ("russian", "12,4", "stand"),
    ],
)
def test_the_casino_presets(variant: str, cell: str, play: str) -> None:
    found = json.loads(run("--variant", variant, "--cell", cell, "--json"))
    assert found[cell]["action"] == play
    assert -3 <= found[cell]["index"] <= 3


def test_an_unchanged_preset_is_named_alone() -> None:
    text = run("--variant", "european", "--cell", "16,T", "--system", "ko")
    assert text.startswith("KO index plays, european, 6 deck(s); running count from -20 after")


def test_the_banker_game_has_no_index_plays() -> None:
    with pytest.raises(CommandError, match="banker game's analysis values a fresh 2-deck shoe"):
        run("--variant", "dvadtsat-odno")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--system", "wizard"), "no counting system 'wizard': choose one of hilo, ko,"),
        (("--cell", "21,T"), "'21,T' is not a cell"),
        (("--decks", "inf"), "an infinite deck has no count"),
        (("--jobs", "0"), "--jobs must be at least 1"),
        (("--decks-left", "9", "--cell", "16,T"), "decks left must be between 0 and 6"),
    ],
)
def test_mistakes_are_explained(args: tuple[str, ...], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        run(*args)


def test_an_unbalanced_count_gets_running_count_indices() -> None:
    output = run(*PEEK_GAME, "--system", "ko", "--cell", "16,T")
    assert "running count from -20 after the shuffle (unbalanced: no division)" in output
    found = json.loads(run(*PEEK_GAME, "--system", "ko", "--cell", "16,T", "--json"))
    # Hi-Lo's stand at 0 at half the shoe: about KO's neutral -8 (-20 + 4 x 3 decks seen).
    assert found["16,T"]["action"] == "stand"
    assert -11 <= found["16,T"]["index"] <= -5
    assert 1 <= found["insurance"] <= 4


def test_indices_run_without_django_in_two_processes() -> None:
    output, loaded = run_manage(
        "indices", *PEEK_GAME, "--cell", "16,T", "--cell", "13,2", "--jobs", "2", "--json"
    )
    found = json.loads(output)
    assert (found["16,T"]["index"], found["13,2"]["index"], found["insurance"]) == (0, -1, 3)
    assert loaded == NOTHING_LOADED
