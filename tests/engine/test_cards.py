"""Cards and the shoe: parsing, the shuffled six-deck shoe, the cut card, stacked shoes."""

import json
import random
import secrets
from collections import Counter

import pytest

from game.engine.cards import (
    Card,
    CardParseError,
    Rank,
    Shoe,
    ShoeExhaustedError,
    Suit,
    standard_deck,
)

# -- Card.parse ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("QH", Rank.QUEEN, Suit.HEARTS),
        ("TS", Rank.TEN, Suit.SPADES),
        ("AC", Rank.ACE, Suit.CLUBS),
        ("2D", Rank.TWO, Suit.DIAMONDS),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("th", Rank.TEN, Suit.HEARTS),
        (" kd ", Rank.KING, Suit.DIAMONDS),
    ],
)
def test_parse_with_suit(text, rank, suit):
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "rank"),
    [("Q", Rank.QUEEN), ("A", Rank.ACE), ("7", Rank.SEVEN), ("10", Rank.TEN), ("t", Rank.TEN)],
)
def test_parse_without_suit_uses_spades_by_default(text, rank):
    assert Card.parse(text) == Card(rank, Suit.SPADES)


def test_parse_without_suit_uses_the_default_suit_given():
    assert Card.parse("9", default_suit=Suit.CLUBS) == Card(Rank.NINE, Suit.CLUBS)
    # An explicit suit wins over the default.
    assert Card.parse("9H", default_suit=Suit.CLUBS) == Card(Rank.NINE, Suit.HEARTS)


@pytest.mark.parametrize("text", ["", "  ", "1", "11", "X", "QX", "AHS", "10HX", "1H", "B7", "0"])
def test_parse_rejects_bad_input(text):
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_card_code_label_and_points():
    ten = Card.parse("10H")
    assert ten.code == "TH"
    assert str(ten) == "TH"
    assert ten.rank.label == "10"
    assert ten.points == 10
    assert Card.parse("KS").points == 10
    assert Card.parse("AS").points == 1
    assert Card.parse("5S").points == 5
    assert Rank.JACK.is_ten_value and not Rank.NINE.is_ten_value
    assert Suit.HEARTS.is_red and Suit.DIAMONDS.is_red
    assert not Suit.CLUBS.is_red and not Suit.SPADES.is_red
    assert Suit.SPADES.symbol == "\u2660"


def test_standard_deck_has_52_distinct_cards():
    deck = standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert Counter(c.points for c in deck) == {
        1: 4,
        2: 4,
        3: 4,
        4: 4,
        5: 4,
        6: 4,
        7: 4,
        8: 4,
        9: 4,
        10: 16,
    }


# -- Shoe.shuffled -------------------------------------------------------------------------


def test_six_deck_shoe_holds_each_card_six_times():
    shoe = Shoe.shuffled(6, rng=random.Random(1))
    assert len(shoe.cards) == 312
    counts = Counter(shoe.cards)
    assert len(counts) == 52
    assert set(counts.values()) == {6}
    assert set(counts) == set(standard_deck())
    assert shoe.position == 0
    assert shoe.decks == 6
    assert not shoe.stacked
    assert shoe.remaining == 312


def test_shuffled_uses_the_rng_passed():
    expected = standard_deck() * 6
    random.Random(42).shuffle(expected)
    shoe = Shoe.shuffled(6, rng=random.Random(42))
    assert list(shoe.cards) == expected
    assert Shoe.shuffled(6, rng=random.Random(42)) == shoe
    assert Shoe.shuffled(6, rng=random.Random(43)).cards != shoe.cards
    # Really shuffled: not the deck order.
    assert list(shoe.cards) != standard_deck() * 6


def test_shuffled_defaults_to_a_csprng(monkeypatch):
    made = []

    class SpyRandom:
        def __init__(self):
            made.append(self)
            self.shuffled = 0

        def shuffle(self, cards):
            self.shuffled += 1
            cards.reverse()

    monkeypatch.setattr(secrets, "SystemRandom", SpyRandom)
    shoe = Shoe.shuffled(1)
    assert len(made) == 1
    assert made[0].shuffled == 1
    assert list(shoe.cards) == list(reversed(standard_deck()))


def test_default_shuffle_is_not_repeatable():
    # Two CSPRNG shoes agreeing on all 312 cards is practically impossible.
    assert Shoe.shuffled(6).cards != Shoe.shuffled(6).cards


@pytest.mark.parametrize(
    ("decks", "penetration", "cut"),
    [(6, 0.75, 234), (6, 0.5, 156), (1, 0.75, 39), (8, 1, 416), (2, 0.8, 83)],
)
def test_cut_card_at_the_penetration(decks, penetration, cut):
    shoe = Shoe.shuffled(decks, penetration, rng=random.Random(0))
    assert len(shoe.cards) == 52 * decks
    assert shoe.cut == cut


def test_default_penetration_is_three_quarters():
    assert Shoe.shuffled(6, rng=random.Random(0)).cut == 234


def test_needs_shuffle_only_once_the_cut_card_is_reached():
    shoe = Shoe.shuffled(1, 0.5, rng=random.Random(7))
    assert shoe.cut == 26
    for _ in range(25):
        _, shoe = shoe.draw()
        assert not shoe.needs_shuffle
    assert shoe.position == 25
    _, shoe = shoe.draw()
    assert shoe.position == 26
    assert shoe.needs_shuffle
    _, shoe = shoe.draw()
    assert shoe.needs_shuffle


