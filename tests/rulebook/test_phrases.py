"""The rulebook's phrases on their own: plural forms (ru, sr, hr: three; bg: two) checked
with 1, 2, 5 and 21, number formats, the site choices of each preset, and the banker game's
Rules preset agreeing with what banker.py plays."""

# ruff: noqa: RUF001

from __future__ import annotations

from fractions import Fraction

import pytest
from django.template.loader import get_template
from django.utils.translation import ngettext, override

from game.engine import banker
from game.engine.variants import find_rules
from game.rulesets import words as rules_words
from trainer.rulebook import facts
from trainer.rulebook.choices import SPECS, site_choices
from trainer.rulebook.views import PROSE_LANGUAGES
from trainer.web import numbers

COUNTS = (1, 2, 5, 21)

DECKS = {
    "en": [
        "1 deck in the shoe.",
        "2 decks in the shoe.",
        "5 decks in the shoe.",
        "21 decks in the shoe.",
    ],
    "sr-latn": [
        "U igri je 1 špil.",
        "U igri su 2 špila.",
        "U igri je 5 špilova.",
        "U igri je 21 špil.",
    ],
    "hr": ["U igri je 1 špil.", "U igri su 2 špila.", "U igri je 5 špilova.", "U igri je 21 špil."],
    "ru": ["В игре 1 колода.", "В игре 2 колоды.", "В игре 5 колод.", "В игре 21 колода."],
    "bg": [
        "Играе се с 1 тесте.",
        "Играе се с 2 тестета.",
        "Играе се с 5 тестета.",
        "Играе се с 21 тестета.",
    ],
}
CARDS = {
    "en": ["1 card in all.", "2 cards in all.", "5 cards in all.", "21 cards in all."],
    "sr-latn": ["Ukupno 1 karta.", "Ukupno 2 karte.", "Ukupno 5 karata.", "Ukupno 21 karta."],
    "hr": ["Ukupno 1 karta.", "Ukupno 2 karte.", "Ukupno 5 karata.", "Ukupno 21 karta."],
    "ru": ["Всего 1 карта.", "Всего 2 карты.", "Всего 5 карт.", "Всего 21 карта."],
    "bg": ["Общо 1 карта.", "Общо 2 карти.", "Общо 5 карти.", "Общо 21 карти."],
}
DRAWS = {
    "sr-latn": ["najviše 1 kartu.", "najviše 2 karte.", "najviše 5 karata.", "najviše 21 kartu."],
    "hr": ["najviše 1 kartu.", "najviše 2 karte.", "najviše 5 karata.", "najviše 21 kartu."],
    "ru": ["не больше 1 карты.", "не больше 2 карт.", "не больше 5 карт.", "не больше 21 карты."],
    "bg": ["най-много 1 карта.", "най-много 2 карти.", "най-много 5 карти.", "най-много 21 карти."],
}
PLAYERS = {
    "ru": ["до 1 игрока.", "до 2 игроков.", "до 5 игроков.", "до 21 игрока."],
    "bg": ["до 1 играч.", "до 2 играчи.", "до 5 играчи.", "до 21 играчи."],
    "sr-latn": ["do 1 igrača.", "do 2 igrača.", "do 5 igrača.", "do 21 igrača."],
    "hr": ["do 1 igrača.", "do 2 igrača.", "do 5 igrača.", "do 21 igrača."],
}
TALIA = {
    "ru": ["всего 1 карта.", "всего 2 карты.", "всего 5 карт.", "всего 21 карта."],
    "bg": ["общо 1 карта.", "общо 2 карти.", "общо 5 карти.", "общо 21 карти."],
}
PER_SEAT = {
    "sr-latn": ["bar 1 karta po", "bar 2 karte po", "bar 5 karata po", "bar 21 karta po"],
    "hr": ["barem 1 karta po", "barem 2 karte po", "barem 5 karata po", "barem 21 karta po"],
    "ru": [
        "не меньше 1 карты на",
        "не меньше 2 карт на",
        "не меньше 5 карт на",
        "не меньше 21 карты на",
    ],
    "bg": ["поне 1 карта на", "поне 2 карти на", "поне 5 карти на", "поне 21 карти на"],
}
SOURCE_RULES = {
    "ru": ["пункт 1", "пункты 1, 2", "пункты 1, 2, 3, 4, 5"],
    "bg": ["правило 1", "правила 1, 2", "правила 1, 2, 3, 4, 5"],
    "sr-latn": ["pravilo 1", "pravila 1, 2", "pravila 1, 2, 3, 4, 5"],
    "hr": ["pravilo 1", "pravila 1, 2", "pravila 1, 2, 3, 4, 5"],
}


