#!/usr/bin/env python
"""Django's command-line utility for the blackjack trainer."""

import os
import sys
from importlib import import_module

# The commands of the pure engine (game/rulesets/engine_commands/): they read no model, no
# setting and no database, so they run without Django at all. Populating the apps imports
# every models module, the auth, sessions, tasks and axes apps and the database backend, and
# django.core.management alone its checks, mail and asyncio: most of a command's start-up.
ENGINE_COMMANDS = frozenset({"chart", "edge", "ev", "indices", "scenario"})
ENGINE_COMMANDS_PACKAGE = "game.rulesets.engine_commands"


def main() -> None:
    from trainer.threads import pin_engine_threads

    pin_engine_threads()  # before numpy loads: one engine thread per process (workers too)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainer.settings")
    if len(sys.argv) > 1 and sys.argv[1] in ENGINE_COMMANDS:
        run_engine_command(sys.argv)
        return
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


def run_engine_command(argv: list[str]) -> None:
    """Run one of ENGINE_COMMANDS as Django would (its parser, --help, CommandError's exit
    status 1) without importing Django's management machinery, populating the apps or
    reading the settings."""
    module = import_module(f"{ENGINE_COMMANDS_PACKAGE}.{argv[1]}")
    module.Command().run_from_argv(argv)


if __name__ == "__main__":
    main()
