"""``python manage.py chart --variant european [--set field=value ...] [--decks inf]
[--format text|csv|json]``: the basic strategy chart of a rule set, derived from exact EVs,
with its two-card exceptions."""

import csv
import io
import json

from django.core.management.base import BaseCommand, CommandError

from game.engine.strategy.chart import basic_strategy
from game.engine.strategy.ev import StrategyError
from game.management.rules_options import add_rules_arguments, rules_from_options

HEADER = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]


class Command(BaseCommand):
    requires_system_checks: list[str] = []
    help = (
        "Basic strategy (total-dependent) derived from the exact EVs: H hit, S stand, "
        "D double else hit, Ds double else stand, P split, Rh/Rs/Rp surrender else hit/"
        "stand/split; then the two-card exceptions. About 20 s for 6 decks."
    )

    def add_arguments(self, parser):
        add_rules_arguments(parser)
        parser.add_argument("--decks", help='"inf" for an infinite deck (else --set decks=N)')
        parser.add_argument("--format", default="text", choices=["text", "csv", "json"])

    def handle(self, *args, **options):
        decks = options.get("decks")
        extra = [f"decks={decks}"] if decks not in (None, "inf") else []
        rules = rules_from_options({**options, "set": [*options["set"], *extra]})
        try:
            chart = basic_strategy(rules, infinite=decks == "inf")
        except StrategyError as exc:
            raise CommandError(str(exc)) from None
        rows = list(chart.rows())
        exceptions = [
            {
                "cards": list(e.cards),
                "upcard": HEADER[[2, 3, 4, 5, 6, 7, 8, 9, 10, 1].index(e.upcard)],
                "row": e.row,
                "chart": e.chart,
                "best": e.best,
                "gain": round(e.gain, 6),
            }
            for e in chart.exceptions
        ]
        if options["format"] == "json":
            self.stdout.write(
                json.dumps(
                    {
                        "upcards": HEADER,
                        "rows": [{"kind": k, "row": r, "cells": c} for k, r, c in rows],
                        "exceptions": exceptions,
                    },
                    indent=2,
                )
            )
        elif options["format"] == "csv":
            out = io.StringIO()
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(["kind", "row", *HEADER])
            for kind, row, cells in rows:
                writer.writerow([kind, row, *cells])
            self.stdout.write(out.getvalue(), ending="")
        else:
            self.stdout.write("          " + " ".join(f"{h:>2}" for h in HEADER))
            for kind, row, cells in rows:
                self.stdout.write(f"{kind:<5} {row:<4}" + " ".join(f"{c:>2}" for c in cells))
            for e in exceptions:
                self.stdout.write(
                    f"exception: {e['cards'][0]},{e['cards'][1]} v {e['upcard']}: "
                    f"{e['best']} (chart {e['chart']}), +{e['gain']:.6f}"
                )
