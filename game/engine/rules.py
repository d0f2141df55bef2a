"""The rule options of twenty-one, as one frozen value, and the presets.

Every option of ../shared/VARIANTS.md is a field, named with the field's standard term.
The presets are ``Rules`` values (``EUROPEAN``, ``AJNC``...); the registry that names them
and says what the site does with each is variants.py.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any

from game.engine.errors import EngineError, Reason

DOUBLE_ON = ("any", "9-11", "10-11", "none")
GAMES = ("casino", "banker")
SPLIT_BY = ("value", "rank")
SURRENDER = ("none", "late", "early")


class RulesError(EngineError, ValueError):
    """An unknown variant (UNKNOWN_VARIANT) or rule field (UNKNOWN_RULE), a value out of its
    range or of the wrong type (RULE_VALUE), or an impossible combination of rules (a reason
    of its own each: PEEK_NEEDS_HOLE_CARD, EVEN_MONEY_NEEDS_INSURANCE,
    INSURANCE_FOR_LESS_NEEDS_INSURANCE, HOLE_CARD_FIRST_NEEDS_HOLE_CARD)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule option of a casino blackjack game.

    Fields (units in brackets):
    - decks: decks in the shoe [1-8].
    - dealer_hits_soft_17: H17 when True, S17 when False.
    - dealer_hole_card: the dealer takes a face-down second card at the deal; False is the
      no-hole-card game (ENHC: the second card comes after all players act).
    - dealer_peeks: with an ace or ten-value upcard the dealer checks for a natural before
      the players act (only with a hole card).
    - lose_all_to_natural: a dealer natural found after the players act takes every bet on
      the table, doubles and splits included (European custom); False returns the extra.
    - blackjack_payout: what a natural pays [times the bet], e.g. 3/2.
    - double_on: "any" two cards, hard "9-11" or "10-11" only, or "none".
    - double_after_split (DAS), double_for_less (double any amount up to the bet).
    - split_by: "value" (K with Q) or "rank" (K with K only).
    - max_split_hands: the most hands a player can hold by splitting [1 = no split].
    - resplit_aces (RSA), hit_split_aces: split aces get one card each unless these allow.
    - surrender: "none", "late" (after the peek) or "early"; surrender_vs_ace allows it
      against an ace upcard.
    - insurance, even_money: offered against an ace upcard; insurance costs half the bet,
      or any amount up to half with insurance_for_less.
    - auto_stand_21: a hand that reaches 21 stands by itself.
    - three_sevens_payout: three 7s as a hand's first three cards pay this [times the bet]
      at once; None for no bonus.
    - max_draws: the most cards a hand may draw after the deal; None for no limit.
    - hole_card_first: the dealer's hole card is dealt before the upcard (seed 000: player,
      dealer face down, player, dealer face up); it changes no odds, only the card order.
    - game: "casino" (a dealer against the players: round.py) or "banker" (the historical
      game with a rotating bank: banker.py).

    Raises RulesError on a value out of range (RULE_VALUE) or an impossible combination
    (PEEK_NEEDS_HOLE_CARD, EVEN_MONEY_NEEDS_INSURANCE, INSURANCE_FOR_LESS_NEEDS_INSURANCE,
    HOLE_CARD_FIRST_NEEDS_HOLE_CARD).
    """

    decks: int = 6
    dealer_hits_soft_17: bool = False
    dealer_hole_card: bool = True
    dealer_peeks: bool = True
    lose_all_to_natural: bool = False
    blackjack_payout: Fraction = Fraction(3, 2)
    double_on: str = "any"
    double_after_split: bool = True
    double_for_less: bool = False
    split_by: str = "value"
    max_split_hands: int = 4
    resplit_aces: bool = False
    hit_split_aces: bool = False
    surrender: str = "none"
    surrender_vs_ace: bool = True
    insurance: bool = True
    even_money: bool = True
    auto_stand_21: bool = False
    three_sevens_payout: Fraction | None = None
    max_draws: int | None = None
    insurance_for_less: bool = False
    hole_card_first: bool = False
    game: str = "casino"

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 8:
            raise RulesError(Reason.RULE_VALUE, "decks must be between 1 and 8")
        if self.double_on not in DOUBLE_ON:
            raise RulesError(Reason.RULE_VALUE, f"double_on must be one of {', '.join(DOUBLE_ON)}")
        if self.split_by not in SPLIT_BY:
            raise RulesError(Reason.RULE_VALUE, f"split_by must be one of {', '.join(SPLIT_BY)}")
        if self.surrender not in SURRENDER:
            raise RulesError(Reason.RULE_VALUE, f"surrender must be one of {', '.join(SURRENDER)}")
        if not 1 <= self.max_split_hands <= 4:
            raise RulesError(
                Reason.RULE_VALUE, "max_split_hands must be between 1 (no split) and 4"
            )
        if self.blackjack_payout <= 0:
            raise RulesError(Reason.RULE_VALUE, "blackjack_payout must be positive")
        if self.dealer_peeks and not self.dealer_hole_card:
            raise RulesError(
                Reason.PEEK_NEEDS_HOLE_CARD, "the dealer cannot peek without a hole card"
            )
        if self.even_money and not self.insurance:
            raise RulesError(
                Reason.EVEN_MONEY_NEEDS_INSURANCE,
                "even money is a form of insurance: it needs insurance",
            )
        if self.game not in GAMES:
            raise RulesError(Reason.RULE_VALUE, f"game must be one of {', '.join(GAMES)}")
        if self.insurance_for_less and not self.insurance:
            raise RulesError(
                Reason.INSURANCE_FOR_LESS_NEEDS_INSURANCE, "insurance for less needs insurance"
            )
        if self.hole_card_first and not self.dealer_hole_card:
            raise RulesError(
                Reason.HOLE_CARD_FIRST_NEEDS_HOLE_CARD,
                "the hole card cannot be dealt first in a game without one",
            )
        if self.max_draws is not None and self.max_draws < 1:
            raise RulesError(
                Reason.RULE_VALUE, "max_draws must be at least 1, or None for no limit"
            )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every field; Fractions as "3/2" strings."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = str(value) if isinstance(value, Fraction) else value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rules:
        """Rules from ``to_json`` output (unknown keys raise RulesError). The rules met are
        kept per process, by their JSON (every stored round holds its rules: a table action
        reads them once or twice): Rules is a frozen value."""
        try:
            key = (cls, tuple((name, type(raw), raw) for name, raw in data.items()))
            found = _FROM_JSON.get(key)
        except TypeError:  # a value that is no plain JSON scalar: not kept
            return cls().with_overrides(data)
        if found is None:
            found = cls().with_overrides(data)
            if len(_FROM_JSON) >= 256:
                _FROM_JSON.clear()
            _FROM_JSON[key] = found
        return found

    def with_overrides(self, overrides: dict[str, Any]) -> Rules:
        """A copy with fields replaced; values may be typed or strings ("true", "6/5").

        Raises RulesError naming an unknown field and listing the valid ones (UNKNOWN_RULE),
        or a bad value or combination (as ``Rules``).
        """
        known = {f.name: f for f in fields(self)}
        changes: dict[str, Any] = {}
        for name, raw in overrides.items():
            if name not in known:
                raise RulesError(
                    Reason.UNKNOWN_RULE,
                    f"unknown rule {name!r}; the rules are: {', '.join(sorted(known))}",
                )
            changes[name] = _coerce(name, self_value=getattr(self, name), raw=raw)
        return replace(self, **changes)


# Rules.from_json's results by (class, the JSON's items in order with their types: 1 and
# True are equal keys, and may not be equal rules).
_FROM_JSON: dict[tuple[Any, ...], Rules] = {}


def _coerce(name: str, self_value: Any, raw: Any) -> Any:
    """Convert ``raw`` to the type of the field ``name``. Raises RulesError (RULE_VALUE)."""
    kind = {
        "blackjack_payout": "fraction",
        "three_sevens_payout": "fraction?",
        "max_draws": "int?",
    }.get(name) or type(self_value).__name__
    try:
        if kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in {"true", "1", "yes", "on"}:
                return True
            if text in {"false", "0", "no", "off"}:
                return False
            raise ValueError
        if kind == "int":
            if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
                raise ValueError
            return int(raw)
        if kind in {"fraction", "fraction?"}:
            if raw is None or (kind == "fraction?" and str(raw).lower() in {"none", ""}):
                if kind == "fraction?":
                    return None
                raise ValueError
            return Fraction(str(raw).replace(":", "/"))
        if kind == "int?":
            if raw is None or str(raw).lower() in {"none", ""}:
                return None
            return int(raw)
        return str(raw)
    except (ValueError, ZeroDivisionError):
        expected = {
            "bool": "true or false",
            "int": "a whole number",
            "int?": "a whole number or none",
            "fraction": "a ratio such as 3/2, 6/5, 1/1 or 2/1",
            "fraction?": "a ratio such as 3/2, or none",
        }.get(kind, "text")
        raise RulesError(
            Reason.RULE_VALUE, f"{raw!r} is not a valid value for {name}: use {expected}"
        ) from None


# The European game of seed 004 (VARIANTS.md table 5): 6 decks, S17, a hole card but no
# peek; a dealer natural takes doubles and splits; double any two cards, DAS; split equal
# value up to 4 hands, aces once with one card each; no insurance, surrender or bonuses.
EUROPEAN = Rules(
    decks=6,
    dealer_hits_soft_17=False,
    dealer_hole_card=True,
    dealer_peeks=False,
    lose_all_to_natural=True,
    blackjack_payout=Fraction(3, 2),
    double_on="any",
    double_after_split=True,
    double_for_less=False,
    split_by="value",
    max_split_hands=4,
    resplit_aces=False,
    hit_split_aces=False,
    surrender="none",
    surrender_vs_ace=False,
    insurance=False,
    even_money=False,
    auto_stand_21=False,
    three_sevens_payout=None,
    max_draws=None,
    insurance_for_less=False,
    hole_card_first=False,
    game="casino",
)

# Serbian "Ajnc" (seed 000, VARIANTS.md table 1): the hole card is dealt before the upcard;
# the dealer peeks (after insurance with an ace); double on hard 9-11 only; one split of
# equal rank; late surrender; insurance of half the bet pays 2:1.
AJNC = Rules(
    decks=6,
    dealer_hits_soft_17=False,
    dealer_hole_card=True,
    dealer_peeks=True,
    lose_all_to_natural=False,
    blackjack_payout=Fraction(3, 2),
    double_on="9-11",
    double_after_split=True,
    double_for_less=False,
    split_by="rank",
    max_split_hands=2,
    resplit_aces=False,
    hit_split_aces=False,
    surrender="late",
    surrender_vs_ace=True,
    insurance=True,
    even_money=True,
    auto_stand_21=False,
    three_sevens_payout=None,
    max_draws=None,
    insurance_for_less=False,
    hole_card_first=True,
)

# Croatian casino (seed 001, VARIANTS.md table 2): no hole card (ENHC), a dealer natural
# takes doubles and splits; double for less; equal-value splits to 4 hands; 21 stands by
# itself; three sevens pay 3:2 at once; early surrender except against an ace; insurance up
# to half the bet, not for a natural.
CROATIAN = Rules(
    decks=6,
    dealer_hits_soft_17=False,
    dealer_hole_card=False,
    dealer_peeks=False,
    lose_all_to_natural=True,
    blackjack_payout=Fraction(3, 2),
    double_on="any",
    double_after_split=True,
    double_for_less=True,
    split_by="value",
    max_split_hands=4,
    resplit_aces=False,
    hit_split_aces=False,
    surrender="early",
    surrender_vs_ace=False,
    insurance=True,
    even_money=False,
    auto_stand_21=True,
    three_sevens_payout=Fraction(3, 2),
    max_draws=None,
    insurance_for_less=True,
    hole_card_first=False,
)

# Russian online casino (seed 002, VARIANTS.md table 3): the dealer peeks (at once with a
# ten, after insurance with an ace); double any two cards; one split of equal rank; no
# surrender.
RUSSIAN = Rules(
    decks=6,
    dealer_hits_soft_17=False,
    dealer_hole_card=True,
    dealer_peeks=True,
    lose_all_to_natural=False,
    blackjack_payout=Fraction(3, 2),
    double_on="any",
    double_after_split=True,
    double_for_less=False,
    split_by="rank",
    max_split_hands=2,
    resplit_aces=False,
    hit_split_aces=False,
    surrender="none",
    surrender_vs_ace=False,
    insurance=True,
    even_money=True,
    auto_stand_21=False,
    three_sevens_payout=None,
    max_draws=None,
    insurance_for_less=False,
    hole_card_first=False,
)

# Historical "Двадцать одно" (seed 003, VARIANTS.md table 4): a different game, played by
# banker.py; these fields state what it shares with the casino game: 2 decks, at most 3
# cards drawn, a natural paid 2:1, no doubling, splitting, insurance or surrender.
DVADTSAT_ODNO = Rules(
    decks=2,
    dealer_hits_soft_17=False,
    dealer_hole_card=True,
    dealer_peeks=True,
    lose_all_to_natural=True,
    blackjack_payout=Fraction(2),
    double_on="none",
    double_after_split=False,
    double_for_less=False,
    split_by="value",
    max_split_hands=1,
    resplit_aces=False,
    hit_split_aces=False,
    surrender="none",
    surrender_vs_ace=False,
    insurance=False,
    even_money=False,
    auto_stand_21=False,
    three_sevens_payout=None,
    max_draws=3,
    game="banker",
)

RULE_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules))
