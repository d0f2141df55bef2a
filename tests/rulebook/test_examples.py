"""The worked examples: their totals and results as rendered, against values worked out by
hand from the rules (VARIANTS.md, the seeds), so a page can only show what the engine plays.
"""

from __future__ import annotations

import pytest

from tests.rulebook.html import read_page

pytestmark = pytest.mark.django_db

MINUS = "\u2212"


def page_of(client, path: str):
    response = client.get(path)
    assert response.status_code == 200
    return read_page(response.content.decode())


def test_counting_soft_and_hard_totals(client) -> None:
    page = page_of(client, "/en/rulebook/european/")
    shown = [(h.cards, h.total, h.soft, h.total_text) for h in page.counting]
    assert shown == [
        (["AS", "6H"], 17, True, "soft 17"),
        (["AS", "6H", "10D"], 17, False, "hard 17"),
        (["AC", "AD"], 12, True, "soft 12"),
        (["2H", "5C", "8S"], 15, False, "hard 15"),
        (["JD", "2S", "AH"], 13, False, "hard 13"),
        (["AH", "KS"], 21, True, "natural (21)"),
    ]


@pytest.mark.parametrize(
    ("lang", "soft", "hard"),
    [
        ("sr-latn", "meki 17", "tvrdi 17"),
        ("hr", "mekani 17", "tvrdi 17"),
        ("ru", "мягкие 17", "жёсткие 17"),
        ("bg", "меко 17", "твърдо 17"),
    ],
)
def test_soft_and_hard_in_each_language(client, lang: str, soft: str, hard: str) -> None:
    page = page_of(client, f"/{lang}/rulebook/russian/")
    assert page.counting[0].total_text == soft
    assert page.counting[1].total_text == hard


def hands(example):
    return [(h.cards, h.total, h.outcome, h.net) for h in example.hands]


def test_european_examples(client) -> None:
    page = page_of(client, "/en/rulebook/european/")
    ex = page.examples
    # A natural (A, K) against a dealer 21 of three cards (6, 5, K): paid 3:2 on 10.
    assert hands(ex["natural_vs_21"]) == [
        (["AH", "KC"], 21, "Blackjack", "+15"),
        (["10S", "7D"], 17, "Lose", f"{MINUS}10"),
        (["6S", "5H", "KD"], 21, "", ""),
    ]
    # S17: the dealer's A,6 stands; 18 wins.
    assert hands(ex["soft_17"]) == [(["10S", "8D"], 18, "Win", "+10"), (["6C", "AH"], 17, "", "")]
    # No peek: a dealer natural found after a double takes the whole 20.
    assert hands(ex["dealer_natural"]) == [
        (["6S", "5D", "9C"], 20, "Lose", f"{MINUS}20"),
        (["10H", "AD"], 21, "", ""),
    ]
    # A bust hand loses at once, though the dealer busts later with 24.
    assert hands(ex["bust_first"]) == [
        (["10H", "6C", "10S"], 26, "Bust", f"{MINUS}10"),
        (["10D", "8S"], 18, "Win", "+10"),
        (["6D", "10C", "8H"], 24, "", ""),
    ]
    # Split aces: A+K is 21 but not a natural: paid 1:1.
    assert hands(ex["split_aces"]) == [
        (["AS", "KH"], 21, "Win", "+10"),
        (["AD", "9C"], 20, "Win", "+10"),
        (["10C", "8H"], 18, "", ""),
    ]
    assert ex["split_aces"].hands[0].total_text == "soft 21"
    assert hands(ex["double"])[0] == (["6H", "5C", "9H"], 20, "Win", "+20")
    assert hands(ex["natural_push"])[0] == (["AD", "QS"], 21, "Push", "0")
    # No insurance, surrender or three sevens in this game: no such examples.
    assert not {"insurance", "surrender", "three_sevens"} & set(ex)


def test_ajnc_examples(client) -> None:
    ex = page_of(client, "/en/rulebook/ajnc/").examples
    # The dealer peeks under a ten: the round ends before the player acts; only 10 lost.
    assert hands(ex["dealer_natural"]) == [
        (["9S", "7H"], 16, "Lose", f"{MINUS}10"),
        (["10H", "AD"], 21, "", ""),
    ]
    # Seed 000's insurance: half the bet (5 on 10) pays 2:1 against the natural: net 0; the
    # hand shows its own bet's loss, the insurance result its own line.
    insured = ex["insurance"].hands[0]
    assert (insured.total, insured.outcome, insured.net) == (19, "Lose", f"{MINUS}10")
    assert insured.extra == "insured 5 (+10)"
    # Late surrender of 16 keeps half.
    assert hands(ex["surrender"])[0] == (["10H", "6S"], 16, "Surrendered", f"{MINUS}5")


