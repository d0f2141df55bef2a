"""Custom rule sets through the form and the pages: a preset's values give that preset, the
id comes from the rules (the same rules, the same id and one row), impossible combinations
and bad values are refused with their messages, the rule set's page states its rules and its
link, and "Play these rules" opens a table that plays them."""

from __future__ import annotations

import random
import re
from decimal import Decimal
from fractions import Fraction
from html import unescape
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.utils.translation import gettext, override
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.cards import Shoe
from game.engine.round import deal
from game.engine.variants import find_rules
from game.rulesets.forms import BASES, RuleSetForm, impossible_combinations, initial_for
from game.rulesets.models import RuleSet
from game.table.models import TableSession
from tests.factories import TableSessionFactory
from tests.helpers import HX

NEW_URL = "/en/rules/new/"

LATE_SURRENDER = "Late surrender happens after the dealer peeks, so it needs a dealer who peeks."
EVEN_MONEY = "Even money is insurance taken on a natural, so it needs insurance."
INSURE_FOR_LESS = "Insuring for less needs insurance to be offered."
RSA = "Resplitting aces makes a third hand, so it needs at least 3 hands."
HIT_SPLIT_ACES = "Hitting split aces needs splitting: allow at least 2 hands."
DAS_NO_DOUBLE = "Doubling after a split needs doubling: choose when a player may double."
DAS_NO_SPLIT = "Doubling after a split needs splitting: allow at least 2 hands."
DFL_NO_DOUBLE = "Doubling for less needs doubling: choose when a player may double."
DECKS = "A shoe holds from 1 to 8 decks."
PAYOUT = "A natural pays 3:2, 6:5, 1:1 or 2:1."
NO_PRESET = "There is no such preset. Start from one of the presets above."
SUMMARY = "These rules cannot be played as they are. Change what is marked:"


# -- helpers ----------------------------------------------------------------------------------
class _FormValues(HTMLParser):
    """What a browser would post from the page's #ruleset-form as it stands."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self._in_form = False
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form" and a.get("id") == "ruleset-form":
            self._in_form = True
        if not self._in_form:
            return
        if tag == "input" and a.get("name"):
            self._input(a)
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select and "selected" in a:
            self.values[self._select] = a.get("value") or ""

    def _input(self, a: dict[str, str | None]) -> None:
        """A text field posts its value; a radio button or checkbox only when checked."""
        name = a["name"]
        assert name is not None
        if a.get("type", "text") not in {"radio", "checkbox"}:
            self.values[name] = a.get("value") or ""
        elif "checked" in a:
            self.values[name] = a.get("value") or "on"

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "form":
            self._in_form = False


def page_form_values(html: str) -> dict[str, str]:
    parser = _FormValues()
    parser.feed(html)
    values = parser.values
    values.pop("csrfmiddlewaretoken", None)
    return values


def form_data(base: str, **changes) -> dict[str, str]:
    """The POST of the form left at ``base``'s values, with ``changes`` (True ticks a box,
    False leaves it unticked, as a browser posts checkboxes)."""
    values = {"base": base, **initial_for(find_rules(base)), **changes}
    return {
        name: ("on" if value is True else str(value))
        for name, value in values.items()
        if value is not False
    }


def post_rules(client: Client, data: dict[str, str], **kwargs):
    return client.post(NEW_URL, data, **kwargs)


def saved_id(response) -> str:
    assert response.status_code == 302, response.content.decode()[:2000]
    match = re.fullmatch(r"/en/rules/([a-z2-7]{10})/", response.url)
    assert match, response.url
    return match.group(1)


def text(response) -> str:
    return response.content.decode()


def visible_text(html: str) -> str:
    """The page's words with tags removed and whitespace collapsed (HTML entities decoded)."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


CUSTOM = {"decks": 1, "dealer_hits_soft_17": "h17", "blackjack_payout": "6:5"}


# -- a preset's values give that preset -------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize("base", BASES)
def test_form_page_with_a_presets_values_gives_exactly_that_preset(client: Client, base) -> None:
    page = client.get(NEW_URL, {"base": base})
    assert page.status_code == 200
    values = page_form_values(text(page))
    assert values["base"] == base
    response = post_rules(client, values)
    ruleset = RuleSet.objects.get(pk=saved_id(response))
    assert ruleset.rules == find_rules(base)
    assert ruleset.base == base
    assert ruleset.id == RuleSet.id_for(find_rules(base))


