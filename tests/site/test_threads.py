"""The strategy engine's numpy runs one BLAS/OpenMP thread per process in the web server and
in the analysis worker (trainer/threads.py): each start-up is run in a fresh interpreter with
none of the thread variables set, and threadpoolctl reads the pools numpy loaded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.threads import THREAD_VARIABLES

ROOT = Path(__file__).resolve().parents[2]
REPORT = """
import atexit, json
from threadpoolctl import threadpool_info
atexit.register(lambda: print("POOLS=" + json.dumps(
    [[p["internal_api"], p["num_threads"]] for p in threadpool_info()])))
"""


def pools(code: str, tmp_path: Path) -> list[list]:
    """The thread pools (library, threads) a fresh interpreter has when ``code`` ends."""
    env = {k: v for k, v in os.environ.items() if k not in THREAD_VARIABLES}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'worker.sqlite3'}"
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [sys.executable, "-c", REPORT + code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    line = next(x for x in done.stdout.splitlines() if x.startswith("POOLS="))
    return json.loads(line.removeprefix("POOLS="))


@pytest.mark.skipif(os.cpu_count() == 1, reason="one core: every pool has one thread anyway")
def test_the_wsgi_application_runs_numpy_on_one_thread(tmp_path: Path) -> None:
    found = pools("import trainer.wsgi\nimport game.engine.strategy.hand", tmp_path)
    assert any(api in ("openblas", "mkl", "blis", "openmp") for api, _n in found)
    assert all(threads == 1 for _api, threads in found), found


@pytest.mark.skipif(os.cpu_count() == 1, reason="one core: every pool has one thread anyway")
def test_the_asgi_application_runs_numpy_on_one_thread(tmp_path: Path) -> None:
    found = pools("import trainer.asgi\nimport game.engine.strategy.hand", tmp_path)
    assert any(api in ("openblas", "mkl", "blis", "openmp") for api, _n in found)
    assert all(threads == 1 for _api, threads in found), found


@pytest.mark.skipif(os.cpu_count() == 1, reason="one core: every pool has one thread anyway")
def test_the_worker_command_runs_numpy_on_one_thread(tmp_path: Path) -> None:
    # `manage.py db_worker --batch` as a deployment starts it (on an empty queue it exits).
    code = """
import runpy, sys
for argv in (["migrate", "--noinput", "-v", "0"],
             ["db_worker", "--batch", "--no-startup-delay", "--no-reload", "-v", "0"]):
    sys.argv = ["manage.py", *argv]
    runpy.run_path("manage.py", run_name="__main__")
"""
    found = pools(code, tmp_path)
    assert any(api in ("openblas", "mkl", "blis", "openmp") for api, _n in found)
    assert all(threads == 1 for _api, threads in found), found
