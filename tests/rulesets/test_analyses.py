# The expected messages in Russian: their Cyrillic letters are meant.
# ruff: noqa: RUF001
"""A new rule set's analysis (its chart and game EVs) runs as a background task of Django's
Tasks framework (django-tasks-db), never inside a request: its pages answer at once with the
progress, which HTMX polls, and fill in once a worker (`manage.py db_worker`) has run it."""

from __future__ import annotations

import os
import re
import signal
import threading
import uuid
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.db import connection
from django.http import HttpResponse
from django.tasks import TaskResultStatus
from django.test import Client, RequestFactory
from django.utils import timezone, translation
from django_tasks_db.models import DBTaskResult

from game.engine.strategy.game_ev import game_ev
from game.engine.variants import find_rules
from game.rulesets import analyses, store
from game.rulesets.models import Analysis, RuleSet, StrategyResult
from tests.factories import TableSessionFactory
from tests.helpers import HX
from tests.rulesets.test_custom_rules import form_data, post_rules, saved_id
from trainer.middleware import AnalysisPendingPage

TASK_PATH = "game.rulesets.analyses.analyse"
# Rule sets no other test analyses (so no process memory holds their results).
FIVE_DECKS = {"decks": "5"}
THREE_DECKS = {"decks": "3"}


class EngineRanInRequest(AssertionError):
    pass


@pytest.fixture(autouse=True)
def fresh_process_memory() -> Iterator[None]:
    """Each test starts as a new process would: no result in memory (these tests' rule sets
    are analysed by some of them), and leaves none behind."""
    store.forget()
    yield
    store.forget()


@pytest.fixture
def engine_forbidden(monkeypatch) -> Iterator[None]:
    """The strategy engine's analysis functions raise while this is in force: a request
    that would compute a chart or a game EV fails the test."""

    def refuse(*args, **kwargs):
        raise EngineRanInRequest("a whole analysis ran inside a request")

    for name in ("analysis", "basic_strategy", "game_ev", "punter_analysis", "banker_analysis"):
        monkeypatch.setattr(store, name, refuse)
    yield
    monkeypatch.undo()


def run_worker() -> None:
    """Run every queued task the way a deployed worker does (`manage.py db_worker`, batch
    mode: until the queue is empty), keeping pytest's own signal handlers."""
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)}
    try:
        call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)


def analysis_tasks() -> int:
    return DBTaskResult.objects.filter(task_path=TASK_PATH).count()


def new_rule_set(client: Client, changes: dict[str, str]) -> RuleSet:
    return RuleSet.objects.get(pk=saved_id(post_rules(client, form_data("european", **changes))))


@pytest.mark.django_db(transaction=True)
def test_new_rule_set_chart_answers_at_once_then_fills_in(engine_forbidden, monkeypatch) -> None:
    client = Client()
    ruleset = new_rule_set(client, FIVE_DECKS)
    chart_url = f"/en/chart/{ruleset.variant}/"

    response = client.get(chart_url)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-status="waiting"' in html
    assert "These rules are waiting to be analysed: the best play of every hand" in html
    assert "0 of 3 parts done." in html
    # HTMX polls the progress every second; without JavaScript the page refreshes itself.
    poll = f'hx-get="/en/analysis/{ruleset.id}/?next={chart_url}"'
    assert poll in html and 'hx-trigger="every 1s"' in html
    assert '<noscript><meta http-equiv="refresh" content="5"></noscript>' in html
    assert "Hard totals" not in html

    # Creating the rule set queued its analysis; two more page views and a poll add none.
    assert client.get(chart_url).status_code == 200
    poll_response = client.get(f"/en/analysis/{ruleset.id}/?next={chart_url}", headers=HX)
    assert 'data-status="waiting"' in poll_response.content.decode()
    # Without HTMX (the panel's link, no JavaScript) the progress is a whole page.
    plain = client.get(f"/en/analysis/{ruleset.id}/?next={chart_url}").content.decode()
    assert plain.startswith("<!DOCTYPE html>") and 'name="viewport"' in plain
    assert "These rules are being analysed" in plain and 'data-status="waiting"' in plain
    assert analysis_tasks() == 1
    assert not StrategyResult.objects.filter(rules_id=ruleset.id).exists()

    monkeypatch.undo()  # the worker may compute
    run_worker()
    task = DBTaskResult.objects.get(task_path=TASK_PATH)
    assert task.status == TaskResultStatus.SUCCESSFUL
    assert set(
        StrategyResult.objects.filter(rules_id=ruleset.id).values_list("kind", flat=True)
    ) == {
        "chart",
        "game_ev_cd",
        "game_ev_td",
    }

    # The next poll tells HTMX to reload; the page then shows the chart.
    done = client.get(f"/en/analysis/{ruleset.id}/?next={chart_url}", headers=HX)
    assert done.status_code == 200 and done["HX-Refresh"] == "true"
    html = client.get(chart_url).content.decode()
    assert "Hard totals" in html and 'data-testid="analysis"' not in html
    assert analysis_tasks() == 1


