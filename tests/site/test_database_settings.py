"""The database connection settings of production (README "Running on many machines"), each
read in a fresh Python process from the environment only: persistent connections checked
before reuse by default, Django's PostgreSQL pool with DATABASE_POOL=1 (sizes from the
environment, persistent connections off as Django requires), and SQLite's write-ahead log
(on unless SQLITE_WAL=0), which a real connection to a file then uses."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
POSTGRES = "postgres://trainer@localhost:5432/trainer"
# Everything the settings read about the database: none of it may leak in from the test run.
DATABASE_ENV = re.compile(
    r"(DEBUG|SECRET_KEY|ALLOWED_HOSTS|DATABASE_URL|DATABASE_POOL.*|CONN_.*|SQLITE_WAL"
    r"|DJANGO_SETTINGS_MODULE)"
)


def database(env: dict[str, str], code: str = "") -> dict:
    """The default database's settings with ``env`` (DEBUG off), after ``code`` (which may
    set ``out``'s keys), as JSON."""
    clean = {k: v for k, v in os.environ.items() if not DATABASE_ENV.fullmatch(k)}
    script = (
        textwrap.dedent(
            """
        import django, json
        django.setup()
        from django.conf import settings
        out = {"db": settings.DATABASES["default"]}
        """
        )
        + textwrap.dedent(code)
        + "\nprint(json.dumps(out, default=str))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO,
        env={
            **clean,
            "DJANGO_SETTINGS_MODULE": "trainer.settings",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_postgres_keeps_each_threads_connection_checked_before_reuse() -> None:
    db = database({"DATABASE_URL": POSTGRES})["db"]
    assert (db["CONN_MAX_AGE"], db["CONN_HEALTH_CHECKS"]) == (600, True)
    assert "pool" not in db.get("OPTIONS", {})
    assert database({"DATABASE_URL": POSTGRES, "CONN_MAX_AGE": "0"})["db"]["CONN_MAX_AGE"] == 0
    unchecked = database({"DATABASE_URL": POSTGRES, "CONN_HEALTH_CHECKS": "0"})["db"]
    assert unchecked["CONN_HEALTH_CHECKS"] is False


def test_database_pool_gives_djangos_pool_with_the_environments_sizes() -> None:
    env = {
        "DATABASE_URL": POSTGRES,
        "DATABASE_POOL": "1",
        "DATABASE_POOL_MAX_SIZE": "8",
        "DATABASE_POOL_TIMEOUT": "2.5",
    }
    code = """
        import psycopg_pool  # installed with psycopg[pool]: Django's pool needs it
        """
    db = database(env, code)["db"]
    assert db["OPTIONS"]["pool"] == {"min_size": 2, "max_size": 8, "timeout": 2.5}
    assert db["CONN_MAX_AGE"] == 0  # Django refuses persistent connections beside a pool


def test_sqlite_uses_the_write_ahead_log_unless_turned_off(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    code = """
        from django.db import connection
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            out["journal"] = cursor.fetchone()[0]
        """
    on = database({"DATABASE_URL": url}, code)
    assert on["journal"] == "wal"
    assert on["db"]["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    off = database(
        {"DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite3'}", "SQLITE_WAL": "0"}, code
    )
    assert off["journal"] == "delete"
    assert "init_command" not in off["db"]["OPTIONS"]
