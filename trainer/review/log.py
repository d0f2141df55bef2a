"""The person's decision log: every graded decision (``game.table.models.GradedDecision``) of one
visitor, from the table and from drills, filtered, grouped into sessions and tallied.

Units: a decision's ``loss`` is the EV it gave up, in units of the initial bet ("bets");
"EV lost per 100 decisions" is ``100 * sum(loss) / decisions`` in bets, shown only for
RATE_MIN_DECISIONS (20) decisions or more (the total EV lost below that); an accuracy is the
percentage (0..100) of decisions that count as correct by advisor.py's one rule
(``is_correct``: the play of the standard each was graded against, a close call within
0.001 of a bet, or the chart's play). A mistake is any other grade: inaccuracy, mistake,
blunder (``WRONG_SEVERITIES``).

The categories and chart cells come from the hand's cards (situations.py), which the
database cannot read portably from a JSON list of card codes; so the database filters what
it can (visitor, variant, severity, dates) and the categories are applied here, on the rows
it returns. The per-day plot is aggregated by the database (TruncDate, Count, Sum: the same
on SQLite and PostgreSQL).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime

from django.db.models import Count, F, QuerySet, Sum
from django.db.models.functions import TruncDate

from game.engine.strategy.advisor import WRONG_SEVERITIES
from trainer.review.models import GradedDecision
from trainer.review.situations import (
    BANKER_GAME_KINDS,
    Situation,
    decision_categories,
    decision_situation,
    hand_situation,
)

# The grades of a wrong decision: what the mistakes page lists and filters by.
DEVIATIONS = tuple(s.value for s in WRONG_SEVERITIES)
SOURCES = ("table", "drill")
WEAKEST_COUNT = 10
# Below this many decisions a rate per 100 says more about chance than about play: the pages
# show the total EV lost instead (issue 12).
RATE_MIN_DECISIONS = 20


@dataclass(frozen=True, slots=True)
class LogFilter:
    """What to keep of a log: a table variant ("european", "custom-<id>"...), a category of
    situations.CATEGORIES, a mistake's severity (DEVIATIONS) and an inclusive date range
    (days in the site's time zone). Empty values keep everything."""

    variant: str = ""
    category: str = ""
    severity: str = ""
    date_from: date | None = None
    date_to: date | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """A logged decision with its chart situation (the chart cell) and categories."""

    decision: GradedDecision
    situation: Situation
    categories: frozenset[str]

    @property
    def hand(self) -> Situation:
        """The decision's situation named by the hand's own total ("Hard 20 against 8"
        where the chart cell is "Hard 17+ against 8")."""
        return hand_situation(self.situation, self.decision.hand)

    @property
    def correct(self) -> bool:
        """Counts as correct (advisor.py's ``is_correct`` of its grade)."""
        return self.decision.correct


@dataclass(slots=True)
class Tally:
    """Decisions counted together: how many, how many were right, the EV they gave up
    (bets)."""

    decisions: int = 0
    correct: int = 0
    ev_lost: float = 0.0

    def add(self, entry: Entry) -> None:
        """Count one more decision; one taken after a hint counts neither right nor wrong,
        so it is not counted at all."""
        if entry.decision.hinted:
            return
        self.decisions += 1
        self.correct += entry.correct
        self.ev_lost += entry.decision.loss

    @property
    def accuracy(self) -> float | None:
        """Percent of the decisions that were right (None for no decisions)."""
        return 100 * self.correct / self.decisions if self.decisions else None

    @property
    def ev_lost_per_100(self) -> float | None:
        """EV lost per 100 decisions, in bets (None for no decisions)."""
        return 100 * self.ev_lost / self.decisions if self.decisions else None

    @property
    def rated(self) -> bool:
        """Enough decisions (RATE_MIN_DECISIONS) to show the EV lost as a rate per 100."""
        return self.decisions >= RATE_MIN_DECISIONS


@dataclass(slots=True)
class SessionSummary:
    """One table session or one drill session, as far as the filter keeps its decisions.

    ``source``: "table" or "drill"; ``public_id``: the table's public id or the drill
    session's id; ``started``/``last``: the first and the last decision's time;
    ``mistakes``: its deviations that the filter's severity keeps, newest first."""

    source: str
    public_id: uuid.UUID
    variant: str
    started: datetime
    last: datetime
    tally: Tally = field(default_factory=Tally)
    mistakes: list[Entry] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class DayPoint:
    """One day of the log: its decisions and the EV lost per 100 of them (bets)."""

    day: date
    decisions: int
    ev_lost: float

    @property
    def ev_lost_per_100(self) -> float:
        """EV lost per 100 decisions that day, in bets."""
        return 100 * self.ev_lost / self.decisions


def own_decisions(visitor: uuid.UUID | None) -> QuerySet[GradedDecision]:
    """Every graded decision of ``visitor``, and nobody else's (none for no visitor)."""
    if visitor is None:
        return GradedDecision.objects.none()
    return GradedDecision.objects.filter(visitor=visitor)


def visitor_log(visitor: uuid.UUID | None) -> QuerySet[GradedDecision]:
    """``own_decisions`` newest first, each with ``session_table`` (its table's public id,
    None for a drill answer)."""
    return (
        own_decisions(visitor)
        .annotate(session_table=F("table__public_id"))
        .order_by("-created_at", "-id")
    )


def logged_variants(visitor: uuid.UUID | None) -> list[str]:
    """The variants ``visitor`` has decisions in, sorted."""
    rows = own_decisions(visitor).order_by().values_list("variant")
    return sorted({variant for (variant,) in rows.distinct() if variant})


def _db_filtered(
    queryset: QuerySet[GradedDecision], flt: LogFilter, *, severity: bool
) -> QuerySet[GradedDecision]:
    if flt.variant:
        queryset = queryset.filter(variant=flt.variant)
    if flt.date_from is not None:
        queryset = queryset.filter(created_at__date__gte=flt.date_from)
    if flt.date_to is not None:
        queryset = queryset.filter(created_at__date__lte=flt.date_to)
    if severity and flt.severity:
        queryset = queryset.filter(severity=flt.severity)
    return queryset


def entries(
    queryset: QuerySet[GradedDecision], flt: LogFilter = LogFilter(), *, severity: bool = True
) -> list[Entry]:
    """The decisions of ``queryset`` that ``flt`` keeps, in its order, classified. With
    ``severity`` False the filter's severity is not applied (session statistics count every
    decision of the kept kind, right or wrong)."""
    kept = []
    for decision in _db_filtered(queryset, flt, severity=severity):
        situation = decision_situation(decision)
        categories = decision_categories(decision, situation)
        if flt.category and flt.category not in categories:
            continue
        kept.append(Entry(decision, situation, categories))
    return kept


def session_key(decision: GradedDecision) -> tuple[str, uuid.UUID] | None:
    """("table", the table's public id) or ("drill", the drill session's id); None for a
    row that names neither. Needs ``session_table`` (``visitor_log`` annotates it)."""
    if decision.source == "drill" and decision.drill_session is not None:
        return "drill", decision.drill_session
    table_id = getattr(decision, "session_table", None)
    if table_id is not None:
        return "table", table_id
    return None


def sessions(kept: Iterable[Entry], flt: LogFilter = LogFilter()) -> list[SessionSummary]:
    """Group ``kept`` (the entries the filter keeps, severity not applied) into sessions,
    newest activity first: each session's tally of every kept decision and its deviations
    of the filter's severity (any wrong decision when none is set), newest first. With a
    severity set, only the sessions holding such a mistake are listed."""
    found: dict[tuple[str, uuid.UUID], SessionSummary] = {}
    for entry in kept:
        decision = entry.decision
        key = session_key(decision)
        if key is None:
            continue
        summary = found.get(key)
        if summary is None:
            summary = found[key] = SessionSummary(
                source=key[0],
                public_id=key[1],
                variant=decision.variant,
                started=decision.created_at,
                last=decision.created_at,
            )
        summary.started = min(summary.started, decision.created_at)
        summary.last = max(summary.last, decision.created_at)
        summary.tally.add(entry)
        if entry.decision.hinted:
            continue
        if not entry.correct and (not flt.severity or decision.severity == flt.severity):
            summary.mistakes.append(entry)
    listed = [s for s in found.values() if s.mistakes or not flt.severity]
    for summary in listed:
        summary.mistakes.sort(key=lambda e: (e.decision.created_at, e.decision.pk), reverse=True)
    return sorted(listed, key=lambda s: (s.last, str(s.public_id)), reverse=True)


def tally_by_situation(kept: Iterable[Entry]) -> dict[Situation, Tally]:
    """Every chart cell (situation) of ``kept`` with its tally: the heat map's cells."""
    tallies: dict[Situation, Tally] = {}
    for entry in kept:
        tallies.setdefault(entry.situation, Tally()).add(entry)
    return tallies


def tally_by_hand(kept: Iterable[Entry]) -> dict[Situation, Tally]:
    """Every hand situation of ``kept`` with its tally: the chart cells, with a hard or soft
    cell split by the hand's own total (the 17+ row's hard 17, 18 ... 21 apart)."""
    tallies: dict[Situation, Tally] = {}
    for entry in kept:
        tallies.setdefault(entry.hand, Tally()).add(entry)
    return tallies


def weakest(
    tallies: dict[Situation, Tally], count: int = WEAKEST_COUNT
) -> list[tuple[Situation, Tally]]:
    """The ``count`` weakest situations of ``tallies`` (``tally_by_hand``'s in the stats
    page: hands by their own total): those with at least one mistake, the most EV lost
    first (how often a leak happens times what it costs), then the lowest accuracy, then
    the most decisions, then chart order. The banker game's situations are left out."""
    # The banker game's situations are no chart cell against an upcard: the mistakes page
    # lists them under their own category instead.
    leaking = [
        (s, t)
        for s, t in tallies.items()
        if t.correct < t.decisions and s.kind not in BANKER_GAME_KINDS
    ]
    leaking.sort(
        key=lambda item: (
            -item[1].ev_lost,
            item[1].correct / item[1].decisions,
            -item[1].decisions,
            item[0],
        )
    )
    return leaking[:count]


def ev_lost_by_day(visitor: uuid.UUID | None, variant: str = "") -> list[DayPoint]:
    """EV lost per day of ``visitor``'s log (one variant, or all), oldest day first, summed
    by the database (days in the site's time zone); hinted decisions are not counted."""
    queryset = own_decisions(visitor).filter(hinted=False)
    if variant:
        queryset = queryset.filter(variant=variant)
    rows = (
        queryset.order_by()
        .annotate(day=TruncDate("created_at"))
        .values("day")
        .annotate(decisions=Count("id"), ev_lost=Sum("loss"))
        .order_by("day")
    )
    return [DayPoint(r["day"], r["decisions"], float(r["ev_lost"] or 0.0)) for r in rows]