@pytest.mark.parametrize("base", BASES)
def test_form_built_from_initial_values_is_the_preset(base) -> None:
    form = RuleSetForm(form_data(base))
    assert form.is_valid(), form.errors
    assert form.rules == find_rules(base)


@pytest.mark.django_db
def test_default_base_is_european_and_the_banker_game_is_not_a_base(client: Client) -> None:
    values = page_form_values(text(client.get(NEW_URL)))
    assert values["base"] == "european"
    assert values["dealer_game"] == "no-peek"
    assert client.get(NEW_URL, {"base": "dvadtsat-odno"}).status_code == 404
    assert client.get(NEW_URL, {"base": "klondike"}).status_code == 404


@pytest.mark.django_db
def test_switching_base_shows_that_presets_values(client: Client) -> None:
    html = text(client.get(NEW_URL, {"base": "croatian"}))
    values = page_form_values(html)
    assert values["dealer_game"] == "enhc"
    assert values["surrender"] == "early"
    assert values["three_sevens_payout"] == "3:2"
    assert values["double_for_less"] == "on"
    assert "surrender_vs_ace" not in values
    # The four presets are links that reload the form; the shown one is marked.
    for base in BASES:
        assert f'href="/en/rules/new/?base={base}"' in html
    assert re.search(r'\?base=croatian" class="pill active" aria-current="true"', html)


def test_hole_card_first_follows_the_base_unless_there_is_no_hole_card() -> None:
    form = RuleSetForm(form_data("ajnc", decks=2))
    assert form.is_valid(), form.errors
    assert form.rules.hole_card_first is True
    form = RuleSetForm(form_data("ajnc", dealer_game="enhc", surrender="early"))
    assert form.is_valid(), form.errors
    assert form.rules.hole_card_first is False
    assert form.rules.dealer_hole_card is False
    assert form.rules.dealer_peeks is False
    assert (form.rules.game, form.rules.max_draws) == ("casino", None)


# -- a stable id -------------------------------------------------------------------------------
@pytest.mark.django_db
def test_same_rules_posted_twice_give_the_same_id_and_one_row(client: Client) -> None:
    first = saved_id(post_rules(client, form_data("european", **CUSTOM)))
    second = saved_id(post_rules(client, form_data("european", **CUSTOM)))
    assert first == second
    assert RuleSet.objects.count() == 1
    rules = RuleSet.objects.get().rules
    assert (rules.decks, rules.dealer_hits_soft_17, rules.blackjack_payout) == (
        1,
        True,
        Fraction(6, 5),
    )
    assert first == RuleSet.id_for(rules)

    other = saved_id(post_rules(client, form_data("european", **{**CUSTOM, "decks": 2})))
    assert other != first
    assert RuleSet.objects.count() == 2


@pytest.mark.django_db
def test_edit_a_copy_shows_the_rule_sets_values_and_saves_to_the_same_id(client: Client) -> None:
    rid = saved_id(post_rules(client, form_data("croatian", decks=2, auto_stand_21=False)))
    page = client.get(NEW_URL, {"from": rid})
    assert page.status_code == 200
    html = text(page)
    assert f"A copy of Custom rules {rid}" in html
    values = page_form_values(html)
    assert values["base"] == "croatian"
    assert values["decks"] == "2"
    assert "auto_stand_21" not in values
    assert saved_id(post_rules(client, values)) == rid
    assert RuleSet.objects.count() == 1
    assert client.get(NEW_URL, {"from": "aaaaaaaaaa"}).status_code == 404


