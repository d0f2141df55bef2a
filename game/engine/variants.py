"""The games this site plays: one registry that every list of games reads.

A ``Variant`` is a preset of ../shared/VARIANTS.md under its name (the name the URLs, the
forms and the stored tables use), with its ``Rules`` and the seed document it comes from.
What the site does with a game follows from its rules, never from a list of names kept
elsewhere: every variant is played at the table; a casino game (``Rules.game ==
"casino"``) is graded, drilled, charted and may be the base of a custom rule set; the banker
game (seed 003) has a page of rules and best-play tables of its own. Like python-chess's
``VARIANTS``/``find_variant``: later games only add a line here.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.errors import Reason
from game.engine.rules import AJNC, CROATIAN, DVADTSAT_ODNO, EUROPEAN, RUSSIAN, Rules, RulesError


@dataclass(frozen=True, slots=True)
class Variant:
    """One game of the site.

    - ``name``: the preset's name ("european"): URLs, forms and stored tables use it.
    - ``rules``: its rules.
    - ``seed``: the number of the document in ../shared/seeds/ it comes from ("004").
    """

    name: str
    rules: Rules
    seed: str

    @property
    def game(self) -> str:
        """The kind of game: "casino" (a dealer against the players, round.py) or "banker"
        (the historical game with a rotating bank, banker.py)."""
        return self.rules.game

    @property
    def casino(self) -> bool:
        """A dealer's game: its decisions are graded against a chart and exact EVs, it is
        drilled, charted, and custom rule sets are built from it."""
        return self.rules.game == "casino"


# In the order the site lists them: the European game first (the table's default), the
# three national casino games, then the historical banker game.
VARIANTS: tuple[Variant, ...] = (
    Variant("european", EUROPEAN, "004"),
    Variant("ajnc", AJNC, "000"),
    Variant("croatian", CROATIAN, "001"),
    Variant("russian", RUSSIAN, "002"),
    Variant("dvadtsat-odno", DVADTSAT_ODNO, "003"),
)

_BY_NAME = {variant.name: variant for variant in VARIANTS}

CASINO_VARIANTS: tuple[str, ...] = tuple(v.name for v in VARIANTS if v.casino)
"""The casino games' names: graded, drilled, charted, bases of custom rule sets."""


def find_variant(name: str) -> Variant:
    """The variant called ``name``. Raises RulesError (UNKNOWN_VARIANT) listing the known
    names."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise RulesError(
            Reason.UNKNOWN_VARIANT,
            f"unknown variant {name!r}; the variants are: {', '.join(sorted(_BY_NAME))}",
        ) from None


def find_rules(name: str) -> Rules:
    """The rules of the variant called ``name``. Raises RulesError (UNKNOWN_VARIANT) listing
    the known names."""
    return find_variant(name).rules


def is_variant(name: str) -> bool:
    """Whether ``name`` is the name of a variant."""
    return name in _BY_NAME
