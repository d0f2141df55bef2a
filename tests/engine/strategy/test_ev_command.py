"""``manage.py ev``: the EVs printed match ORACLES.md, --set changes the rules, and a wrong
field or value is a clear error."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("ev", *args, stdout=out)
    return out.getvalue()


def test_eight_eight_against_ten_with_a_peek_matches_the_oracle():
    report = json.loads(
        run("--hand", "8,8", "--upcard", "T", "--set", "dealer_peeks=true", "--json")
    )
    # ORACLES.md "Hand EVs, 6 decks": 8,8 v 10.
    assert report["evs"] == pytest.approx(
        {"hit": -0.535361, "stand": -0.536853, "double": -1.070722, "split": -0.474894},
        abs=2e-6,
    )
    assert report["best"] == "split"
    assert report["conditioned_on_no_dealer_natural"] is True
    assert report["decks"] == 6


def test_h17_changes_five_six_against_an_ace():
    args = ("--hand", "5,6", "--upcard", "A", "--set", "dealer_peeks=true", "--json")
    s17 = json.loads(run(*args))["evs"]
    h17 = json.loads(run(*args, "--set", "dealer_hits_soft_17=true"))["evs"]
    assert s17["hit"] == pytest.approx(0.147596, abs=2e-6)
    assert h17["hit"] == pytest.approx(0.108668, abs=2e-6)
    assert h17["double"] == pytest.approx(0.124007, abs=2e-6)


def test_text_output_names_the_best_action():
    text = run("--hand", "T,6", "--upcard", "T", "--set", "dealer_peeks=true")
    assert "hit        -0.534676  <- best" in text
    assert text.strip().endswith("best: hit (-0.534676)")


def test_infinite_deck():
    report = json.loads(run("--hand", "A,7", "--upcard", "9", "--decks", "inf", "--json"))
    assert report["decks"] == "inf"
    assert report["best"] == "hit"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--set", "foo=1"), "unknown rule 'foo'; the rules are: auto_stand_21"),
        (("--set", "decks=x"), "'x' is not a valid value for decks: use a whole number"),
        (("--set", "double_on=12"), "double_on must be one of any, 9-11, 10-11, none"),
        (("--set", "decks"), "--set 'decks' needs the form FIELD=VALUE; the fields are: decks"),
        (("--variant", "klondike"), "unknown variant 'klondike'; the variants are: ajnc"),
        (("--set", "decks=9"), "decks must be between 1 and 8"),
    ],
)
def test_wrong_rules_are_clear_errors(args, message):
    with pytest.raises(CommandError) as info:
        run("--hand", "T,6", "--upcard", "T", *args)
    assert message in str(info.value)


def test_a_hand_past_21_is_an_error():
    with pytest.raises(CommandError, match="past 21"):
        run("--hand", "T,6,9", "--upcard", "T")


def test_banker_game_punter_hand_draw_and_stand():
    """The punter's T,6 against the banker's policy: the same EVs as punter_analysis."""
    from game.engine.strategy.banker import punter_analysis

    report = json.loads(run("--variant", "dvadtsat-odno", "--hand", "T,6", "--json"))
    expected = punter_analysis().evs(["T", "6"])
    assert report["evs"] == {k: round(v, 6) for k, v in expected.items()}
    assert report["best"] == "stand" and expected["stand"] > expected["draw"]
    assert "punter against the banker's policy" in run(
        "--variant", "dvadtsat-odno", "--hand", "5,6"
    )


def test_banker_game_hand_without_a_decision_and_casino_without_upcard():
    with pytest.raises(CommandError, match="no draw/stand decision"):
        run("--variant", "dvadtsat-odno", "--hand", "T,A")
    with pytest.raises(CommandError, match="--upcard is required"):
        run("--variant", "european", "--hand", "T,6")


def test_banker_game_refuses_an_upcard_and_a_bad_card_says_the_suit_is_optional():
    # the banker game deals no upcard: one given is refused, not silently ignored
    with pytest.raises(CommandError, match=r"^the banker game has no upcard"):
        run("--variant", "dvadtsat-odno", "--hand", "T,6", "--upcard", "5")
    with pytest.raises(
        CommandError,
        match=r"^'Z' is not a card: use a rank A,2-9,T \(or 10\),J,Q,K, optionally followed "
        r"by a suit C,D,H,S$",
    ):
        run("--variant", "european", "--hand", "T,Z", "--upcard", "5")