# -- impossible combinations -------------------------------------------------------------------
IMPOSSIBLE = [
    ("european", {"surrender": "late"}, "surrender", LATE_SURRENDER),  # hole card, no peek
    ("croatian", {"surrender": "late"}, "surrender", LATE_SURRENDER),  # no hole card
    ("ajnc", {"dealer_game": "no-peek"}, "surrender", LATE_SURRENDER),
    ("russian", {"insurance": False}, "even_money", EVEN_MONEY),
    ("croatian", {"insurance": False}, "insurance_for_less", INSURE_FOR_LESS),
    ("european", {"resplit_aces": True, "max_split_hands": 2}, "resplit_aces", RSA),
    ("european", {"hit_split_aces": True, "max_split_hands": 1}, "hit_split_aces", HIT_SPLIT_ACES),
    ("european", {"max_split_hands": 1}, "double_after_split", DAS_NO_SPLIT),
    ("european", {"double_on": "none"}, "double_after_split", DAS_NO_DOUBLE),
    (
        "croatian",
        {"double_on": "none", "double_after_split": False},
        "double_for_less",
        DFL_NO_DOUBLE,
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("base", "changes", "field", "message"), IMPOSSIBLE)
def test_impossible_combination_is_refused_with_its_message(
    client: Client, base, changes, field, message
) -> None:
    response = post_rules(client, form_data(base, **changes))
    assert response.status_code == 200
    html = text(response)
    assert SUMMARY in html
    assert f'<p class="field-error" id="id_{field}_error">{message}</p>' in html
    assert f'<a href="#id_{field}">' in html  # the summary links to the field
    assert RuleSet.objects.count() == 0
    # The form keeps what was posted.
    assert page_form_values(html) == form_data(base, **changes)

    form = RuleSetForm(form_data(base, **changes))
    assert not form.is_valid()
    assert message in form.errors[field]
    assert form.rules is None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_combination_only_the_engine_refuses_shows_its_translated_reason(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    # The form's own checks catch every combination Rules refuses; without them the
    # engine's RulesError still reaches the person in their language, never in English.
    monkeypatch.setattr("game.rulesets.forms.impossible_combinations", lambda data: [])
    with override(lang):
        form = RuleSetForm(form_data("russian", insurance=False))
        assert not form.is_valid()
        shown = list(form.non_field_errors())
        expected = gettext("These rules cannot be played together. %(reason)s") % {
            "reason": gettext(EVEN_MONEY)
        }
    assert shown == [expected]
    assert form.rules is None
    if lang == "ru":
        assert expected.startswith("Эти правила нельзя совместить в одной игре. Выплата 1:1")


@pytest.mark.parametrize(("base", "changes", "field", "message"), IMPOSSIBLE)
def test_fixing_the_combination_makes_it_valid(base, changes, field, message) -> None:
    fixes = {
        "surrender": {"surrender": "early"},
        "even_money": {"even_money": False},
        "insurance_for_less": {"insurance_for_less": False},
        "resplit_aces": {"max_split_hands": 3},
        "hit_split_aces": {"max_split_hands": 2},
        "double_after_split": {"double_after_split": False},
        "double_for_less": {"double_for_less": False},
    }
    form = RuleSetForm(form_data(base, **{**changes, **fixes[field]}))
    assert form.is_valid(), form.errors


def test_every_message_names_the_rule_it_needs() -> None:
    problems = impossible_combinations(
        {
            "dealer_game": "enhc",
            "surrender": "late",
            "double_on": "none",
            "double_after_split": True,
            "double_for_less": True,
            "max_split_hands": 1,
            "resplit_aces": True,
            "hit_split_aces": True,
            "insurance": False,
            "even_money": True,
            "insurance_for_less": True,
        }
    )
    with override("en"):  # a test client request before this may leave another active
        shown = [(f, str(m)) for f, m in problems]
    assert shown == [
        ("surrender", LATE_SURRENDER),
        ("double_after_split", DAS_NO_DOUBLE),
        ("double_for_less", DFL_NO_DOUBLE),
        ("resplit_aces", RSA),
        ("hit_split_aces", HIT_SPLIT_ACES),
        ("even_money", EVEN_MONEY),
        ("insurance_for_less", INSURE_FOR_LESS),
    ]


# -- bad values ----------------------------------------------------------------------------------
BAD_VALUES = [
    ({"decks": "9"}, "decks", DECKS),
    ({"decks": "0"}, "decks", DECKS),
    ({"decks": "six"}, "decks", "Enter the number of decks, from 1 to 8."),
    ({"blackjack_payout": "7:3"}, "blackjack_payout", PAYOUT),
    ({"base": "klondike"}, "base", NO_PRESET),
    ({"base": "dvadtsat-odno"}, "base", NO_PRESET),
    ({"max_split_hands": "5"}, "max_split_hands", "Select a valid choice."),
    ({"dealer_game": "peek-without-hole-card"}, "dealer_game", "Select a valid choice."),
    ({"double_on": "8-11"}, "double_on", "Select a valid choice."),
    ({"surrender": "always"}, "surrender", "Select a valid choice."),
    ({"three_sevens_payout": "2:1"}, "three_sevens_payout", "Select a valid choice."),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("changes", "field", "message"), BAD_VALUES)
def test_bad_value_is_refused_with_a_message(client: Client, changes, field, message) -> None:
    data = {**form_data("european"), **changes}
    response = post_rules(client, data)
    assert response.status_code == 200
    html = text(response)
    assert SUMMARY in html
    assert message in html
    assert RuleSet.objects.count() == 0
    form = RuleSetForm(data)
    assert not form.is_valid()
    assert any(e.startswith(message) for e in form.errors[field])


# -- HTMX and plain posts ------------------------------------------------------------------------
@pytest.mark.django_db
def test_htmx_post_swaps_the_form_with_errors_at_200_or_redirects(client: Client) -> None:
    bad = post_rules(client, form_data("european", surrender="late"), headers=HX)
    assert bad.status_code == 200
    html = text(bad)
    assert html.lstrip().startswith('<form id="ruleset-form"')
    assert "<html" not in html
    assert LATE_SURRENDER in html

    good = post_rules(client, form_data("european", **CUSTOM), headers=HX)
    assert good.status_code == 200
    ruleset = RuleSet.objects.get()
    assert good["HX-Redirect"] == f"/en/rules/{ruleset.id}/"


@pytest.mark.django_db
def test_form_posts_to_its_own_url_with_and_without_htmx(client: Client) -> None:
    html = text(client.get(NEW_URL, {"base": "russian"}))
    assert 'method="post" action="/en/rules/new/?base=russian"' in html
    assert 'hx-post="/en/rules/new/?base=russian"' in html
    assert 'name="csrfmiddlewaretoken"' in html


@pytest.mark.django_db
def test_the_pages_answer_only_their_methods(client: Client) -> None:
    rid = saved_id(post_rules(client, form_data("european")))
    assert client.post(f"/en/rules/{rid}/").status_code == 405
    assert client.put(NEW_URL).status_code == 405


# -- the rule set's page ---------------------------------------------------------------------
@pytest.mark.django_db
def test_rule_set_page_states_the_rules_and_the_share_url(client: Client) -> None:
    rid = saved_id(post_rules(client, form_data("european", **CUSTOM)))
    response = client.get(f"/en/rules/{rid}/")
    assert response.status_code == 200
    html = text(response)
    assert f'<h1 data-testid="ruleset-name">Custom rules {rid}</h1>' in html
    assert f"<title>Custom rules {rid} · Blackjack trainer</title>" in html
    assert "Built from European blackjack." in html
    for line in (
        "1 deck in the shoe. 52 cards in all.",
        "The dealer hits soft 17 and stands on hard 17 or more (H17).",
        "A natural pays 6:5: on a bet of 10 chips it wins 12.",
        "Double on any first two cards: you double the bet and get exactly one more card.",
        "You may double after a split too (DAS).",
        "The dealer does not peek: a dealer natural takes doubled and split bets too.",
    ):
        assert f"<li>{line}</li>" in html
    assert f'value="http://testserver/en/rules/{rid}/" data-testid="share-url"' in html
    # Every rule in the table, in the player's words.
    rows = dict(
        re.findall(r'<tr data-rule="(\w+)"><th scope="row">[^<]*</th><td>([^<]*)</td>', html)
    )
    assert rows == {
        "decks": "1",
        "dealer_hits_soft_17": "Dealer hits soft 17 (H17)",
        "dealer_game": "Hole card, no peek",
        "hole_card_first": "No",
        "lose_all_to_natural": "All your bets, doubles and splits included",
        "blackjack_payout": "6:5",
        "double_on": "Any first two cards",
        "double_after_split": "Yes",
        "double_for_less": "No",
        "split_by": "Equal value (a king with a queen too)",
        "max_split_hands": "Up to 4 hands",
        "resplit_aces": "No",
        "hit_split_aces": "No",
        "surrender": "No surrender",
        "surrender_vs_ace": "No",
        "insurance": "No",
        "even_money": "No",
        "insurance_for_less": "No",
        "auto_stand_21": "No",
        "three_sevens_payout": "No bonus",
    }
    # Play it, or edit a copy.
    assert re.search(r'<form method="post" action="/en/table/new/" class="play-rules"', html), (
        "no play form"
    )
    assert f'<input type="hidden" name="variant" value="custom-{rid}">' in html
    assert f'href="/en/rules/new/?from={rid}"' in html


@pytest.mark.django_db
def test_rule_set_page_in_another_language_shares_that_languages_url(client: Client) -> None:
    rid = saved_id(post_rules(client, form_data("european", **CUSTOM)))
    html = text(client.get(f"/ru/rules/{rid}/"))
    assert f'value="http://testserver/ru/rules/{rid}/"' in html
    assert '<html lang="ru">' in html


@pytest.mark.django_db
@pytest.mark.parametrize("rid", ["aaaaaaaaaa", "nope", "custom-x"])
def test_unknown_rule_set_is_not_found(client: Client, rid: str) -> None:
    assert client.get(f"/en/rules/{rid}/").status_code == 404


@pytest.mark.django_db
def test_play_warns_only_a_visitor_with_a_table_to_end(client: Client) -> None:
    rid = saved_id(post_rules(client, form_data("european", **CUSTOM)))
    assert "data-confirm" not in text(client.get(f"/en/rules/{rid}/"))
    client.post("/en/table/new/")  # opens a table
    html = text(client.get(f"/en/rules/{rid}/"))
    assert (
        'data-confirm="Start a new session with these rules and 1,000 fresh chips? '
        'Your current table will end."' in html
    )


@pytest.mark.django_db
def test_play_these_rules_opens_a_table_with_them(client: Client) -> None:
    client.post("/en/table/new/")
    old = TableSession.objects.get()
    rid = saved_id(post_rules(client, form_data("european", **CUSTOM)))
    ruleset = RuleSet.objects.get(pk=rid)

    response = client.post("/en/table/new/", {"variant": ruleset.variant})
    table = TableSession.objects.exclude(pk=old.pk).get()
    assert response.url == f"/en/table/{table.public_id}/"
    assert table.variant == f"custom-{rid}"
    assert table.rules == ruleset.rules
    assert TableSession.objects.get(pk=old.pk).ended_at is not None

    html = text(client.get(response.url))
    assert f"<title>Custom rules {rid} · Blackjack trainer</title>" in html
    assert f'<h1 data-testid="variant-name">Custom rules {rid}</h1>' in html
    assert "<li>A natural pays 6:5: on a bet of 10 chips it wins 12.</li>" in html


@pytest.mark.django_db
def test_custom_table_pays_a_natural_six_to_five(client: Client, analysed) -> None:
    rid = saved_id(post_rules(client, form_data("european", **CUSTOM)))
    ruleset = RuleSet.objects.get(pk=rid)
    analysed(ruleset.rules)
    # Player A,K against the dealer's 9 up and 7 in the hole: no peek, the round settles.
    table = TableSessionFactory(variant=ruleset.variant, stacked=["AS", "9D", "KC", "7H"])
    player = Client()
    session = player.session
    session["visitor"] = str(table.visitor)
    session.save()
    html = text(
        player.post(f"/en/table/{table.public_id}/deal/", {"bet": "10", "version": 0}, headers=HX)
    )
    assert 'data-testid="hand-outcome">Blackjack<' in html
    assert re.search(r'data-testid="hand-net">\+12<', html)
    assert "You won 12 chips." in html
    table.refresh_from_db()
    assert table.bankroll == Decimal(1012)
    assert table.game.round.rules.blackjack_payout == Fraction(6, 5)
    assert table.game.round.rules.decks == 1


# -- languages -----------------------------------------------------------------------------------
# The label of the decks field, the H17 choice and the page's heading in each language.
LABELS = {
    "en": ("Decks in the shoe", "Dealer hits soft 17 (H17)", "Build your own rules"),
    "sr-latn": (
        "Špilova u igri",
        "Diler vuče kartu na mekom zbiru 17 (H17)",
        "Napravite svoja pravila",
    ),
    "hr": (
        "Špilova u igri",
        "Krupje vuče kartu na mekanom zbroju 17 (H17)",
        "Složite vlastita pravila",
    ),
    "ru": ("Колод в игре", "Дилер берёт карту на мягких 17 (H17)", "Составьте свои правила"),
    "bg": ("Тестета в играта", "Дилърът тегли при меко 17 (H17)", "Съставете свои правила"),
}


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "labels"), LABELS.items())
def test_form_page_in_every_language(client: Client, lang: str, labels) -> None:
    response = client.get(f"/{lang}/rules/new/")
    assert response.status_code == 200
    html = text(response)
    assert f'<html lang="{lang}">' in html
    words = visible_text(html)
    for label in labels:
        assert label in words, (lang, label)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LABELS)
