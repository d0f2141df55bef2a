"""``python manage.py chart --variant european [--set field=value ...] [--decks inf]
[--format text|csv|json]``: the basic strategy chart of a rule set, derived from exact EVs,
with its two-card exceptions.

``--variant dvadtsat-odno [--side punter|banker|both]``: the historical banker game instead,
the punter's best draw/stand against the banker's policy and the banker's against punters who
stand from 16 (``game.engine.strategy.banker``), by total and cards drawn."""

import csv
import io
import json
from typing import Any

from game.engine.strategy.banker import (
    CASES,
    DrawCell,
    banker_analysis,
    punter_analysis,
)
from game.engine.strategy.cache import StrategyError
from game.engine.strategy.chart import basic_strategy
from game.rulesets.engine_commands import CommandError, EngineCommand
from game.rulesets.engine_commands.rules_options import add_rules_arguments, rules_from_options

HEADER = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]


class Command(EngineCommand):
    help = (
        "Basic strategy (total-dependent) derived from the exact EVs: H hit, S stand, "
        "D double else hit, Ds double else stand, P split, Rh/Rs/Rp surrender else hit/"
        "stand/split; then the two-card exceptions. About a second for 6 decks. For "
        "--variant dvadtsat-odno: D draw / S stand by total and cards drawn, for the punter "
        "against the banker's policy and the banker against punters who stand from 16."
    )

    def add_arguments(self, parser):
        add_rules_arguments(parser)
        parser.add_argument("--format", default="text", choices=["text", "csv", "json"])
        parser.add_argument(
            "--side",
            default="both",
            choices=["punter", "banker", "both"],
            help="the banker game (dvadtsat-odno): whose best play to print",
        )

    def handle(self, *args, **options):
        decks = options.get("decks")
        rules = rules_from_options(options)
        if rules.game == "banker":
            if options["set"] or decks is not None:
                raise CommandError(
                    "the banker game is analysed for its own rules (2 decks, seed 003): "
                    "--set and --decks do not apply"
                )
            self._banker_game(options["side"], options["format"])
            return
        try:
            chart = basic_strategy(rules, infinite=decks == "inf")
        except StrategyError as exc:
            raise CommandError(str(exc)) from None
        rows = list(chart.rows())
        exceptions: list[dict[str, Any]] = [
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

    # -- the historical banker game ------------------------------------------------------
    def _banker_game(self, side: str, fmt: str) -> None:
        tables: list[tuple[str, str, list[DrawCell], str]] = []  # (side, case, cells, title)
        evs: dict[str, dict[str, float]] = {}
        if side in ("punter", "both"):
            punter = punter_analysis()
            title = (
                f"Punter against the banker's policy (draws under {punter.banker_stands_on}); "
                "EVs per unit staked, given no banker natural"
            )
            tables.append(("punter", "", list(punter.cells), title))
            evs["punter"] = {"policy": punter.policy_ev, "best": punter.best_ev}
        if side in ("banker", "both"):
            banker = banker_analysis()
            for banker_case in CASES:
                title = (
                    f"Banker against a punter who stands from {banker.punter_stands_on}, "
                    f"the punter {CASE_TEXT[banker_case]}; EVs per unit staked, the banker's side"
                )
                tables.append(("banker", banker_case, list(banker.cells[banker_case]), title))
            evs["banker"] = {"policy": banker.policy_ev, "best": banker.best_ev}
        if fmt == "json":
            self.stdout.write(
                json.dumps(
                    {
                        "variant": "dvadtsat-odno",
                        "tables": [
                            {
                                "side": who,
                                "case": case or None,
                                "cells": [_cell_json(c) for c in cells],
                            }
                            for who, case, cells, _title in tables
                        ],
                        "ev_per_deal": evs,
                    },
                    indent=2,
                )
            )
        elif fmt == "csv":
            out = io.StringIO()
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(["side", "case", "hand", "total", "drawn", "best", "draw", "stand"])
            for who, case, cells, _title in tables:
                for c in cells:
                    writer.writerow(
                        [
                            who,
                            case,
                            "soft" if c.soft else "hard",
                            c.total,
                            c.drawn,
                            "D" if c.best == "draw" else "S",
                            f"{c.draw:.6f}",
                            f"{c.stand:.6f}",
                        ]
                    )
            self.stdout.write(out.getvalue(), ending="")
        else:
            for _who, _case, cells, title in tables:
                self.stdout.write(title)
                self.stdout.write("D draw, S stand; columns: cards drawn so far")
                self.stdout.write("            0   1   2")
                by_key = {(c.soft, c.total, c.drawn): c for c in cells}
                for soft in (False, True):
                    for total in range(12 if soft else 4, 21):
                        marks = [_mark(by_key.get((soft, total, d))) for d in range(3)]
                        label = f"{'soft' if soft else 'hard'} {total}"
                        self.stdout.write(f"{label:<9}" + "".join(f"{m:>4}" for m in marks))
                self.stdout.write("")
            names = {"punter": "punter", "banker": "banker"}
            for who, values in evs.items():
                policy = "stands from 16" if who == "punter" else "draws under 17"
                self.stdout.write(
                    f"{names[who]} EV per deal: {policy} {values['policy'] * 100:+.4f} %, "
                    f"best play {values['best'] * 100:+.4f} %"
                )


CASE_TEXT = {
    "stood": "having stood on his two cards",
    "drew": "having drawn and stood",
    "bust": "bust",
}


def _mark(cell: DrawCell | None) -> str:
    """D draw, S stand, "." where no hand of that total has that many cards drawn."""
    if cell is None:
        return "."
    return "D" if cell.best == "draw" else "S"


def _cell_json(cell: DrawCell) -> dict:
    return {
        "hand": "soft" if cell.soft else "hard",
        "total": cell.total,
        "drawn": cell.drawn,
        "best": cell.best,
        "draw": round(cell.draw, 6),
        "stand": round(cell.stand, 6),
    }
