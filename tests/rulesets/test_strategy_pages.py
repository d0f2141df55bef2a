# The expected strings hold Cyrillic letters and typographic minus signs on purpose.
# ruff: noqa: RUF001
"""The strategy at the table and on its own pages: the grading standard (exact or chart),
"by the chart: correct", the chart page per variant and custom rule set, and the stored
results per rule set (game/rulesets/store.py)."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from game.engine.variants import find_rules
from game.rulesets import store
from game.rulesets.models import RuleSet, StrategyResult
from game.table.models import TableSession
from tests.factories import TableSessionFactory
from tests.helpers import client_for
from tests.table.pages import fresh, hx_act, hx_deal, text

pytestmark = pytest.mark.django_db

# Player 2,10 (hard 12) against a 4 (hole 9): the chart says stand (hard 12 v 4); for these
# very cards hitting is better by 0.0008 at 6 decks (a two-card exception of every preset).
TWELVE_V_4 = ["2S", "4D", "TC", "9H", "5S", "3C", "4C"]
# T,6 against a ten (hole 9, no natural): the chart and the exact play both say hit.
SIXTEEN_V_T = ["TS", "TD", "6C", "9H", "5S"]


def set_standard(client: Client, standard: str) -> None:
    response = client.post("/en/settings/grading/", {"standard": standard, "next": "/en/table/"})
    assert response.status_code == 302 and response.url == "/en/table/"


def test_exact_standard_marks_a_chart_play_by_the_chart_correct() -> None:
    table = TableSessionFactory(variant="russian", stacked=TWELVE_V_4)
    client = client_for(table)
    hx_deal(client, table, bet="10")
    html = text(hx_act(client, table, "stand"))
    decision = fresh(table).decisions.get()
    assert (decision.standard, decision.action, decision.best_action) == ("exact", "stand", "hit")
    assert decision.chart_action == "stand"
    assert decision.loss == pytest.approx(decision.evs["hit"] - decision.evs["stand"])
    assert 0.0005 < decision.loss < 0.001
    assert "By the chart: correct" in html
    assert "For these exact cards Hit is better by 0.0008 of your bet." in html


def test_chart_standard_takes_the_chart_play_as_best() -> None:
    table = TableSessionFactory(variant="russian", stacked=TWELVE_V_4)
    client = client_for(table)
    set_standard(client, "chart")
    hx_deal(client, table, bet="10")
    html = text(hx_act(client, table, "stand"))
    decision = fresh(table).decisions.get()
    assert decision.standard == "chart"
    assert (decision.best_action, decision.severity) == ("stand", "best")
    assert decision.loss == 0
    # The chart's play: a quiet one-line note, no EV list.
    assert 'data-kind="correct"' in html and "quiet" in html
    assert "Stand is the chart's play." in html
    assert 'data-testid="flag-evs"' not in html


def test_chart_standard_shows_a_play_better_than_the_chart() -> None:
    table = TableSessionFactory(variant="russian", stacked=TWELVE_V_4)
    client = client_for(table)
    set_standard(client, "chart")
    hx_deal(client, table, bet="10")
    html = text(hx_act(client, table, "hit"))
    decision = fresh(table).decisions.get()
    assert (decision.action, decision.best_action, decision.loss) == ("hit", "stand", 0.0)
    assert "Better than the chart" in html
    assert "The chart says Stand, but for these exact cards Hit is at least as good." in html


def test_chart_standard_flags_a_deviation_from_the_chart_with_its_cost() -> None:
    table = TableSessionFactory(variant="russian", stacked=SIXTEEN_V_T)
    client = client_for(table)
    set_standard(client, "chart")
    hx_deal(client, table, bet="10")
    html = text(hx_act(client, table, "stand"))
    decision = fresh(table).decisions.get()
    # ORACLES.md 10,6 v 10 (post-peek): stand -0.540954, hit -0.534676.
    assert decision.loss == pytest.approx(0.006278, abs=2e-6)
    assert "You chose Stand; the chart says Hit." in html
    assert "It cost 0.0063 of your bet on average." in html


def test_an_unknown_standard_changes_nothing_and_says_so() -> None:
    client = Client()
    response = client.post(
        "/ru/settings/grading/", {"standard": "psychic", "next": "/ru/table/"}, follow=True
    )
    assert "Выберите точный лучший ход или таблицу." in response.content.decode()
    assert client.session.get("grading_standard") is None


def test_the_standard_refuses_to_send_you_off_site() -> None:
    client = Client()
    response = client.post(
        "/en/settings/grading/", {"standard": "chart", "next": "https://evil.example/"}
    )
    assert response.url == "/en/table/"
    assert client.session["grading_standard"] == "chart"


# -- the chart page ---------------------------------------------------------------------------
HOVER_12 = r'<th scope="row">12</th><td class="cell h" title="([^"]*)"'


def cell(html: str, table_title: str, row: str, upcard_index: int) -> str:
    """The data-code of a chart cell (row label, upcard column 0..9 for 2..10, A)."""
    section = html.split(f"<h2>{table_title}</h2>")[1].split("</table>")[0]
    line = re.search(rf"<th scope=\"row\">{re.escape(row)}</th>(.*?)</tr>", section).group(1)
    return re.findall(r'data-code="([^"]*)"', line)[upcard_index]


def test_chart_page_of_the_russian_game_matches_published_basic_strategy() -> None:
    html = Client().get("/en/chart/russian/").content.decode()
    # 6 decks, S17, DAS, peek (ORACLES.md's 6-deck chart): hard 12 v 2 hit, v 4 stand; 11 v A
    # hit (S17); A,7 v 9 hit, v 2 stand; A,7 v 3 double else stand; 9,9 v 7 stand; 8,8 v A split.
    assert cell(html, "Hard totals", "12", 0) == "H"
    assert cell(html, "Hard totals", "12", 2) == "S"
    assert cell(html, "Hard totals", "11", 9) == "H"
    assert cell(html, "Soft totals", "A,7", 7) == "H"
    assert cell(html, "Soft totals", "A,7", 0) == "S"
    assert cell(html, "Soft totals", "A,7", 1) == "Ds"
    assert cell(html, "Pairs", "9,9", 5) == "S"
    assert cell(html, "Pairs", "8,8", 9) == "P"
    assert "<h2>Surrender</h2>" not in html  # no surrender in the Russian game
    assert "2,10 against 4: Hit instead of Stand (+0.0008)" in html
    # The hover of hard 12 v 2: the cell's name, then each action's EV, best first.
    hover = re.search(HOVER_12, html)
    assert re.fullmatch(r"Hit — Hit −0\.\d{4} · Stand −0\.\d{4} · Double −\d\.\d{4}", hover[1])
    # In Russian the numbers have a decimal comma.
    ru = Client().get("/ru/chart/russian/").content.decode()
    hover = re.search(HOVER_12, ru)
    assert re.fullmatch(r"Ещё — Ещё −0,\d{4} · Хватит −0,\d{4} · Удвоить −\d,\d{4}", hover[1])


def test_chart_page_shows_surrender_in_the_cell_with_its_fallback() -> None:
    """One combined chart, as published charts print it: no surrender table; 16 and 15
    against a ten read "Rh" (surrender, else hit) in the hard totals, with a legend; the
    cell keys the drills use are those of every other cell."""
    html = Client().get("/en/chart/ajnc/").content.decode()  # 6 decks, S17, late surrender
    assert "<h2>Surrender</h2>" not in html
    assert html.count('<section class="chart-table">') == 3
    assert cell(html, "Hard totals", "16", 8) == "Rh"  # 16 v 10
    assert cell(html, "Hard totals", "16", 7) == "Rh"  # 16 v 9
    assert cell(html, "Hard totals", "15", 8) == "Rh"  # 15 v 10
    assert cell(html, "Hard totals", "15", 7) == "H"  # 15 v 9
    assert cell(html, "Hard totals", "16", 4) == "S"  # 16 v 6
    assert cell(html, "Pairs", "8,8", 8) == "P"  # split beats surrender (ORACLES: -0.4749)
    assert 'data-cell="hard-16-10"' in html
    assert ('<td class="cell rh" title="Surrender, else hit — Surrender −0.5000 · Hit −0.5') in html
    legend = html.split('data-testid="chart-legend">')[1].split("</ul>")[0]
    assert '<span class="cell rh">Rh</span> Surrender, else hit' in legend
    assert "Surrender, else split" not in legend  # no such cell in this game
    ru = Client().get("/ru/chart/ajnc/").content.decode()
    assert cell(ru, "Жёсткие суммы", "16", 8) == "Rh"
    # The Russian game has no surrender: no surrender code in its legend.
    russian = Client().get("/en/chart/russian/").content.decode()
    assert "Surrender" not in russian.split('data-testid="chart-legend">')[1].split("</ul>")[0]


def test_chart_page_writes_the_house_edge_as_each_language_writes_percentages() -> None:
    html = Client().get("/en/chart/russian/").content.decode()
    assert re.search(r"House edge with perfect play: 0\.\d{3}%\.", html)
    for lang in ("ru", "bg", "hr"):
        page = Client().get(f"/{lang}/chart/russian/").content.decode()
        assert re.search(r": 0,\d{3}\u00a0%\.", page), lang
    sr = Client().get("/sr-latn/chart/russian/").content.decode()
    assert re.search(r": 0,\d{3}%\.", sr)


def test_chart_page_in_every_language() -> None:
    expected = {
        "en": "Hard totals",
        "sr-latn": "Tvrdi zbirovi",
        "hr": "Tvrdi zbrojevi",
        "ru": "Жёсткие суммы",
        "bg": "Твърди сборове",
    }
    for lang, words in expected.items():
        with translation.override(lang):
            html = Client().get(f"/{lang}/chart/european/").content.decode()
        assert words in html, lang
    ru = Client().get("/ru/chart/russian/").content.decode()
    assert ">Х</a></td>" in ru and ">Е</a></td>" in ru  # the Russian letters: Хватит, Ещё


def test_chart_page_of_a_custom_rule_set_and_404s() -> None:
    rules = find_rules("european").with_overrides({"dealer_hits_soft_17": "true"})
    ruleset = RuleSet.save_rules(rules, "european")
    html = Client().get(f"/en/chart/custom-{ruleset.id}/").content.decode()
    assert "The dealer hits soft 17 and stands on hard 17 or more (H17)." in html
    assert Client().get("/en/chart/custom-nosuchid00/").status_code == 404
    assert Client().get("/en/chart/blackjack-deluxe/").status_code == 404
    assert Client().get("/en/chart/dvadtsat-odno/").status_code == 404


# -- the store --------------------------------------------------------------------------------
def test_results_are_stored_per_rule_set_and_read_back() -> None:
    store.forget()
    rules = find_rules("croatian")
    chart = store.chart_for(rules, compute=True)
    row = StrategyResult.objects.get(rules_id=RuleSet.id_for(rules), kind="chart")
    assert row.seconds > 0
    store.forget()  # a new process: read from the database, not computed
    row.payload["hard"]["12"]["2"]["code"] = "S"  # a marker only the stored copy has
    row.save()
    assert store.chart_for(rules).code("hard", 12, 2) == "S"
    assert chart.code("hard", 12, 2) == "H"
    store.forget()


def test_precompute_command_stores_every_preset(capsys) -> None:
    store.forget()
    call_command("precompute_strategy", "--variant", "european", "--variant", "dvadtsat-odno")
    out = capsys.readouterr().out
    # the casino preset's three results come from one pass, named together with its time
    assert re.search(
        r"^european: chart \+ game_ev_cd \+ game_ev_td \d+\.\d\d s \(one pass\)$", out, re.M
    )
    # (the banker game's tables may be stored by the suite's set-up already)
    assert re.search(r"^dvadtsat-odno: banker_play (\d+\.\d\d s|stored already)$", out, re.M)
    kinds = set(
        StrategyResult.objects.filter(
            rules_id__in=[
                RuleSet.id_for(find_rules(name)) for name in ("european", "dvadtsat-odno")
            ]
        ).values_list("kind", flat=True)
    )
    assert kinds == {"chart", "game_ev_cd", "game_ev_td", "banker_play"}
    store.forget()  # a new process: everything is in the database now
    call_command("precompute_strategy", "--variant", "european", "--variant", "dvadtsat-odno")
    assert capsys.readouterr().out == (
        "european: chart, game_ev_cd, game_ev_td stored already\n"
        "dvadtsat-odno: banker_play stored already\n"
    )
    store.forget()


# -- AI levels at the table -------------------------------------------------------------------
# Seats: AI 0, you 1. First cards: AI 5S, you TS; dealer up 6D; second cards: AI 6C, you 9H;
# the hole card TC; then 9D for the AI. AI 5,6 = 11 against a 6.
ELEVEN_V_6 = ["5S", "TS", "6D", "6C", "9H", "TC", "9D", "8S"]
# AI 2,10 = 12 against a 4 (hole 9C), then 5S: the chart stands, the exact play hits.
TWELVE_V_4_AI = ["2S", "TS", "4D", "TC", "9H", "9C", "5S", "8S"]


@pytest.mark.parametrize(
    ("level", "shoe", "ai_cards", "doubled"),
    [
        ("easy", ELEVEN_V_6, ["5S", "6C", "9D"], False),  # hits below 17
        ("normal", ELEVEN_V_6, ["5S", "6C", "9D"], True),  # the chart doubles 11 v 6
        ("hard", ELEVEN_V_6, ["5S", "6C", "9D"], True),
        ("easy", TWELVE_V_4_AI, ["2S", "TC", "5S"], False),
        ("normal", TWELVE_V_4_AI, ["2S", "TC"], False),  # the chart stands on 12 v 4
        ("hard", TWELVE_V_4_AI, ["2S", "TC", "5S"], False),  # 10,2 v 4: hitting is better
    ],
)
def test_ai_level_plays_its_strategy(level, shoe, ai_cards, doubled) -> None:
    table = TableSessionFactory(seat_count=2, human_seat=1, stacked=shoe, ai_level=level)
    client = client_for(table)
    hx_deal(client, table, bet="10")
    ai = fresh(table).game.round.hands[0]
    assert [c.code for c in ai.cards] == ai_cards
    assert ai.doubled is doubled


def test_new_session_takes_an_ai_level_and_refuses_an_unknown_one() -> None:
    client = Client()
    client.post("/en/table/new/", {"variant": "european", "ai_seats": "2", "ai_level": "hard"})

    table = TableSession.objects.get(ended_at__isnull=True)
    assert (table.ai_level, table.seat_count) == ("hard", 3)
    response = client.post(
        "/hr/table/new/",
        {"variant": "european", "ai_seats": "2", "ai_level": "genius"},
        follow=True,
    )
    assert "Odaberite koliko dobro AI igrači igraju" in response.content.decode()
    assert TableSession.objects.get(ended_at__isnull=True).pk == table.pk  # nothing changed


# -- the card counter on request --------------------------------------------------------------
def test_counter_advice_on_request_counts_the_seen_cards_not_the_hole_card() -> None:
    # You T,6 against a ten, hole 9H; nothing else seen: a counter hits like the chart.
    table = TableSessionFactory(variant="russian", stacked=SIXTEEN_V_T)
    client = client_for(table)
    html = text(hx_deal(client, table, bet="10"))
    assert 'data-testid="ask-counter"' in html
    response = client.get(f"/en/table/{table.public_id}/counter/", HTTP_HX_REQUEST="true")
    advice = response.content.decode()
    assert "A perfect card counter would choose Hit." in advice
    # T,6 and the ten up: 3 of 312 cards seen, 96 - 2 tens left among the 309 unseen.
    assert "The count knows 3 cards seen since the shuffle; of the 309 still unseen, 94" in advice
    assert "Hit: \u22120.5347" in advice and "Stand: \u22120.5410" in advice  # ORACLES.md 10,6 v 10
    assert "9H" not in advice and "nine" not in advice.lower()
    assert fresh(table).version == 1  # asking changes nothing
    page = text(client.get(f"/ru/table/{table.public_id}/?counter=1"))
    assert "Идеальный счётчик карт выбрал бы" in page


def test_counter_advice_of_another_visitor_is_404() -> None:
    table = TableSessionFactory(variant="russian", stacked=SIXTEEN_V_T)
    hx_deal(client_for(table), table, bet="10")
    assert Client().get(f"/en/table/{table.public_id}/counter/").status_code == 404


def test_chart_page_states_the_house_edge_of_perfect_play_and_of_the_chart() -> None:
    html = Client().get("/en/chart/european/").content.decode()
    perfect = float(re.search(r"House edge with perfect play: ([\d.]+)%", html)[1])
    chart = float(re.search(r"Playing this chart: ([\d.]+)%", html)[1])
    # European (6 decks, S17, DAS, no hole-card peek, 3:2): about half a percent; the chart
    # gives up a few thousandths of a percent to the composition-dependent play.
    assert 0.4 < perfect < 0.6
    assert 0 <= chart - perfect < 0.02


def test_rules_splitting_tens_by_rank_with_resplits_chart_and_play(analysed) -> None:
    """Split by rank up to 4 hands: the engine does not value resplitting tens, so the chart
    stands on ten pairs and a round still plays and is graded (found by a breaker)."""
    rules = find_rules("european").with_overrides({"split_by": "rank", "max_split_hands": "4"})
    ruleset = RuleSet.save_rules(rules, "european")
    analysed(rules)
    html = Client().get(f"/en/chart/custom-{ruleset.id}/").content.decode()
    assert cell(html, "Pairs", "10,10", 4) == "S"
    assert cell(html, "Pairs", "8,8", 4) == "P"
    table = TableSessionFactory(variant=f"custom-{ruleset.id}", stacked=SIXTEEN_V_T)
    client = client_for(table)
    hx_deal(client, table, bet="10")
    response = hx_act(client, table, "hit")
    assert response.status_code == 200
    assert fresh(table).decisions.get().action == "hit"
