"""The index plays page (/<lang>/indices/<variant>/?system=hilo, issue 15): computed in the
background (index_analyses.py, run by the worker), never inside a request; while pending it
says so, then it shows the insurance index, the Illustrious 18 and Fab 4, and every cell
that changes, in each language; unknown games and systems are 404s."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.test import Client
from django_tasks_db.models import DBTaskResult

from game.engine.strategy.indices import parse_cell
from game.rulesets import index_analyses, store
from game.rulesets.models import IndexAnalysis, RuleSet
from tests.rulesets.test_analyses import run_worker
from tests.rulesets.test_custom_rules import form_data, post_rules, saved_id

pytestmark = pytest.mark.django_db(transaction=True)

# The published Hi-Lo game as a custom rule set: 6 decks, S17, DAS, a peeking dealer,
# insurance, late surrender.
PEEK_GAME = {
    "decks": "6",
    "dealer_game": "peek",
    "lose_all_to_natural": "initial",
    "insurance": True,
    "even_money": True,
    "surrender": "late",
    "surrender_vs_ace": True,
}
CELLS = [parse_cell(k) for k in ("16,T", "12,4", "14,T", "TT,5")]


@pytest.fixture(autouse=True)
def few_cells(monkeypatch) -> Iterator[None]:
    """The background task computes four cells (the whole chart takes some 50 s), and no
    test finds another's indices in the process's memory (the presets' analyses stay)."""

    def forget_indices() -> None:
        kinds = ("indices_", "edges_")
        for key in [k for k in store._memory if k[1].startswith(kinds)]:
            del store._memory[key]
        store._known_stored.difference_update(
            {k for k in store._known_stored if k[1].startswith(kinds)}
        )

    forget_indices()
    monkeypatch.setattr(store, "INDEX_CELLS", CELLS)
    monkeypatch.setattr(store, "EDGE_COUNTS", (0, 1))
    yield
    forget_indices()


@pytest.fixture
def peek_game() -> tuple[Client, str]:
    client = Client()
    response = post_rules(client, form_data("european", **PEEK_GAME))
    return client, saved_id(response)


def rows(html: str) -> dict[str, str]:
    """Each cell's first line as the page reads it: "16 against 10 Stand 0 Hit"."""
    found = {}
    for key, body in re.findall(r'<tr data-cell="([^"]+)">(.*?)</tr>', html, re.S):
        found.setdefault(key, " ".join(re.sub(r"<[^>]+>", " ", body).split()))
    return found


def test_pending_then_computed_by_the_worker_then_shown(peek_game, monkeypatch) -> None:
    client, ruleset = peek_game
    run_worker()  # the rule set's own analysis (chart, game EVs)

    def refuse(*args, **kwargs):
        raise AssertionError("indices computed inside a request")

    monkeypatch.setattr(store, "rule_set_indices", refuse)
    pending = client.get(f"/en/indices/custom-{ruleset}/?system=hilo")
    assert pending.status_code == 200
    html = pending.content.decode()
    assert 'data-testid="index-pending"' in html and 'data-status="waiting"' in html
    assert IndexAnalysis.objects.count() == 1
    # Asked again (a poll, a reload): still one row and one task.
    client.get(f"/en/indices/custom-{ruleset}/?system=hilo")
    assert IndexAnalysis.objects.count() == 1
    assert DBTaskResult.objects.filter(task_path__endswith="analyse_indices").count() == 1

    monkeypatch.undo()
    monkeypatch.setattr(store, "INDEX_CELLS", CELLS)
    run_worker()
    done = client.get(f"/en/indices/custom-{ruleset}/?system=hilo").content.decode()
    assert "Insurance (and even money): take it at a true count of +3 or more." in done
    shown = rows(done)
    assert shown["16,T"] == "16 against 10 Surrender \u22123 Hit"
    assert shown["12,4"] == "12 against 4 Stand 0 Hit"
    assert shown["14,T"] == "14 against 10 Surrender +3 Hit"
    assert shown["TT,5"] == "10,10 against 5 Split +5 Stand"
    # An Illustrious 18 cell not computed (here: not among the four) reads as unchanged.
    assert shown["12,3"] == "12 against 3 the same play at every true count from \u221210 to +10"
    assert 'data-testid="index-fab4"' in done


def test_russian_and_serbian_cyrillic_pages(peek_game) -> None:
    client, ruleset = peek_game
    client.get(f"/en/indices/custom-{ruleset}/?system=hilo")
    run_worker()
    ru = client.get(f"/ru/indices/custom-{ruleset}/?system=hilo").content.decode()
    assert rows(ru)["12,4"] == "12 против 4 Хватит 0 Ещё"
    assert "Истинный счёт" in ru
    sr = client.get(f"/sr/indices/custom-{ruleset}/?system=hilo").content.decode()
    assert rows(sr)["14,T"].startswith("14 против 10")
    assert "+3" in rows(sr)["14,T"]


def test_an_unbalanced_system_gets_running_count_indices(peek_game) -> None:
    client, ruleset = peek_game
    run_worker()  # the rule set's own analysis
    client.get(f"/en/indices/custom-{ruleset}/?system=ko")
    run_worker()
    html = client.get(f"/en/indices/custom-{ruleset}/?system=ko").content.decode()
    explained = re.search(r'data-testid="index-explained">(.*?)</p>', html, re.S).group(1)
    assert " ".join(re.sub(r"<[^>]+>", "", explained).split()).startswith(
        "KO is an unbalanced count: it is played by the running count itself, counted from "
        "\u221220 after the shuffle of this shoe"
    )
    # KO's running count at half a 6-deck shoe: Hi-Lo's +3 insurance is about 8 + 3 x 3
    # running counts up from the neutral -8, and the book's insurance at +3 within a step.
    insurance = re.search(r"take it at a running count of ([^ ]+) or more", html).group(1)
    assert insurance in ("+2", "+3", "+4")
    shown = rows(html)
    assert shown["16,T"].startswith("16 against 10 Surrender \u2212")
    # No ramp by the true count for an unbalanced count: only the indices are stored.
    assert store.is_stored(RuleSet.objects.get(pk=ruleset).rules, "indices_ko")
    assert not store.is_stored(RuleSet.objects.get(pk=ruleset).rules, "edges_ko")
    sr = client.get(f"/sr/indices/custom-{ruleset}/?system=ko").content.decode()
    assert '<span lang="en">KO</span> је неуравнотежен' in sr  # noqa: RUF001


def key_count_line(html: str) -> str | None:
    found = re.search(r'data-testid="key-count">(.*?)</p>', html, re.S)
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split()) if found else None


