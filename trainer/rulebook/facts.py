"""The rules of a game as sentences in the active language, computed from the engine's values.

Every sentence here is chosen and filled in from a ``Rules`` value (game/engine/rules.py) or,
for the banker game, from the constants of game/engine/banker.py, through gettext/ngettext
phrases with placeholders: no number or option of a rule is typed into a page, so changing a
preset (or building a custom rule set) changes its rule page. Sentences that hold for every
rule set are the engine's fixed behaviour (round.py, hands.py) and are named as such.

Shapes: ``casino_facts(rules)`` and ``banker_facts(rules)`` return ``{section: [Fact, ...]}``
with the sections in page order; a ``Fact`` is a stable ``key`` (tests and the "this site's
choices" notes refer to it) and the ``text`` in the active language. Amounts are chips,
written exactly (``chips``) in the active language's number format.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from game.engine import banker
from game.engine.rules import Rules

# The bet of the worked payouts ("on a bet of 10 chips a natural wins 15").
EXAMPLE_BET = 10

CASINO_SECTIONS = ("cards", "deal", "options", "dealer", "payouts", "special", "end")
BANKER_SECTIONS = ("cards", "bank", "deal", "drawing", "payouts", "talia", "end")


@dataclass(frozen=True, slots=True)
class Fact:
    """One rule as a sentence: ``key`` names the rule (e.g. "decks", "soft_17"), ``text`` is
    the sentence in the active language."""

    key: str
    text: str


# -- formatting ------------------------------------------------------------------------------
def ratio(value: Fraction) -> str:
    """A payout as players write it: 3/2 -> "3:2", 2 -> "2:1"."""
    value = Fraction(value)
    return f"{value.numerator}:{value.denominator}"


def chips(amount: Fraction | int) -> str:
    """An exact chip amount in the active language's number format: 15 -> "15",
    15/2 -> "7.5" (en) or "7,5" (ru, sr, hr, bg), 1000 -> "1,000" / "1 000"."""
    amount = Fraction(amount)
    if amount.denominator == 1:
        return formats.number_format(int(amount), use_l10n=True, force_grouping=True)
    exact = Decimal(amount.numerator) / Decimal(amount.denominator)
    exponent = exact.normalize().as_tuple().exponent
    assert isinstance(exponent, int)  # a finite amount, never NaN or infinity
    places = max(0, -exponent)
    return formats.number_format(exact, decimal_pos=places, use_l10n=True, force_grouping=True)


def signed_chips(amount: Fraction | int) -> str:
    """A net with its sign: "+15", "0", or U+2212 (the minus sign) and "10"."""
    amount = Fraction(amount)
    if amount > 0:
        return f"+{chips(amount)}"
    if amount < 0:
        return f"\u2212{chips(-amount)}"
    return chips(amount)


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


# -- sentences used on several pages ---------------------------------------------------------
def decks_sentence(decks: int) -> str:
    """ "6 decks in the shoe. 312 cards in all." (the deck phrase is the table's own)."""
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
    """What may be split and into how many hands (the table's own phrases)."""
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


def natural_payout_sentence(rules: Rules) -> str:
    """ "A natural pays 3:2: on a bet of 10 chips it wins 15." """
    return _("A natural pays %(payout)s: on a bet of %(bet)s chips it wins %(win)s.") % {
        "payout": ratio(rules.blackjack_payout),
        "bet": chips(EXAMPLE_BET),
        "win": chips(EXAMPLE_BET * rules.blackjack_payout),
    }


# -- the casino game (round.py) --------------------------------------------------------------
def casino_facts(rules: Rules) -> dict[str, list[Fact]]:
    """Every rule of a casino game as sentences, by section (``CASINO_SECTIONS``)."""
    facts: dict[str, list[Fact]] = {section: [] for section in CASINO_SECTIONS}

    def add(section: str, key: str, text: str) -> None:
        facts[section].append(Fact(key, text))

    # Card values: the shoe.
    add("cards", "decks", decks_sentence(rules.decks))

    # The deal (round.deal): card order, hole card or none, the peek.
    if not rules.dealer_hole_card:
        add(
            "deal",
            "hole_card",
            _(
                "The deal: a card to each player, the dealer's face-up card, a second card to "
                "each player. The dealer has no hole card: the second card comes only after "
                "every player has finished (ENHC)."
            ),
        )
    elif rules.hole_card_first:
        add(
            "deal",
            "hole_card",
            _(
                "The deal: a card to each player, the dealer's face-down card (the hole card), "
                "a second card to each player, then the dealer's face-up card."
            ),
        )
    else:
        add(
            "deal",
            "hole_card",
            _(
                "The deal: a card to each player, the dealer's face-up card, a second card to "
                "each player, then the dealer's face-down card (the hole card)."
            ),
        )
    if rules.dealer_peeks:
        add(
            "deal",
            "peek",
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
        add(
            "deal",
            "peek",
            _(
                "The dealer does not look at the hole card for a natural: it is turned only "
                "after every player has finished."
            ),
        )
    add(
        "deal",
        "natural_stands",
        _("A natural (an ace and a ten-value card as the first two cards) stands at once."),
    )

    # The player's options (round.legal_actions).
    add(
        "options",
        "stand_21",
        _("A hand that reaches 21 stands by itself.")
        if rules.auto_stand_21
        else _("A hand that reaches 21 does not stop by itself: you stand when you choose."),
    )
    if rules.max_draws is not None:
        add("options", "max_draws", max_draws_sentence(rules.max_draws))
    totals = double_totals(rules)
    if rules.double_on == "none":
        add("options", "double", _("Doubling is not allowed in this game."))
    elif not totals:
        add(
            "options",
            "double",
            _("Double on any first two cards: you double the bet and get exactly one more card."),
        )
    else:
        add(
            "options",
            "double",
            _(
                "Double only on a hard %(totals)s with your first two cards: you double the "
                "bet and get exactly one more card."
            )
            % {"totals": join_or(totals)},
        )
    if rules.double_on != "none" and rules.double_for_less:
        add(
            "options",
            "double_for_less",
            _("You may double for less: any amount up to your bet."),
        )
    add("options", "split", split_sentence(rules))
    if rules.double_on != "none" and rules.max_split_hands > 1:
        add(
            "options",
            "das",
            _("You may double after a split too (DAS).")
            if rules.double_after_split
            else _("You may not double after a split."),
        )
    if rules.max_split_hands > 1:
        if not rules.resplit_aces and not rules.hit_split_aces:
            add("options", "split_aces", _("Split aces get one card each and are split only once."))
        if rules.resplit_aces:
            add("options", "split_aces", _("Split aces may be split again."))
        if rules.hit_split_aces:
            add("options", "split_aces_hit", _("Split aces may draw more cards."))
    if rules.surrender == "none":
        add("options", "surrender", _("There is no surrender in this game."))
    elif rules.surrender == "late":
        add(
            "options",
            "surrender",
            _("You may surrender your first two cards after the peek and keep half.")
            if rules.surrender_vs_ace
            else _(
                "You may surrender your first two cards after the peek and keep half, "
                "except against an ace."
            ),
        )
    else:
        add(
            "options",
            "surrender",
            _("You may surrender as your first decision and keep half.")
            if rules.surrender_vs_ace
            else _(
                "You may surrender as your first decision and keep half, except against an ace."
            ),
        )
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
    add("dealer", "soft_17", soft_17_sentence(rules))
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
    add("payouts", "natural_payout", natural_payout_sentence(rules))
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
    if rules.three_sevens_payout is not None:
        add(
            "payouts",
            "three_sevens",
            _("Three sevens as a hand's first three cards pay %(payout)s at once.")
            % {"payout": ratio(rules.three_sevens_payout)},
        )

    # Special rules: insurance, even money, three sevens.
    if rules.insurance:
        add(
            "special",
            "insurance",
            _("Against a dealer ace you may insure for up to half your bet; it pays 2:1.")
            if rules.insurance_for_less
            else _("Against a dealer ace you may insure for half your bet; it pays 2:1."),
        )
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
        add(
            "special",
            "even_money",
            _("Holding a natural against an ace, you may take even money.")
            if rules.even_money
            else _("A player holding a natural is not offered insurance (no even money)."),
        )
    else:
        add("special", "insurance", _("There is no insurance in this game."))
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
    if rules.dealer_peeks:
        add(
            "end",
            "dealer_natural",
            _(
                "A dealer natural found by the peek costs you only your bet: nobody has "
                "doubled or split yet."
            ),
        )
    elif not rules.dealer_hole_card:
        add(
            "end",
            "dealer_natural",
            _(
                "The dealer takes a second card only after you play; a natural then takes "
                "doubled and split bets too."
            )
            if rules.lose_all_to_natural
            else _(
                "The dealer takes a second card only after you play; a natural then takes "
                "only your initial bet."
            ),
        )
    else:
        add(
            "end",
            "dealer_natural",
            _("The dealer does not peek: a dealer natural takes doubled and split bets too.")
            if rules.lose_all_to_natural
            else _(
                "The dealer does not peek: a dealer natural takes only your initial bet, the "
                "chips added by doubling and splitting come back."
            ),
        )
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

    draws = rules.max_draws if rules.max_draws is not None else banker.MAX_DRAWS
    add("cards", "decks", decks_sentence(rules.decks))
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

    add("drawing", "max_draws", max_draws_sentence(draws))
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
            "At our table an AI punter stops drawing at %(punter)d or more, an AI banker at "
            "%(banker)d or more."
        )
        % {"punter": banker.PUNTER_STANDS_ON, "banker": banker.BANKER_STANDS_ON},
    )

    add(
        "payouts",
        "punter_natural",
        _("A punter's natural is paid %(payout)s, and it beats a banker's 21 made by drawing.")
        % {"payout": ratio(rules.blackjack_payout)},
    )
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
