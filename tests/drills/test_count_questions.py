"""The counting drills' questions and grading (trainer/drills/count_questions.py, issue
15): what each skill asks, the right answer it keeps apart from the page, and how answers
are judged, from seeded random draws and hand-made questions."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.cards import Card
from game.engine.counting import SYSTEMS
from game.engine.round import Action
from game.engine.strategy.indices import play_at
from game.engine.variants import find_rules
from trainer.drills import count_questions as q

HILO = SYSTEMS["hilo"]


def test_a_running_question_counts_its_cards_from_zero() -> None:
    made = q.running_question(HILO, 2, 700, random.Random(1))
    cards = [Card.parse(c) for g in made.shown["groups"] for c in g]
    assert all(len(g) == 2 for g in made.shown["groups"])
    assert 12 <= len(cards) <= 24
    assert made.item == "g2"
    assert made.shown["pace_ms"] == 700
    expected = sum(HILO.tag(c) for c in cards)
    assert Fraction(made.key["count"]) == expected
    # The page's part holds no count.
    assert "count" not in made.shown


def test_a_running_question_refuses_a_pace_not_offered() -> None:
    with pytest.raises(ValueError, match="pace"):
        q.running_question(HILO, 1, 123, random.Random(1))
    with pytest.raises(ValueError):
        q.running_question(HILO, 4, 1000, random.Random(1))


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_the_countdown_ends_at_the_deck_sum_less_the_missing_cards(name: str) -> None:
    system = SYSTEMS[name]
    made = q.countdown_question(system, random.Random(7))
    rest = [Card.parse(c) for c in made.shown["cards"]]
    removed = [Card.parse(c) for c in made.key["removed"]]
    assert 1 <= len(removed) <= 3
    assert len(rest) + len(removed) == 52
    assert len({c.code for c in rest + removed}) == 52
    missing = sum((system.tag(c) for c in removed), Fraction(0))
    assert Fraction(made.key["count"]) == system.deck_sum - missing
    assert "removed" not in made.shown


def test_a_true_count_question_floors_the_running_count_per_deck_left() -> None:
    for seed in range(40):
        made = q.true_question(HILO, 6, random.Random(seed))
        played = Fraction(made.shown["played"])
        left = 6 - played
        assert played.denominator in (1, 2)
        assert Fraction(1, 2) <= played <= Fraction(9, 2)
        assert Fraction(made.key["left"]) == left
        exact = Fraction(made.shown["running"]) / left
        assert made.key["true"] == exact.__floor__()


def test_true_count_arithmetic_examples() -> None:
    # +7 with 3.5 decks left is +2 exactly; -1 with 2 left is -0.5, which rounds down to -1.
    shown = {"running": 7, "decks": 6, "played": "2.5"}
    assert q.grade("true", shown, {"true": 2}, "+2").correct
    assert q.grade("true", shown, {"true": 2}, "2").correct
    wrong = q.grade("true", shown, {"true": -1}, "0")
    assert not wrong.correct and wrong.error == 1
    # "-0" is 0.
    assert q.grade("true", shown, {"true": 0}, "-0").correct


def test_unbalanced_systems_have_no_true_count_drill() -> None:
    with pytest.raises(q.DrillUnavailable):
        q.true_question(SYSTEMS["ko"], 6, random.Random(1))


def test_small_shoes_are_estimated_to_the_quarter_deck() -> None:
    assert q.tray_step(2) == Fraction(1, 4)
    assert q.tray_step(6) == Fraction(1, 2)
    made = q.decks_question(2, random.Random(3))
    assert Fraction(made.shown["played"]).denominator in (1, 2, 4)
    assert Fraction(made.key["left"]) + Fraction(made.shown["played"]) == 2


@pytest.mark.parametrize(
    ("text", "value"),
    [("3", 3), ("3.5", Fraction(7, 2)), ("3,5", Fraction(7, 2)), ("3½", Fraction(7, 2)),
     ("½", Fraction(1, 2)), ("2.25", Fraction(9, 4)), (" 4 ", 4)],
)  # fmt: skip
def test_decks_as_people_type_them(text: str, value: Fraction) -> None:
    assert q.parse_decks(text) == value


@pytest.mark.parametrize("text", ["", "three", "-1", "9", "1e3", "3..5", "nan"])
def test_what_is_no_number_of_decks(text: str) -> None:
    assert q.parse_decks(text) is None


def test_a_deck_estimate_is_right_to_the_half_deck() -> None:
    key = {"left": "3.5", "step": "1/2"}
    shown = {"decks": 6, "played": "2.5"}
    assert q.grade("decks", shown, key, "3.5").correct
    off = q.grade("decks", shown, key, "3")
    assert not off.correct and off.error == Fraction(-1, 2)
    with pytest.raises(q.BadAnswer):
        q.grade("decks", shown, key, "lots")


def test_a_count_answer_is_graded_by_its_error() -> None:
    key = {"count": "-3"}
    assert q.grade("running", {}, key, "\u22123").correct  # a typographic minus
    far = q.grade("running", {}, key, "+2")
    assert not far.correct and far.error == 5 and far.answer == "2"
    with pytest.raises(q.BadAnswer):
        q.grade("running", {}, key, "minus three")
    # Wong Halves counts in halves.
    assert q.grade("countdown", {}, {"count": "3/2"}, "1.5").correct
    # A true count is a whole number.
    with pytest.raises(q.BadAnswer):
        q.grade("true", {}, {"true": 1}, "1.5")


ENTRY = {"action": "stand", "index": 0, "below": "hit", "crossing": 0.3}
TWICE = {
    "action": "double",
    "index": 1,
    "below": "hit",
    "crossing": 1.2,
    "then": [{"action": "stand", "index": -3, "below": "hit", "crossing": -3.1}],
}


def test_the_play_at_a_count_follows_each_change_of_the_index() -> None:
    assert play_at(ENTRY, -1) == "hit"
    assert play_at(ENTRY, 0) == "stand"
    assert play_at(ENTRY, 5) == "stand"
    # Two changes, sorted by index: hit below -3... as the entry says, then double from +1.
    assert play_at(TWICE, -4) == "hit"
    assert play_at(TWICE, -3) == "stand"
    assert play_at(TWICE, 0) == "stand"
    assert play_at(TWICE, 1) == "double"


def test_a_deviation_question_deals_the_cell_near_its_index() -> None:
    rules = find_rules("european")
    found = {"16,T": ENTRY, "insurance": 3}
    seen_plays = set()
    for seed in range(30):
        made = q.deviation_question(rules, found, "16,T", random.Random(seed))
        hand = [Card.parse(c) for c in made.shown["hand"]]
        up = Card.parse(made.shown["upcard"])
        assert sum(c.points for c in hand) == 16 and up.points == 10
        assert -2 <= made.shown["true"] <= 2
        assert made.key["play"] == ("stand" if made.shown["true"] >= 0 else "hit")
        assert {"hit", "stand"} <= set(made.shown["legal"])
        assert "play" not in made.shown and "index" not in made.shown
        seen_plays.add(made.key["play"])
    assert seen_plays == {"hit", "stand"}


def test_the_deviation_sets() -> None:
    rules = find_rules("european")
    found = {"16,T": ENTRY, "15,T": ENTRY, "14,T": ENTRY, "13,7": ENTRY, "insurance": 3}
    assert q.deviation_items(rules, found, "i18") == ["16,T", "15,T"]
    # The European preset offers no surrender: no Fab 4.
    assert rules.surrender == "none"
    assert q.deviation_items(rules, found, "fab4") == []
    assert q.deviation_items(rules, found, "all") == ["13,7", "14,T", "15,T", "16,T"]
    with pytest.raises(ValueError):
        q.deviation_items(rules, found, "i19")


def test_an_insurance_question_insures_from_the_index_up() -> None:
    for seed in range(20):
        made = q.insurance_question(3, random.Random(seed))
        hand = sorted(Card.parse(c).points for c in made.shown["hand"])
        assert hand != [1, 10]
        assert Card.parse(made.shown["upcard"]).points == 1
        take = made.shown["true"] >= 3
        assert made.key["play"] == (Action.INSURANCE if take else Action.NO_INSURANCE)
    with pytest.raises(q.BadAnswer):
        q.grade("insurance", made.shown, made.key, "hit")


@given(st.integers(min_value=0, max_value=2**32))
def test_every_true_question_has_cards_left(seed: int) -> None:
    for decks in (1, 2, 6, 8):
        made = q.true_question(HILO, decks, random.Random(seed))
        assert Fraction(made.key["left"]) >= q.tray_step(decks)


@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["hilo", "hiopt2", "halves"]))
def test_a_true_count_question_shows_a_count_its_tray_could_make(seed: int, name: str) -> None:
    # A new user met "+34" with half a deck played: Hi-Lo's 26 cards reach +26 at most.
    system = SYSTEMS[name]
    for decks in (1, 2, 6, 8):
        made = q.true_question(system, decks, random.Random(seed))
        seen = Fraction(made.shown["played"]) * 52
        running = abs(made.shown["running"])
        assert running <= q.plausible_running_count(system, seen)
        assert running <= seen * max(abs(Fraction(t)) for t in system.tags.values())


def test_the_plausible_running_count_is_three_deviations_of_the_tags_seen() -> None:
    # Hi-Lo's mean squared tag is 10/13: half a deck (26 cards), 3 x sqrt(20) = 13.4.
    assert q.plausible_running_count(HILO, 26) == pytest.approx(3 * 20**0.5)
    # Under 9 x 10/13 cards, the cards' own reach is the smaller bound.
    assert q.plausible_running_count(HILO, 4) == 4


def test_a_true_count_question_never_gives_a_running_count_of_zero() -> None:
    assert all(
        q.true_question(HILO, 6, random.Random(seed)).shown["running"] != 0 for seed in range(200)
    )