def test_refusal_is_translated(client: Client, lang: str) -> None:
    response = client.post(f"/{lang}/rules/new/", form_data("european", surrender="late"))
    assert response.status_code == 200
    with override(lang):
        expected = gettext(LATE_SURRENDER)
    if lang != "en":
        assert expected != LATE_SURRENDER
    assert expected in visible_text(text(response))


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LABELS)
def test_rule_set_page_in_every_language(client: Client, lang: str) -> None:
    rid = saved_id(post_rules(client, form_data("european", **CUSTOM)))
    response = client.get(f"/{lang}/rules/{rid}/")
    assert response.status_code == 200
    words = visible_text(text(response))
    assert rid in words
    with override(lang):
        assert (
            gettext("A natural pays %(payout)s: on a bet of %(bet)s chips it wins %(win)s.")
            % {"payout": "6:5", "bet": "10", "win": "12"}
            in words
        )
        assert gettext("Play these rules") in words


# -- every rule set the form accepts can be played -----------------------------------------------
@st.composite
def form_posts(draw) -> dict[str, str]:
    data = form_data(draw(st.sampled_from(BASES)))
    data["decks"] = str(draw(st.integers(1, 8)))
    for name, choices in {
        "dealer_hits_soft_17": ["s17", "h17"],
        "dealer_game": ["peek", "no-peek", "enhc"],
        "lose_all_to_natural": ["all", "initial"],
        "blackjack_payout": ["3:2", "6:5", "1:1", "2:1"],
        "double_on": ["any", "9-11", "10-11", "none"],
        "split_by": ["value", "rank"],
        "max_split_hands": ["1", "2", "3", "4"],
        "surrender": ["none", "late", "early"],
        "three_sevens_payout": ["none", "3:2"],
    }.items():
        data[name] = draw(st.sampled_from(choices))
    for name in (
        "double_after_split",
        "double_for_less",
        "resplit_aces",
        "hit_split_aces",
        "surrender_vs_ace",
        "insurance",
        "even_money",
        "insurance_for_less",
        "auto_stand_21",
    ):
        if draw(st.booleans()):
            data[name] = "on"
        else:
            data.pop(name, None)
    return data


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=form_posts(), seed=st.integers(0, 2**32 - 1))
def test_every_accepted_rule_set_plays_whole_rounds(data: dict[str, str], seed: int) -> None:
    form = RuleSetForm(data)
    if not form.is_valid():
        assert form.rules is None
        return
    rules = form.rules
    assert rules.game == "casino"
    assert rules.max_draws is None
    rng = random.Random(seed)
    shoe = Shoe.shuffled(rules.decks, 0.75, rng=rng)
    for _ in range(3):
        if shoe.remaining < 20:
            shoe = Shoe.shuffled(rules.decks, 0.75, rng=rng)
        rnd = deal(rules, [Fraction(10)], shoe)
        while not rnd.is_over:
            rnd = rnd.apply(rng.choice(rnd.legal_actions()))
        assert all(h.outcome is not None for h in rnd.hands)
        shoe = rnd.shoe


