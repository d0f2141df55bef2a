"""The rules of a game as sentences in the active language, computed from the engine's values.

Every sentence here is chosen and filled in from a ``Rules`` value (game/engine/rules.py) or,
for the banker game, from the constants of game/engine/banker.py, through gettext/ngettext
phrases with placeholders: no number or option of a rule is typed into a page, so changing a
preset (or building a custom rule set) changes its rule page. Sentences that hold for every
rule set are the engine's fixed behaviour (round.py, hands.py) and are named as such.

Shapes: ``casino_facts(rules)`` and ``banker_facts(rules)`` return ``{section: [Fact, ...]}``
with the sections in page order; a ``Fact`` is a stable ``key`` (tests and the "this site's
choices" notes refer to it) and the ``text`` in the active language. Amounts are chips,
written exactly (``trainer.web.numbers.chips``) in the active language's number format.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game.engine import banker
from game.engine.rules import Rules
from game.rulesets.words import (
    describe,
    ratio,
)

CASINO_SECTIONS = ("cards", "deal", "options", "dealer", "payouts", "special", "end")
BANKER_SECTIONS = ("cards", "bank", "deal", "drawing", "payouts", "talia", "end")


@dataclass(frozen=True, slots=True)
class Fact:
    """One rule as a sentence: ``key`` names the rule (e.g. "decks", "soft_17"), ``text`` is
    the sentence in the active language."""

    key: str
    text: str


# -- sentences used on several pages ---------------------------------------------------------
def second_card_sentence(rules: Rules) -> str:
    """When the dealer's second card comes in this game and whether it is checked for a
    natural, for the glossary's ENHC entry (ENHC says only that no face-down card is checked
    before the players act; the timing of the second card is this separate rule)."""
    if not rules.dealer_hole_card:
        return _(
            "In this game the dealer's second card is dealt only after every player has finished."
        )
    if not rules.dealer_peeks:
        return _(
            "In this game the dealer's second card is dealt face down at the deal and is not "
            "checked for a natural before the players act."
        )
    return _(
        "In this game the dealer's second card is dealt face down at the deal; with an ace or "
        "a ten-value card showing, the dealer checks it for a natural before the players act "
        "(the peek): this game is not ENHC."
    )


# -- the casino game (round.py) --------------------------------------------------------------
def casino_facts(rules: Rules) -> dict[str, list[Fact]]:
    """Every rule of a casino game as sentences, by section (``CASINO_SECTIONS``): the
    statement of each rule field is ``game.rulesets.words.describe``'s, the rest (the engine's
    fixed behaviour) is said here."""
    facts: dict[str, list[Fact]] = {section: [] for section in CASINO_SECTIONS}
    words = {sentence.key: sentence.text for sentence in describe(rules)}

    def add(section: str, key: str, text: str) -> None:
        facts[section].append(Fact(key, text))

    def rule(section: str, *keys: str) -> None:
        for key in keys:
            if key in words:
                add(section, key, words[key])

    rule("cards", "decks")

    # The deal (round.deal): card order, hole card or none, the peek.
    rule("deal", "hole_card", "peek")
    add(
        "deal",
        "natural_stands",
        _("A natural (an ace and a ten-value card as the first two cards) stands at once."),
    )

    # The player's options (round.legal_actions).
    rule(
        "options",
        "stand_21",
        "max_draws",
        "double",
        "double_for_less",
        "split",
        "das",
        "split_aces",
        "split_aces_hit",
        "surrender",
    )
    if rules.surrender == "early":
        add(
            "options",
            "surrender_closes",
            _(
                "The dealer offers surrender to every player in turn before anyone draws a "
                "card; once play begins it is gone."
            ),
        )

    # The dealer's rule (round._play_dealer).
    add(
        "dealer",
        "dealer_draws",
        _("The dealer has no choices: the dealer draws on 16 or less."),
    )
    rule("dealer", "soft_17")
    add(
        "dealer",
        "dealer_idle",
        _(
            "When every hand is already settled (bust, surrendered or a natural), the dealer "
            "shows the second card and draws no more."
        )
        if rules.dealer_hole_card
        else _(
            "When every hand is bust or surrendered and no insurance waits, the dealer takes "
            "no second card. A natural still standing gets it only against an ace or a "
            "ten-value upcard, to see whether the natural pushes."
        ),
    )

    # Payouts (round._settle).
    add("payouts", "win", _("A win pays 1:1: you get your bet back and as much again."))
    rule("payouts", "natural_payout")
    add("payouts", "natural_push", _("Your natural against a dealer natural is a push."))
    if rules.max_split_hands > 1:
        add(
            "payouts",
            "split_21",
            _("After a split, an ace with a ten-value card is 21, not a natural: it pays 1:1."),
        )
    if rules.double_on != "none":
        add(
            "payouts",
            "double_payout",
            _("A doubled hand wins or loses its whole bet, the added chips included."),
        )
    rule("payouts", "three_sevens")

    # Special rules: insurance, even money, three sevens.
    rule("special", "insurance")
    if rules.insurance:
        add(
            "special",
            "insurance_when",
            _(
                "Insurance is decided before anyone plays and settled when the dealer's "
                "second card comes: it wins only if the dealer has a natural."
            )
            if not rules.dealer_peeks
            else _(
                "Insurance is decided before the dealer checks for a natural, and it wins only "
                "if the dealer has one."
            ),
        )
    rule("special", "even_money")
    if rules.three_sevens_payout is not None and not rules.dealer_peeks:
        add(
            "special",
            "three_sevens_kept",
            _(
                "Three sevens are paid before the dealer plays: a dealer natural found later "
                "does not take them back."
            ),
        )

    # How a round ends (round._settle).
    add(
        "end",
        "bust",
        _("A hand past 21 is bust and loses at once, even if the dealer busts later."),
    )
    add("end", "dealer_bust", _("If the dealer busts, every hand still standing wins."))
    add(
        "end",
        "compare",
        _("Otherwise the higher total wins; equal totals are a push and the bet comes back."),
    )
    add(
        "end",
        "drawn_21",
        _("A dealer natural beats every hand but a natural, a 21 of three or more cards too."),
    )
    rule("end", "dealer_natural")
    return facts


def key_facts(rules: Rules) -> list[Fact]:
    """The facts the index shows for a game, those that tell the games apart: decks,
    doubling, splitting, surrender and insurance (decks, draw limit, the punter's natural and
    the rotation in the banker game)."""
    keys: tuple[str, ...]
    if rules.game == "banker":
        keys = ("decks", "max_draws", "punter_natural", "rotation")
        by_section = banker_facts(rules)
    else:
        keys = ("decks", "double", "split", "surrender", "insurance")
        by_section = casino_facts(rules)
    by_key = {f.key: f for section in by_section.values() for f in section}
    return [by_key[key] for key in keys if key in by_key]


# -- the banker game (banker.py) -------------------------------------------------------------
def banker_facts(rules: Rules) -> dict[str, list[Fact]]:
    """The rules of the banker game "Двадцать одно" as sentences, by section
    (``BANKER_SECTIONS``): decks, draw limit and the natural's payout from ``rules`` (the
    preset, which tests/rulebook checks against banker.py), the rest from banker.py."""
    facts: dict[str, list[Fact]] = {section: [] for section in BANKER_SECTIONS}

    def add(section: str, key: str, text: str) -> None:
        facts[section].append(Fact(key, text))

    words = {sentence.key: sentence.text for sentence in describe(rules)}
    add("cards", "decks", words["decks"])
    add("cards", "ace", _("An ace counts 1 or 11, whichever gives the better total."))
    add("cards", "soft_12", _("Two aces are a soft 12, not a natural."))

    add(
        "bank",
        "seats",
        ngettext(
            "A table seats %(min)d to %(max)d player.",
            "A table seats %(min)d to %(max)d players.",
            banker.MAX_SEATS,
        )
        % {"min": banker.MIN_SEATS, "max": banker.MAX_SEATS},
    )
    add(
        "bank",
        "banker_plays",
        _("The banker plays against every punter; punters never play against each other."),
    )
    add(
        "bank",
        "stakes",
        _("Each punter stakes what he likes within the table's limits; the banker does not stake."),
    )

    add(
        "deal",
        "deal_order",
        _(
            "The banker deals two cards to every player and to himself, one at a time, "
            "starting with the player on his left and ending with himself."
        ),
    )
    add(
        "deal",
        "banker_natural",
        _(
            "The banker looks at his cards first: with a natural he shows it at once and takes "
            "every stake, a punter's natural too."
        ),
    )

    add("drawing", "max_draws", words["max_draws"])
    add(
        "drawing",
        "draw_order",
        _("Punters draw in the order of the deal, the banker last."),
    )
    add("drawing", "at_21", _("A hand at 21 is not offered another card."))
    add(
        "drawing",
        "ai",
        _(
            "At our table the AI players play at the level chosen for them: at the easy level "
            "a punter stops drawing at %(punter)d or more, the banker at %(banker)d or more; "
            "at the normal level they play the best play by total that this game's analysis "
            "finds, and at the hard level the banker also weighs what each punter shows."
        )
        % {"punter": banker.PUNTER_STANDS_ON, "banker": banker.BANKER_STANDS_ON},
    )

    add("payouts", "punter_natural", words["punter_natural"])
    add(
        "payouts",
        "win",
        _(
            "A punter with a higher total than the banker wins as much as the stake; a lower "
            "total loses the stake; equal totals are a push."
        ),
    )
    add(
        "payouts",
        "banker_bust",
        _("A banker who goes past 21 pays %(payout)s to every punter still standing.")
        % {"payout": ratio(banker.BANKER_BUST_PAYS)},
    )

    add(
        "talia",
        "talia_size",
        ngettext(
            "A talia is one pass through the shoe: %(cards)d card, shuffled once.",
            "A talia is one pass through the shoe: %(cards)d cards, shuffled once.",
            rules.decks * 52,
        )
        % {"cards": rules.decks * 52},
    )
    add(
        "talia",
        "talia_end",
        ngettext(
            "A new deal starts only while at least %(cards)d card per seat is left (two dealt, "
            "the rest for drawing); otherwise the talia is over.",
            "A new deal starts only while at least %(cards)d cards per seat are left (two "
            "dealt, the rest for drawing); otherwise the talia is over.",
            banker.CARDS_PER_SEAT_WORST_CASE,
        )
        % {"cards": banker.CARDS_PER_SEAT_WORST_CASE},
    )
    add(
        "talia",
        "rotation",
        _(
            "After each talia the cards are shuffled again and the bank passes to the player "
            "on the banker's left."
        ),
    )

    add("end", "bust", _("Whoever draws past 21 loses, punter or banker."))
    add(
        "end",
        "both_bust",
        _("When a punter and the banker both go past 21, neither wins: the stake comes back."),
    )
    add(
        "end",
        "settle_each",
        _(
            "Each punter is settled with the banker alone: what the punters win the banker "
            "pays, what they lose he takes."
        ),
    )
    return facts