@pytest.mark.django_db
def test_two_requests_racing_enqueue_one_task(monkeypatch) -> None:
    """A second request that found no analysis row (the first one had not committed yet)
    meets the row at its insert and queues nothing: one task per rule set."""
    rules = find_rules("european").with_overrides({"decks": 7})
    first = analyses.analysis_state(rules)
    assert first.status == "waiting"
    real_filter = Analysis.objects.filter

    def blind_filter(*args, **kwargs):  # what the second request saw before the first commit
        return (
            real_filter(pk=-1)
            if kwargs.get("rules_id") == first.rules_id
            else real_filter(*args, **kwargs)
        )

    monkeypatch.setattr(Analysis.objects, "filter", blind_filter)
    second = analyses.analysis_state(rules)
    assert second.status == "waiting"
    assert analysis_tasks() == 1


@pytest.mark.django_db
def test_rule_and_table_pages_show_the_progress_and_do_not_deal(engine_forbidden) -> None:
    client = Client()
    ruleset = new_rule_set(client, THREE_DECKS)
    html = client.get(f"/en/rules/{ruleset.id}/").content.decode()
    assert 'data-status="waiting"' in html and 'hx-trigger="every 1s"' in html

    table = TableSessionFactory(variant=ruleset.variant)
    session = client.session
    session["visitor"] = str(table.visitor)
    session.save()
    html = client.get(f"/en/table/{table.public_id}/").content.decode()
    assert 'data-testid="analysis"' in html and 'class="deal"' not in html
    html = client.post(
        f"/en/table/{table.public_id}/deal/", {"bet": "10", "version": "0"}, headers=HX
    ).content.decode()
    assert "These rules are still being analysed. You can deal as soon as" in html
    table.refresh_from_db()
    assert table.state is None
    assert analysis_tasks() == 1


@pytest.mark.django_db
def test_drills_of_rules_being_analysed_say_so(engine_forbidden) -> None:
    client = Client()
    ruleset = new_rule_set(client, THREE_DECKS)
    html = client.post(
        "/hr/drills/start/", {"variant": ruleset.variant, "category": "all"}
    ).content.decode()
    assert "Ova se pravila još analiziraju." in html
    assert analysis_tasks() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "You already have 3 rule sets being analysed."),
        ("ru", "У вас уже анализируются 3 набора правил. Дождитесь, пока один из них будет готов"),
    ],
)
def test_a_visitor_has_at_most_three_pending_analyses(
    engine_forbidden, language: str, message: str
) -> None:
    client = Client()
    for decks in ("2", "3", "4"):
        new_rule_set(client, {"decks": decks})
    response = client.post(f"/{language}/rules/new/", form_data("european", decks="5"))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert analysis_tasks() == 3
    assert not RuleSet.objects.filter(rules_json__decks=5).exists()
    # Rules someone already queued add nothing, so they are never refused.
    assert post_rules(client, form_data("european", decks="3")).status_code == 302
    # Another visitor is not held back by this one's queue.
    assert post_rules(Client(), form_data("european", decks="5")).status_code == 302
    assert analysis_tasks() == 4


