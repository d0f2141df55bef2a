"""``python manage.py precompute_strategy [--variant NAME ...]``: compute and store the
strategy results of the presets (the casino games' basic strategy charts and game EVs, the
banker game's best-play tables), so no page waits for their background analysis. ``make
run`` runs it after the migrations; results already stored are read, not recomputed."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from game.engine.variants import VARIANTS, find_variant, is_variant
from game.rulesets.store import precompute, stored_kinds


class Command(BaseCommand):
    help = "Compute and store the strategy results of the presets (or --variant ones)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--variant",
            action="append",
            default=None,
            help=f"a preset ({', '.join(v.name for v in VARIANTS)}); repeatable; "
            "default: every one",
        )

    def handle(self, *args, **options):
        names = options["variant"] or [v.name for v in VARIANTS]
        unknown = [n for n in names if not is_variant(n)]
        if unknown:
            raise CommandError(
                f"unknown variant {', '.join(unknown)}; "
                f"choose from {', '.join(v.name for v in VARIANTS)}"
            )
        for name in names:
            rules = find_variant(name).rules
            stored = stored_kinds(rules)  # before: what precompute will only read
            self.stdout.write(f"{name}: {_timings_text(precompute(rules), stored)}")


def _timings_text(timings: dict[str, float], stored_before: set[str]) -> str:
    """What ``precompute`` did, in one line: the results computed in one pass share their
    time (the same float) and are named together with it once; those stored before
    (``stored_before``) were only read and are said to be."""
    stored = [kind for kind in timings if kind in stored_before]
    passes: dict[float, list[str]] = {}
    for kind, seconds in timings.items():
        if kind not in stored:
            passes.setdefault(seconds, []).append(kind)
    parts = [
        f"{' + '.join(kinds)} {seconds:.2f} s{' (one pass)' if len(kinds) > 1 else ''}"
        for seconds, kinds in passes.items()
    ]
    if stored:
        parts.append(f"{', '.join(stored)} stored already")
    return ", ".join(parts)
