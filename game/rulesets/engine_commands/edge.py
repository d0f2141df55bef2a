"""``python manage.py edge --variant european [--set field=value ...] [--decks inf]
[--strategy cd|td] [--json]``: the game EV (player's, percent of the initial bet) of a rule set
and the seconds it took: under the composition-dependent strategy (cd, each hand by its
best EV) or the total-dependent basic strategy chart (td, the chart computed first; its
time is part of the figure).

For ``--variant dvadtsat-odno`` (the banker game, 2 decks, no chart): the punter's EV per
deal when punter and banker follow their policies, and each side's EV with its best play
against the other's policy (``game.engine.strategy.banker``)."""

import json
import time

from game.engine.strategy.cache import StrategyError
from game.engine.strategy.game_ev import game_ev
from game.rulesets.engine_commands import CommandError, EngineCommand
from game.rulesets.engine_commands.rules_options import add_rules_arguments, rules_from_options


class Command(EngineCommand):
    help = (
        "Game EV in percent of the initial bet under the composition-dependent strategy "
        "(cd) or the basic strategy chart (td) (house edge = its negative), and the seconds "
        "the computation took."
    )

    def add_arguments(self, parser):
        add_rules_arguments(parser)
        parser.add_argument(
            "--strategy",
            default="cd",
            choices=["cd", "td"],
            help="cd: composition-dependent; td: the total-dependent basic strategy chart",
        )
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args, **options):
        decks = options.get("decks")
        rules = rules_from_options(options)
        if rules.game == "banker":
            if options["set"] or decks is not None or options["strategy"] != "cd":
                raise CommandError(
                    "the banker game is analysed for its own rules (2 decks, seed 003) and "
                    "its players' policies: --set, --decks and --strategy do not apply"
                )
            self._banker_game(options["variant"], options["json"])
            return
        started = time.perf_counter()
        try:
            ev = game_ev(rules, strategy=options["strategy"], infinite=decks == "inf")
        except StrategyError as exc:
            raise CommandError(str(exc)) from None
        seconds = time.perf_counter() - started
        report = {
            "variant": options["variant"],
            "decks": "inf" if decks == "inf" else rules.decks,
            "strategy": options["strategy"],
            "player_ev_percent": round(ev * 100, 6),
            "house_edge_percent": round(-ev * 100, 6),
            "seconds": round(seconds, 3),
        }
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=2))
            return
        shoe = "an infinite deck" if decks == "inf" else f"{rules.decks} decks"
        self.stdout.write(
            f"player EV {ev * 100:+.6f} % (house edge {-ev * 100:.6f} %), {shoe}, "
            f"{options['strategy']} strategy, {seconds:.2f} s"
        )

    def _banker_game(self, variant: str, as_json: bool) -> None:
        # Imported here: the casino games' EV, the command's usual work, needs neither the
        # banker game's rules nor its analysis, and every import is start-up time.
        from game.engine.banker import BANKER_STANDS_ON, PUNTER_STANDS_ON
        from game.engine.strategy.banker import banker_analysis, punter_analysis

        started = time.perf_counter()
        punter = punter_analysis()
        banker = banker_analysis()
        seconds = time.perf_counter() - started
        report = {
            "variant": variant,
            "decks": 2,
            "punter_ev_percent": round(punter.policy_ev * 100, 6),
            "punter_best_ev_percent": round(punter.best_ev * 100, 6),
            "banker_best_ev_percent": round(banker.best_ev * 100, 6),
            "seconds": round(seconds, 3),
        }
        if as_json:
            self.stdout.write(json.dumps(report, indent=2))
            return
        self.stdout.write(
            f"punter EV per deal {punter.policy_ev * 100:+.6f} % when the punter stands from "
            f"{PUNTER_STANDS_ON} and the banker from {BANKER_STANDS_ON}; punter's best play "
            f"{punter.best_ev * 100:+.6f} %, banker's best play {banker.best_ev * 100:+.6f} %, "
            f"2 decks, {seconds:.2f} s"
        )
