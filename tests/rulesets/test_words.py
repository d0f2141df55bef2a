"""The rules in words (game/rulesets/words.py) are said once: for every field of every preset, the
table, the rule page and the custom rule set's page show the same sentence, in English and in
another language; and each sentence says what the engine allows (Ajnc without surrender
against an ace)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.utils.translation import override

from game.engine.cards import Shoe
from game.engine.round import Action, Phase, apply, deal
from game.engine.rules import AJNC, RULE_FIELDS
from game.engine.variants import VARIANTS, find_rules
from game.rulesets.forms import BASES, rules_table
from game.rulesets.models import RuleSet
from game.rulesets.words import describe, sentences_for
from tests.factories import TableSessionFactory
from tests.rulesets.test_custom_rules import form_data, post_rules, saved_id

LANGS = ("en", "ru", "hr")
CASINO = tuple(
    name for name, rules in ((v.name, v.rules) for v in VARIANTS) if rules.game == "casino"
)


def visible(html: str) -> str:
    """The page's words: tags removed, entities decoded, whitespace collapsed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def table_page(variant: str, lang: str) -> str:
    """The table of ``variant`` as its visitor sees it (a GET writes nothing)."""
    table = TableSessionFactory(variant=variant)
    client = Client()
    session = client.session
    session["visitor"] = str(table.visitor)
    session.save()
    response = client.get(f"/{lang}/table/{table.public_id}/")
    assert response.status_code == 200
    return response.content.decode()


def rows_said(html: str) -> dict[str, str]:
    """The custom rule set's table: each row's field name -> the sentences in its row."""
    return {
        name: visible(words)
        for name, words in re.findall(
            r'<tr data-rule="(\w+)">.*?<td class="rule-words">(.*?)</td></tr>', html
        )
    }


def test_every_field_of_every_preset_is_stated() -> None:
    with override("en"):
        for name, rules in ((v.name, v.rules) for v in VARIANTS):
            said = {field for sentence in describe(rules) for field in sentence.fields}
            if rules.game == "casino":
                assert said == set(RULE_FIELDS), name
            else:  # the banker game's options are its decks, draw limit and natural
                assert said == {"decks", "max_draws", "blackjack_payout"}


@pytest.mark.django_db
@pytest.mark.parametrize("variant", CASINO)
@pytest.mark.parametrize("lang", LANGS)
def test_table_rule_page_and_rule_set_page_say_the_same_sentence(variant, lang) -> None:
    assert variant in BASES
    rules = find_rules(variant)
    client = Client()
    rid = saved_id(post_rules(client, form_data(variant)))
    assert RuleSet.objects.get(pk=rid).rules == rules
    pages = {
        "table": visible(table_page(variant, lang)),
        "rule page": visible(Client().get(f"/{lang}/rulebook/{variant}/").content.decode()),
    }
    ruleset_html = Client().get(f"/{lang}/rules/{rid}/").content.decode()
    pages["rule set page"] = visible(ruleset_html)
    rows = rows_said(ruleset_html)
    with override(lang):
        table_rows = {row["name"]: row for row in rules_table(rules)}
        assert set(rows) == set(table_rows)
        for field in RULE_FIELDS:
            sentences = sentences_for(rules, field)
            assert sentences, field
            for sentence in sentences:
                for page, words in pages.items():
                    assert sentence.text in words, (variant, lang, field, page)
                row = "dealer_game" if field in ("dealer_hole_card", "dealer_peeks") else field
                if row in table_rows:  # the field is a row of the rule set's table
                    assert sentence.text in rows[row], (variant, lang, field)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_the_banker_games_rule_page_states_its_fields(lang) -> None:
    rules = find_rules("dvadtsat-odno")
    words = visible(Client().get(f"/{lang}/rulebook/dvadtsat-odno/").content.decode())
    with override(lang):
        for sentence in describe(rules):
            assert sentence.text in words


# -- Ajnc without surrender against an ace (issue 11) -----------------------------------------
NO_ACE = (
    "You may surrender your first two cards after the peek and keep half, except against an ace."
)


def test_the_engine_refuses_surrender_against_an_ace_in_ajnc_without_surrender_vs_ace() -> None:
    rules = AJNC.with_overrides({"surrender_vs_ace": False})
    shoe = Shoe.stacked_from(["TS", "7D", "6C", "AH"])  # T,6 against an ace, 7 in the hole
    rnd = apply(deal(rules, [10], shoe), Action.NO_INSURANCE)
    assert rnd.phase is Phase.PLAYER
    assert Action.SURRENDER not in rnd.legal_actions()


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_ajnc_without_surrender_vs_ace_says_so_on_every_page(lang) -> None:
    rules = AJNC.with_overrides({"surrender_vs_ace": False})
    ruleset = RuleSet.save_rules(rules, "ajnc")
    with override(lang):
        (sentence,) = sentences_for(rules, "surrender_vs_ace")
    if lang == "en":
        assert sentence.text == NO_ACE
    pages = (
        table_page(f"custom-{ruleset.id}", lang),
        Client().get(f"/{lang}/rulebook/custom/{ruleset.id}/").content.decode(),
        Client().get(f"/{lang}/rules/{ruleset.id}/").content.decode(),
    )
    for html in pages:
        assert sentence.text in visible(html)
    # the preset itself allows it, and says so without the exception
    with override(lang):
        (preset,) = sentences_for(AJNC, "surrender_vs_ace")
    assert preset.text != sentence.text
    assert preset.text not in visible(pages[0])
