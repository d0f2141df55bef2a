"""``manage.py`` runs the engine's commands (edge, ev, chart, indices, scenario) without Django's
start-up work they do not need: no management machinery imported, no apps populated, no
settings read, no database. Each
command runs in a fresh interpreter, as a person types it, without DEBUG or SECRET_KEY."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import django
import pytest

ROOT = Path(__file__).resolve().parents[2]
# After the command, what Django loaded: the app registry's state, whether the settings
# module was imported, and whether any models module was.
REPORT = """
import atexit, json, sys
def report():
    from django.apps import apps
    print("LOADED=" + json.dumps({
        "apps_ready": apps.ready,
        "settings": "trainer.settings" in sys.modules,
        "models": sorted(m for m in sys.modules if m.endswith(".models")
                         and m.split(".")[0] in ("game", "trainer")),
        "database": "django.db.backends.base.base" in sys.modules,
        "management": "django.core.management" in sys.modules,
    }))
atexit.register(report)
import runpy
sys.argv = ["manage.py", *%r]
runpy.run_path("manage.py", run_name="__main__")
"""


def run_manage(*argv: str) -> tuple[str, dict]:
    """Run ``manage.py argv...`` in a fresh interpreter without DEBUG, SECRET_KEY or
    DATABASE_URL; (its output, what Django loaded)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "SECRET_KEY", "DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    done = subprocess.run(
        [sys.executable, "-c", REPORT % (list(argv),)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    output, _, loaded = done.stdout.rpartition("LOADED=")
    return output, json.loads(loaded)


NOTHING_LOADED = {
    "apps_ready": False,
    "settings": False,
    "models": [],
    "database": False,
    "management": False,
}


def test_ev_runs_without_populating_the_apps() -> None:
    output, loaded = run_manage(
        "ev",
        "--variant",
        "european",
        "--hand",
        "8,8",
        "--upcard",
        "T",
        "--decks",
        "inf",
        "--json",
    )
    report = json.loads(output)
    # 8,8 against a ten, infinite deck, the European game (no hole card, a natural takes
    # every bet): splitting loses the second bet too, so hitting is best.
    assert report["evs"]["hit"] == pytest.approx(-0.575224, abs=1e-6)
    assert report["evs"]["split"] == pytest.approx(-0.621051, abs=1e-6)
    assert report["best"] == "hit"
    assert loaded == NOTHING_LOADED


def test_edge_runs_without_populating_the_apps() -> None:
    output, loaded = run_manage("edge", "--variant", "european", "--decks", "inf", "--json")
    report = json.loads(output)
    assert report["decks"] == "inf"
    assert report["player_ev_percent"] == pytest.approx(-report["house_edge_percent"])
    assert loaded == NOTHING_LOADED


def test_a_bad_variant_is_the_commands_error_with_exit_status_1() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    done = subprocess.run(
        [sys.executable, "manage.py", "edge", "--variant", "nope"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "unknown variant 'nope'" in done.stderr
    assert "Traceback" not in done.stderr


def test_other_commands_still_set_django_up() -> None:
    # `check` needs the apps and the settings: it still goes through django.setup().
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL",)}
    env["DEBUG"] = "1"
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "System check identified no issues" in done.stdout


def test_version_is_djangos_as_for_every_command() -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "edge", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == django.get_version()
