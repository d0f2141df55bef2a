"""The tables' books checked after the fact: every table's bankroll is its start plus the nets
of its recorded rounds, and no settled round is lost or half-written.

``make loadtest`` (scripts/loadtest.py) runs it after hammering the site from many players,
web processes and a task worker at once: concurrency bugs (a lost update, a round settled
twice, a record without its bankroll change) show up here as numbers that do not add up.

A table's books, for either game (the casino round and the banker game: the record's
``net`` is the person's seat's, a punter's or the bank's, as ``TableSession._store`` settles
it):

- its rounds are numbered 1 to ``rounds_played``, none missing, none twice;
- each round's ``bankroll_after`` is ``START_BANKROLL`` plus the nets of the rounds up to it;
- the table's ``bankroll`` is ``START_BANKROLL`` plus the nets of all its rounds;
- a table whose game is settled (between rounds) has the last settled round on record:
  its last record's state is the table's game's record (``GameState.record()``), so a round
  settled into the state but not into the records (or the other way round) is found.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from game.table.models import START_BANKROLL, RoundRecord, TableSession


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken rule of one table's books: the table's ``public_id`` and what is wrong."""

    table: str
    message: str

    def __str__(self) -> str:
        return f"table {self.table}: {self.message}"


@dataclass(frozen=True, slots=True)
class Books:
    """What ``check_tables`` looked at: tables and rounds checked, chips the rounds moved in
    total (the sum of the nets), and the problems found (empty: the books hold)."""

    tables: int
    rounds: int
    net: Decimal
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def _normal(value: Any) -> Any:
    """``value`` as the JSON column gives it back (tuples as lists, keys as strings)."""
    return json.loads(json.dumps(value))


def check_table(table: TableSession, records: Iterable[RoundRecord]) -> list[Problem]:
    """The problems of one table's books, given its ``records`` (any order; only the last
    one's ``state`` is read). Empty when they hold. Reads ``table.game`` when it has a state
    between rounds (a parse of the stored game)."""
    name = str(table.public_id)
    problems: list[Problem] = []
    rows = sorted(records, key=lambda r: r.number)
    numbers = [r.number for r in rows]
    if numbers != list(range(1, len(rows) + 1)):
        problems.append(Problem(name, f"round numbers {numbers[:10]}... are not 1 to {len(rows)}"))
    if len(rows) != table.rounds_played:
        problems.append(Problem(name, f"{len(rows)} rounds recorded, {table.rounds_played} played"))
    running = START_BANKROLL
    for row in rows:
        running += row.net
        if row.bankroll_after != running and len(problems) < 3:  # the first few are enough
            problems.append(
                Problem(
                    name,
                    f"round {row.number}: bankroll after {row.bankroll_after}, "
                    f"start plus nets {running}",
                )
            )
    if table.bankroll != running:
        problems.append(
            Problem(name, f"bankroll {table.bankroll}, start {START_BANKROLL} plus nets {running}")
        )
    if table.state and rows and not table.game.in_play:
        if _normal(table.game.record()) != _normal(rows[-1].state):
            problems.append(
                Problem(name, f"the settled game is not round {rows[-1].number} on record")
            )
    elif table.state and not rows and not table.game.in_play:
        problems.append(Problem(name, "a settled game with no round on record"))
    return problems


def check_tables(tables: Iterable[TableSession] | None = None) -> Books:
    """Check the books of ``tables`` (default: every table), reading their rounds once
    (each round's state only for a table's last round)."""
    chosen = list(TableSession.objects.all() if tables is None else tables)
    by_table: dict[int, list[RoundRecord]] = {t.pk: [] for t in chosen}
    last: dict[int, int] = {}
    rows = (
        RoundRecord.objects.all()
        if tables is None
        else RoundRecord.objects.filter(table_id__in=list(by_table))
    )
    for row in rows.defer("state").order_by("table_id", "number").iterator(chunk_size=2000):
        by_table[row.table_id].append(row)
        last[row.table_id] = row.pk
    states = dict(RoundRecord.objects.filter(pk__in=list(last.values())).values_list("pk", "state"))
    problems: list[Problem] = []
    total = Decimal(0)
    count = 0
    for table in chosen:
        records = by_table[table.pk]
        if records:
            # Only the last round's state is compared: set it on the deferred row.
            records[-1].state = states[records[-1].pk]
        problems += check_table(table, records)
        total += sum((r.net for r in records), Decimal(0))
        count += len(records)
    return Books(tables=len(chosen), rounds=count, net=total, problems=tuple(problems))