EARLY_WITH_PEEK = (
    "Early surrender comes before the dealer could check for a natural; with a dealer who "
    "peeks, choose late surrender."
)


@pytest.mark.django_db
def test_early_surrender_with_a_peeking_dealer_is_refused(client: Client) -> None:
    """The engine peeks before the first decision, so "early" would play as "late"."""
    response = post_rules(client, form_data("ajnc", surrender="early"))
    html = text(response)
    assert f'<p class="field-error" id="id_surrender_error">{EARLY_WITH_PEEK}</p>' in html
    assert RuleSet.objects.count() == 0
    response = post_rules(client, form_data("ajnc", surrender="early", dealer_game="no-peek"))
    assert response.status_code == 302
    assert RuleSet.objects.get().rules.surrender == "early"


@pytest.mark.django_db
def test_rule_set_page_links_its_chart_rule_page_and_drill(client: Client) -> None:
    ruleset = RuleSet.save_rules(find_rules("croatian"), "croatian")
    html = text(client.get(f"/en/rules/{ruleset.id}/"))
    links = html.split('data-testid="ruleset-links"')[1].split("</p>")[0]
    assert f'href="/en/chart/custom-{ruleset.id}/"' in links
    assert f'href="/en/rulebook/custom/{ruleset.id}/"' in links
    assert f'href="/en/drills/?variant=custom-{ruleset.id}"' in links
