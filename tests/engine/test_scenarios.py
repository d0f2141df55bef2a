"""Every tests/scenarios/<variant>_<rule>.json is played by run_scenario and must give
exactly its "expect"; every rule row of VARIANTS.md has a scenario for each casino variant;
one file is also played through ``manage.py scenario``. (The banker game's files are played by
tests/engine/test_banker.py too.)"""

import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from game.engine.scenario import money, run_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
ALL_FILES = sorted(SCENARIOS.glob("*.json"))
CASINO_VARIANTS = ("european", "ajnc", "croatian", "russian")
FILES = ALL_FILES
EUROPEAN_FILES = [p for p in FILES if p.stem.startswith("european_")]

# The scriptable rows of VARIANTS.md table 5 (decks/shuffle, deal and session are not).
TABLE_5_ROWS = {
    "peek",
    "dealer natural vs doubled/split hands",
    "dealer",
    "double",
    "double after split",
    "split",
    "21 after split",
    "insurance, surrender, side bets, five-card rule",
    "scoring",
}

# The scriptable rows of VARIANTS.md tables 1-3 (decks is not: a scripted shoe has no size).
TABLE_1_ROWS = {  # ajnc, seed 000
    "deal order",
    "dealer",
    "peek",
    "double",
    "double after split",
    "split",
    "split aces",
    "surrender",
    "insurance",
    "natural",
}
TABLE_2_ROWS = {  # croatian, seed 001
    "dealer",
    "hole card",
    "dealer natural vs doubled/split hands",
    "double",
    "double after split",
    "split",
    "split aces",
    "21",
    "insurance",
    "three sevens",
    "surrender",
    "natural",
}
TABLE_3_ROWS = {  # russian, seed 002
    "dealer",
    "peek",
    "double",
    "double after split",
    "split",
    "split aces",
    "surrender",
    "insurance",
    "natural",
}
VARIANT_ROWS = {"ajnc": TABLE_1_ROWS, "croatian": TABLE_2_ROWS, "russian": TABLE_3_ROWS}


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_are_enough_scenarios():
    assert len(EUROPEAN_FILES) >= 12


def test_every_file_is_named_after_its_variant():
    for path in ALL_FILES:
        variant = path.stem.split("_")[0]
        assert load(path)["scenario"].get("variant", "european") == variant, path.name


def test_every_european_rule_row_has_a_scenario():
    rows = {load(path)["rule"].split(":")[0] for path in EUROPEAN_FILES}
    assert rows <= TABLE_5_ROWS, rows - TABLE_5_ROWS
    assert rows == TABLE_5_ROWS


@pytest.mark.parametrize("variant", sorted(VARIANT_ROWS))
def test_every_rule_row_of_the_variant_has_a_scenario(variant):
    files = [p for p in FILES if p.stem.split("_")[0] == variant]
    rows = {load(path)["rule"].split(":")[0] for path in files}
    table = VARIANT_ROWS[variant]
    assert rows <= table, rows - table  # every "rule" names a row of the variant's table
    assert table <= rows, table - rows  # and every scriptable row has a scenario


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    data = load(path)
    assert set(data) == {"name", "rule", "scenario", "expect"}
    assert data["name"]
    result = run_scenario(data["scenario"])
    expect = data["expect"]
    if "error_contains" in expect:
        assert set(result) == {"error"}, result
        assert expect["error_contains"] in result["error"]
    else:
        assert result == expect
        if "hands" in result:
            # the report is self-consistent: the round's net is the sum of the hands' nets
            assert sum(float(h["net"]) for h in result["hands"]) == float(result["net"])
        else:  # the banker game: chips only move between seats
            assert sum(Fraction(s["net"]) for s in result["seats"]) == 0
            assert result["net_sum"] == "0"


@pytest.mark.parametrize(
    ("amount", "text"),
    [(15, "15"), (7.5, "7.5"), (-20, "-20"), (0, "0"), (0.05, "0.05"), (-2.25, "-2.25")],
)
def test_money(amount, text):
    assert money(Fraction(str(amount))) == text


def test_money_without_a_finite_decimal():
    assert money(Fraction(1, 3)) == "1/3"


def test_bad_scenarios_report_errors():
    assert "player" in run_scenario({"dealer": ["T", "7"]})["error"]
    assert "ZZ" in run_scenario({"player": ["ZZ", "7"], "dealer": ["T", "7"]})["error"]
    assert (
        "ajnc-x"
        in run_scenario({"variant": "ajnc-x", "player": ["T", "7"], "dealer": ["T", "7"]})["error"]
    )
    short = run_scenario({"player": ["T", "6"], "dealer": ["T", "6"], "actions": ["stand"]})
    assert short == {"error": "the scripted shoe ran out of cards"}
    waiting = run_scenario({"player": ["T", "6"], "dealer": ["T", "7"]})
    assert "not over" in waiting["error"]
    assert "hit" in waiting["error"]


def test_management_command_prints_the_report(tmp_path):
    # The command reads the bare scenario input, not the {"name", "rule", ...} wrapper.
    from django.core.management import call_command

    data = load(SCENARIOS / "european_double_after_split.json")
    path = tmp_path / "das.json"
    path.write_text(json.dumps(data["scenario"]), encoding="utf-8")
    buf = io.StringIO()
    call_command("scenario", str(path), stdout=buf)
    assert json.loads(buf.getvalue()) == data["expect"]


def test_management_command_reports_an_illegal_action(tmp_path):
    from django.core.management import CommandError, call_command

    path = tmp_path / "surrender.json"
    path.write_text(json.dumps(load(SCENARIOS / "european_no_surrender.json")["scenario"]))
    buf = io.StringIO()
    with pytest.raises(CommandError) as info:
        call_command("scenario", str(path), stdout=buf)
    assert "Surrender is not offered" in str(info.value)
    assert "Surrender is not offered" in json.loads(buf.getvalue())["error"]
