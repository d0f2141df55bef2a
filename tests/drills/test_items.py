"""Drill situations: the hand classes of each preset, the exact frequency of every deal, the
two-card compositions that are their own class, the decisions of table play mapped to
situations, and questions dealt through the engine's Round with its legal actions."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from game.engine.cards import Card, Rank
from game.engine.round import Action
from game.engine.variants import find_rules
from trainer.drills.items import (
    catalog,
    category_situations,
    classify_decision,
    deal_probabilities,
    deal_question,
    question_round,
)

pytestmark = pytest.mark.django_db  # the chart comes from game.rulesets.store (database)

EUROPEAN = find_rules("european")
AJNC = find_rules("ajnc")
CROATIAN = find_rules("croatian")
RUSSIAN = find_rules("russian")


def cards(*codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes]


# -- how often a deal happens ------------------------------------------------------------------
@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_deal_probabilities_sum_to_one(decks: int) -> None:
    assert sum(deal_probabilities(decks).values()) == 1


def test_probability_of_ten_six_against_a_six_at_six_decks() -> None:
    probabilities = deal_probabilities(6)
    # Upcard 6 (24 of 312), then a card of rank T (24) and a 6 (23 left), in either order.
    assert probabilities[(6, Rank.SIX, Rank.TEN)] == Fraction(24, 312) * Fraction(
        2 * 24 * 23, 311 * 310
    )
    # A pair of aces against an ace: 24/312, then 23 * 22 ordered ways.
    assert probabilities[(1, Rank.ACE, Rank.ACE)] == Fraction(24, 312) * Fraction(
        23 * 22, 311 * 310
    )


def test_situation_weight_of_hard_16_against_6() -> None:
    situation = catalog(EUROPEAN)[("hard 16", "6")]
    # The upcard 6 (24 of 312), then a ten of any of four ranks with one of the 23 sixes
    # left, or a 9 with a 7: 2 * 96 * 23 + 2 * 24 * 24 ordered pairs of 311 * 310.
    expected = Fraction(24, 312) * Fraction(2 * 96 * 23 + 2 * 24 * 24, 311 * 310)
    assert situation.weight == expected
    assert float(situation.weight) == pytest.approx(0.00444257, abs=1e-8)
    assert {tuple(sorted(r.points for r in ranks)) for ranks, _p in situation.members} == {
        (6, 10),
        (7, 9),
    }


def test_pair_of_tens_splits_by_rank_in_ajnc_and_by_value_in_european() -> None:
    # European (split by value): any two ten-value cards, K with Q too.
    european = catalog(EUROPEAN)[("pair T", "T")].weight
    # Upcard of one ten rank (24 of 312, four ranks): 95 tens left, 95 * 94 ordered pairs.
    assert european == 4 * Fraction(24, 312) * Fraction(95 * 94, 311 * 310)
    # Ajnc (split by rank): two cards of one rank only; the upcard's rank has 23 left.
    ajnc = catalog(AJNC)[("pair T", "T")].weight
    same_rank = 23 * 22 + 3 * 24 * 23
    assert ajnc == 4 * Fraction(24, 312) * Fraction(same_rank, 311 * 310)
    # ... and two different ten ranks are a hard 20 there, a class that European lacks.
    assert catalog(AJNC)[("hard 20", "T")].weight == european - ajnc
    assert ("hard 20", "T") not in catalog(EUROPEAN)


def test_weights_cover_every_deal_but_the_naturals() -> None:
    # P(natural) at six decks, dealing order aside: 2 * 24 * 96 / (312 * 311).
    natural = Fraction(2 * 24 * 96, 312 * 311)
    for rules in (EUROPEAN, AJNC, CROATIAN, RUSSIAN):
        play = [s for s in catalog(rules).values() if not s.is_insurance]
        assert sum((s.weight for s in play), Fraction(0)) == 1 - natural
    # The insurance decision arises on every deal against an ace (naturals: even money).
    ajnc = [s for s in catalog(AJNC).values() if s.is_insurance]
    assert sum((s.weight for s in ajnc), Fraction(0)) == Fraction(24, 312)


# -- the classes -------------------------------------------------------------------------------
def test_ten_two_against_four_is_its_own_class_where_it_plays_differently() -> None:
    situations = catalog(EUROPEAN)
    # The 6-deck chart stands on hard 12 against 4, but 10,2 hits (a two-card exception).
    assert ("hard 12 T2", "4") in situations
    rest = situations[("hard 12", "4")]
    assert {tuple(sorted(r.points for r in ranks)) for ranks, _p in rest.members} == {
        (3, 9),
        (4, 8),
        (5, 7),
    }
    # Against a 5 there is no exception: 10,2 is part of hard 12.
    assert ("hard 12 T2", "5") not in situations
    assert (2, 10) in {
        tuple(sorted(r.points for r in ranks)) for ranks, _p in situations[("hard 12", "5")].members
    }


def test_class_counts_per_preset() -> None:
    counts = {
        name: {c: len(category_situations(find_rules(name), c)) for c in ("hard", "soft", "pairs")}
        for name in ("european", "ajnc", "croatian", "russian")
    }
    # Hard 5..19 against ten upcards (150), the exceptions, hard 20 where tens split by rank.
    assert counts["european"] == {"hard": 151, "soft": 80, "pairs": 100}
    assert counts["ajnc"] == {"hard": 162, "soft": 80, "pairs": 100}
    assert counts["russian"] == {"hard": 161, "soft": 80, "pairs": 100}
    assert counts["croatian"] == {"hard": 151, "soft": 80, "pairs": 100}


def test_insurance_classes() -> None:
    assert category_situations(EUROPEAN, "insurance") == []
    ajnc = [s.hand_class for s in category_situations(AJNC, "insurance")]
    assert ajnc == ["insurance 0", "insurance 1", "insurance 2", "even money"]
    # Croatian: insurance, but not for a natural (no even money).
    croatian = [s.hand_class for s in category_situations(CROATIAN, "insurance")]
    assert croatian == ["insurance 0", "insurance 1", "insurance 2"]
    assert all(s.upcard == "A" for s in category_situations(AJNC, "insurance"))


def test_surrender_category_from_the_chart() -> None:
    assert category_situations(EUROPEAN, "surrender") == []
    keys = {s.key for s in category_situations(AJNC, "surrender")}
    # Late surrender of the 6-deck chart: hard 16 against 9, 10, A and 15 against 10 ...
    assert {("hard 16", "9"), ("hard 16", "T"), ("hard 16", "A"), ("hard 15", "T")} <= keys
    # ... never a hand that is far from it.
    assert ("hard 12", "T") not in keys
    assert ("pair A", "T") not in keys
    # Croatian early surrender is not allowed against an ace.
    assert not any(s.upcard == "A" for s in category_situations(CROATIAN, "surrender"))


def test_classify_decisions_of_the_table() -> None:
    assert classify_decision(["TS", "6H"], "9D", EUROPEAN, insurance=False) == ("hard 16", "9")
    assert classify_decision(["5S", "4H", "7C"], "TD", EUROPEAN, insurance=False) == (
        "hard 16",
        "T",
    )
    assert classify_decision(["AS", "6H"], "3D", EUROPEAN, insurance=False) == ("soft 17", "3")
    assert classify_decision(["AS", "2H", "4C"], "3D", EUROPEAN, insurance=False) == (
        "soft 17",
        "3",
    )
    assert classify_decision(["8S", "8H"], "TD", EUROPEAN, insurance=False) == ("pair 8", "T")
    assert classify_decision(["KS", "QH"], "6D", EUROPEAN, insurance=False) == ("pair T", "6")
    assert classify_decision(["KS", "QH"], "6D", AJNC, insurance=False) == ("hard 20", "6")
    assert classify_decision(["TS", "2H"], "4D", EUROPEAN, insurance=False) == ("hard 12 T2", "4")
    assert classify_decision(["TS", "2H"], "AD", AJNC, insurance=True) == ("insurance 1", "A")
    assert classify_decision(["AS", "KH"], "AD", AJNC, insurance=True) == ("even money", "A")
    # Hands the drills never ask: a three-card 21, a hard 20 of three cards in European.
    assert classify_decision(["5S", "6H", "TC"], "7D", EUROPEAN, insurance=False) is None
    assert classify_decision(["5S", "5H", "TC"], "7D", EUROPEAN, insurance=False) is None


# -- the question's round ----------------------------------------------------------------------
def test_legal_actions_come_from_the_round() -> None:
    # Ajnc: double on hard 9-11 only, late surrender, one split of equal rank.
    assert question_round(AJNC, cards("TS", "6H"), Card.parse("TD")).legal_actions() == (
        Action.HIT,
        Action.STAND,
        Action.SURRENDER,
    )
    assert question_round(AJNC, cards("6S", "5H"), Card.parse("TD")).legal_actions() == (
        Action.HIT,
        Action.STAND,
        Action.DOUBLE,
        Action.SURRENDER,
    )
    # K with Q is no pair where pairs split by rank.
    assert (
        Action.SPLIT
        not in question_round(AJNC, cards("KS", "QH"), Card.parse("6D")).legal_actions()
    )
    assert (
        Action.SPLIT
        in question_round(EUROPEAN, cards("KS", "QH"), Card.parse("6D")).legal_actions()
    )
    # Croatian early surrender, not against an ace (insurance declined first there).
    assert (
        Action.SURRENDER
        in question_round(CROATIAN, cards("TS", "6H"), Card.parse("9D")).legal_actions()
    )
    assert (
        Action.SURRENDER
        not in question_round(CROATIAN, cards("TS", "6H"), Card.parse("AD")).legal_actions()
    )
    # The insurance question is the round's insurance phase.
    assert question_round(
        RUSSIAN, cards("TS", "6H"), Card.parse("AD"), insurance=True
    ).legal_actions() == (Action.INSURANCE, Action.NO_INSURANCE)


def test_deal_question_gives_the_situation_its_cards() -> None:
    rng = random.Random(5)
    situation = catalog(AJNC)[("pair T", "T")]
    for _ in range(20):
        deal = deal_question(situation, AJNC, rng)
        first, second = deal.hand
        assert first.rank == second.rank and first.points == 10
        assert first.code != second.code
        assert deal.upcard.points == 10
        assert Action.SPLIT in deal.legal
    even_money = catalog(AJNC)[("even money", "A")]
    deal = deal_question(even_money, AJNC, rng)
    assert sorted(c.points for c in deal.hand) == [1, 10]
    assert deal.legal == (Action.INSURANCE, Action.NO_INSURANCE)


def test_deal_question_draws_compositions_by_frequency() -> None:
    # hard 16 against 6: 10,6 (four ten ranks, 96 * 23 ways) against 9,7 (24 * 24 ways).
    situation = catalog(EUROPEAN)[("hard 16", "6")]
    rng = random.Random(11)
    draws = [deal_question(situation, EUROPEAN, rng) for _ in range(3000)]
    tens = sum(1 for d in draws if 10 in (c.points for c in d.hand)) / len(draws)
    assert tens == pytest.approx(96 * 23 / (96 * 23 + 24 * 24), abs=0.03)
