"""What the rule pages and the landing page lead to, and the glossary's ENHC entry: each
casino game's rule page links its basic strategy chart and its drills (the banker game has
neither); the landing page links the charts, the review and the custom rules form; the index
lists the visitor's own custom rule sets; the glossary says what ENHC means and, rendered
from the game's Rules, when this game's dealer gets the second card.

Expected strings are written out by hand (the oracle), never read back from the code."""

# The expected strings are Serbian, Croatian, Russian and Bulgarian text.
# ruff: noqa: RUF001

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from game.engine.variants import find_rules
from game.rulesets.models import RuleSet
from tests.factories import TableSessionFactory
from tests.helpers import client_for
from tests.review.factories import DrillDecisionFactory, GradedDecisionFactory
from tests.rulebook.html import read_page

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "sr-latn", "hr", "ru", "bg")
CASINO = ("european", "ajnc", "croatian", "russian")


def html_of(client: Client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, f"{path} answered {response.status_code}"
    return response.content.decode()


# -- the glossary's ENHC entry ---------------------------------------------------------------
NOT_CHECKED = (
    "In this game the dealer's second card is dealt face down at the deal and is not checked "
    "for a natural before the players act."
)
AFTER_PLAYERS = (
    "In this game the dealer's second card is dealt only after every player has finished."
)
PEEKED = (
    "In this game the dealer's second card is dealt face down at the deal; with an ace or a "
    "ten-value card showing, the dealer checks it for a natural before the players act (the "
    "peek): this game is not ENHC."
)


@pytest.mark.parametrize(
    ("variant", "sentence"),
    [
        # Seed 004: a face-down card at the deal, never checked before the players act.
        ("european", NOT_CHECKED),
        # Seed 001: no hole card at all; the second card comes after the players.
        ("croatian", AFTER_PLAYERS),
        ("ajnc", PEEKED),
        ("russian", PEEKED),
    ],
)
def test_glossary_says_when_this_games_dealer_gets_the_second_card(client, variant, sentence):
    page = read_page(html_of(client, f"/en/rulebook/{variant}/"))
    assert page.fact("second_card") == sentence
    assert (
        "ENHCEuropean no hole card: the dealer does not check a face-down card for a natural "
        "before the players act, so a dealer natural shows only after they have finished. "
        "Whether the dealer's second card is dealt face down at the deal or only after the "
        "players is a separate rule."
    ) in page.text
    # The old definition, which the European deal contradicted, is gone.
    assert "second card is dealt only after the players have finished" not in page.text


def test_european_deal_and_glossary_agree(client) -> None:
    """The European deal gives the dealer a face-down card, which is not peeked at: the
    glossary's ENHC and its sentence for this game say the same."""
    page = read_page(html_of(client, "/en/rulebook/european/"))
    assert page.fact("hole_card") == (
        "The deal: a card to each player, the dealer's face-up card, a second card to each "
        "player, then the dealer's face-down card (the hole card)."
    )
    assert page.fact("peek") == (
        "The dealer does not look at the hole card for a natural: it is turned only after "
        "every player has finished."
    )
    assert page.fact("second_card") == NOT_CHECKED


ENHC_ENTRY = {
    "sr-latn": (
        "diler ne proverava kartu licem nadole da li ima ajnc pre nego što igrači odigraju",
        "U ovoj igri diler drugu kartu dobija licem nadole već pri deljenju i ne proverava je "
        "da li ima ajnc pre nego što igrači odigraju.",
        "diler drugu kartu dobija tek kada igrači završe.",
    ),
    "hr": (
        "krupje ne provjerava kartu licem prema dolje ima li blackjack prije nego što igrači "
        "odigraju",
        "U ovoj igri krupje drugu kartu dobiva licem prema dolje već pri dijeljenju i ne "
        "provjerava je ima li blackjack prije nego što igrači odigraju.",
        "krupje drugu kartu dobiva tek kad igrači završe.",
    ),
    "ru": (
        "дилер не проверяет закрытую карту на блэкджек до хода игроков",
        "В этой игре вторую карту дилер получает лицом вниз сразу при раздаче и не проверяет "
        "её на блэкджек до хода игроков.",
        "вторую карту дилер получает, когда игроки закончили.",
    ),
    "bg": (
        "дилърът не проверява карта с лицето надолу за блекджек, преди играчите да играят",
        "В тази игра дилърът получава втората си карта с лицето надолу още при раздаването и "
        "не я проверява за блекджек, преди играчите да играят.",
        "дилърът получава втората си карта едва след като играчите приключат.",
    ),
}


@pytest.mark.parametrize("lang", list(ENHC_ENTRY))
def test_enhc_entry_in_each_language(client, lang) -> None:
    definition, european, old = ENHC_ENTRY[lang]
    page = read_page(html_of(client, f"/{lang}/rulebook/european/"))
    assert definition in page.text
    assert page.fact("second_card") == european
    assert old not in page.text


def test_second_card_follows_a_custom_rule_set(client) -> None:
    """The same European rules without a hole card: the sentence changes with the Rules."""
    rules = find_rules("european").with_overrides({"dealer_hole_card": False})
    ruleset = RuleSet.save_rules(rules, "european")
    page = read_page(html_of(client, f"/en/rulebook/custom/{ruleset.id}/"))
    assert page.fact("second_card") == AFTER_PLAYERS


def test_banker_game_has_no_enhc_entry(client) -> None:
    html = html_of(client, "/en/rulebook/dvadtsat-odno/")
    assert "ENHC" not in html and 'data-fact="second_card"' not in html


# -- a rule page's chart and drills ----------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", CASINO)
def test_rule_page_links_its_chart_and_drills(client, variant, lang) -> None:
    html = html_of(client, f"/{lang}/rulebook/{variant}/")
    assert (
        f'<a class="button secondary" href="/{lang}/chart/{variant}/" data-testid="chart-link">'
        in html
    )
    assert (
        f'<a class="button secondary" href="/{lang}/drills/?variant={variant}" '
        'data-testid="drill-link">' in html
    )


LINK_WORDS = {
    "en": ("Basic strategy chart for this game", "Drill this game's basic strategy"),
    "ru": ("Таблица базовой стратегии для этой игры", "Тренировать базовую стратегию этой игры"),
    "bg": (
        "Таблица с основната стратегия за тази игра",
        "Упражнявайте основната стратегия на тази игра",
    ),
}


@pytest.mark.parametrize("lang", list(LINK_WORDS))
def test_rule_page_links_in_the_pages_language(client, lang) -> None:
    page = read_page(html_of(client, f"/{lang}/rulebook/ajnc/"))
    chart, drill = LINK_WORDS[lang]
    assert chart in page.text and drill in page.text


def test_banker_game_links_no_chart_and_no_drills(client) -> None:
    html = html_of(client, "/en/rulebook/dvadtsat-odno/")
    assert 'data-testid="chart-link"' not in html and 'data-testid="drill-link"' not in html
    assert "/chart/dvadtsat-odno/" not in html and "drills/?variant" not in html


def test_custom_rule_page_links_its_chart_and_drills(client) -> None:
    rules = find_rules("croatian").with_overrides({"decks": 2})
    ruleset = RuleSet.save_rules(rules, "croatian")
    html = html_of(client, f"/ru/rulebook/custom/{ruleset.id}/")
    assert f'href="/ru/chart/custom-{ruleset.id}/" data-testid="chart-link"' in html
    assert f'href="/ru/drills/?variant=custom-{ruleset.id}" data-testid="drill-link"' in html
    # The drill link opens the drills with this rule set chosen.
    drills = html_of(client, f"/ru/drills/?variant=custom-{ruleset.id}")
    assert f'name="variant" value="custom-{ruleset.id}" checked' in drills


# -- the landing page ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_landing_page_links_charts_review_and_custom_rules(client, lang) -> None:
    html = html_of(client, f"/{lang}/")
    for variant in CASINO:
        assert f'<li><a href="/{lang}/chart/{variant}/">' in html
    assert f"/{lang}/chart/dvadtsat-odno/" not in html
    assert f'<a class="button" href="/{lang}/review/">' in html
    assert f'<a class="button" href="/{lang}/rules/new/">' in html
    assert f'<a class="button" href="/{lang}/rulebook/">' in html
    assert f'<a class="button" href="/{lang}/drills/count/">' in html
    # Every card of the landing page ends in a button.
    cards = html.split('<li class="offer"')[1:]
    assert len(cards) == 7
    assert all('<a class="button"' in card.split("</li>\n")[-2] for card in cards)


LANDING_WORDS = {
    "en": ("Basic strategy charts", "See the charts", "Review your mistakes", "Card counting"),
    "sr-latn": (
        "Tabele osnovne strategije",
        "Pogledajte tabele",
        "Pregledajte svoje greške",
        "Brojanje karata",
    ),
    "hr": (
        "Tablice osnovne strategije",
        "Pogledajte tablice",
        "Pregledajte svoje pogreške",
        "Brojanje karata",
    ),
    "ru": ("Таблицы базовой стратегии", "Смотреть таблицы", "Разобрать свои ошибки", "Счёт карт"),
    "bg": (
        "Таблици с основната стратегия",
        "Вижте таблиците",
        "Прегледайте грешките си",
        "Броене на карти",
    ),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_landing_page_new_cards_in_each_language(client, lang) -> None:
    page = read_page(html_of(client, f"/{lang}/"))
    for words in LANDING_WORDS[lang]:
        assert words in page.text, words


# -- the index's custom rule sets ------------------------------------------------------------
def saved(base: str, **overrides) -> RuleSet:
    return RuleSet.save_rules(find_rules(base).with_overrides(overrides), base)


def listed(html: str) -> list[str]:
    """The ids of the custom rule sets the index lists, in order."""
    section = html.split('data-testid="custom-rule-sets"', 1)
    if len(section) == 1:
        return []
    body = section[1].split("</section>", 1)[0]
    return [part.split('"', 1)[0] for part in body.split('data-ruleset="')[1:]]


def test_index_lists_the_visitors_custom_rule_sets() -> None:
    visitor = uuid.uuid4()
    played = saved("russian", decks=2)  # played at a table
    drilled = saved("european", decks=1)  # only graded in a drill
    graded = saved("croatian", decks=4)  # a graded table decision
    strangers = saved("ajnc", decks=8)  # someone else's
    saved("russian", decks=3)  # saved, never played by anyone
    TableSessionFactory(visitor=visitor, variant=played.variant)
    TableSessionFactory(visitor=visitor, variant=played.variant)  # listed once
    TableSessionFactory(visitor=visitor, variant="european")  # a preset: not listed
    DrillDecisionFactory(visitor=visitor, variant=drilled.variant)
    GradedDecisionFactory(
        visitor=visitor, table=TableSessionFactory(visitor=visitor, variant=graded.variant)
    )
    TableSessionFactory(visitor=uuid.uuid4(), variant=strangers.variant)

    html = html_of(client_for(visitor), "/en/rulebook/")
    expected = sorted([played, drilled, graded], key=lambda r: (r.created_at, r.id))
    assert listed(html) == [r.id for r in expected]
    for ruleset, base in ((played, "Russian online blackjack"), (drilled, "European blackjack")):
        assert (
            f'<li data-ruleset="{ruleset.id}"><a href="/en/rulebook/custom/{ruleset.id}/">'
            f'Custom rules {ruleset.id}</a> <span class="based-on">based on {base}</span></li>'
        ) in html
    assert "Your custom rule sets" in html


def test_index_in_russian_names_the_section_and_the_base_game() -> None:
    visitor = uuid.uuid4()
    ruleset = saved("russian", decks=2)
    TableSessionFactory(visitor=visitor, variant=ruleset.variant)
    html = html_of(client_for(visitor), "/ru/rulebook/")
    assert listed(html) == [ruleset.id]
    assert "Ваши собственные правила" in html
    assert f'href="/ru/rulebook/custom/{ruleset.id}/"' in html


def test_index_without_custom_rule_sets_shows_no_section(client) -> None:
    visitor = uuid.uuid4()
    TableSessionFactory(visitor=visitor, variant="croatian")
    html = html_of(client_for(visitor), "/en/rulebook/")
    assert 'data-testid="custom-rule-sets"' not in html
    # A first visit shows none either, and the page makes no visitor id.
    fresh = Client()
    html = html_of(fresh, "/en/rulebook/")
    assert 'data-testid="custom-rule-sets"' not in html and "Your custom rule sets" not in html
    assert "visitor" not in fresh.session
