"""What the web benchmarks share (scripts/bench_web.py, scripts/loadtest.py): a throwaway
production site served by gunicorn, and a cheap client that does what a browser with HTMX
does. Not part of the site; bounded and local (127.0.0.1 only).

- ``production_env``: the site's environment with DEBUG off (a random SECRET_KEY, plain http
  on the loopback: no redirect to https, cookies without Secure, no HSTS).
- ``manage``, ``set_up``: ``migrate``, ``precompute_strategy`` and ``collectstatic`` (the
  manifest WhiteNoise serves), as on a site that just opened.
- ``start_gunicorn``, ``wait_ready``, ``stop``: gunicorn with the production config
  (gunicorn.conf.py: its workers warm the grading caches as they start) on a free port.
- ``Connection``: one keep-alive HTTP/1.1 connection on raw asyncio streams;
  ``Browser``: cookies, the CSRF token, ``HX-Request`` and the table page's forms. The load
  generator runs on the cores it measures, so the client is cheap: the answers stay bytes
  (never decoded), the table's forms are found by a few regular expressions over bytes, and
  the request head is built from a cached cookie header.
"""

from __future__ import annotations

import asyncio
import math
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote_plus

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
GUNICORN = str(Path(PY).parent / "gunicorn")
HOST = "127.0.0.1"


# -- the site ----------------------------------------------------------------------------------
def production_env(**extra: str) -> dict[str, str]:
    """The environment of a throwaway production site on 127.0.0.1, plus ``extra``."""
    env = dict(os.environ)
    env.pop("DJANGO_CONFIGURATION", None)
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS=HOST,
        # Plain http on the loopback: no redirect to https, cookies a plain client sends back.
        SECURE_SSL_REDIRECT="0",
        SECURE_COOKIES="0",
        SECURE_HSTS_SECONDS="0",
        LOG_LEVEL="WARNING",
    )
    env.update(extra)
    return env


def manage(env: dict[str, str], *command: str) -> None:
    """``manage.py`` ``command`` in the site's environment (its output dropped)."""
    subprocess.run(
        [PY, "manage.py", *command], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL
    )


def set_up(env: dict[str, str], variants: list[str] | None = None) -> None:
    """Migrate, store the analyses of ``variants`` (default every preset), collect the
    static files."""
    manage(env, "migrate", "--noinput")
    manage(env, "precompute_strategy", *(a for v in variants or [] for a in ("--variant", v)))
    manage(env, "collectstatic", "--noinput")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def start_gunicorn(
    env: dict[str, str], port: int, log: Path, *options: str, app: str = "trainer.wsgi"
) -> subprocess.Popen:
    """gunicorn with gunicorn.conf.py on 127.0.0.1:``port``, ``options`` after the config's
    (``--workers 1`` and the like), its output in ``log``; in a session of its own, so
    ``stop`` ends it with its workers."""
    with log.open("w") as out:
        return subprocess.Popen(
            [GUNICORN, "-c", "gunicorn.conf.py", "--bind", f"{HOST}:{port}", *options, app],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def wait_ready(port: int, proc: subprocess.Popen, path: str, timeout: float = 60) -> None:
    """Wait until ``GET path`` answers 200 (the workers have warmed up); SystemExit when the
    server exits or does not answer within ``timeout`` seconds."""
    end = time.monotonic() + timeout
    request = f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n\r\n"
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SystemExit(f"gunicorn on port {port} exited ({proc.returncode}); see its log")
        try:
            with socket.create_connection((HOST, port), timeout=2) as sock:
                sock.sendall(request.encode())
                if sock.recv(64).startswith(b"HTTP/1.1 200"):
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"gunicorn on port {port} did not answer within {timeout:g} s")


def stop(procs: list[subprocess.Popen]) -> None:
    """SIGTERM to each process still running, then wait (killed after 30 s)."""
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    for proc in procs:
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


# -- the pages -----------------------------------------------------------------------------
CSRF_IN_PAGE = re.compile(rb'"x-csrftoken": "([^"]+)"')
VERSION = re.compile(rb'name="version" value="(\d+)"')
ACTION = re.compile(rb'name="action" value="(\w+)"')
ACT_FORM = re.compile(rb'hx-post="(/[^"]*/act/)"')
DEAL_FORM = re.compile(rb'hx-post="(/[^"]*/deal/)"')
ERROR_MESSAGE = re.compile(rb'<li class="message error">([^<]*)<')
BET_FIELD = b'name="bet"'
# The bet input's bounds, as a browser's form validation reads them (the least bet, and the
# most the bankroll covers).
BET_BOUNDS = re.compile(rb'name="bet"[^>]*?min="([\d.]+)" max="(\d+)"')


@dataclass(frozen=True, slots=True)
class Table:
    """The table's forms on a page (a full page or an HTMX answer): its version, the act
    form's URL and the actions it offers (a round in play), the deal form's URL and whether
    it asks for a bet (between rounds), with the bet input's ``min`` and ``max`` (None when
    the page gives none)."""

    version: str | None
    act: str | None
    actions: list[str]
    deal: str | None
    bet: bool
    bet_bounds: tuple[int, int] | None = None

    @classmethod
    def of(cls, body: bytes) -> Table:
        version = VERSION.search(body)
        act = ACT_FORM.search(body)
        deal = None if act else DEAL_FORM.search(body)
        return cls(
            version=version.group(1).decode() if version else None,
            act=act.group(1).decode() if act else None,
            actions=[a.decode() for a in ACTION.findall(body)] if act else [],
            deal=deal.group(1).decode() if deal else None,
            bet=deal is not None and BET_FIELD in body,
            bet_bounds=_bet_bounds(body) if deal is not None else None,
        )