@pytest.mark.parametrize("lang", list(DECKS))
def test_deck_and_card_counts(lang: str) -> None:
    with override(lang):
        for count, decks, cards in zip(COUNTS, DECKS[lang], CARDS[lang], strict=True):
            sentence = rules_words.decks_sentence(count)
            assert sentence.startswith(decks + " ")
            assert (
                ngettext("%(cards)d card in all.", "%(cards)d cards in all.", count)
                % {"cards": count}
                == cards
            )


@pytest.mark.parametrize("lang", list(DRAWS))
def test_draw_limit_plural(lang: str) -> None:
    with override(lang):
        for count, ending in zip(COUNTS, DRAWS[lang], strict=True):
            assert rules_words.max_draws_sentence(count).endswith(ending)


@pytest.mark.parametrize("lang", list(PLAYERS))
def test_seats_plural(lang: str) -> None:
    with override(lang):
        for count, ending in zip(COUNTS, PLAYERS[lang], strict=True):
            sentence = ngettext(
                "A table seats %(min)d to %(max)d player.",
                "A table seats %(min)d to %(max)d players.",
                count,
            ) % {"min": 1, "max": count}
            assert sentence.endswith(ending), sentence


@pytest.mark.parametrize("lang", list(TALIA))
def test_talia_plural(lang: str) -> None:
    with override(lang):
        for count, ending in zip(COUNTS, TALIA[lang], strict=True):
            sentence = ngettext(
                "A talia is one pass through the shoe: %(cards)d card, shuffled once.",
                "A talia is one pass through the shoe: %(cards)d cards, shuffled once.",
                count,
            ) % {"cards": count}
            assert sentence.endswith(ending), sentence


@pytest.mark.parametrize("lang", list(PER_SEAT))
def test_cards_per_seat_plural(lang: str) -> None:
    with override(lang):
        for count, part in zip(COUNTS, PER_SEAT[lang], strict=True):
            sentence = ngettext(
                "A new deal starts only while at least %(cards)d card per seat is left (two "
                "dealt, the rest for drawing); otherwise the talia is over.",
                "A new deal starts only while at least %(cards)d cards per seat are left (two "
                "dealt, the rest for drawing); otherwise the talia is over.",
                count,
            ) % {"cards": count}
            assert part in sentence, sentence


@pytest.mark.parametrize("lang", list(SOURCE_RULES))
def test_source_rule_labels(lang: str) -> None:
    from trainer.rulebook.choices import _source_label

    with override(lang):
        got = [_source_label(n) for n in ("1", "1, 2", "1, 2, 3, 4, 5")]
    assert got == SOURCE_RULES[lang]


@pytest.mark.parametrize(
    ("lang", "amount", "text"),
    [
        ("en", Fraction(15, 2), "7.5"),
        ("ru", Fraction(15, 2), "7,5"),
        ("sr-latn", Fraction(15, 2), "7,5"),
        ("en", Fraction(1000), "1,000"),
        ("bg", Fraction(-25, 4), "\u22126,25"),
    ],
)
def test_chip_amounts_in_the_language_format(lang: str, amount: Fraction, text: str) -> None:
    with override(lang):
        assert numbers.signed_chips(amount, minus=numbers.MINUS).lstrip("+") == text


@pytest.mark.parametrize(
    ("payout", "sentence"),
    [
        ("3/2", "A natural pays 3:2: on a bet of 10 chips it wins 15."),
        ("6/5", "A natural pays 6:5: on a bet of 10 chips it wins 12."),
        ("1/1", "A natural pays 1:1: on a bet of 10 chips it wins 10."),
        ("2/1", "A natural pays 2:1: on a bet of 10 chips it wins 20."),
    ],
)
def test_natural_payouts(payout: str, sentence: str) -> None:
    rules = find_rules("european").with_overrides({"blackjack_payout": payout})
    with override("en"):
        assert facts.casino_facts(rules)["payouts"][1].text == sentence