@pytest.mark.django_db(transaction=True)
def test_a_failed_analysis_says_so_and_can_be_retried(monkeypatch) -> None:
    client = Client()
    ruleset = new_rule_set(client, FIVE_DECKS)

    def broken(*args, **kwargs):
        raise RuntimeError("engine out of order")

    monkeypatch.setattr(store, "basic_strategy", broken)
    monkeypatch.setattr(store, "analysis", broken)  # the one-pass analysis precompute runs
    run_worker()
    assert DBTaskResult.objects.get(task_path=TASK_PATH).status == TaskResultStatus.FAILED
    chart_url = f"/sr-latn/chart/{ruleset.variant}/"
    html = client.get(chart_url).content.decode()
    assert 'data-status="failed"' in html
    assert "Analiza ovih pravila nije uspela." in html
    assert 'hx-trigger="every 1s"' not in html  # nothing to wait for
    assert analysis_tasks() == 1  # a failure is not retried by a page view

    response = client.post(
        f"/sr-latn/analysis/{ruleset.id}/retry/", {"next": chart_url}, headers=HX
    )
    assert 'data-status="waiting"' in response.content.decode()
    client.post(f"/sr-latn/analysis/{ruleset.id}/retry/", {"next": chart_url})
    assert analysis_tasks() == 2  # the second press found a task waiting
    monkeypatch.undo()
    run_worker()
    assert "Tvrdi zbirovi" in client.get(chart_url).content.decode() or (
        'data-testid="analysis"' not in client.get(chart_url).content.decode()
    )


@pytest.mark.django_db
def test_retry_of_an_unknown_analysis_is_404() -> None:
    assert Client().post("/en/analysis/aaaaaaaaaa/retry/").status_code == 404
    assert Client().get("/en/analysis/aaaaaaaaaa/").status_code == 404


@pytest.mark.django_db
def test_the_banker_game_best_play_waits_for_its_analysis(engine_forbidden) -> None:
    rules = find_rules("dvadtsat-odno")  # as on a site where precompute_strategy did not run
    table = TableSessionFactory(variant="dvadtsat-odno", seat_count=2)
    client = Client()
    session = client.session
    session["visitor"] = str(table.visitor)
    session.save()
    html = client.get(f"/en/table/{table.public_id}/").content.decode()
    assert 'data-testid="analysis"' in html
    assert Analysis.objects.get().rules_id == RuleSet.id_for(rules)


@pytest.mark.django_db
def test_an_analysis_whose_worker_died_can_be_retried(engine_forbidden) -> None:
    client = Client()
    ruleset = new_rule_set(client, FIVE_DECKS)
    # A worker took the task eleven minutes ago and never finished (an analysis takes seconds).
    DBTaskResult.objects.update(
        status=TaskResultStatus.RUNNING,
        started_at=timezone.now() - analyses.STALLED_AFTER - timedelta(minutes=1),
    )
    html = client.get(f"/en/chart/{ruleset.variant}/").content.decode()
    assert 'data-status="failed"' in html and "The analysis of these rules failed." in html
    assert analyses.pending_count(client_visitor(client)) == 0
    client.post(f"/en/analysis/{ruleset.id}/retry/", {"next": f"/en/chart/{ruleset.variant}/"})
    assert analysis_tasks() == 2
    assert 'data-status="waiting"' in client.get(f"/en/chart/{ruleset.variant}/").content.decode()


@pytest.mark.django_db
def test_the_whole_queue_is_bounded_too(engine_forbidden, settings) -> None:
    settings.MAX_QUEUED_ANALYSES = 2
    new_rule_set(Client(), {"decks": "2"})
    new_rule_set(Client(), {"decks": "3"})
    response = Client().post("/bg/rules/new/", form_data("european", decks="4"))
    assert response.status_code == 200
    assert "В момента се анализират много набори от правила." in response.content.decode()
    assert analysis_tasks() == 2


