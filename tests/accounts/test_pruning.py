"""``manage.py prune_abandoned``: expired sessions go (clearsessions), empty anonymous tables
idle for the period go, and so does everything of an anonymous visitor with no live session
and nothing active in the period; an account's rows and a live session's history stay.
Real rows with real dates, checked by their ids."""

from __future__ import annotations

import io
import uuid
from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import CommandError, call_command
from django.utils import timezone

from game.rulesets.models import RuleSet
from game.table.models import Replay, RoundRecord, TableSession
from tests.accounts.people import make_user, owned
from tests.factories import RoundRecordFactory, TableSessionFactory, casino_state
from trainer.drills.models import DrillQuestion, DrillSession, SituationCard
from trainer.review.models import GradedDecision

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)


def session_of(visitor: uuid.UUID | None, *, expires_in: timedelta) -> str:
    """A session row holding ``visitor`` (or nothing), expiring ``expires_in`` from now."""
    store = SessionStore()
    if visitor is not None:
        store["visitor"] = str(visitor)
    store.create()
    Session.objects.filter(pk=store.session_key).update(expire_date=timezone.now() + expires_in)
    return store.session_key


def played(visitor: uuid.UUID, *, days_ago: int) -> TableSession:
    """A table played ``days_ago`` days ago: a settled round, a graded decision and a
    replay of it, each stamped then."""
    then = timezone.now() - days_ago * DAY
    table = TableSessionFactory(visitor=visitor, version=2, rounds_played=1)
    record = RoundRecordFactory(table=table, number=1)
    TableSession.objects.filter(pk=table.pk).update(
        state=casino_state(None, record.state), updated_at=then
    )
    decision = GradedDecision.objects.create(
        source="table",
        table=table,
        visitor=visitor,
        round_number=1,
        rules_id="abcdefghij",
        variant="european",
        hand=["TS", "9C"],
        upcard="6D",
        action="stand",
        best_action="stand",
        evs={"stand": 0.28, "hit": -0.46},
        loss=0.0,
        severity="best",
    )
    Replay.objects.create(visitor=visitor, decision=decision, round_state=record.state)
    GradedDecision.objects.filter(pk=decision.pk).update(created_at=then)
    Replay.objects.filter(visitor=visitor).update(created_at=then)
    return table


def empty_table(visitor: uuid.UUID, *, days_ago: int, ended: bool = False) -> TableSession:
    """A table opened ``days_ago`` days ago and never dealt at."""
    then = timezone.now() - days_ago * DAY
    table = TableSessionFactory(visitor=visitor, ended_at=then if ended else None)
    TableSession.objects.filter(pk=table.pk).update(updated_at=then)
    return table


def drilled(visitor: uuid.UUID, *, days_ago: int) -> DrillSession:
    """A drill ``days_ago`` days ago: one answered question, its graded answer, its FSRS card."""
    then = timezone.now() - days_ago * DAY
    drill = DrillSession.objects.create(
        visitor=visitor, variant="european", rules_id="abcdefghij", category="all"
    )
    answer = GradedDecision.objects.create(
        source="drill",
        drill_session=drill.public_id,
        visitor=visitor,
        round_number=1,
        rules_id="abcdefghij",
        variant="european",
        hand=["TS", "6D"],
        upcard="TH",
        action="stand",
        best_action="hit",
        evs={"hit": -0.54, "stand": -0.57},
        loss=0.03,
        severity="mistake",
    )
    DrillQuestion.objects.create(
        session=drill,
        number=1,
        hand_class="hard16",
        upcard_value="T",
        tier="new",
        hand=["TS", "6D"],
        upcard="TH",
        legal=["hit", "stand"],
        shown_at=then,
        answered_at=then,
        action="stand",
        correct=False,
        decision=answer,
    )
    SituationCard.objects.create(
        visitor=visitor,
        rules_id="abcdefghij",
        hand_class="hard16",
        upcard="T",
        fsrs={},
        due=then + DAY,
        last_review=then,
    )
    DrillSession.objects.filter(pk=drill.pk).update(updated_at=then)
    GradedDecision.objects.filter(pk=answer.pk).update(created_at=then)
    return drill


