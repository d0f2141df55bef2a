"""Time ``manage.py edge``'s start-up and print the figures (``make bench``); nothing is
asserted.

Runs ``manage.py edge --json`` as a person types it (a fresh interpreter each time, no
DEBUG or SECRET_KEY: the engine's commands need neither) and prints, over ``--runs`` runs,
the median and lowest wall time of the whole command, the seconds the command reports for
its computation, and their difference: the start-up (interpreter, imports, argument
parsing) and the exit. Also each run's peak memory (the child's maximum resident set).
The project's modules are byte-compiled first, as any second run finds them: an
environment with PYTHONDONTWRITEBYTECODE would otherwise compile them on every start.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def one_run(args: list[str]) -> tuple[float, float, int]:
    """(wall seconds of the whole command, seconds it reports computing, peak KB so far of
    any child)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "manage.py", "edge", *args, "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - started
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, json.loads(done.stdout)["seconds"], peak_kb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    for path in ("game", "trainer", "manage.py"):
        target = ROOT / path
        if target.is_dir():
            compileall.compile_dir(target, quiet=1)
        else:
            compileall.compile_file(target, quiet=1)
    for label, args in (
        ("infinite deck", ["--variant", "european", "--decks", "inf"]),
        ("6 decks      ", ["--variant", "european", "--set", "decks=6"]),
    ):
        walls, computing, overheads = [], [], []
        peak = 0
        for _ in range(options.runs):
            wall, seconds, peak = one_run(args)
            walls.append(wall)
            computing.append(seconds)
            overheads.append(wall - seconds)
        print(
            f"manage.py edge, {label}: whole command median {statistics.median(walls):.3f} s, "
            f"computation {statistics.median(computing):.3f} s, start-up and exit "
            f"median {statistics.median(overheads):.3f} s (lowest {min(overheads):.3f} s), "
            f"{options.runs} runs"
        )
    print(f"manage.py edge peak memory (largest run): {peak / 1024:.1f} MB")


if __name__ == "__main__":
    main()
