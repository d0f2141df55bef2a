"""The exact game EVs and basic strategy charts pinned to what the engine computed before the
speed work of issue 14 (values taken from the code as it was, to the last bit printed): a
faster engine must give the same results to 1e-12 for every kind of rule set (1, 2, 6 and 8
decks and the infinite deck, S17/H17, DAS or not, ENHC, surrender, resplit aces, hit split
aces, a double restriction, three sevens with a draw limit)."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from game.engine.rules import Rules
from game.engine.strategy.chart import basic_strategy
from game.engine.strategy.game_ev import analysis, game_ev

pytestmark = pytest.mark.slow

# (name, rules, infinite deck, cd game EV, td game EV or None), units of the initial bet
PINNED = [
    ("1d_s17_das", Rules(decks=1), False, 0.0018193430614841122, 0.0014406567438997459),
    (
        "1d_h17_nodas",
        Rules(decks=1, dealer_hits_soft_17=True, double_after_split=False),
        False,
        -0.0015213914608168486,
        None,
    ),
    (
        "2d_h17_late_rsa",
        Rules(decks=2, dealer_hits_soft_17=True, surrender="late", resplit_aces=True),
        False,
        -0.002615516090270312,
        None,
    ),
    ("6d_s17_das", Rules(), False, -0.004028702361154138, -0.004059224176988183),
    (
        "6d_h17_das_late",
        Rules(dealer_hits_soft_17=True, surrender="late"),
        False,
        -0.005271915469456828,
        None,
    ),
    (
        "6d_s17_nodas_2hands",
        Rules(double_after_split=False, max_split_hands=2),
        False,
        -0.005787936573520147,
        None,
    ),
    (
        "6d_enhc_obo",
        Rules(dealer_hole_card=False, dealer_peeks=False),
        False,
        -0.004128254016524564,
        -0.004163136425007152,
    ),
    (
        "6d_enhc_lose_all",
        Rules(dealer_hole_card=False, dealer_peeks=False, lose_all_to_natural=True),
        False,
        -0.005140564552902155,
        None,
    ),
    (
        "6d_early_surrender_6to5",
        Rules(surrender="early", blackjack_payout=Fraction(6, 5)),
        False,
        -0.011355516521676148,
        None,
    ),
    (
        "6d_hsa_10_11",
        Rules(hit_split_aces=True, resplit_aces=True, double_on="10-11"),
        False,
        -0.0035666807446065544,
        None,
    ),
    ("8d_s17_das", Rules(decks=8), False, -0.004305806289703749, None),
    (
        "8d_h17_late",
        Rules(decks=8, dealer_hits_soft_17=True, surrender="late"),
        False,
        -0.005530018812040138,
        -0.005591965536597295,
    ),
    ("inf_s17_das", Rules(), True, -0.0051173363683893365, -0.0051173363683893365),
    (
        "inf_h17_nodas",
        Rules(dealer_hits_soft_17=True, double_after_split=False),
        True,
        -0.008745505538011764,
        None,
    ),
    (
        "6d_sevens_maxdraws",
        Rules(three_sevens_payout=Fraction(2), max_draws=3),
        False,
        -0.00401415674150273,
        None,
    ),
]

CHARTS = json.loads((Path(__file__).parent / "data" / "charts_before_i14.json").read_text())
CHART_RULES = {
    "6d_s17_das": Rules(),
    "1d_h17_late": Rules(decks=1, dealer_hits_soft_17=True, surrender="late"),
}


@pytest.mark.parametrize(
    ("name", "rules", "infinite", "cd", "td"), PINNED, ids=[p[0] for p in PINNED]
)
def test_game_ev_is_the_pinned_value(name, rules, infinite, cd, td):
    assert game_ev(rules, infinite=infinite) == pytest.approx(cd, abs=1e-12)
    if td is not None:
        chart = basic_strategy(rules, infinite=infinite)
        assert game_ev(rules, strategy="td", chart=chart, infinite=infinite) == pytest.approx(
            td, abs=1e-12
        )


def _cells(data):
    """Every result in a chart's JSON: (table, row, upcard) -> code and (table, row, upcard,
    action) -> EV, then each two-card exception's fields, its gain an EV."""
    for table in ("hard", "soft", "pairs"):
        for row, cells in data[table].items():
            for up, cell in cells.items():
                yield (table, row, up), cell["code"]
                for action, ev in cell["evs"].items():
                    yield (table, row, up, action), ev
    for n, exception in enumerate(data["exceptions"]):
        for field, value in exception.items():
            yield ("exception", n, field), value


@pytest.mark.parametrize("name", sorted(CHART_RULES))
def test_basic_strategy_chart_is_the_pinned_one(name):
    found = dict(_cells(basic_strategy(CHART_RULES[name]).to_json()))
    pinned = dict(_cells(CHARTS[name]))
    assert found.keys() == pinned.keys()
    for where, value in pinned.items():
        if isinstance(value, float):
            assert found[where] == pytest.approx(value, abs=1e-12), where
        else:
            assert found[where] == value, where


@pytest.mark.parametrize(
    ("name", "rules", "infinite", "cd", "td"),
    [p for p in PINNED if p[4] is not None],
    ids=[p[0] for p in PINNED if p[4] is not None],
)
def test_the_one_pass_analysis_gives_the_pinned_values(name, rules, infinite, cd, td):
    found = analysis(rules, infinite=infinite)
    assert found.cd == pytest.approx(cd, abs=1e-12)
    assert found.td == pytest.approx(td, abs=1e-12)
    alone = dict(_cells(basic_strategy(rules, infinite=infinite).to_json()))
    shared = dict(_cells(found.chart.to_json()))
    assert shared.keys() == alone.keys()
    for where, value in alone.items():
        if isinstance(value, float):
            assert shared[where] == pytest.approx(value, abs=1e-12), where
        else:
            assert shared[where] == value, where