def test_croatian_examples(client) -> None:
    ex = page_of(client, "/en/rulebook/croatian/").examples
    # Three sevens are paid 3:2 at once, and the dealer's natural that follows does not
    # take them back (no hole card: the dealer's A comes after, drawn for the other player).
    assert hands(ex["three_sevens"]) == [
        (["7H", "7S", "7D"], 21, "Three sevens", "+15"),
        (["10C", "8D"], 18, "Lose", f"{MINUS}10"),
        (["KD", "AC"], 21, "", ""),
    ]
    assert ex["three_sevens"].caption == (
        "Three sevens are paid 15 at once; the dealer's natural that follows does not take "
        "them back."
    )
    # ENHC: the dealer's natural after a double takes doubled bets too.
    assert hands(ex["dealer_natural"])[0] == (["6S", "5D", "9C"], 20, "Lose", f"{MINUS}20")
    # Insurance up to half the bet, settled when the second card comes.
    assert ex["insurance"].hands[0].net == f"{MINUS}10"
    assert ex["insurance"].hands[0].extra == "insured 5 (+10)"


def test_banker_game_examples(client) -> None:
    ex = page_of(client, "/en/rulebook/dvadtsat-odno/").examples
    # Seed 003 rule 7: the banker's natural takes every stake, a punter's natural too.
    assert hands(ex["banker_natural"]) == [
        (["AD", "QC"], 21, "Banker's natural", f"{MINUS}10"),
        (["10H", "8S"], 18, "Banker's natural", f"{MINUS}10"),
        (["AS", "KH"], 21, "", "+20"),
    ]
    # Rules 13 and 16: a punter's natural is paid 2:1, even against a drawn 21.
    assert hands(ex["punter_natural"]) == [
        (["AH", "KS"], 21, "Natural", "+20"),
        (["5C", "6D", "KD"], 21, "", f"{MINUS}20"),
    ]
    # Rules 10-12: higher wins, lower loses, equal pushes; the banker's net is their sum.
    assert hands(ex["compare"]) == [
        (["10H", "9C"], 19, "Win", "+10"),
        (["10S", "7H"], 17, "Lose", f"{MINUS}10"),
        (["9D", "9S"], 18, "Push", "0"),
        (["10D", "4C", "4H"], 18, "", "0"),
    ]
    # Rules 19 and 20 as read: a bust banker pays a standing punter 2:1; both bust push.
    assert hands(ex["banker_bust"]) == [
        (["10D", "8C"], 18, "Banker bust", "+20"),
        (["10H", "6D", "8S"], 24, "Both bust", "0"),
        (["10C", "5S", "9H"], 24, "", f"{MINUS}20"),
    ]
    # Rule 9: three cards drawn at most.
    banker = ex["max_draws"].hands[-1]
    assert (banker.cards, banker.total) == (["2C", "3D", "2H", "4S", "3C"], 14)
    assert "may draw no more" in ex["max_draws"].caption


def test_banker_page_rotation_and_readings(client) -> None:
    response = client.get("/en/rulebook/dvadtsat-odno/")
    page = read_page(response.content.decode())
    assert "The bank is at seat 1: the cards go to seats 2, 3, 4, and to the banker last." in (
        page.text
    )
    assert "The bank is at seat 2: the cards go to seats 3, 4, 1, and to the banker last." in (
        page.text
    )
    assert "After the second talia the bank moves on to seat 3." in page.text
    html = response.content.decode()
    for key, label in [
        ("soft_12", "rule 7"),
        ("both_bust", "rule 19"),
        ("banker_bust", "rule 20"),
        ("talia_end", "rules 2, 20"),
        ("ai", "rule 17"),
    ]:
        assert f'data-choice="{key}"' in html
        assert label in page.text
    assert "This site's rule: Two aces are a soft 12, not a natural." in page.text
    assert (
        "This site's rule: At our table the AI players play at the level chosen for them: at "
        "the easy level a punter stops drawing at 16 or more, the banker at 17 or more; at the "
        "normal level they play the best play by total that this game's analysis finds, and at "
        "the hard level the banker also weighs what each punter shows." in page.text
    )


@pytest.mark.parametrize(
    ("lang", "natural", "net"),
    [
        ("sr-latn", "ajnc (21)", "+15"),
        ("hr", "blackjack (21)", "+15"),
        ("ru", "блэкджек (21)", "+15"),
        ("bg", "блекджек (21)", "+15"),
    ],
)
def test_example_words_in_each_language(client, lang: str, natural: str, net: str) -> None:
    ex = page_of(client, f"/{lang}/rulebook/european/").examples
    mine = ex["natural_vs_21"].hands[0]
    assert (mine.total_text, mine.net) == (natural, net)


@pytest.mark.parametrize(
    ("lang", "natural"),
    [
        ("en", "natural (21)"),
        ("sr-latn", "ajnc (21)"),
        ("hr", "iz prve (21)"),
        ("ru", "очко (21)"),
        ("bg", "очко (21)"),
    ],
)
def test_banker_game_names_its_natural(client, lang: str, natural: str) -> None:
    """The banker game's natural is "очко" in Russian, not the casino's "блэкджек"."""
    ex = page_of(client, f"/{lang}/rulebook/dvadtsat-odno/").examples
    assert ex["banker_natural"].hands[-1].total_text == natural
