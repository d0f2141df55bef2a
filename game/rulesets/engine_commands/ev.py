"""``python manage.py ev --variant european [--set field=value ...] --hand T,6 --upcard T
[--decks inf] [--json]``: the EV of every legal action of one hand, and the best action.
For the banker game (``--variant dvadtsat-odno``, no upcard): a punter's draw and stand EVs
against the banker's policy (strategy/banker.py ``punter_analysis``)."""

import json

from game.engine.strategy.banker import punter_analysis
from game.engine.strategy.cache import StrategyError
from game.engine.strategy.composition import CompositionError
from game.engine.strategy.hand import hand_evs
from game.rulesets.engine_commands import CommandError, EngineCommand
from game.rulesets.engine_commands.rules_options import add_rules_arguments, rules_from_options


class Command(EngineCommand):
    help = (
        "Exact EV (units of the initial bet) of each legal action for a hand against an "
        "upcard, from a full shoe minus the hand and the upcard, or an infinite deck."
    )

    def add_arguments(self, parser):
        add_rules_arguments(parser)
        parser.add_argument("--hand", required=True, help="the player's cards, e.g. T,6 or A,7")
        parser.add_argument(
            "--upcard", help="the dealer's upcard, e.g. T or A (not in the banker game)"
        )
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args, **options):
        rules = rules_from_options(options)
        decks = options.get("decks")
        cards = [c for c in options["hand"].replace(" ", "").split(",") if c]
        if rules.game == "banker":
            if options.get("upcard"):
                raise CommandError(
                    "the banker game has no upcard: a punter's EVs are against the banker's"
                    " policy; leave out --upcard"
                )
            self._banker(cards, options["json"])
            return
        if not options.get("upcard"):
            raise CommandError("--upcard is required (the dealer's face-up card, e.g. T or A)")
        try:
            evs = hand_evs(cards, options["upcard"], rules, infinite=decks == "inf")
        except (StrategyError, CompositionError, ValueError) as exc:
            raise CommandError(str(exc)) from None
        values = evs.values()
        best, best_ev = evs.best()
        report = {
            "hand": cards,
            "upcard": options["upcard"],
            "decks": "inf" if decks == "inf" else rules.decks,
            "evs": {action.value: round(ev, 6) for action, ev in values.items()},
            "best": best.value,
            "conditioned_on_no_dealer_natural": evs.conditioned,
        }
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=2))
            return
        deck_text = "an infinite deck" if decks == "inf" else f"{rules.decks} decks"
        self.stdout.write(f"{','.join(cards)} against {options['upcard']}, {deck_text}:")
        for action, ev in values.items():
            mark = "  <- best" if action is best else ""
            self.stdout.write(f"  {action.value:<10} {ev:+.6f}{mark}")
        if evs.conditioned:
            self.stdout.write("  (given the dealer has no natural: the dealer peeked)")
        self.stdout.write(f"best: {best.value} ({best_ev:+.6f})")

    def _banker(self, cards: list[str], as_json: bool) -> None:
        """A punter hand of the banker game: draw and stand EVs per unit staked against
        the banker's policy (he draws below 17), given no banker natural."""
        try:
            evs = punter_analysis().evs(cards)
        except (ValueError, CompositionError) as exc:
            raise CommandError(str(exc)) from None
        best = max(evs, key=evs.__getitem__)
        if as_json:
            report = {"hand": cards, "evs": {k: round(v, 6) for k, v in evs.items()}}
            self.stdout.write(json.dumps({**report, "best": best}, indent=2))
            return
        self.stdout.write(f"{','.join(cards)}, punter against the banker's policy:")
        for action, ev in evs.items():
            mark = "  <- best" if action == best else ""
            self.stdout.write(f"  {action:<10} {ev:+.6f}{mark}")
