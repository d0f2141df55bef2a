"""The engine's commands (``game.rulesets.engine_commands``) as Django management
commands, so that ``manage.py help`` lists them and ``call_command`` runs them.
``manage.py`` itself runs them without Django (see that package)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from game.rulesets import engine_commands


def django_command(command: type[engine_commands.EngineCommand]) -> type[BaseCommand]:
    """A ``BaseCommand`` subclass running ``command``: same help and arguments, its output
    to Django's ``stdout``, its CommandError raised as Django's (same message and exit
    status)."""

    class Command(BaseCommand):
        requires_system_checks: list[str] = []
        help = command.help

        def add_arguments(self, parser: Any) -> None:
            command(self.stdout).add_arguments(parser)

        def handle(self, *args: Any, **options: Any) -> None:
            try:
                command(self.stdout).handle(**options)
            except engine_commands.CommandError as exc:
                raise CommandError(str(exc), returncode=exc.returncode) from None

    Command.__doc__ = command.__doc__
    return Command