@pytest.fixture
def world() -> dict:
    """Visitors of every kind, with rows 40 days old unless said otherwise (period: 30)."""
    gone, live, recent, member, crawler = (uuid.uuid4() for _ in range(5))
    user = make_user("ana", visitor=member)
    rows = {
        # No session left (it expired): nobody can reach these rows again.
        "gone_table": played(gone, days_ago=40),
        "gone_drill": drilled(gone, days_ago=45),
        "gone_session": session_of(gone, expires_in=-2 * DAY),
        # A live session: its history stays; only its empty, idle table goes.
        "live_table": played(live, days_ago=40),
        "live_drill": drilled(live, days_ago=60),
        "live_empty": empty_table(live, days_ago=35, ended=True),
        "live_session": session_of(live, expires_in=50 * DAY),
        # No session, but active 5 days ago: within the period, it stays.
        "recent_old_table": played(recent, days_ago=40),
        "recent_drill": drilled(recent, days_ago=5),
        # An account's rows stay, an untouched table too.
        "member_table": played(member, days_ago=400),
        "member_empty": empty_table(member, days_ago=400, ended=True),
        # An empty table from before (a crawler's), its session still live; and a fresh one.
        "crawler_empty": empty_table(crawler, days_ago=31),
        "crawler_session": session_of(crawler, expires_in=59 * DAY),
        "fresh_empty": empty_table(uuid.uuid4(), days_ago=29),
        "empty_session": session_of(None, expires_in=-1 * DAY),
        "ruleset": RuleSet.objects.create(id="abcdefghij", base="european", rules_json={}),
    }
    return {"gone": gone, "live": live, "recent": recent, "member": member, "user": user, **rows}


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("prune_abandoned", *args, stdout=out)
    return out.getvalue()


EXPECTED = [
    "Expired sessions: {verb} 2",
    "Empty anonymous tables idle 30+ days: {verb} 2",
    "Abandoned anonymous visitors: 1",
    "Rows: {verb} 10 (drills.DrillQuestion 1, drills.DrillSession 1, drills.SituationCard 1,"
    " game.Replay 1, game.RoundRecord 1, game.TableSession 3, review.GradedDecision 2)",
]


def test_dry_run_prints_the_counts_and_deletes_nothing(world: dict) -> None:
    before = (
        {v: owned(world[v]) for v in ("gone", "live", "recent", "member")},
        TableSession.objects.count(),
        Session.objects.count(),
    )

    output = run("--dry-run", "--days", "30")

    assert output.splitlines() == [line.format(verb="would delete") for line in EXPECTED]
    after = (
        {v: owned(world[v]) for v in ("gone", "live", "recent", "member")},
        TableSession.objects.count(),
        Session.objects.count(),
    )
    assert after == before


def test_prune_deletes_the_abandoned_rows_and_keeps_the_rest(world: dict) -> None:
    live_rows = owned(world["live"])
    recent_rows, member_rows = owned(world["recent"]), owned(world["member"])

    output = run("--days", "30")

    assert output.splitlines() == [line.format(verb="deleted") for line in EXPECTED]
    assert owned(world["gone"]) == {}
    assert not TableSession.objects.filter(pk=world["gone_table"].pk).exists()
    assert not DrillQuestion.objects.filter(session__visitor=world["gone"]).exists()
    # The live visitor keeps every row but the empty table.
    live_rows["game.TableSession"].discard(world["live_empty"].pk)
    assert owned(world["live"]) == live_rows
    assert owned(world["recent"]) == recent_rows
    assert owned(world["member"]) == member_rows
    assert not TableSession.objects.filter(pk=world["crawler_empty"].pk).exists()
    assert TableSession.objects.filter(pk=world["fresh_empty"].pk).exists()
    assert set(Session.objects.values_list("pk", flat=True)) == {
        world["live_session"],
        world["crawler_session"],
    }
    assert RuleSet.objects.filter(pk="abcdefghij").exists()
    assert RoundRecord.objects.filter(table=world["live_table"]).count() == 1

    # Nothing left to prune: a second run deletes nothing.
    assert run("--days", "30").splitlines() == [
        "Expired sessions: deleted 0",
        "Empty anonymous tables idle 30+ days: deleted 0",
        "Abandoned anonymous visitors: 0",
        "Rows: deleted 0",
    ]


def test_a_longer_period_keeps_more(world: dict) -> None:
    output = run("--days", "50")
    assert "Empty anonymous tables idle 50+ days: deleted 0" in output
    assert "Abandoned anonymous visitors: 0" in output  # the gone visitor's drill: 45 days
    assert owned(world["gone"])


def test_a_session_store_outside_the_database_is_refused(settings) -> None:
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
    with pytest.raises(CommandError, match="no list of live sessions"):
        run("--dry-run")
    with pytest.raises(CommandError, match="at least 1"):
        run("--days", "0")
