"""Time one table action against a bare Django view, in one gunicorn server (``make bench``
runs it after the engine's timings); prints the figures, asserts nothing.

    .venv/bin/python scripts/bench_web.py [--seconds 30] [--seed 1]

1. A throwaway site in a temporary directory: production settings (DEBUG off, WhiteNoise's
   manifest of the collected static files), a SQLite database migrated and the played
   games' analyses stored (``precompute_strategy``), as on a site that just opened.
2. gunicorn with one sync worker on 127.0.0.1 (a free port), serving the site's URLs plus
   ``/bench/ok/``, a bare view answering "ok" through the same middleware
   (scripts/bench_web_settings.py and bench_web_urls.py: the site itself has no such view).
3. One client playing as a browser with HTMX does (scripts/webrig.py, shared with
   scripts/loadtest.py): cookies, the CSRF token, ``HX-Request``;
   New session, then deal and act until the time is up, each request waiting for the one
   before. The casino game (European, alone) about two thirds of the time, then the banker
   game (three seats). The bare view is asked after every table request, so both see the
   same machine; every tenth round the full table page is asked too.
4. Per kind of request: n, median and p95 in milliseconds (the client's wall clock: the
   connection, the request and reading the answer), and each as a multiple of the bare
   view's median. Issue 14's target: a deal or a stand at most 5x (median) and 10x (p95).

The machine's load changes the figures: run it alone and repeat.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

from webrig import (
    ROOT,
    Browser,
    Response,
    free_port,
    production_env,
    set_up,
    start_gunicorn,
    stop,
    wait_ready,
)

CASINO = "european"
BANKER = "dvadtsat-odno"
BET = "10"

VERSION = re.compile(rb'name="version" value="(\d+)"')
ACTIONS = re.compile(rb'name="action" value="(\w+)"')
BANKROLL = re.compile(rb'data-testid="bankroll">([^<]+)<')
TARGETS = {"median": 5.0, "p95": 10.0}


class Client:
    """One browser with HTMX (webrig.Browser: cookies, the CSRF token, ``HX-Request``) that
    times each request (gunicorn's sync worker closes the connection after each: each is
    timed with its connection)."""

    def __init__(self, port: int) -> None:
        self.browser = Browser(port)
        self.times: dict[str, list[float]] = defaultdict(list)

    async def request(
        self,
        method: str,
        path: str,
        data: dict[str, str] | None = None,
        *,
        htmx: bool = True,
        kind: str | None = None,
    ) -> Response:
        """The answer of one request; its milliseconds go under ``kind``."""
        started = time.perf_counter()
        response = await self.browser.request(method, path, data, htmx=htmx)
        elapsed = (time.perf_counter() - started) * 1000
        if kind is not None:
            self.times[kind].append(elapsed)
        if response.status >= 400:
            raise SystemExit(f"{method} {path}: {response.status}\n{response.body[:2000]!r}")
        return response

    async def bare(self) -> None:
        """The yardstick: the bare view, right after a table request."""
        response = await self.request("GET", "/bench/ok/", htmx=False, kind="bare view")
        assert response.body == b"ok", response.body


async def open_table(client: Client, variant: str, ai_seats: int) -> str:
    """New session of ``variant`` with ``ai_seats`` AI players (the person in seat 1);
    returns the table's path."""
    if not client.browser.csrf:
        page = await client.request("GET", "/en/table/", htmx=False)
        client.browser.take_csrf(page.body)
    response = await client.request(
        "POST",
        "/en/table/new/",
        {"variant": variant, "ai_seats": str(ai_seats), "seat": "1", "ai_level": "normal"},
    )
    location = response.header("HX-Redirect") or response.header("Location")
    assert location, response.headers
    return urlsplit(location).path


def version_of(html: bytes) -> str:
    found = VERSION.search(html)
    assert found, html[:2000]
    return found.group(1).decode()


def actions_of(html: bytes) -> list[str]:
    return [a.decode() for a in ACTIONS.findall(html)]


def choose(actions: list[str], rng: random.Random) -> str:
    """A plausible mix: splits and doubles when offered (often enough to time them),
    insurance and surrender each way, hit or stand otherwise."""
    for pair in (("insurance", "no_insurance"), ("surrender", "no_surrender")):
        if pair[0] in actions:
            return rng.choice(pair)
    if "split" in actions and rng.random() < 0.7:
        return "split"
    if "double" in actions and rng.random() < 0.3:
        return "double"
    for hit in ("hit", "draw"):
        if hit in actions and rng.random() < 0.45:
            return hit
    return "stand"


