"""Rules: the European preset of VARIANTS.md table 5, the registry, overrides and validation."""

import dataclasses
import json
from fractions import Fraction

import pytest

from game.engine.rules import EUROPEAN, RULE_FIELDS, Rules, RulesError
from game.engine.variants import find_rules

# VARIANTS.md table 5 / seed 004, field by field.
EUROPEAN_FIELDS = {
    "decks": 6,  # "6, shuffled by the server"
    "dealer_hits_soft_17": False,  # "stands on every 17 including soft 17"
    "dealer_hole_card": True,  # "the dealer one up, one hidden"
    "dealer_peeks": False,  # "peek: none"
    "lose_all_to_natural": True,  # "all bets on the hand are lost"
    "blackjack_payout": Fraction(3, 2),  # "natural vs non-natural +1.5"
    "double_on": "any",  # "first two cards only, any total"
    "double_after_split": True,  # "double after split: allowed"
    "double_for_less": False,  # doubling doubles the bet
    "split_by": "value",  # "equal value"
    "max_split_hands": 4,  # "at most 4 hands"
    "resplit_aces": False,  # "aces split once"
    "hit_split_aces": False,  # "one card each, no hitting"
    "surrender": "none",  # "insurance, surrender ...: none"
    "surrender_vs_ace": False,
    "insurance": False,
    "even_money": False,
    "auto_stand_21": False,  # seed: drawing allowed until bust or stood
    "three_sevens_payout": None,  # "side bets: none"
    "max_draws": None,  # "five-card rule: none"
    "insurance_for_less": False,  # no insurance at all
    "hole_card_first": False,  # "two cards to each player; the dealer one up, one hidden"
    "game": "casino",
}


@pytest.mark.parametrize(("name", "value"), EUROPEAN_FIELDS.items())
def test_european_preset_field(name, value):
    assert getattr(EUROPEAN, name) == value
    assert type(getattr(EUROPEAN, name)) is type(value)


def test_european_preset_covers_every_field():
    assert set(EUROPEAN_FIELDS) == set(RULE_FIELDS)
    assert dataclasses.asdict(EUROPEAN) == EUROPEAN_FIELDS


def test_find_rules():
    assert find_rules("european") is EUROPEAN
    assert find_rules("european") is EUROPEAN


@pytest.mark.parametrize("name", ["klondike", "European", "", "ajnc-x"])
def test_find_rules_unknown_lists_the_variants(name):
    with pytest.raises(RulesError) as info:
        find_rules(name)
    message = str(info.value)
    assert repr(name) in message
    assert "european" in message


# -- overrides -------------------------------------------------------------------------------


def test_overrides_parse_strings():
    rules = EUROPEAN.with_overrides(
        {
            "blackjack_payout": "6/5",
            "dealer_hits_soft_17": "true",
            "double_on": "9-11",
            "decks": "2",
            "double_after_split": "false",
            "max_split_hands": "2",
            "split_by": "rank",
            "three_sevens_payout": "3/2",
            "max_draws": "3",
        }
    )
    assert rules.blackjack_payout == Fraction(6, 5)
    assert rules.dealer_hits_soft_17 is True
    assert rules.double_on == "9-11"
    assert rules.decks == 2
    assert rules.double_after_split is False
    assert rules.max_split_hands == 2
    assert rules.split_by == "rank"
    assert rules.three_sevens_payout == Fraction(3, 2)
    assert rules.max_draws == 3
    # the rest stays European, and EUROPEAN itself is untouched
    assert rules.dealer_peeks is False
    assert rules.lose_all_to_natural is True
    assert EUROPEAN.blackjack_payout == Fraction(3, 2)
    assert EUROPEAN.decks == 6


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("true", True), ("TRUE", True), ("1", True), ("yes", True), ("on", True), (True, True)],
)
def test_bool_true_spellings(raw, expected):
    assert EUROPEAN.with_overrides({"dealer_hits_soft_17": raw}).dealer_hits_soft_17 is expected


@pytest.mark.parametrize("raw", ["false", "False", "0", "no", "off", False])
def test_bool_false_spellings(raw):
    rules = Rules(dealer_hits_soft_17=True)
    assert rules.with_overrides({"dealer_hits_soft_17": raw}).dealer_hits_soft_17 is False


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("6/5", Fraction(6, 5)), ("6:5", Fraction(6, 5)), ("1", Fraction(1)), (2, Fraction(2))],
)
def test_payout_spellings(raw, expected):
    assert EUROPEAN.with_overrides({"blackjack_payout": raw}).blackjack_payout == expected


def test_optional_fields_take_none():
    rules = EUROPEAN.with_overrides({"three_sevens_payout": "3/2", "max_draws": 3})
    cleared = rules.with_overrides({"three_sevens_payout": None, "max_draws": "none"})
    assert cleared.three_sevens_payout is None
    assert cleared.max_draws is None