@pytest.mark.parametrize(
    ("overrides", "key", "sentence"),
    [
        ({"double_on": "none"}, "double", "Doubling is not allowed in this game."),
        (
            {"double_on": "10-11"},
            "double",
            "Double only on a hard 10 or 11 with your first two cards: you double the bet and "
            "get exactly one more card.",
        ),
        ({"double_after_split": False}, "das", "You may not double after a split."),
        (
            {"max_split_hands": 3, "resplit_aces": True},
            "split_aces",
            "Split aces may be split again.",
        ),
        ({"hit_split_aces": True}, "split_aces_hit", "Split aces may draw more cards."),
        (
            {"dealer_hole_card": False, "dealer_peeks": False, "lose_all_to_natural": False},
            "dealer_natural",
            "The dealer takes a second card only after you play; a natural then takes only "
            "your initial bet.",
        ),
        (
            {"lose_all_to_natural": False},
            "dealer_natural",
            "The dealer does not peek: a dealer natural takes only your initial bet, the chips "
            "added by doubling and splitting come back.",
        ),
        (
            {"dealer_peeks": True, "surrender": "late", "surrender_vs_ace": True},
            "surrender",
            "You may surrender your first two cards after the peek and keep half.",
        ),
        (
            {"insurance": True, "even_money": True},
            "even_money",
            "Holding a natural against an ace, you may take even money.",
        ),
        ({"auto_stand_21": True}, "stand_21", "A hand that reaches 21 stands by itself."),
        ({"max_draws": 2}, "max_draws", "A hand may draw at most 2 cards after the deal."),
    ],
)
def test_each_rule_field_changes_its_sentence(overrides: dict, key: str, sentence: str) -> None:
    base = find_rules("european")
    changed = base.with_overrides(overrides)
    with override("en"):
        before = {f.key: f.text for s in facts.casino_facts(base).values() for f in s}
        after = {f.key: f.text for s in facts.casino_facts(changed).values() for f in s}
    assert after[key] == sentence
    assert before.get(key) != sentence


def test_every_preset_states_every_choice() -> None:
    """No "this site's choice" of a preset points at a rule its page does not state."""
    with override("en"):
        for variant, specs in SPECS.items():
            rules = find_rules(variant)
            by_section = (
                facts.banker_facts(rules) if rules.game == "banker" else facts.casino_facts(rules)
            )
            assert len(site_choices(variant, by_section, rules)) == len(specs), variant


def test_banker_preset_agrees_with_the_banker_engine() -> None:
    """The banker game's page reads decks, draws and the natural's payout from its Rules
    preset; banker.py plays its own constants. They must be the same (seed 003)."""
    rules = find_rules("dvadtsat-odno")
    assert rules.game == "banker"
    assert rules.decks == banker.DECKS == 2
    assert rules.max_draws == banker.MAX_DRAWS == 3
    assert rules.blackjack_payout == banker.NATURAL_PAYS == 2


@pytest.mark.parametrize("lang", PROSE_LANGUAGES)
def test_every_language_has_every_prose_part(lang: str) -> None:
    parts = {
        "casino.html": ("goal", "cards", "deal", "options", "dealer", "payouts", "special", "end"),
        "banker.html": (
            "intro",
            "goal",
            "cards",
            "bank",
            "deal",
            "drawing",
            "payouts",
            "talia",
            "end",
        ),
        "variants.html": (
            "index",
            "european",
            "ajnc",
            "croatian",
            "russian",
            "dvadtsat-odno",
            "custom",
            "choices",
        ),
        "glossary.html": ("casino", "banker"),
        "landing.html": ("hero", "rules", "table", "drills", "custom"),
    }
    for name, partials in parts.items():
        for partial in partials:
            html = get_template(f"rulebook/prose/{lang}/{name}#{partial}").render({})
            assert len(html.strip()) > 40, (lang, name, partial)
