"""Counting systems as data and the count's arithmetic (game/engine/counting.py): every
system's tags over a full deck add up to its published end value, the running count of a
whole shoe comes back to it, and the true count is the running count per deck left,
floored, never "-0"."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine.cards import Card, Rank, Suit, standard_deck
from game.engine.counting import (
    SYSTEMS,
    CountingError,
    decks_remaining,
    find_system,
    floored_true_count,
    parse_count,
    running_count,
    signed,
    true_count,
)
from game.engine.errors import Reason

# A deck's tags added up, as each system's book gives it: balanced systems 0, KO +4, Red 7 +2.
DECK_SUMS = {
    "hilo": 0, "ko": 4, "hiopt1": 0, "hiopt2": 0, "omega2": 0, "zen": 0, "halves": 0, "red7": 2,
}  # fmt: skip
LEVELS = {
    "hilo": 1,
    "ko": 1,
    "hiopt1": 1,
    "hiopt2": 2,
    "omega2": 2,
    "zen": 2,
    "halves": 2,
    "red7": 1,
}


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_a_full_deck_sums_to_the_systems_end_value(name: str) -> None:
    system = find_system(name)
    dealt = sum((system.tag(c) for c in standard_deck()), Fraction(0))
    assert dealt == DECK_SUMS[name] == system.deck_sum
    assert system.balanced is (DECK_SUMS[name] == 0)
    assert system.level == LEVELS[name]


@pytest.mark.parametrize("name", sorted(SYSTEMS))
@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_a_whole_shoe_counted_down_ends_at_the_initial_count_plus_its_tags(
    name: str, decks: int
) -> None:
    system = find_system(name)
    end = running_count(system, standard_deck() * decks, decks=decks)
    assert end == system.initial_running_count(decks) + DECK_SUMS[name] * decks
    # Balanced systems end where they start, at 0; KO ends at +4 whatever the decks (its
    # initial count is 4 - 4 x decks), Red 7 at 0 from -2 a deck.
    assert end == {"ko": 4}.get(name, 0)


def test_tags_of_single_cards() -> None:
    hilo, halves, red7, omega2 = (find_system(n) for n in ("hilo", "halves", "red7", "omega2"))
    assert [hilo.tag(Card.parse(c)) for c in ("2", "6", "7", "9", "T", "K", "A")] == [
        1,
        1,
        0,
        0,
        -1,
        -1,
        -1,
    ]
    assert [halves.tag(Card.parse(c)) for c in ("2", "5", "7", "9")] == [
        Fraction(1, 2),
        Fraction(3, 2),
        Fraction(1, 2),
        Fraction(-1, 2),
    ]
    assert red7.tag(Card(Rank.SEVEN, Suit.HEARTS)) == 1
    assert red7.tag(Card(Rank.SEVEN, Suit.SPADES)) == 0
    assert omega2.tag(Card.parse("9")) == -1 and omega2.tag(Card.parse("A")) == 0


def test_whole_tags_and_the_largest_tag() -> None:
    whole = {name: s.whole for name, s in SYSTEMS.items()}
    assert [name for name, w in whole.items() if not w] == ["halves"]
    largest = {name: s.largest_tag for name, s in SYSTEMS.items()}
    assert largest["hilo"] == largest["ko"] == largest["red7"] == 1
    assert largest["hiopt2"] == largest["omega2"] == largest["zen"] == 2
    assert largest["halves"] == Fraction(3, 2)  # the five
    # Red 7's red seven (+1) is one of its tags; its black seven (0) too.
    assert Fraction(1) in SYSTEMS["red7"].all_tags and len(SYSTEMS["red7"].all_tags) == 11


def test_decks_remaining_from_cards_seen() -> None:
    assert decks_remaining(6, 0) == 6
    assert decks_remaining(6, 156) == 3
    assert decks_remaining(1, 39) == Fraction(1, 4)
    for seen in (312, 400, -1):
        with pytest.raises(CountingError) as caught:
            decks_remaining(6, seen)
        assert caught.value.reason is Reason.COUNTING


def test_true_count_is_the_running_count_per_deck_left_floored() -> None:
    assert true_count(6, Fraction(3)) == 2
    assert true_count(7, Fraction(2)) == Fraction(7, 2)
    assert floored_true_count(7, Fraction(2)) == 3
    assert floored_true_count(-1, Fraction(3)) == -1  # -0.33 rounds down to -1
    assert floored_true_count(1, Fraction(3)) == 0
    assert floored_true_count(-6, Fraction(3)) == -2
    # Nothing makes a "-0": a negative running count below one deck's worth floors to -1.
    zero = floored_true_count(0, Fraction(5, 2))
    assert zero == 0 and signed(zero) == "0"
    assert [signed(x) for x in (2, -3, 0, Fraction(3, 2), Fraction(-1, 2))] == [
        "+2",
        "-3",
        "0",
        "+1.5",
        "-0.5",
    ]
    with pytest.raises(CountingError):
        true_count(3, 0)


def test_initial_and_key_counts() -> None:
    ko = find_system("ko")
    assert [ko.initial_running_count(d) for d in (1, 2, 6, 8)] == [0, -4, -20, -28]
    assert [ko.key_count(d) for d in (1, 2, 6, 8)] == [2, 1, -4, -6]
    assert find_system("red7").initial_running_count(6) == -12
    assert find_system("hilo").initial_running_count(6) == 0
    assert find_system("hilo").key_count(6) is None


def test_an_unknown_system_names_the_ones_there_are() -> None:
    with pytest.raises(CountingError) as caught:
        find_system("wizard")
    assert caught.value.message.startswith("no counting system 'wizard': choose one of hilo, ko,")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("+3", 3), ("3", 3), ("-2", -2), ("\u22122", -2), (" 0 ", 0), ("-0", 0),
        ("1.5", Fraction(3, 2)), ("-1,5", Fraction(-3, 2)),
    ],
)  # fmt: skip
def test_parse_count_reads_what_people_type(text: str, value: Fraction) -> None:
    assert parse_count(text) == value


@pytest.mark.parametrize("text", ["", "three", "1/2", "0.25", "99999", "+", "nan", "1e3"])
def test_parse_count_refuses_what_is_no_count(text: str) -> None:
    assert parse_count(text) is None


@pytest.mark.parametrize("text", ["1 0", "3 garbage", "+ 3 0"])
def test_spaces_between_digits_are_no_count(text: str) -> None:
    assert parse_count(text) is None


def test_a_space_after_the_sign_is_a_count() -> None:
    assert parse_count("- 2") == -2
    assert parse_count(" +3 ") == 3
