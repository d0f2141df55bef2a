"""Shared helpers of the review tests: a client holding a visitor, decisions with exact
binary-fraction EVs (so sums and averages are exact), and reading the pages' marked-up
values."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime

from game.table.models import TableSession
from tests.factories import TableSessionFactory
from tests.review.factories import DrillDecisionFactory, GradedDecisionFactory

DAY1 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
DAY2 = datetime(2026, 3, 5, 12, 0, tzinfo=UTC)
DAY3 = datetime(2026, 3, 9, 12, 0, tzinfo=UTC)


def evs_losing(loss: float, best: str = "hit", other: str = "stand") -> dict[str, float]:
    """EVs where ``best`` is worth ``loss`` more than ``other`` (choose ``other`` to lose
    exactly ``loss``). Use binary fractions (0.25, 0.125...) for exact sums."""
    return {best: -0.5, other: -0.5 - loss}


def table_decision(table: TableSession, loss: float = 0.0, **kwargs):
    """A decision at ``table`` that gave up ``loss`` bets (0: the best play)."""
    evs = kwargs.pop("evs", None) or evs_losing(loss if loss else 0.25)
    action = kwargs.pop("action", None) or ("stand" if loss else "hit")
    return GradedDecisionFactory(
        table=table, visitor=table.visitor, evs=evs, action=action, **kwargs
    )


def drill_decision(visitor: uuid.UUID, session: uuid.UUID, loss: float = 0.0, **kwargs):
    """A drill answer in drill session ``session`` that gave up ``loss`` bets."""
    evs = kwargs.pop("evs", None) or evs_losing(loss if loss else 0.25)
    action = kwargs.pop("action", None) or ("stand" if loss else "hit")
    return DrillDecisionFactory(
        visitor=visitor, drill_session=session, evs=evs, action=action, **kwargs
    )


def new_table(visitor: uuid.UUID | None = None, **kwargs) -> TableSession:
    return TableSessionFactory(visitor=visitor or uuid.uuid4(), **kwargs)


def decision_ids(html: str) -> list[int]:
    """The ids of the decisions a page lists, in order."""
    return [int(x) for x in re.findall(r'data-testid="mistake" data-decision="(\d+)"', html)]


def session_keys(html: str) -> list[str]:
    """The sessions a page lists ("table-<uuid>", "drill-<uuid>"), in order."""
    return re.findall(r'data-testid="session" data-session="([^"]+)"', html)


def numbers(html: str) -> list[tuple[str, str, str]]:
    """Every (decisions, accuracy, EV lost) block of a page as text, in order."""
    blocks = re.findall(
        r'data-testid="decisions">([^<]*)</dd>.*?data-testid="accuracy">([^<]*)</dd>.*?'
        r'data-testid="ev-lost"[^>]*>([^<]*)</dd>',
        html,
        re.S,
    )
    return [tuple(" ".join(v.replace("&nbsp;", " ").split()) for v in b) for b in blocks]