def test_ko_pages_give_the_key_count_of_the_shoe() -> None:
    # Knock-Out Blackjack's key count for 6 decks is -4 (counting.py's table); the other
    # systems have none, and neither has KO for a shoe the book gives none for.
    client = Client()
    en = client.get("/en/indices/european/?system=ko").content.decode()
    # The heading names the system: the chooser is not printed.
    assert (
        '<h1 data-testid="index-title">Index plays: European blackjack · '
        '<span lang="en">KO</span></h1>'
    ) in en
    assert "<title>Index plays: European blackjack · KO · Blackjack trainer</title>" in en
    assert key_count_line(en) == (
        "The key count of KO in this shoe is \u22124 (Vancura and Fuchs, Knock-Out Blackjack): "
        "from that running count up the edge is the player's, so that is where you raise "
        "your bet."
    )
    ru = client.get("/ru/indices/european/?system=ko").content.decode()
    assert key_count_line(ru).startswith("Ключевой счёт системы KO в этом шузе — \u22124")
    for system in ("red7", "hilo"):
        html = client.get(f"/en/indices/european/?system={system}").content.decode()
        assert key_count_line(html) is None


@pytest.mark.parametrize(
    "path",
    ["/en/indices/european/?system=wizard", "/en/indices/nope/", "/en/indices/dvadtsat-odno/"],
)
def test_unknown_games_and_systems_are_404(path: str) -> None:
    assert Client().get(path).status_code == 404


def test_a_failed_computation_offers_a_retry(monkeypatch) -> None:
    def broken(*args, **kwargs):
        raise RuntimeError("engine failure")

    monkeypatch.setattr(store, "rule_set_indices", broken)
    client = Client()
    client.get("/en/indices/croatian/?system=zen")
    run_worker()
    failed = client.get("/en/indices/croatian/?system=zen").content.decode()
    assert "Computing these indices failed." in failed
    monkeypatch.setattr(store, "rule_set_indices", index_analyses.store.rule_set_indices)
    response = client.post("/en/indices/croatian/retry/", {"system": "zen"})
    assert response.status_code == 302
    assert response["Location"] == "/en/indices/croatian/?system=zen"
    assert 'data-status="waiting"' in client.get(response["Location"]).content.decode()


def test_the_chart_links_to_the_indices() -> None:
    html = Client().get("/en/chart/european/").content.decode()
    assert 'href="/en/indices/european/"' in html
