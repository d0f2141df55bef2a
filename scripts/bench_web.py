"""Time one table action against a bare Django view, in one gunicorn server (``make bench``
runs it after the engine's timings); prints the figures, asserts nothing.

    .venv/bin/python scripts/bench_web.py [--seconds 30] [--seed 1]

1. A throwaway site in a temporary directory: production settings (DEBUG off, WhiteNoise's
   manifest of the collected static files), a SQLite database migrated and the played
   games' analyses stored (``precompute_strategy``), as on a site that just opened.
2. gunicorn with one sync worker on 127.0.0.1 (a free port), serving the site's URLs plus
   ``/bench/ok/``, a bare view answering "ok" through the same middleware
   (scripts/bench_web_settings.py and bench_web_urls.py: the site itself has no such view).
3. One client playing as a browser with HTMX does: cookies, the CSRF token, ``HX-Request``;
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
import http.client
import os
import random
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent
HOST = "127.0.0.1"
CASINO = "european"
BANKER = "dvadtsat-odno"
BET = "10"

VERSION = re.compile(r'name="version" value="(\d+)"')
ACTIONS = re.compile(r'name="action" value="(\w+)"')
BANKROLL = re.compile(r'data-testid="bankroll">([^<]+)<')
TARGETS = {"median": 5.0, "p95": 10.0}


class Client:
    """One browser with HTMX: keeps the cookies, sends the CSRF token and ``HX-Request``,
    times each request (a new connection each: gunicorn's sync worker closes it)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.times: dict[str, list[float]] = defaultdict(list)

    def request(
        self,
        method: str,
        path: str,
        data: dict[str, str] | None = None,
        *,
        htmx: bool = True,
        kind: str | None = None,
    ) -> tuple[int, dict[str, str], str]:
        """(status, headers, body) of one request; its milliseconds go under ``kind``."""
        headers = {"Host": f"{HOST}:{self.port}", "Accept-Language": "en"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if method == "POST":
            body = urlencode(data or {})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        if htmx:
            headers["HX-Request"] = "true"
        started = time.perf_counter()
        conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode()
        finally:
            conn.close()
        elapsed = (time.perf_counter() - started) * 1000
        if kind is not None:
            self.times[kind].append(elapsed)
        for value in response.headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie()
            cookie.load(value)
            for name, morsel in cookie.items():
                self.cookies[name] = morsel.value
        if response.status >= 400:
            raise SystemExit(f"{method} {path}: {response.status}\n{text[:2000]}")
        return response.status, dict(response.headers.items()), text

    def bare(self) -> None:
        """The yardstick: the bare view, right after a table request."""
        _status, _headers, text = self.request("GET", "/bench/ok/", htmx=False, kind="bare view")
        assert text == "ok", text


def open_table(client: Client, variant: str, ai_seats: int) -> str:
    """New session of ``variant`` with ``ai_seats`` AI players (the person in seat 1);
    returns the table's path."""
    if "csrftoken" not in client.cookies:
        client.request("GET", "/en/table/", htmx=False)
    _status, headers, _text = client.request(
        "POST",
        "/en/table/new/",
        {"variant": variant, "ai_seats": str(ai_seats), "seat": "1", "ai_level": "normal"},
    )
    location = headers.get("HX-Redirect") or headers.get("Location")
    assert location, headers
    return urlsplit(location).path


def version_of(html: str) -> str:
    found = VERSION.findall(html)
    assert found, html[:2000]
    return found[0]


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


def play(client: Client, table: str, until: float, rng: random.Random, prefix: str) -> int:
    """Deal and act on ``table`` until the clock passes ``until``; returns the rounds."""
    rounds = 0
    _status, _headers, html = client.request("GET", table, htmx=False)
    while time.perf_counter() < until:
        if rounds % 10 == 0:
            client.request("GET", table, htmx=False, kind="table page (full)")
            client.bare()
        bankroll = BANKROLL.search(html)
        if bankroll and float(bankroll.group(1).replace(",", "")) < 100:
            return rounds  # a new session starts the next stretch
        _status, _headers, html = client.request(
            "POST", f"{table}deal/", {"bet": BET, "version": version_of(html)}, kind=f"{prefix}deal"
        )
        client.bare()
        actions = ACTIONS.findall(html)
        while actions:
            action = choose(actions, rng)
            _status, _headers, html = client.request(
                "POST",
                f"{table}act/",
                {"action": action, "version": version_of(html)},
                kind=f"{prefix}{action}",
            )
            client.bare()
            actions = ACTIONS.findall(html)
        rounds += 1
    return rounds


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        env=env,
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def wait_until_up(port: int, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited:\n{log.read_text()[-3000:]}")
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            conn.request("GET", "/bench/ok/", headers={"Host": f"{HOST}:{port}"})
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not answer within 60 s")


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seconds", type=float, default=30, help="seconds spent playing (after the set-up)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the client's choices")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="bench-web-"))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench_web_settings",
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "scripts")]),
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": f"sqlite:///{workdir}/db.sqlite3",
        "ALLOWED_HOSTS": HOST,
        "BENCH_STATIC_ROOT": str(workdir / "static"),
        # Plain HTTP on 127.0.0.1: no redirect to https, cookies a plain client sends back.
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "SECURE_HSTS_SECONDS": "0",
        "LOG_LEVEL": "WARNING",
    }
    env.pop("DJANGO_CONFIGURATION", None)
    server = None
    try:
        started = time.perf_counter()
        manage(env, "migrate", "--noinput")
        manage(env, "precompute_strategy", "--variant", CASINO, "--variant", BANKER)
        manage(env, "collectstatic", "--noinput")
        print(f"set-up (migrate, precompute, collectstatic): {time.perf_counter() - started:.1f} s")
        port = free_port()
        log = workdir / "gunicorn.log"
        server = subprocess.Popen(
            [
                str(VENV_BIN / "gunicorn"),
                # The production config (its worker warms the grading caches as it starts),
                # with one sync worker: one client, one request at a time.
                "-c",
                "gunicorn.conf.py",
                "trainer.wsgi:application",
                "--bind",
                f"{HOST}:{port}",
                "--workers",
                "1",
                "--worker-class",
                "sync",
                "--threads",  # the config's threads would turn sync into gthread
                "1",
                "--error-logfile",
                str(log),
            ],
            env=env,
            cwd=ROOT,
        )
        wait_until_up(port, server, log)
        client = Client(port)
        rng = random.Random(args.seed)
        # Warm up: every template, translation catalogue and stored analysis loaded once.
        for variant, seats in ((CASINO, 0), (BANKER, 2)):
            play(client, open_table(client, variant, seats), time.perf_counter() + 2, rng, "")
        client.times.clear()
        begun = time.perf_counter()
        stretches = ((CASINO, 0, "", 2 / 3), (BANKER, 2, "banker ", 1 / 3))
        rounds = 0
        for variant, seats, prefix, share in stretches:
            until = time.perf_counter() + args.seconds * share
            while time.perf_counter() < until:
                rounds += play(client, open_table(client, variant, seats), until, rng, prefix)
        print(
            f"{rounds} rounds in {time.perf_counter() - begun:.0f} s; gunicorn, 1 sync worker,"
            f" SQLite, DEBUG off; load average {os.getloadavg()[0]:.2f}"
        )
        report(client.times)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        if args.keep:
            print(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
