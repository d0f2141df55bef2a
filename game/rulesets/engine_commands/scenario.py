"""``python manage.py scenario FILE.json``: play a scripted round and print JSON."""

import json
import sys

from game.engine.scenario import run_scenario
from game.rulesets.engine_commands import CommandError, EngineCommand


class Command(EngineCommand):
    help = "Play a scripted round from a JSON file (or - for stdin) and print the result as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help="scenario JSON file, or - for standard input")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path == "-":
                spec = json.load(sys.stdin)
            else:
                with open(path, encoding="utf-8") as fh:
                    spec = json.load(fh)
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror}") from None
        except json.JSONDecodeError as exc:
            raise CommandError(f"{path} is not valid JSON: {exc}") from None
        if not isinstance(spec, dict):
            raise CommandError(f"{path} must hold a JSON object")
        # The suite's files wrap the scenario with its name and expected result.
        if isinstance(spec.get("scenario"), dict):
            spec = spec["scenario"]
        result = run_scenario(spec)
        self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))
        if "error" in result:
            raise CommandError(result["error"], returncode=2)
