#!/usr/bin/env python3
"""``make loadtest``: many players at the tables at once, then the books checked.

    scripts/loadtest.py [--duration 60] [--players 32] [--web-processes 2]
                        [--workers 2] [--threads 4] [--database postgres|sqlite]
                        [--rate 250] [--custom 1] [--pool 0|1]

A benchmark, bounded and local (127.0.0.1 only): it prints figures and asserts none of them,
except the books.

1. A throwaway database: PostgreSQL (default) through scripts/with_postgres.sh (this script
   runs itself again under it: the server and its files are removed afterwards), or a SQLite
   file in a temporary directory. ``migrate``, ``precompute_strategy``, ``collectstatic``.
2. ``--web-processes`` gunicorn servers with the production settings (DEBUG off; a random
   SECRET_KEY; plain http on 127.0.0.1), each on its own port with ``--workers`` processes of
   ``--threads`` threads (gunicorn.conf.py), and one task worker (``manage.py db_worker``),
   all sharing the one database, as on many machines.
3. ``--players`` players, spread over the five games (european, ajnc,
   croatian, russian, dvadtsat-odno, the banker game) and over the web processes. Each does
   what a browser with HTMX does: loads the empty table (CSRF cookie and token), starts a
   session of its game (HTMX post, HX-Redirect), loads the table, then plays rounds: deal,
   then one of the offered actions until the round is settled. A bet is 5, 10 or 25 kept
   within the bet input's min and max, as a browser's form validation keeps it; a player
   whose bankroll covers no bet starts a new session. Together they offer ``--rate`` table
   actions a second (each player its share, at an even pace; an answer that comes late is
   followed at once), or with ``--rate 0`` all they can with no think time: then the
   latency is only the players over the throughput (Little's law: 32 players at 250
   actions/s wait 128 ms on average, whatever the server), so the latency target is measured
   at the offered rate, the capacity at 0. ``--custom`` of them first build a custom rule
   set (the worker analyses it) and play it once its analysis is done. The client is asyncio on raw
   keep-alive HTTP/1.1 connections, cheap in CPU: its own CPU time is measured and printed.
4. Figures: table actions (deals and actions) per second, their median/p95/p99 latency,
   errors (any non-2xx status, any unexpected page: a refused action, a missing form), per
   game counts, the CPU time each kind of process used (/proc), and on PostgreSQL the
   transactions, rows written and what the busy backends waited for (sampled).
5. The books (game/table/integrity.py): every table's bankroll is its start plus its rounds'
   nets, no round lost or half-written. The exit status is 1 when they do not hold.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from webrig import (
    PY,
    ROOT,
    Browser,
    Response,
    Table,
    free_port,
    production_env,
    refusal,
    set_up,
    start_gunicorn,
    stop,
    wait_ready,
)

GAMES = ["european", "ajnc", "croatian", "russian", "dvadtsat-odno"]

# How often a player picks each action when offered (any other action: weight 1): mostly
# standing and hitting, so rounds end, with enough doubles, splits and surrenders to move
# chips in every way the rules allow.
WEIGHTS = {"stand": 6, "hit": 5, "double": 1.5, "split": 1.5, "surrender": 0.5}


class Unexpected(Exception):
    """A response that is not what a browser would get in this flow: counted as an error."""


# -- the players -----------------------------------------------------------------------------
@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)  # table actions (deal, act), seconds
    finished: list[float] = field(default_factory=list)  # when each table action ended
    page_latencies: list[float] = field(default_factory=list)  # everything else
    actions: collections.Counter[str] = field(default_factory=collections.Counter)  # per game
    rounds: collections.Counter[str] = field(default_factory=collections.Counter)
    sessions: collections.Counter[str] = field(default_factory=collections.Counter)
    errors: collections.Counter[str] = field(default_factory=collections.Counter)
    error_examples: list[str] = field(default_factory=list)
    connections: int = 0
    action_bytes: int = 0  # the table actions' answers (bodies)

    def error(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        if len(self.error_examples) < 8:
            self.error_examples.append(f"{kind}: {detail[:300]}")


class Player:
    """One person at a table: a browser (cookies, the CSRF token) and the table as last seen."""

    def __init__(self, number: int, game: str, port: int, stats: Stats, custom: bool) -> None:
        self.number = number
        self.game = game
        self.variant = game
        self.stats = stats
        self.custom = custom
        self.browser = Browser(port)
        self.table = Table.of(b"")
        self.rng = random.Random(number)
        # Paced play (--rate): this player's table actions start ``interval`` seconds apart,
        # at once when the last answer came later; 0: as fast as the answers come.
        self.interval = 0.0
        self.next_at = 0.0

    async def send(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        *,
        htmx: bool = True,
        table_action: bool = False,
        follow: bool = False,
    ) -> Response:
        """One request; ``follow``: a redirect's target is fetched as a browser would (the
        table's home sends a visitor with an open table to it)."""
        start = time.perf_counter()
        response = await self.browser.request(method, path, form, htmx=htmx)
        location = response.header("location")
        if follow and 300 <= response.status < 400 and location:
            response = await self.browser.request("GET", location, None, htmx=htmx)
        elapsed = time.perf_counter() - start
        if table_action:
            self.stats.action_bytes += len(response.body)
            self.stats.latencies.append(elapsed)
            self.stats.finished.append(start + elapsed)
        else:
            self.stats.page_latencies.append(elapsed)
        if not 200 <= response.status < 300:
            raise Unexpected(f"{method} {path}: HTTP {response.status}")
        refused = refusal(response.body)
        if refused is not None:
            raise Unexpected(f"{method} {path}: refused: {refused}")
        return response

    async def load_table(self, path: str) -> None:
        response = await self.send("GET", path, htmx=False, follow=True)
        if not self.browser.take_csrf(response.body):
            raise Unexpected(f"GET {path}: no CSRF token on the page")
        self.table = Table.of(response.body)

    async def new_session(self) -> None:
        if not self.browser.csrf:
            await self.load_table("/en/table/")
        response = await self.send("POST", "/en/table/new/", {"variant": self.variant})
        target = response.header("hx-redirect")
        if not target:
            raise Unexpected("New session: no HX-Redirect")
        await self.load_table(target)
        self.stats.sessions[self.game] += 1

    async def build_rule_set(self, deadline: float) -> None:
        """A custom rule set (the preset's form with another deck count and the dealer
        hitting soft 17), then wait for its analysis: the worker's part of the load."""
        await self.load_table("/en/table/")
        form_page = await self.send("GET", "/en/rules/new/?base=european", htmx=False)
        form = _form_fields(form_page.body.decode())
        form.update(
            base="european",
            decks=str(self.rng.choice([1, 2, 4, 5, 8])),
            dealer_hits_soft_17=form.get("dealer_hits_soft_17", ""),
        )
        response = await self.send("POST", "/en/rules/new/", form)
        target = response.header("hx-redirect")
        if not target:
            raise Unexpected("New rule set: no HX-Redirect")
        ruleset_id = target.rstrip("/").rsplit("/", 1)[1]
        self.variant = (
            f"custom-{ruleset_id}" if not ruleset_id.startswith("custom-") else ruleset_id
        )
        # The table refuses to deal until the analysis is stored: wait for the worker.
        while time.monotonic() < deadline:
            status = await self.send("GET", f"/en/analysis/{ruleset_id}/")
            if b"analysis-progress" not in status.body or b"failed" in status.body.lower():
                break
            await asyncio.sleep(1)
        self.stats.sessions["custom rule sets"] += 1

    def affordable(self, table: Table) -> bool:
        """Whether the bet input admits a bet (its max, what the bankroll covers, is at
        least its min); a page without bounds is taken at its word."""
        return table.bet_bounds is None or table.bet_bounds[0] <= table.bet_bounds[1]

    def bet(self, table: Table) -> int:
        """A bet as a person picks chips: 5, 10 or 25, kept within the input's bounds as a
        browser's form validation keeps it."""
        bet = self.rng.choice([5, 10, 10, 25])
        if table.bet_bounds is not None:
            low, high = table.bet_bounds
            bet = min(max(bet, low), high)
        return bet

    def choose(self, actions: list[str]) -> str:
        weights = [WEIGHTS.get(a, 1.0) for a in actions]
        return self.rng.choices(actions, weights)[0]

    async def play(self, deadline: float) -> None:
        if self.custom:
            await self.build_rule_set(deadline)
        await self.new_session()
        while time.monotonic() < deadline:
            if self.interval:
                now = time.monotonic()
                if self.next_at > now:
                    await asyncio.sleep(self.next_at - now)
                self.next_at = max(self.next_at, now) + self.interval
            table = self.table
            if table.act and table.version:
                if not table.actions:
                    raise Unexpected("a round in play offers no action")
                form = {"action": self.choose(table.actions), "version": table.version}
                response = await self.send("POST", table.act, form, table_action=True)
            elif table.deal and table.version and self.affordable(table):
                form = {"version": table.version}
                if table.bet:
                    form["bet"] = str(self.bet(table))
                response = await self.send("POST", table.deal, form, table_action=True)
            else:  # broke, or the bank cannot be covered: a fresh session
                await self.new_session()
                continue
            self.stats.actions[self.game] += 1
            self.table = Table.of(response.body)
            if not self.table.act:
                self.stats.rounds[self.game] += 1

    async def run(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            try:
                await self.play(deadline)
            except Unexpected as exc:
                self.stats.error("unexpected", str(exc))
            except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as exc:
                self.stats.error(type(exc).__name__, f"{exc!r}")
                self.browser.close()
                await asyncio.sleep(0.05)
            # After an error the player starts over with a new session (its page is unknown).
        self.stats.connections += self.browser.conn.opened
        self.browser.close()


def _form_fields(html: str) -> dict[str, str]:
    """The values a browser would post from the page's form: inputs (checked boxes only)
    and each select's selected option."""
    fields: dict[str, str] = {}
    for tag in re.findall(r"<input\b[^>]*>", html):
        name = re.search(r'name="([^"]+)"', tag)
        if not name or name.group(1) == "csrfmiddlewaretoken":
            continue
        kind = re.search(r'type="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if kind and kind.group(1) in {"checkbox", "radio"} and "checked" not in tag:
            continue
        fields[name.group(1)] = value.group(1) if value else "on"
    for name, options in re.findall(
        r'<select\b[^>]*name="([^"]+)"[^>]*>(.*?)</select>', html, re.S
    ):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', options) or re.search(
            r'<option value="([^"]*)"', options
        )
        if chosen:
            fields[name] = chosen.group(1)
    return fields


async def run_players(args: argparse.Namespace, ports: list[int]) -> tuple[Stats, float]:
    stats = Stats()
    players = [
        Player(i, GAMES[i % len(GAMES)], ports[i % len(ports)], stats, custom=i < args.custom)
        for i in range(args.players)
    ]
    start = time.monotonic()
    deadline = start + args.duration
    for player in players:
        if args.rate:
            player.interval = args.players / args.rate
            player.next_at = start + player.rng.uniform(0, player.interval)
    await asyncio.gather(*(p.run(deadline) for p in players))
    return stats, time.monotonic() - start


# -- the servers -----------------------------------------------------------------------------
def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of ``pid`` and its children that were waited for."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(fields[i]) for i in (11, 12)) / ticks


def descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            kids = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
        except OSError:
            continue
        for kid in map(int, kids):
            found.append(kid)
            todo.append(kid)
    return found


def postgres_pids() -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "postgres":
                    pids.append(int(entry.name))
            except OSError:
                pass
    return pids


class CpuMeter:
    """CPU seconds used by groups of processes between ``start`` and ``stop`` (processes
    that exit in between are missed: none of ours should)."""

    def __init__(self, groups: dict[str, Callable[[], list[int]]]) -> None:
        self.groups = groups
        self.before: dict[str, dict[int, float]] = {}
        self.used: dict[str, float] = {}

    def _sample(self) -> dict[str, dict[int, float]]:
        return {name: {p: cpu_seconds(p) for p in pids()} for name, pids in self.groups.items()}

    def start(self) -> None:
        self.before = self._sample()

    def stop(self) -> None:
        after = self._sample()
        self.used = {
            name: sum(t - self.before[name].get(p, 0.0) for p, t in after[name].items())
            for name in self.groups
        }


class PgSampler:
    """What PostgreSQL's busy backends wait for, sampled every 0.2 s from pg_stat_activity,
    and the database's counters (transactions, rows, blocks) before and after."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.conn = psycopg.connect(url, autocommit=True)
        self.waits: collections.Counter[str] = collections.Counter()
        self.samples = 0
        self.before: dict[str, int] = {}
        self.after: dict[str, int] = {}
        self.connections = 0
        self.tables_before: dict[str, tuple[int, int, int, int]] = {}
        self.table_use: dict[str, tuple[int, ...]] = {}

    def counters(self) -> dict[str, int]:
        row = self.conn.execute(
            "select xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted,"
            " tup_updated, tup_deleted, deadlocks from pg_stat_database"
            " where datname = current_database()"
        ).fetchone()
        names = [
            "commits",
            "rollbacks",
            "rows returned",
            "rows fetched",
            "rows inserted",
            "rows updated",
            "rows deleted",
            "deadlocks",
        ]
        return dict(zip(names, row, strict=True))

    def tables(self) -> dict[str, tuple[int, int, int, int]]:
        """Per table: sequential scans, rows they read, index scans, rows written."""
        rows = self.conn.execute(
            "select relname, seq_scan, seq_tup_read, coalesce(idx_scan, 0),"
            " n_tup_ins + n_tup_upd + n_tup_del from pg_stat_user_tables"
        ).fetchall()
        return {name: tuple(values) for name, *values in rows}

    async def run(self, deadline: float) -> None:
        self.before = self.counters()
        self.tables_before = self.tables()
        while time.monotonic() < deadline:
            rows = self.conn.execute(
                "select coalesce(wait_event_type || ':' || wait_event, 'on CPU'), state"
                " from pg_stat_activity where backend_type = 'client backend'"
                " and pid <> pg_backend_pid()"
            ).fetchall()
            self.connections = max(self.connections, len(rows))
            for wait, state in rows:
                if state == "active":
                    self.waits[wait] += 1
                elif state == "idle in transaction":
                    self.waits["idle in transaction (the client: Django)"] += 1
            self.samples += 1
            await asyncio.sleep(0.2)
        self.after = self.counters()
        # The statistics collector reports a backend's counts when its transaction ends.
        await asyncio.sleep(0.6)
        after = self.tables()
        self.table_use = {
            name: tuple(
                a - b for a, b in zip(values, self.tables_before.get(name, (0,) * 4), strict=True)
            )
            for name, values in after.items()
        }


# -- the run ---------------------------------------------------------------------------------
def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def server_env(args: argparse.Namespace) -> dict[str, str]:
    env = production_env(WEB_CONCURRENCY=str(args.workers), GUNICORN_THREADS=str(args.threads))
    if args.pool is not None:
        env["DATABASE_POOL"] = str(args.pool)
    return env


def main_run(args: argparse.Namespace) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="loadtest."))
    env = server_env(args)
    if args.database == "sqlite":
        env["DATABASE_URL"] = f"sqlite:///{tmp / 'db.sqlite3'}"
    database = env["DATABASE_URL"]
    procs: list[subprocess.Popen] = []
    try:
        print(
            f"database: {args.database}; migrate, precompute_strategy, collectstatic...",
            flush=True,
        )
        set_up(env)
        ports = [free_port() for _ in range(args.web_processes)]
        gunicorns = [
            start_gunicorn(env, port, tmp / f"gunicorn-{port}.log", app=args.app) for port in ports
        ]
        procs += gunicorns
        with (tmp / "worker.log").open("w") as worker_log:
            worker = subprocess.Popen(
                [PY, "manage.py", "db_worker"],
                cwd=ROOT,
                env=env,
                stdout=worker_log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        procs.append(worker)
        for port, proc in zip(ports, gunicorns, strict=True):
            wait_ready(port, proc, "/en/table/")
        print(
            f"{len(ports)} web process(es) on ports {', '.join(map(str, ports))}: gunicorn "
            f"{args.workers} worker(s) x {args.threads} thread(s) each; 1 task worker; "
            f"{args.players} players for {args.duration} s offering "
            f"{f'{args.rate:g} table actions/s' if args.rate else 'all they can (no think time)'}"
            f"; load before: {os.getloadavg()[0]:.2f}",
            flush=True,
        )
        meter = CpuMeter(
            {
                "web (gunicorn)": lambda: [
                    p for g in gunicorns for p in [g.pid, *descendants(g.pid)]
                ],
                "task worker": lambda: [worker.pid],
                "postgres": postgres_pids if args.database == "postgres" else list,
            }
        )
        sampler = PgSampler(database) if args.database == "postgres" else None
        usage_before = resource.getrusage(resource.RUSAGE_SELF)
        meter.start()

        async def everything() -> tuple[Stats, float]:
            end = time.monotonic() + args.duration
            tasks = [run_players(args, ports)]
            if sampler is not None:
                tasks.append(sampler.run(end))
            results = await asyncio.gather(*tasks)
            return results[0]

        stats, wall = asyncio.run(everything())
        meter.stop()
        usage_after = resource.getrusage(resource.RUSAGE_SELF)
        client_user = usage_after.ru_utime - usage_before.ru_utime
        client_system = usage_after.ru_stime - usage_before.ru_stime
        report(args, stats, wall, (client_user, client_system), meter, sampler)
    finally:
        stop(procs)
    for log in sorted(tmp.glob("*.log")):
        text = log.read_text()
        problems = [line for line in text.splitlines() if "Traceback" in line or " ERROR " in line]
        if problems:
            print(f"{log.name}: {len(problems)} error line(s), e.g. {problems[0][:200]}")
    ok = check_books(env)
    if args.keep:
        print(f"logs kept in {tmp}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0 if ok else 1


def report(
    args: argparse.Namespace,
    stats: Stats,
    wall: float,
    client: tuple[float, float],
    meter: CpuMeter,
    sampler: PgSampler | None,
) -> None:
    n = len(stats.latencies)
    ms = 1000
    print()
    print(
        f"table actions: {n} in {wall:.1f} s = {n / wall:.1f} actions/s "
        f"(rounds {sum(stats.rounds.values())}, sessions {sum(stats.sessions.values())}, "
        f"other requests {len(stats.page_latencies)}, connections opened {stats.connections})"
    )
    if n:
        print(
            f"latency of a table action: median {statistics.median(stats.latencies) * ms:.1f} ms, "
            f"p95 {percentile(stats.latencies, 0.95) * ms:.1f} ms, "
            f"p99 {percentile(stats.latencies, 0.99) * ms:.1f} ms, "
            f"max {max(stats.latencies) * ms:.1f} ms"
        )
    if n:
        first = min(stats.finished) - stats.latencies[stats.finished.index(min(stats.finished))]
        slices = collections.Counter(int((t - first) // 10) for t in stats.finished)
        print(
            "actions/s by 10-s slice: "
            + " ".join(f"{slices[i] / 10:.0f}" for i in range(max(slices) + 1))
        )
    errors = sum(stats.errors.values())
    print(f"errors: {errors}" + (f" {dict(stats.errors)}" if errors else ""))
    for example in stats.error_examples:
        print(f"  {example}")
    print(
        "per game (actions / rounds / sessions): "
        + ", ".join(f"{g} {stats.actions[g]}/{stats.rounds[g]}/{stats.sessions[g]}" for g in GAMES)
        + (f", custom rule sets {stats.sessions['custom rule sets']}" if args.custom else "")
    )
    cores = os.cpu_count() or 1
    client_cpu = sum(client)
    used = {"client (this script)": client_cpu, **meter.used}
    total = sum(used.values())
    print(
        f"CPU seconds over the run ({cores} cores x {wall:.0f} s = {cores * wall:.0f} available): "
        + ", ".join(f"{k} {v:.1f} ({v / wall * 100:.0f}% of a core)" for k, v in used.items())
        + f"; total {total:.1f}; load average now {os.getloadavg()[0]:.2f} (other processes"
        " on the machine take CPU from the run)"
    )
    if n:
        print(
            f"client CPU per table action: {client_cpu / n * ms:.2f} ms (user "
            f"{client[0] / n * ms:.2f}, system {client[1] / n * ms:.2f}; answers of "
            f"{stats.action_bytes / n / 1024:.1f} KiB on average); "
            f"server (web+db) CPU per table action: "
            f"{(meter.used['web (gunicorn)'] + meter.used['postgres']) / n * ms:.2f} ms"
        )
        # On a busy machine the throughput is what the others leave; the CPU per action
        # says what the same cores would give the site alone.
        server = sum(meter.used.values()) + client_cpu
        print(
            f"at this CPU per table action (all processes, client included), {cores} idle "
            f"cores would serve at most {cores * n / server:.0f} table actions/s"
        )
    if sampler is not None and sampler.after:
        delta = {k: sampler.after[k] - sampler.before[k] for k in sampler.after}
        written = delta["rows inserted"] + delta["rows updated"] + delta["rows deleted"]
        print(
            "PostgreSQL over the run: "
            + ", ".join(f"{k} {v}" for k, v in delta.items())
            + (
                f" (per table action: {delta['commits'] / n:.1f} commits, "
                f"{written / n:.1f} rows written)"
                if n
                else ""
            )
        )
        busiest = sorted(sampler.table_use.items(), key=lambda kv: -(kv[1][1] + kv[1][2]))[:6]
        print(
            "PostgreSQL tables per table action (seq scans, rows they read, index scans,"
            " rows written): "
            + "; ".join(
                f"{name} {u[0] / n:.2f}, {u[1] / n:.0f}, {u[2] / n:.2f}, {u[3] / n:.2f}"
                for name, u in busiest
            )
        )
        busy = sum(sampler.waits.values())
        print(
            f"PostgreSQL backends (peak {sampler.connections} connections), busy per sample "
            f"{busy / max(sampler.samples, 1):.2f}, by what they did: "
            + ", ".join(
                f"{k} {v / max(busy, 1) * 100:.0f}%" for k, v in sampler.waits.most_common(6)
            )
        )


def check_books(env: dict[str, str]) -> bool:
    os.environ.update({k: env[k] for k in ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL")})
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainer.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from game.table.integrity import check_tables

    books = check_tables()
    print(
        f"INTEGRITY: {books.tables} tables, {books.rounds} rounds, nets {books.net:+}: "
        + (
            "every bankroll is its start plus its rounds' nets, no round lost or half-written"
            if books.ok
            else f"{len(books.problems)} PROBLEM(S)"
        )
    )
    for problem in books.problems[:20]:
        print(f"  {problem}")
    return books.ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=60, help="seconds of play (default 60)")
    parser.add_argument("--players", type=int, default=32, help="concurrent players (default 32)")
    parser.add_argument(
        "--web-processes", type=int, default=2, help="gunicorn servers, one port each (default 2)"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="gunicorn worker processes per server (default: one per core of the machine,"
        " shared out among the servers: 1 each for 2 servers on 2 cores)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=int(os.environ.get("GUNICORN_THREADS", "4")),
        help="threads per gunicorn worker (default GUNICORN_THREADS or 4)",
    )
    parser.add_argument("--database", choices=["postgres", "sqlite"], default="postgres")
    parser.add_argument(
        "--rate",
        type=float,
        default=250,
        help="table actions a second the players offer together, each at its own pace"
        " (default 250, the issue's target); 0: no think time, as fast as the server answers",
    )
    parser.add_argument(
        "--custom",
        type=int,
        default=1,
        help="players who first build a custom rule set for the worker to analyse (default 1)",
    )
    parser.add_argument(
        "--pool",
        type=int,
        choices=[0, 1],
        default=None,
        help="PostgreSQL: 1 Django's pool, 0 persistent connections (default: the settings')",
    )
    parser.add_argument(
        "--app",
        default="trainer.wsgi",
        help="the WSGI module gunicorn serves (default trainer.wsgi; or a profiling wrapper)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the servers' logs")
    args = parser.parse_args()
    if (
        not 0 < args.duration <= 600
        or not 0 < args.players <= 500
        or not 0 < args.web_processes <= 8
    ):
        parser.error(
            "bounded: --duration up to 600 s, --players up to 500, --web-processes up to 8"
        )
    if args.database == "postgres" and not os.environ.get("LOADTEST_POSTGRES"):
        # Again under a throwaway PostgreSQL server, removed when this run ends.
        env = dict(os.environ, LOADTEST_POSTGRES="1")
        script = ROOT / "scripts" / "with_postgres.sh"
        os.execve(str(script), [str(script), PY, __file__, *sys.argv[1:]], env)
    if args.workers is None:
        # The servers stand for machines of their own but share this one: together they run
        # one worker process per core (gunicorn.conf.py and README say why).
        args.workers = max(1, (os.cpu_count() or 2) // args.web_processes)
    return main_run(args)


if __name__ == "__main__":
    sys.exit(main())