def client_visitor(client: Client) -> uuid.UUID:
    return uuid.UUID(client.session["visitor"])


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    "postgres" not in os.environ.get("DATABASE_URL", ""),
    reason="SQLite serialises every write transaction: the race needs PostgreSQL",
)
def test_simultaneous_page_views_on_postgresql_queue_one_task(engine_forbidden) -> None:
    ruleset = RuleSet.save_rules(find_rules("european").with_overrides({"decks": 7}), "european")
    start = threading.Barrier(6)
    statuses: list[int] = []

    def view() -> None:
        try:
            start.wait()
            statuses.append(Client().get(f"/en/chart/{ruleset.variant}/").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=view) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [200] * 6
    assert analysis_tasks() == 1
    assert Analysis.objects.count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    "postgres" not in os.environ.get("DATABASE_URL", ""),
    reason="SQLite serialises every write transaction: the race needs PostgreSQL",
)
def test_simultaneous_new_rule_sets_of_one_visitor_keep_the_bound(engine_forbidden) -> None:
    """Eight rule sets posted at once by one visitor: the bound (3) holds, the rest are
    refused with its message and nothing of theirs is saved."""
    visitor = uuid.uuid4()
    owner = Client()
    session = owner.session
    session["visitor"] = str(visitor)
    session.save()
    cookie = owner.cookies[django_settings.SESSION_COOKIE_NAME].value
    start = threading.Barrier(8)
    statuses: list[int] = []

    def post(decks: int) -> None:
        client = Client()
        client.cookies[django_settings.SESSION_COOKIE_NAME] = cookie
        try:
            start.wait()
            statuses.append(post_rules(client, form_data("european", decks=str(decks))).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(decks,)) for decks in range(1, 9)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] * 5 + [302] * 3
    assert analyses.pending_count(visitor) == 3
    assert Analysis.objects.filter(visitor=visitor).count() == 3
    assert RuleSet.objects.count() == 3


@pytest.mark.django_db
def test_a_page_that_meets_a_pending_analysis_answers_with_its_progress(engine_forbidden) -> None:
    """Any view that reads a result not stored yet (store.AnalysisPending) and does
    not show the progress itself is answered by trainer.middleware.AnalysisPendingPage: the
    progress page (a GET comes back to itself, a POST goes to the table afterwards), or an
    HTMX reload; the analysis is queued, not computed."""
    rules = find_rules("european").with_overrides({"decks": 5})
    RuleSet.save_rules(rules, "european")
    pending = store.AnalysisPending(rules, "chart")
    middleware = AnalysisPendingPage(lambda request: HttpResponse())
    factory = RequestFactory()

    def answer(request):
        request.htmx = bool(request.headers.get("HX-Request"))
        with translation.override("en"):  # as LocaleMiddleware sets it for /en/
            return middleware.process_exception(request, pending)

    page = answer(factory.get("/en/table/replays/x/")).content.decode()
    assert 'data-status="waiting"' in page
    assert "?next=/en/table/replays/x/" in page
    assert analysis_tasks() == 1
    posted = answer(factory.post("/en/table/replays/x/act/")).content.decode()
    assert 'data-status="waiting"' in posted and "?next=/en/table/" in posted
    htmx = answer(factory.post("/en/table/replays/x/act/", headers=HX))
    assert htmx["HX-Refresh"] == "true"
    assert middleware.process_exception(factory.get("/"), ValueError("other")) is None
    assert analysis_tasks() == 1


def test_a_rule_set_page_shows_its_house_edge_once_analysed(ruleset, analysed) -> None:
    client = Client()
    url = f"/en/rules/{ruleset.id}/"
    html = client.get(url).content.decode()
    assert 'data-status="waiting"' in html and 'data-testid="ruleset-edge"' not in html
    analysed(ruleset.rules)
    html = client.get(url).content.decode()
    assert 'data-testid="analysis"' not in html
    cd = -100 * game_ev(ruleset.rules)
    td = -100 * game_ev(ruleset.rules, strategy="td")
    edge = re.search(r'<p class="ruleset-edge" data-testid="ruleset-edge">(.*?)</p>', html, re.S)
    assert edge is not None
    assert " ".join(edge.group(1).split()) == (
        f"House edge with perfect play: {cd:.3f}%. Playing this chart: {td:.3f}%."
    )