def test_unknown_field_is_named_and_the_fields_listed():
    with pytest.raises(RulesError) as info:
        EUROPEAN.with_overrides({"decks": 2, "hit_soft_17": True})
    message = str(info.value)
    assert "'hit_soft_17'" in message
    assert "dealer_hits_soft_17" in message
    assert "max_split_hands" in message


@pytest.mark.parametrize(
    ("name", "raw"),
    [
        ("decks", "six"),
        ("decks", True),
        ("decks", "9"),
        ("decks", 0),
        ("dealer_hits_soft_17", "maybe"),
        ("dealer_hits_soft_17", "2"),
        ("blackjack_payout", "three halves"),
        ("blackjack_payout", "1/0"),
        ("blackjack_payout", None),
        ("blackjack_payout", "0"),
        ("blackjack_payout", "-3/2"),
        ("double_on", "8-11"),
        ("split_by", "suit"),
        ("surrender", "sometimes"),
        ("max_split_hands", "5"),
        ("max_split_hands", 0),
        ("max_draws", "many"),
        ("max_draws", 0),
        ("three_sevens_payout", "x"),
    ],
)
def test_bad_values_raise(name, raw):
    with pytest.raises(RulesError) as info:
        EUROPEAN.with_overrides({name: raw})
    assert name in str(info.value)


# -- validation in __post_init__ ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"decks": 0}, "decks"),
        ({"decks": 9}, "decks"),
        ({"double_on": "9-10"}, "double_on"),
        ({"split_by": "colour"}, "split_by"),
        ({"surrender": "always"}, "surrender"),
        ({"max_split_hands": 0}, "max_split_hands"),
        ({"max_split_hands": 5}, "max_split_hands"),
        ({"blackjack_payout": Fraction(0)}, "blackjack_payout"),
        ({"dealer_hole_card": False, "dealer_peeks": True}, "peek"),
        ({"insurance": False, "even_money": True}, "insurance"),
        ({"max_draws": 0}, "max_draws"),
    ],
)
def test_post_init_validation(kwargs, needle):
    with pytest.raises(RulesError) as info:
        Rules(**kwargs)
    assert needle in str(info.value)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"decks": 1},
        {"decks": 8},
        {"max_split_hands": 1},
        {"dealer_hole_card": False, "dealer_peeks": False},
        {"insurance": False, "even_money": False},
        {"surrender": "late"},
        {"surrender": "early"},
        {"double_on": "10-11", "split_by": "rank"},
        {"max_draws": 1},
    ],
)
def test_valid_edges_are_accepted(kwargs):
    rules = Rules(**kwargs)
    for name, value in kwargs.items():
        assert getattr(rules, name) == value


def test_overrides_are_validated_together():
    # ENHC needs the peek off at the same time; one override at a time would fail.
    rules = EUROPEAN.with_overrides({"dealer_hole_card": False})
    assert rules.dealer_hole_card is False
    with pytest.raises(RulesError):
        Rules().with_overrides({"dealer_hole_card": False})
    enhc = Rules().with_overrides({"dealer_hole_card": False, "dealer_peeks": False})
    assert (enhc.dealer_hole_card, enhc.dealer_peeks) == (False, False)


# -- JSON and immutability --------------------------------------------------------------------


def test_european_to_json():
    data = EUROPEAN.to_json()
    expected = dict(EUROPEAN_FIELDS, blackjack_payout="3/2")
    assert data == expected
    assert json.loads(json.dumps(data)) == expected


@pytest.mark.parametrize(
    "rules",
    [
        EUROPEAN,
        Rules(),
        EUROPEAN.with_overrides(
            {
                "blackjack_payout": "6/5",
                "three_sevens_payout": "3/2",
                "max_draws": 3,
                "decks": 1,
                "surrender": "late",
            }
        ),
    ],
)
def test_json_round_trip(rules):
    assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules


def test_from_json_rejects_unknown_keys():
    with pytest.raises(RulesError):
        Rules.from_json(dict(EUROPEAN.to_json(), colour="red"))


def test_rules_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        EUROPEAN.decks = 8  # type: ignore[misc]
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
        EUROPEAN.colour = "red"  # type: ignore[attr-defined]
    assert EUROPEAN.decks == 6
    assert hash(EUROPEAN) == hash(Rules(**EUROPEAN_FIELDS))


def test_rules_from_json_kept_per_process_is_the_same_value() -> None:
    # Kept by the JSON and its values' types: equal JSON, the same rules; other JSON, others.
    data = json.loads(json.dumps(EUROPEAN.to_json()))
    assert Rules.from_json(data) == EUROPEAN
    assert Rules.from_json(dict(data)) is Rules.from_json(data)
    six_five = Rules.from_json({**data, "blackjack_payout": "6/5"})
    assert six_five.blackjack_payout == Fraction(6, 5)
    assert Rules.from_json(data).blackjack_payout == Fraction(3, 2)
    assert Rules.from_json({"decks": 1}).decks == 1
    assert Rules.from_json({"decks": 2}).decks == 2
    with pytest.raises(RulesError):
        Rules.from_json({**data, "no_such_rule": 1})
