"""Hand valuation: soft and hard totals, natural, bust, pair (seed 004 "special cases")."""

import pytest

from game.engine.cards import Card
from game.engine.hands import HandValue, hand_value, is_bust, is_natural, is_pair


def cards(*codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes]


@pytest.mark.parametrize(
    ("codes", "total", "soft", "shown"),
    [
        (("A", "A"), 12, True, "2/12"),
        (("A", "A", "T"), 12, False, "12"),
        (("A", "6"), 17, True, "7/17"),
        (("A", "6", "T"), 17, False, "17"),
        (("A", "K"), 21, True, "21"),
        (("A", "A", "9"), 21, True, "21"),
        (("A", "5", "5"), 21, True, "21"),
        (("A", "A", "A", "A"), 14, True, "4/14"),
        (("A", "9", "A"), 21, True, "21"),
        (("A", "9", "A", "A"), 12, False, "12"),
        (("T", "6"), 16, False, "16"),
        (("K", "Q"), 20, False, "20"),
        (("9", "7", "5"), 21, False, "21"),
        (("T", "6", "8"), 24, False, "24"),
        (("K", "Q", "J"), 30, False, "30"),
        ((), 0, False, "0"),
        (("A",), 11, True, "1/11"),
    ],
)
def test_hand_value(codes, total, soft, shown):
    value = hand_value(cards(*codes))
    assert value == HandValue(total, soft)
    assert value.display() == shown
    assert value.low == (total - 10 if soft else total)
    assert value.bust is (total > 21)


def test_natural_is_an_ace_and_a_ten_value_card_in_two_cards():
    for ten in ("T", "J", "Q", "K"):
        assert is_natural(cards("A", ten))
        assert is_natural(cards(ten, "A"))
    # 21 in three cards is not a natural
    assert not is_natural(cards("A", "5", "5"))
    assert not is_natural(cards("7", "7", "7"))
    # two cards below 21 are not a natural
    assert not is_natural(cards("A", "9"))
    assert not is_natural(cards("K", "Q"))


def test_natural_never_from_split():
    assert not is_natural(cards("A", "K"), from_split=True)
    assert not is_natural(cards("T", "A"), from_split=True)


def test_bust():
    assert is_bust(cards("T", "6", "8"))
    assert is_bust(cards("K", "Q", "2"))
    assert not is_bust(cards("K", "Q", "A"))  # the ace drops to 1: hard 21
    assert not is_bust(cards("A", "A", "K", "9"))  # 1 + 1 + 10 + 9 = 21
    assert is_bust(cards("A", "A", "K", "K"))  # 22


def test_pair_by_value():
    assert is_pair(cards("K", "Q"))
    assert is_pair(cards("T", "J"), "value")
    assert is_pair(cards("8H", "8S"))
    assert is_pair(cards("A", "A"))
    assert not is_pair(cards("9", "T"))
    assert not is_pair(cards("A", "K"))


def test_pair_by_rank():
    assert not is_pair(cards("K", "Q"), "rank")
    assert is_pair(cards("KH", "KS"), "rank")
    assert is_pair(cards("8H", "8S"), "rank")


def test_pair_needs_exactly_two_cards():
    assert not is_pair(cards("8", "8", "8"))
    assert not is_pair(cards("8"))
    assert not is_pair([])