@pytest.mark.parametrize(("decks", "penetration"), [(0, 0.75), (-1, 0.75), (6, 0), (6, 1.01)])
def test_shuffled_rejects_bad_arguments(decks, penetration):
    with pytest.raises(ValueError):
        Shoe.shuffled(decks, penetration, rng=random.Random(0))


# -- stacked shoes and drawing ----------------------------------------------------------------


def test_stacked_shoe_deals_in_order():
    shoe = Shoe.stacked_from(["AS", "10H", "q", Card(Rank.TWO, Suit.CLUBS)])
    assert shoe.stacked
    assert shoe.cut == 4
    drawn = []
    for expected_position in (1, 2, 3, 4):
        card, shoe = shoe.draw()
        drawn.append(card.code)
        assert shoe.position == expected_position
    assert drawn == ["AS", "TH", "QS", "2C"]
    assert shoe.dealt == tuple(Card.parse(c) for c in drawn)
    assert shoe.remaining == 0
    assert not shoe.needs_shuffle  # a stacked shoe is never reshuffled


def test_draw_returns_a_new_shoe_and_leaves_the_old_one():
    shoe = Shoe.stacked_from(["5H", "6H"])
    card, after = shoe.draw()
    assert card == Card.parse("5H")
    assert shoe.position == 0
    assert after.position == 1
    assert shoe.draw()[0] == card


def test_draw_past_the_end_raises():
    shoe = Shoe.stacked_from(["5H"])
    _, shoe = shoe.draw()
    with pytest.raises(ShoeExhaustedError):
        shoe.draw()
    with pytest.raises(ShoeExhaustedError):
        Shoe.stacked_from([]).draw()


def test_real_shoe_runs_out_after_every_card():
    shoe = Shoe.shuffled(1, rng=random.Random(3))
    seen = []
    for _ in range(52):
        card, shoe = shoe.draw()
        seen.append(card)
    assert sorted(seen, key=str) == sorted(standard_deck(), key=str)
    with pytest.raises(ShoeExhaustedError):
        shoe.draw()


def test_stacked_from_rejects_a_bad_code():
    with pytest.raises(CardParseError):
        Shoe.stacked_from(["AS", "ZZ"])


# -- JSON --------------------------------------------------------------------------------------


def test_shuffled_shoe_json_round_trip_mid_shoe():
    shoe = Shoe.shuffled(6, rng=random.Random(5))
    for _ in range(17):
        _, shoe = shoe.draw()
    data = json.loads(json.dumps(shoe.to_json()))
    assert data["position"] == 17
    assert data["cut"] == 234
    assert data["decks"] == 6
    assert data["stacked"] is False
    assert len(data["cards"]) == 2 * 312
    back = Shoe.from_json(data)
    assert back == shoe
    assert back.draw() == shoe.draw()


def test_stacked_shoe_json_round_trip():
    shoe = Shoe.stacked_from(["AS", "TH", "9D"])
    _, shoe = shoe.draw()
    data = shoe.to_json()
    assert data == {"cards": "ASTH9D", "position": 1, "cut": 3, "stacked": True, "decks": 0}
    assert Shoe.from_json(data) == shoe


# -- Shoe.following (a replay's shoe) and Shoe.dealt_part (a round record's) ---------------
ROUND = ["2C", "6H", "3D", "TS", "2D", "4C"]


def test_following_deals_the_given_cards_then_the_rest_of_the_decks_then_a_fresh_shoe():
    first = [Card.parse(c) for c in ROUND]
    shoe = Shoe.following(first, decks=2, rng=random.Random(7))
    assert shoe.position == 0 and shoe.stacked and shoe.decks == 2
    assert list(shoe.cards[:6]) == first
    rest = Counter(standard_deck() * 2)
    rest.subtract(first)
    assert Counter(shoe.cards[6:104]) == rest  # two decks in all: each card twice
    assert Counter(shoe.cards[104:]) == Counter(standard_deck() * 2)
    assert len(shoe.cards) == shoe.cut == 208
    # Dealing all of it never raises: the round's cards come out first, in order.
    for code in ROUND:
        card, shoe = shoe.draw()
        assert card.code == code


def test_following_shuffles_with_its_own_random_source():
    first = [Card.parse(c) for c in ROUND]
    one = Shoe.following(first, decks=1, rng=random.Random(1)).cards[6:52]
    two = Shoe.following(first, decks=1, rng=random.Random(2)).cards[6:52]
    default = Shoe.following(first, decks=1).cards[6:52]  # secrets.SystemRandom
    assert Counter(one) == Counter(two) == Counter(default)
    assert one != two


def test_following_takes_out_a_card_only_as_often_as_the_decks_hold_it():
    # A scripted shoe may deal five aces of spades from one deck.
    shoe = Shoe.following([Card.parse("AS")] * 5, decks=1, rng=random.Random(3))
    assert Card.parse("AS") not in shoe.cards[5:52]
    assert len(shoe.cards) == 5 + 51 + 52
    with pytest.raises(ValueError, match="at least one deck"):
        Shoe.following([], decks=0)


def test_dealt_part_drops_the_undealt_cards():
    shoe = Shoe.shuffled(6, 0.75, rng=random.Random(4))
    for _ in range(10):
        _, shoe = shoe.draw()
    kept = shoe.dealt_part()
    assert kept.cards == shoe.cards[:10] == shoe.dealt
    assert (kept.position, kept.cut, kept.remaining) == (10, 10, 0)
    assert Shoe.from_json(json.loads(json.dumps(kept.to_json()))) == kept
