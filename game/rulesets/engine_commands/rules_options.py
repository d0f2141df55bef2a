"""Shared command-line options of the strategy commands (``ev``, and later ``edge`` and
``chart``): ``--variant NAME`` and repeated ``--set field=value`` giving a Rules value."""

from __future__ import annotations

from argparse import ArgumentParser

from game.engine.rules import RULE_FIELDS, Rules, RulesError
from game.engine.variants import find_rules
from game.rulesets.engine_commands import CommandError


def add_rules_arguments(parser: ArgumentParser) -> None:
    """Add ``--variant``, ``--set`` and ``--decks`` to a command's parser."""
    parser.add_argument("--variant", default="european", help="a preset: european, ajnc, ...")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="change one rule, e.g. decks=1, dealer_hits_soft_17=true, blackjack_payout=6/5",
    )
    parser.add_argument("--decks", help='"inf" for an infinite deck (else --set decks=N)')


def rules_from_options(options: dict) -> Rules:
    """The preset named by --variant with every --set applied, then --decks N (not "inf":
    the caller values the infinite deck itself).

    Raises CommandError naming the problem: an unknown variant (listing the presets), a
    --set without "=", an unknown field (listing the fields) or a bad value."""
    try:
        rules = find_rules(options["variant"])
        changes: dict[str, str] = {}
        decks = options.get("decks")
        extra = [f"decks={decks}"] if decks not in (None, "inf") else []
        for item in [*options["set"], *extra]:
            field, sep, value = item.partition("=")
            if not sep:
                raise CommandError(
                    f"--set {item!r} needs the form FIELD=VALUE; the fields are: "
                    f"{', '.join(RULE_FIELDS)}"
                )
            changes[field.strip()] = value.strip()
        return rules.with_overrides(changes)
    except RulesError as exc:
        raise CommandError(str(exc)) from None


def rules_label(options: dict) -> str:
    """The rule set as the command line named it, for a printed header: the preset, then
    each --set (and --decks N) that changed it, e.g. "european with decks=2, surrender=late".
    A header naming only the preset would pass a changed game off as the preset."""
    changes = [*options["set"]]
    if options.get("decks") not in (None, "inf"):
        changes.append(f"decks={options['decks']}")
    if not changes:
        return options["variant"]
    return f"{options['variant']} with {', '.join(c.replace(' ', '') for c in changes)}"
