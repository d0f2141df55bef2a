"""This site's choices where a game's source text is silent or unclear, per preset.

Each variant comes from a source text (the seeds of ../shared/VARIANTS.md: 000 Serbian Ajnc,
001 Croatian casino, 002 Russian online casino, 003 the historical "Двадцать одно", 004 the
Bulgarian European game). Where the source says nothing ("seed silent" rows of VARIANTS.md),
where we read an unclear rule one way (the readings of seed 003 in game/engine/banker.py),
or where the product decided (the choices recorded in the closing notes of issues 2 and 3),
the rule page says so and states this site's rule.

The rule itself is never written here: a choice points at a ``Fact`` of facts.py by its key,
so its sentence comes from the Rules value like every other fact; a choice whose fact the
rules no longer have (a changed preset) is left out rather than stated wrongly.

Shape: ``site_choices(variant, rules, facts)`` -> ``[Choice, ...]`` in page order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from game.engine.rules import Rules
from trainer.rulebook.facts import Fact

SILENT = "silent"
READING = "reading"
DECISION = "decision"

KIND_LABELS = {
    SILENT: gettext_lazy("The source does not say"),
    READING: gettext_lazy("Our reading of the source"),
    DECISION: gettext_lazy("This site's decision"),
}


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of this site: its ``kind`` (silent, reading, decision) and label, an
    optional ``note`` saying what the source says, the ``rule`` as a sentence (from a Fact)
    and ``source_rules``, the numbers of the source's rules it concerns ("19"; seed 003 only),
    with ``source_label`` naming them ("rule 19")."""

    kind: str
    label: str
    rule: str
    key: str
    note: str = ""
    source_rules: str = ""
    source_label: str = ""


# (kind, fact key, note or None, source rule numbers); the note is a function so that it is
# translated when the page is drawn, and may read the rules.
Spec = tuple[str, str, Callable[[Rules], str] | None, str]

SPECS: dict[str, tuple[Spec, ...]] = {
    # Seed 000 (VARIANTS.md table 1).
    "ajnc": (
        (SILENT, "decks", None, ""),
        (
            SILENT,
            "peek",
            lambda r: _(
                "The source has the dealer look at the hole card under an ace and says nothing "
                "of a ten-value card."
            ),
            "",
        ),
        (SILENT, "das", None, ""),
        (
            SILENT,
            "split",
            lambda r: _("The source speaks of two hands after a split, not of splitting again."),
            "",
        ),
        (SILENT, "split_aces", None, ""),
        (SILENT, "surrender", None, ""),
        (DECISION, "even_money", None, ""),
        (
            READING,
            "natural_payout",
            lambda r: _(
                "The source calls an ace with any picture an ajnc and pays the higher rate for "
                "“a 21”. This site reads both as the natural: an ace with any ten-value card, "
                "a 10 too, as the first two cards. A 21 of three or more cards is an ordinary "
                "win and pays 1:1."
            ),
            "",
        ),
    ),
    # Seed 001 (VARIANTS.md table 2).
    "croatian": (
        (SILENT, "dealer_natural", None, ""),
        (SILENT, "das", None, ""),
        (
            READING,
            "drawn_21",
            lambda r: _(
                "The source says that a player's 21 can only push against a dealer 21. This "
                "site keeps a dealer natural above a 21 of three or more cards."
            ),
            "",
        ),
        (
            READING,
            "surrender_closes",
            lambda r: _(
                "The source ends surrender when the next card is dealt; this site offers it "
                "to every player in turn before anyone draws, and play begins after that."
            ),
            "",
        ),
    ),
    # Seed 002 (VARIANTS.md table 3).
    "russian": (
        (
            SILENT,
            "soft_17",
            lambda r: _(
                "The source has the dealer draw to 17 but does not say what a soft 17 does."
            ),
            "",
        ),
        (SILENT, "das", None, ""),
        (SILENT, "split", None, ""),
        (SILENT, "split_aces", None, ""),
        (DECISION, "even_money", None, ""),
    ),
    # Seed 004 (VARIANTS.md table 5).
    "european": (
        (SILENT, "dealer_natural", None, ""),
        (SILENT, "das", None, ""),
        (
            READING,
            "peek",
            lambda r: _(
                "The source names the game European and does not say when the hole card is "
                "turned; this site reads it from the source's order of play."
            ),
            "",
        ),
    ),
    # Seed 003 (VARIANTS.md table 4, game/engine/banker.py).
    "dvadtsat-odno": (
        (
            READING,
            "seats",
            lambda r: _("The source allows any number of players; our table has room for these."),
            "1",
        ),
        (
            READING,
            "soft_12",
            lambda r: _(
                "The source speaks of a “conditional” 21 without saying what it is; this site "
                "takes it to be an ace with a ten-value card."
            ),
            "7",
        ),
        (
            READING,
            "banker_natural",
            lambda r: _("The source says the banker takes all the stakes; we read it literally."),
            "7",
        ),
        (
            READING,
            "win",
            lambda r: _(
                "The source says the banker “wins” as much as a higher punter staked; this "
                "site reads it as pays."
            ),
            "11",
        ),
        (
            READING,
            "both_bust",
            lambda r: _(
                "The source says that when punter and banker both draw, neither wins; this "
                "site reads it as both going past 21."
            ),
            "19",
        ),
        (
            READING,
            "banker_bust",
            lambda r: _(
                "The source says a banker who draws pays double; this site reads it as a "
                "banker who goes past 21."
            ),
            "20",
        ),
        (
            READING,
            "talia_end",
            lambda r: _(
                "The source has the banker play every card of the talia; this site stops "
                "when a whole deal might not fit, so no deal runs out of cards."
            ),
            "2, 20",
        ),
        (DECISION, "at_21", None, "8"),
        (
            DECISION,
            "ai",
            lambda r: _(
                "The source only advises punters not to draw on 16 to 20 and leaves the "
                "banker free."
            ),
            "17",
        ),
    ),
}


def site_choices(variant: str, facts: dict[str, list[Fact]], rules: Rules) -> list[Choice]:
    """This site's choices for a preset (``[]`` for a custom rule set or an unknown name),
    each with the rule's sentence taken from ``facts`` (``casino_facts`` or
    ``banker_facts`` of the same ``rules``)."""
    by_key: dict[str, Fact] = {}
    for section in facts.values():
        for fact in section:
            by_key.setdefault(fact.key, fact)
    choices = []
    for kind, key, note, numbers in SPECS.get(variant, ()):
        found = by_key.get(key)
        if found is None:  # the rules no longer have this rule: say nothing rather than wrong
            continue
        choices.append(
            Choice(
                kind=kind,
                label=str(KIND_LABELS[kind]),
                rule=found.text,
                key=key,
                note=note(rules) if note is not None else "",
                source_rules=numbers,
                source_label=_source_label(numbers),
            )
        )
    return choices


def _source_label(numbers: str) -> str:
    """ "rule 7", "rules 2, 20" (of the source); "" when none."""
    if not numbers:
        return ""
    count = len(numbers.split(","))
    return ngettext("rule %(rules)s", "rules %(rules)s", count) % {"rules": numbers}
