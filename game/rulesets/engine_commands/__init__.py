"""The engine's command-line commands (``manage.py edge``, ``ev``, ``chart``, ``indices``,
``scenario``), written so that they run without Django.

They read no model, no setting and no database, so ``manage.py`` runs them straight from
here: importing ``django.core.management`` alone (its checks, mail, asyncio, settings
machinery) took some 0.3 s of each command's start-up, most of it. The same commands are
Django management commands too (``game/rulesets/management/commands/``, adapted by
``management.engine_adapter``): ``manage.py help`` lists them and ``call_command`` runs
them, raising Django's ``CommandError``.

A command subclasses ``EngineCommand`` as it would Django's ``BaseCommand``: ``help``,
``add_arguments(parser)`` (an ``argparse.ArgumentParser``), ``handle(**options)`` writing
to ``self.stdout`` and raising ``CommandError`` for a person's mistake.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO


class CommandError(Exception):
    """A mistake in a command's input, for the person who typed it: printed as
    ``CommandError: <message>`` with exit status ``returncode`` (1 by default), as Django
    prints its own; through Django it becomes Django's ``CommandError``."""

    def __init__(self, message: str, *, returncode: int = 1) -> None:
        super().__init__(message)
        self.returncode = returncode


class Output:
    """A text stream whose ``write`` ends each message with a newline unless it already
    does (Django's ``OutputWrapper`` behaviour, which the commands rely on)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, message: str = "", ending: str = "\n") -> None:
        if ending and not message.endswith(ending):
            message += ending
        self._stream.write(message)


# Django's options that every management command accepts: taken and ignored here (not
# listed by --help), so a command line that works through Django works without it; --settings
# and --pythonpath have nothing to configure. --version prints Django's version.
_DJANGO_OPTIONS: tuple[tuple[tuple[str, ...], dict[str, Any]], ...] = (
    (("-v", "--verbosity"), {"type": int, "choices": [0, 1, 2, 3], "default": 1}),
    (("--settings",), {}),
    (("--pythonpath",), {}),
    (("--traceback",), {"action": "store_true"}),
    (("--no-color",), {"action": "store_true"}),
    (("--force-color",), {"action": "store_true"}),
    (("--skip-checks",), {"action": "store_true"}),
)


class _DjangoVersion(argparse.Action):
    """``--version``: print Django's version and exit, as a Django command does."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help=argparse.SUPPRESS)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        # Imported here: only this option needs Django, and every import is start-up time.
        import django

        sys.stdout.write(django.get_version() + "\n")
        parser.exit()


class EngineCommand:
    """A command of the engine, runnable without Django (``run_from_argv``) or through it
    (``management.engine_adapter``). ``stdout`` is any object with Django's
    ``write(message, ending="\\n")``."""

    help = ""

    def __init__(self, stdout: Any = None) -> None:
        self.stdout = stdout if stdout is not None else Output(sys.stdout)

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the command's own arguments."""

    def handle(self, **options: Any) -> None:
        """Do the command's work; raises CommandError for bad input."""
        raise NotImplementedError

    def create_parser(self, prog_name: str, subcommand: str) -> argparse.ArgumentParser:
        """The command's parser, named as Django names it (``manage.py edge``)."""
        parser = argparse.ArgumentParser(
            prog=f"{prog_name} {subcommand}", description=self.help or None
        )
        for flags, kwargs in _DJANGO_OPTIONS:
            parser.add_argument(*flags, help=argparse.SUPPRESS, **kwargs)
        parser.add_argument("--version", action=_DjangoVersion)
        self.add_arguments(parser)
        return parser

    def run_from_argv(self, argv: list[str]) -> None:
        """Parse ``argv`` (``["manage.py", "edge", ...]``) and run the command; a
        CommandError is printed to stderr and exits with its ``returncode`` (``--traceback``
        raises it instead), as Django does."""
        parser = self.create_parser(argv[0].rsplit("/", 1)[-1], argv[1])
        options = vars(parser.parse_args(argv[2:]))
        try:
            self.handle(**options)
        except CommandError as exc:
            if options["traceback"]:
                raise
            sys.stderr.write(f"CommandError: {exc}\n")
            sys.exit(exc.returncode)