async def post(client: Client, path: str, fields: dict[str, str], html: bytes, kind: str) -> bytes:
    """POST a table form (``fields`` and the version of the page ``html``), timed as
    ``kind``, then one bare request beside it; the answer's body."""
    answer = await client.request("POST", path, {**fields, "version": version_of(html)}, kind=kind)
    await client.bare()
    return answer.body


async def play(client: Client, table: str, until: float, rng: random.Random, prefix: str) -> int:
    """Deal and act on ``table`` until the clock passes ``until``; returns the rounds."""
    rounds = 0
    html = (await client.request("GET", table, htmx=False)).body
    while time.perf_counter() < until:
        if rounds % 10 == 0:
            await client.request("GET", table, htmx=False, kind="table page (full)")
            await client.bare()
        bankroll = BANKROLL.search(html)
        if bankroll and float(bankroll.group(1).replace(b",", b"")) < 100:
            return rounds  # a new session starts the next stretch
        html = await post(client, f"{table}deal/", {"bet": BET}, html, f"{prefix}deal")
        actions = actions_of(html)
        while actions:
            action = choose(actions, rng)
            html = await post(client, f"{table}act/", {"action": action}, html, prefix + action)
            actions = actions_of(html)
        rounds += 1
    return rounds


def report(times: dict[str, list[float]]) -> None:
    bare = times["bare view"]
    bare_median = statistics.median(bare)

    def p95(values: list[float]) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]

    print(f"{'request':<22}{'n':>6}{'median ms':>11}{'p95 ms':>9}{'median x':>10}{'p95 x':>8}")
    first = ("bare view", "table page (full)")
    order = [*first, *sorted(k for k in times if k not in first)]
    for kind in order:
        values = times.get(kind)
        if not values:
            continue
        median, high = statistics.median(values), p95(values)
        print(
            f"{kind:<22}{len(values):>6}{median:>11.2f}{high:>9.2f}"
            f"{median / bare_median:>10.1f}{high / bare_median:>8.1f}"
        )
    print("(x: multiples of the bare view's median; issue 14's target for a deal or a stand:")
    print(f" median at most {TARGETS['median']:g}x, p95 at most {TARGETS['p95']:g}x)")
    for kind in ("deal", "stand"):
        values = times.get(kind)
        if values:
            ok = (
                statistics.median(values) <= TARGETS["median"] * bare_median
                and p95(values) <= TARGETS["p95"] * bare_median
            )
            print(f"{kind}: {'within' if ok else 'NOT within'} the target")


async def bench(port: int, seconds: float, seed: int) -> None:
    """Warm up, then play the casino game and the banker game; print the figures."""
    client = Client(port)
    rng = random.Random(seed)
    # Warm up: every template, translation catalogue and stored analysis loaded once.
    for variant, seats in ((CASINO, 0), (BANKER, 2)):
        await play(
            client, await open_table(client, variant, seats), time.perf_counter() + 2, rng, ""
        )
    client.times.clear()
    begun = time.perf_counter()
    stretches = ((CASINO, 0, "", 2 / 3), (BANKER, 2, "banker ", 1 / 3))
    rounds = 0
    for variant, seats, prefix, share in stretches:
        until = time.perf_counter() + seconds * share
        while time.perf_counter() < until:
            table = await open_table(client, variant, seats)
            rounds += await play(client, table, until, rng, prefix)
    client.browser.close()
    print(
        f"{rounds} rounds in {time.perf_counter() - begun:.0f} s; gunicorn, 1 sync worker,"
        f" SQLite, DEBUG off; load average {os.getloadavg()[0]:.2f}"
    )
    report(client.times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seconds", type=float, default=30, help="seconds spent playing (after the set-up)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the client's choices")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="bench-web-"))
    env = production_env(
        DJANGO_SETTINGS_MODULE="bench_web_settings",
        PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "scripts")]),
        DATABASE_URL=f"sqlite:///{workdir}/db.sqlite3",
        BENCH_STATIC_ROOT=str(workdir / "static"),
    )
    servers = []
    try:
        started = time.perf_counter()
        set_up(env, [CASINO, BANKER])
        print(f"set-up (migrate, precompute, collectstatic): {time.perf_counter() - started:.1f} s")
        port = free_port()
        # The production config (its worker warms the grading caches as it starts), with one
        # sync worker: one client, one request at a time ("--threads 1": the config's
        # threads would turn sync into gthread).
        servers.append(
            start_gunicorn(
                env,
                port,
                workdir / "gunicorn.log",
                "--workers=1",
                "--worker-class=sync",
                "--threads=1",
                app="trainer.wsgi:application",
            )
        )
        wait_ready(port, servers[0], "/bench/ok/")
        asyncio.run(bench(port, args.seconds, args.seed))
    finally:
        stop(servers)
        if args.keep:
            print(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
