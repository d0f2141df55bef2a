"""The rules of a game in words: the one place a ``Rules`` value is stated as sentences.

``describe(rules)`` returns one ``RuleSentence`` per rule or group of related rules, each
naming the ``Rules`` fields it states and its text in the active language. Every field of
``Rules`` is covered by at least one sentence (an option that is off is stated by the
sentence of its group: "Doubling is not allowed" covers DAS and doubling for less too). The
table's rule lines (``rules_summary``), the rule page's facts
(``trainer/rulebook/facts.py``) and the custom rule set's table (``rulesets.rules_table``)
all render these sentences, so the three pages cannot disagree; each sentence says what
game/engine/round.py allows (``legal_actions`` and the deal), not what a variant's notes
say.

The banker game ("Двадцать одно", banker.py) is described by its decks, its draw limit and
its natural's payout; its other fields are not options of that game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from game.engine import banker
from game.engine.rules import RULE_FIELDS, Rules
from trainer.web.numbers import chips

# The bet of the worked payouts ("on a bet of 10 chips a natural wins 15").
EXAMPLE_BET = 10


@dataclass(frozen=True, slots=True)
class RuleSentence:
    """One rule as a sentence: a stable ``key`` (the rule page's fact key), the ``Rules``
    ``fields`` it states, and the ``text`` in the active language."""

    key: str
    fields: tuple[str, ...]
    text: str


# -- formatting ------------------------------------------------------------------------------
def ratio(value: Fraction) -> str:
    """A payout as players write it: 3/2 -> "3:2", 2 -> "2:1"."""
    value = Fraction(value)
    return f"{value.numerator}:{value.denominator}"


def join_or(numbers: list[int]) -> str:
    """Numbers as a list ending in "or" in the active language: [9, 10, 11] -> "9, 10 or 11"."""
    words = [str(n) for n in numbers]
    if len(words) == 1:
        return words[0]
    return pgettext("list of choices", "%(items)s or %(last)s") % {
        "items": ", ".join(words[:-1]),
        "last": words[-1],
    }


def double_totals(rules: Rules) -> list[int]:
    """The hard totals a player may double on ([] for any total or no doubling), read from
    ``double_on`` the way round.py reads it ("9-11" -> 9, 10, 11)."""
    if rules.double_on in ("any", "none"):
        return []
    low, high = (int(part) for part in rules.double_on.split("-"))
    return list(range(low, high + 1))


def resplits_aces(rules: Rules) -> bool:
    """Whether a split ace can really be split again: round.py needs ``resplit_aces`` and
    room for a third hand (``max_split_hands`` of 3 or more)."""
    return rules.resplit_aces and rules.max_split_hands > 2


# -- single sentences --------------------------------------------------------------------------
def decks_sentence(decks: int) -> str:
    """ "6 decks in the shoe. 312 cards in all." """
    return "{} {}".format(
        ngettext("%(decks)d deck in the shoe.", "%(decks)d decks in the shoe.", decks)
        % {"decks": decks},
        ngettext("%(cards)d card in all.", "%(cards)d cards in all.", decks * 52)
        % {"cards": decks * 52},
    )


def max_draws_sentence(draws: int) -> str:
    """ "A hand may draw at most 3 cards after the deal." """
    return ngettext(
        "A hand may draw at most %(draws)d card after the deal.",
        "A hand may draw at most %(draws)d cards after the deal.",
        draws,
    ) % {"draws": draws}


def split_sentence(rules: Rules) -> str:
    """What may be split and into how many hands."""
    hands = rules.max_split_hands
    if hands < 2:
        return _("Splitting is not allowed in this game.")
    if rules.split_by == "value":
        text = ngettext(
            "Split two cards of equal value (a king with a queen too), up to %(hands)d hand.",
            "Split two cards of equal value (a king with a queen too), up to %(hands)d hands.",
            hands,
        )
    else:
        text = ngettext(
            "Split two cards of the same rank, up to %(hands)d hand.",
            "Split two cards of the same rank, up to %(hands)d hands.",
            hands,
        )
    return text % {"hands": hands}


def soft_17_sentence(rules: Rules) -> str:
    """S17 or H17."""
    if rules.dealer_hits_soft_17:
        return _("The dealer hits soft 17 and stands on hard 17 or more (H17).")
    return _("The dealer stands on every 17, soft 17 included (S17).")


def natural_payout_sentence(rules: Rules) -> str:
    """ "A natural pays 3:2: on a bet of 10 chips it wins 15." """
    return _("A natural pays %(payout)s: on a bet of %(bet)s chips it wins %(win)s.") % {
        "payout": ratio(rules.blackjack_payout),
        "bet": chips(EXAMPLE_BET),
        "win": chips(EXAMPLE_BET * rules.blackjack_payout),
    }


def punter_natural_sentence(rules: Rules) -> str:
    """The banker game's natural."""
    return _(
        "A punter's natural is paid %(payout)s, and it beats a banker's 21 made by drawing."
    ) % {"payout": ratio(rules.blackjack_payout)}


# -- every rule --------------------------------------------------------------------------------
Say = Callable[[str, tuple[str, ...], str], None]
"""Adds one sentence: its key, the ``Rules`` fields it states, its text."""


def _say_deal(rules: Rules, say: Say) -> None:
    """The deal (round.deal): card order, hole card or none, the peek."""
    if not rules.dealer_hole_card:
        say(
            "hole_card",
            ("game", "dealer_hole_card", "dealer_peeks", "hole_card_first"),
            _(
                "The deal: a card to each player, the dealer's face-up card, a second card to "
                "each player. The dealer has no hole card: the second card comes only after "
                "every player has finished (ENHC)."
            ),
        )
    elif rules.hole_card_first:
        say(
            "hole_card",
            ("game", "dealer_hole_card", "hole_card_first"),
            _(
                "The deal: a card to each player, the dealer's face-down card (the hole card), "
                "a second card to each player, then the dealer's face-up card."
            ),
        )
    else:
        say(
            "hole_card",
            ("game", "dealer_hole_card", "hole_card_first"),
            _(
                "The deal: a card to each player, the dealer's face-up card, a second card to "
                "each player, then the dealer's face-down card (the hole card)."
            ),
        )
    if rules.dealer_peeks:
        say(
            "peek",
            ("dealer_peeks",),
            _(
                "With a ten-value card showing, the dealer checks the hole card for a natural "
                "at once; with an ace, once insurance is decided. A dealer natural ends the "
                "round before anyone plays."
            )
            if rules.insurance
            else _(
                "With an ace or a ten-value card showing, the dealer checks the hole card for "
                "a natural before anyone plays; a dealer natural ends the round at once."
            ),
        )
    elif rules.dealer_hole_card:
        say(
            "peek",
            ("dealer_peeks",),
            _(
                "The dealer does not look at the hole card for a natural: it is turned only "
                "after every player has finished."
            ),
        )


def _say_drawing_and_doubling(rules: Rules, say: Say) -> None:
    """The player's options but splitting and surrender (round.legal_actions): standing on
    21, the limit on draws, doubling."""
    say(
        "stand_21",
        ("auto_stand_21",),
        _("A hand that reaches 21 stands by itself.")
        if rules.auto_stand_21
        else _("A hand that reaches 21 does not stop by itself: you stand when you choose."),
    )
    say(
        "max_draws",
        ("max_draws",),
        max_draws_sentence(rules.max_draws)
        if rules.max_draws is not None
        else _("There is no limit on the cards a hand may draw."),
    )
    totals = double_totals(rules)
    if rules.double_on == "none":
        say(
            "double",
            ("double_on", "double_after_split", "double_for_less"),
            _("Doubling is not allowed in this game."),
        )
    else:
        fields = ("double_on",) if rules.double_for_less else ("double_on", "double_for_less")
        say(
            "double",
            fields,
            _("Double on any first two cards: you double the bet and get exactly one more card.")
            if not totals
            else _(
                "Double only on a hard %(totals)s with your first two cards: you double the "
                "bet and get exactly one more card."
            )
            % {"totals": join_or(totals)},
        )
        if rules.double_for_less:
            say(
                "double_for_less",
                ("double_for_less",),
                _("You may double for less: any amount up to your bet."),
            )


def _say_splits(rules: Rules, say: Say) -> None:
    """Splitting, doubling after a split and split aces (round.legal_actions)."""
    splits = rules.max_split_hands > 1
    say(
        "split",
        ("split_by", "max_split_hands")
        if splits
        else (
            "split_by",
            "max_split_hands",
            "double_after_split",
            "resplit_aces",
            "hit_split_aces",
        ),
        split_sentence(rules),
    )
    if splits and rules.double_on != "none":
        say(
            "das",
            ("double_after_split",),
            _("You may double after a split too (DAS).")
            if rules.double_after_split
            else _("You may not double after a split."),
        )
    if splits:
        resplit = resplits_aces(rules)
        if not resplit and not rules.hit_split_aces:
            say(
                "split_aces",
                ("resplit_aces", "hit_split_aces"),
                _("Split aces get one card each and are split only once."),
            )
        else:
            say(
                "split_aces",
                ("resplit_aces",),
                _("Split aces may be split again.")
                if resplit
                else _("Split aces are split only once."),
            )
            say(
                "split_aces_hit",
                ("hit_split_aces",),
                _("Split aces may draw more cards.")
                if rules.hit_split_aces
                else _("Split aces get one card each."),
            )


def _say_surrender(rules: Rules, say: Say) -> None:
    """Surrender: none, late (after the peek) or early, and against an ace or not."""
    if rules.surrender == "none":
        text = _("There is no surrender in this game.")
    elif rules.surrender == "late":
        text = (
            _("You may surrender your first two cards after the peek and keep half.")
            if rules.surrender_vs_ace
            else _(
                "You may surrender your first two cards after the peek and keep half, "
                "except against an ace."
            )
        )
    else:
        text = (
            _("You may surrender as your first decision and keep half.")
            if rules.surrender_vs_ace
            else _("You may surrender as your first decision and keep half, except against an ace.")
        )
    say("surrender", ("surrender", "surrender_vs_ace"), text)


def describe(rules: Rules) -> list[RuleSentence]:
    """Every rule of ``rules`` as sentences, in the order of the rule page."""
    if rules.game == "banker":
        return _describe_banker(rules)
    out: list[RuleSentence] = []

    def say(key: str, fields: tuple[str, ...], text: str) -> None:
        out.append(RuleSentence(key, fields, text))

    say("decks", ("decks",), decks_sentence(rules.decks))

    _say_deal(rules, say)
    _say_drawing_and_doubling(rules, say)
    _say_splits(rules, say)
    _say_surrender(rules, say)

    # The dealer's rule (round._play_dealer) and the payouts (round._settle).
    say("soft_17", ("dealer_hits_soft_17",), soft_17_sentence(rules))
    say("natural_payout", ("blackjack_payout",), natural_payout_sentence(rules))
    say(
        "three_sevens",
        ("three_sevens_payout",),
        _("Three sevens as a hand's first three cards pay %(payout)s at once.")
        % {"payout": ratio(rules.three_sevens_payout)}
        if rules.three_sevens_payout is not None
        else _("Three sevens are an ordinary 21: no bonus."),
    )

    # Insurance and even money (round.deal, round.apply).
    if rules.insurance:
        say(
            "insurance",
            ("insurance", "insurance_for_less"),
            _("Against a dealer ace you may insure for up to half your bet; it pays 2:1.")
            if rules.insurance_for_less
            else _("Against a dealer ace you may insure for half your bet; it pays 2:1."),
        )
        say(
            "even_money",
            ("even_money",),
            _("Holding a natural against an ace, you may take even money.")
            if rules.even_money
            else _("A player holding a natural is not offered insurance (no even money)."),
        )
    else:
        say(
            "insurance",
            ("insurance", "insurance_for_less", "even_money"),
            _("There is no insurance in this game."),
        )

    # What a dealer natural takes (round._settle).
    if rules.dealer_peeks:
        text = _(
            "A dealer natural found by the peek costs you only your bet: nobody has "
            "doubled or split yet."
        )
    elif not rules.dealer_hole_card:
        text = (
            _(
                "The dealer takes a second card only after you play; a natural then takes "
                "doubled and split bets too."
            )
            if rules.lose_all_to_natural
            else _(
                "The dealer takes a second card only after you play; a natural then takes "
                "only your initial bet."
            )
        )
    else:
        text = (
            _("The dealer does not peek: a dealer natural takes doubled and split bets too.")
            if rules.lose_all_to_natural
            else _(
                "The dealer does not peek: a dealer natural takes only your initial bet, the "
                "chips added by doubling and splitting come back."
            )
        )
    say("dealer_natural", ("lose_all_to_natural",), text)
    return out


def rules_summary(rules: Rules) -> list[str]:
    """Every rule of the table as sentences, the same ones the rule page and the custom
    rule set's page give (``game.rulesets.words.describe``)."""
    return [sentence.text for sentence in describe(rules)]


def _describe_banker(rules: Rules) -> list[RuleSentence]:
    """The banker game's rules that are ``Rules`` fields (banker.py plays the rest)."""
    draws = rules.max_draws if rules.max_draws is not None else banker.MAX_DRAWS
    return [
        RuleSentence("decks", ("decks",), decks_sentence(rules.decks)),
        RuleSentence("max_draws", ("max_draws",), max_draws_sentence(draws)),
        RuleSentence("punter_natural", ("blackjack_payout",), punter_natural_sentence(rules)),
    ]


def sentences_for(rules: Rules, field: str) -> list[RuleSentence]:
    """The sentences of ``describe(rules)`` that state ``field``."""
    if field not in RULE_FIELDS:
        raise ValueError(f"unknown rule field {field!r}")
    return [s for s in describe(rules) if field in s.fields]
