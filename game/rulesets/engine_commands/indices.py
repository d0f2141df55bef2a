"""``python manage.py indices --variant european [--set field=value ...] [--system hilo]
[--cell 16,T ...] [--illustrious] [--decks-left R] [--jobs N] [--json]``: the index plays
of a rule set for a counting system, computed by the exact engine
(``game.engine.strategy.indices``): for each chart cell whose best play changes between
true counts -10 and +10, the play at the index and above, the index (a floored true
count) and the play below; and the insurance index.

About 50 s of CPU for every cell of a 6-deck rule set (``--jobs 2`` halves the wait on
two cores), some 5 s for ``--illustrious`` (the Illustrious 18 and the Fab 4 only)."""

import json
import os
import time
from concurrent.futures import ProcessPoolExecutor

from game.engine.counting import DEFAULT_SYSTEM, SYSTEMS, CountingError, find_system, signed
from game.engine.strategy.cache import StrategyError
from game.engine.strategy.indices import (
    FAB_4,
    ILLUSTRIOUS_18,
    Cell,
    parse_cell,
    rule_set_indices,
)
from game.rulesets.engine_commands import CommandError, EngineCommand
from game.rulesets.engine_commands.rules_options import (
    add_rules_arguments,
    rules_from_options,
    rules_label,
)


class Command(EngineCommand):
    help = (
        "Index plays computed exactly for a rule set and a counting system: the floored "
        "true count (for an unbalanced system, KO and Red 7, the running count from its "
        "initial running count) at and above which each deviation is played, and the "
        "insurance index. Every cell by default (about 50 s at 6 decks)."
    )

    def add_arguments(self, parser):
        add_rules_arguments(parser)
        parser.add_argument(
            "--system",
            default=DEFAULT_SYSTEM,
            help=f"the counting system: {', '.join(SYSTEMS)} (default {DEFAULT_SYSTEM})",
        )
        parser.add_argument(
            "--cell",
            action="append",
            default=[],
            metavar="HAND,UP",
            help="only this cell (16,T  A7,2  TT,5  AA,A); may be repeated",
        )
        parser.add_argument(
            "--illustrious",
            action="store_true",
            help="only the Illustrious 18 and the Fab 4 cells",
        )
        parser.add_argument(
            "--decks-left",
            type=float,
            help="the decks left at which the shoe is valued (default half the shoe)",
        )
        parser.add_argument(
            "--jobs", type=int, default=1, help="processes computing cells at once (default 1)"
        )
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args, **options):
        if options.get("decks") == "inf":
            raise CommandError("an infinite deck has no count: give a number of decks")
        rules = rules_from_options(options)
        try:
            system = find_system(options["system"])
        except CountingError as exc:
            raise CommandError(exc.message) from None
        if rules.game == "banker":
            raise CommandError(
                "index plays are for the games against a dealer: the banker game's analysis "
                "values a fresh 2-deck shoe only, not the shoe at a count"
            )
        cells = self._cells(options)
        jobs = options["jobs"]
        if not 1 <= jobs <= (os.cpu_count() or 1) * 4:
            raise CommandError("--jobs must be at least 1 (and not far above the cores)")
        started = time.perf_counter()
        try:
            if jobs == 1:
                found = rule_set_indices(
                    rules, system, cells=cells, decks_left=options["decks_left"]
                )
            else:
                with ProcessPoolExecutor(jobs) as pool:
                    found = rule_set_indices(
                        rules,
                        system,
                        cells=cells,
                        decks_left=options["decks_left"],
                        mapper=pool.map,
                    )
        except (CountingError, StrategyError) as exc:
            raise CommandError(exc.message) from None
        seconds = time.perf_counter() - started
        if options["json"]:
            self.stdout.write(json.dumps(found, indent=2))
            return
        left = rules.decks / 2 if options["decks_left"] is None else options["decks_left"]
        if system.balanced:
            counted = "true count = running count / decks left, rounded down"
        else:
            start = signed(system.initial_running_count(rules.decks))
            counted = f"running count from {start} after the shuffle (unbalanced: no division)"
        self.stdout.write(
            f"{system.label} index plays, {rules_label(options)}, {rules.decks} deck(s); "
            f"{counted}; valued with {left:g} decks left; {seconds:.1f} s"
        )
        span = "true count from -10 to +10" if system.balanced else "running count searched"
        self._write_text(found, cells, offers_insurance=rules.insurance, span=span)

    def _write_text(
        self, found: dict, cells: list[Cell] | None, *, offers_insurance: bool, span: str
    ) -> None:
        if "insurance" in found:
            self.stdout.write(f"insurance: take it at {signed(found['insurance'])} and above")
        elif offers_insurance:
            self.stdout.write(f"insurance: not worth it at any {span}")
        for key, entry in found.items():
            if key == "insurance":
                continue
            for e in [entry, *entry.get("then", [])]:
                self.stdout.write(
                    f"{key.replace(',', ' v '):<8} {e['action']:<9} at {signed(e['index']):>3} "
                    f"and above, else {e['below']:<9} (crossing {e['crossing']:+.2f})"
                )
        unchanged = [c.key for c in cells or [] if c.key not in found]
        for key in unchanged:
            self.stdout.write(f"{key.replace(',', ' v '):<8} the same play at every {span}")
        if cells is None and not [k for k in found if k != "insurance"]:
            self.stdout.write(f"no cell's play changes at any {span}")

    @staticmethod
    def _cells(options) -> list[Cell] | None:
        keys = list(options["cell"])
        if options["illustrious"]:
            keys += [k for k in (*ILLUSTRIOUS_18, *FAB_4) if k not in keys]
        if not keys:
            return None
        try:
            return [parse_cell(k) for k in keys]
        except ValueError as exc:
            raise CommandError(str(exc)) from None
