"""``manage.py edge``: the game EV against ORACLES.md (the infinite deck and 6 decks, about a
second), the seconds, and errors."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

# ORACLES.md's default rules are the European preset with a peeking dealer (so no dealer
# natural is found after the players act); every other default already matches.
BASELINE = ("--set", "dealer_peeks=true", "--set", "lose_all_to_natural=false")


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("edge", *args, stdout=out)
    return out.getvalue()


def test_infinite_deck_s17_matches_the_oracle():
    report = json.loads(run(*BASELINE, "--decks", "inf", "--json"))
    # ORACLES.md "Game EV": infinite deck, S17: -0.511734 %.
    assert report["player_ev_percent"] == pytest.approx(-0.511734, abs=1e-3)
    assert report["house_edge_percent"] == pytest.approx(0.511734, abs=1e-3)
    assert report["strategy"] == "cd"
    assert report["seconds"] >= 0


@pytest.mark.slow
def test_six_decks_s17_matches_the_oracle():
    report = json.loads(run(*BASELINE, "--set", "decks=6", "--json"))
    # ORACLES.md "Game EV, 6 decks": S17: -0.402870 %.
    assert report["player_ev_percent"] == pytest.approx(-0.402870, abs=1e-3)
    assert report["decks"] == 6


def test_six_to_five_costs_about_the_closed_form_on_the_infinite_deck():
    three_two = json.loads(run(*BASELINE, "--decks", "inf", "--json"))["player_ev_percent"]
    six_five = json.loads(
        run(*BASELINE, "--set", "blackjack_payout=6/5", "--decks", "inf", "--json")
    )["player_ev_percent"]
    # 0.3 of the bet on P(player natural, dealer none): about 1.4 points.
    assert 1.3 < three_two - six_five < 1.5


def test_total_dependent_strategy():
    # On the infinite deck the chart is the composition-dependent play: equal EVs (the
    # 6-deck TD game is pinned in test_levels.py).
    td = json.loads(run(*BASELINE, "--decks", "inf", "--strategy", "td", "--json"))
    assert td["strategy"] == "td"
    assert td["player_ev_percent"] == pytest.approx(-0.511734, abs=1e-3)
    text = run("--variant", "croatian", "--decks", "inf", "--strategy", "td")
    cd = json.loads(run("--variant", "croatian", "--decks", "inf", "--json"))
    assert text.startswith(f"player EV {cd['player_ev_percent']:+.6f} %")
    assert "an infinite deck, td strategy" in text


def test_the_banker_game_reports_both_sides():
    report = json.loads(run("--variant", "dvadtsat-odno", "--json"))
    assert report["punter_ev_percent"] == pytest.approx(23.709727, abs=1e-6)
    assert report["punter_best_ev_percent"] == pytest.approx(24.879587, abs=1e-6)
    assert report["banker_best_ev_percent"] == pytest.approx(-14.253263, abs=1e-6)
    text = run("--variant", "dvadtsat-odno")
    assert text.startswith("punter EV per deal +23.709727 % when the punter stands from 16")


def test_text_output():
    text = run(*BASELINE, "--decks", "inf")
    assert text.startswith("player EV -0.5117")
    assert "an infinite deck, cd strategy" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--strategy", "best"), "invalid choice: 'best'"),
        (("--variant", "dvadtsat-odno", "--decks", "inf"), "--decks and --strategy do not"),
        (("--variant", "dvadtsat-odno", "--strategy", "td"), "--decks and --strategy do not"),
        (("--set", "nope=1", "--decks", "inf"), "unknown rule 'nope'"),
    ],
)
def test_errors(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)