def _bet_bounds(body: bytes) -> tuple[int, int] | None:
    found = BET_BOUNDS.search(body)
    return (math.ceil(float(found.group(1))), int(found.group(2))) if found else None


def refusal(body: bytes) -> str | None:
    """The error message a page shows (a refused action), None when it shows none."""
    if b'class="message error"' not in body:
        return None
    found = ERROR_MESSAGE.search(body)
    return found.group(1).decode("utf-8", "replace").strip() if found else "?"


# -- the client ------------------------------------------------------------------------------
@dataclass(slots=True)
class Response:
    status: int
    headers: dict[bytes, list[bytes]]
    body: bytes

    def header(self, name: str) -> str | None:
        values = self.headers.get(name.lower().encode())
        return values[0].decode("latin-1") if values else None


class Connection:
    """One keep-alive HTTP/1.1 connection to 127.0.0.1:``port``, reopened when the server
    closes it (``Connection: close``, or an idle keep-alive closed before a new request)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.opened = 0
        self.host = f"Host: {HOST}:{port}\r\n".encode()

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        self.opened += 1

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(self, method: str, path: str, head: bytes, body: bytes) -> Response:
        """Send ``method path`` with the header lines ``head`` (each ending in CRLF) and
        ``body``; the whole answer."""
        first = f"{method} {path} HTTP/1.1\r\n".encode()
        if body or method == "POST":
            head += b"Content-Length: %d\r\n" % len(body)
        data = b"".join((first, self.host, head, b"\r\n", body))
        for attempt in (1, 2):
            reused = self.writer is not None
            if not reused:
                await self._open()
            assert self.reader is not None and self.writer is not None
            try:
                self.writer.write(data)
                raw = await self.reader.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                # A keep-alive connection the server closed while idle: the request was not
                # read, so sending it again on a new connection is safe.
                self.close()
                partial = getattr(exc, "partial", b"")
                if reused and attempt == 1 and not partial:
                    continue
                raise
            break
        lines = raw[:-4].split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        headers: dict[bytes, list[bytes]] = {}
        for line in lines[1:]:
            name, colon, value = line.partition(b":")
            if colon:
                headers.setdefault(name.strip().lower(), []).append(value.strip())
        if b"content-length" in headers:
            payload = await self.reader.readexactly(int(headers[b"content-length"][0]))
        elif b"chunked" in (headers.get(b"transfer-encoding") or [b""])[0]:
            chunks = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                chunks.append(await self.reader.readexactly(size + 2))
                if size == 0:
                    break
            payload = b"".join(c[:-2] for c in chunks)
        else:
            payload = await self.reader.read()
            self.close()
        if (headers.get(b"connection") or [b""])[0].lower() == b"close":
            self.close()
        return Response(status, headers, payload)


class Browser:
    """A browser with HTMX on one connection: keeps the cookies, sends the CSRF token (the
    page's, else the cookie's) with a post, ``HX-Request`` unless ``htmx=False``."""

    def __init__(self, port: int, language: str = "en") -> None:
        self.port = port
        self.conn = Connection(port)
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self._fixed = f"Accept-Encoding: identity\r\nAccept-Language: {language}\r\n".encode()
        self._origin = f"Origin: http://{HOST}:{port}\r\n".encode()
        self._cookie_line = b""

    def take_csrf(self, body: bytes) -> bool:
        """Keep the CSRF token of a full page (base.html's hx-headers); False when none."""
        token = CSRF_IN_PAGE.search(body)
        if token is not None:
            self.csrf = token.group(1).decode()
        return token is not None

    async def request(
        self, method: str, path: str, form: dict[str, str] | None = None, *, htmx: bool = True
    ) -> Response:
        """One request (a post's ``form`` url-encoded); the answer, whatever its status."""
        head = self._fixed + self._cookie_line
        if htmx:
            head += b"HX-Request: true\r\n"
        body = b""
        if method == "POST":
            token = self.csrf or self.cookies.get("csrftoken", "")
            head += b"X-CSRFToken: %s\r\n%sContent-Type: application/x-www-form-urlencoded\r\n" % (
                token.encode(),
                self._origin,
            )
            body = "&".join(f"{k}={_quote(v)}" for k, v in (form or {}).items()).encode()
        response = await self.conn.request(method, path, head, body)
        cookies = response.headers.get(b"set-cookie")
        if cookies:
            self._set_cookies(cookies)
        return response

    def _set_cookies(self, values: list[bytes]) -> None:
        for cookie in values:
            pair, _, attrs = cookie.decode("latin-1").partition(";")
            name, _, value = pair.partition("=")
            if "max-age=0" in attrs.lower() or not value.strip('"'):
                self.cookies.pop(name.strip(), None)
            else:
                self.cookies[name.strip()] = value
        line = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self._cookie_line = f"Cookie: {line}\r\n".encode() if line else b""

    def close(self) -> None:
        self.conn.close()


_SAFE = re.compile(r"[A-Za-z0-9_.~-]*")


def _quote(value: str) -> str:
    """A form value url-encoded (the common case, letters and digits, without a call)."""
    return value if _SAFE.fullmatch(value) else quote_plus(value)
