"""Translated names of the engine's values (actions, outcomes, ranks, suits) and the
messages shown for the engine's illegal-action codes. The engine speaks English codes; every
word a person reads comes from here or from a template."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from game.engine.banker import BankerAction, BankerOutcome, Role
from game.engine.cards import Rank, Suit
from game.engine.round import Action, Outcome

# The button words are each language's own terms (seed 000: "Daj kartu", "Stani",
# "Dupliraj", "Podeli"; seed 002: "Ещё", "Хватит"...).
ACTION_LABELS = {
    Action.HIT: pgettext_lazy("blackjack action", "Hit"),
    Action.STAND: pgettext_lazy("blackjack action", "Stand"),
    Action.DOUBLE: pgettext_lazy("blackjack action", "Double"),
    Action.SPLIT: pgettext_lazy("blackjack action", "Split"),
    Action.SURRENDER: pgettext_lazy("blackjack action", "Surrender"),
    Action.NO_SURRENDER: pgettext_lazy("blackjack action", "No surrender"),
    Action.INSURANCE: pgettext_lazy("blackjack action", "Insurance"),
    Action.NO_INSURANCE: pgettext_lazy("blackjack action", "No insurance"),
}

# Keyboard shortcut of each action button (Enter/Space deal).
ACTION_KEYS = {
    Action.HIT: "h",
    Action.STAND: "s",
    Action.DOUBLE: "d",
    Action.SPLIT: "p",
    Action.SURRENDER: "r",
    # The surrender and insurance phases never overlap: N declines whichever is offered.
    Action.NO_SURRENDER: "n",
    Action.INSURANCE: "y",
    Action.NO_INSURANCE: "n",
}

# Insurance offered to a natural is even money (the drills' words, each language's term:
# "isplata 1:1", "выплата 1:1", "изплащане 1:1").
EVEN_MONEY_LABELS = {
    Action.INSURANCE: pgettext_lazy("drill even money", "Take even money"),
    Action.NO_INSURANCE: pgettext_lazy("drill even money", "Decline even money"),
}


def action_label(action: Action, *, even_money: bool = False) -> str:
    """The button word of ``action`` in the active language; with ``even_money`` (the
    insurance decision of a natural) the even-money words."""
    if even_money and action in EVEN_MONEY_LABELS:
        return str(EVEN_MONEY_LABELS[action])
    return str(ACTION_LABELS[action])


# The result of a natural that took even money in full: paid 1:1 whatever the dealer holds.
EVEN_MONEY_OUTCOME = pgettext_lazy("hand outcome", "Even money")

OUTCOME_LABELS = {
    Outcome.WIN: pgettext_lazy("hand outcome", "Win"),
    Outcome.LOSE: pgettext_lazy("hand outcome", "Lose"),
    Outcome.PUSH: pgettext_lazy("hand outcome", "Push"),
    Outcome.BLACKJACK: pgettext_lazy("hand outcome", "Blackjack"),
    Outcome.SURRENDER: pgettext_lazy("hand outcome", "Surrendered"),
    Outcome.BUST: pgettext_lazy("hand outcome", "Bust"),
    Outcome.THREE_SEVENS: pgettext_lazy("hand outcome", "Three sevens"),
}

# The variants of VARIANTS.md, by preset name.
VARIANT_NAMES = {
    "european": _("European blackjack"),
    "ajnc": _("Serbian Ajnc"),
    "croatian": _("Croatian casino blackjack"),
    "russian": _("Russian online blackjack"),
    "dvadtsat-odno": _("Twenty-one with a rotating bank"),
}

RANK_NAMES = {
    Rank.ACE: pgettext_lazy("card rank", "Ace"),
    Rank.TWO: pgettext_lazy("card rank", "Two"),
    Rank.THREE: pgettext_lazy("card rank", "Three"),
    Rank.FOUR: pgettext_lazy("card rank", "Four"),
    Rank.FIVE: pgettext_lazy("card rank", "Five"),
    Rank.SIX: pgettext_lazy("card rank", "Six"),
    Rank.SEVEN: pgettext_lazy("card rank", "Seven"),
    Rank.EIGHT: pgettext_lazy("card rank", "Eight"),
    Rank.NINE: pgettext_lazy("card rank", "Nine"),
    Rank.TEN: pgettext_lazy("card rank", "Ten"),
    Rank.JACK: pgettext_lazy("card rank", "Jack"),
    Rank.QUEEN: pgettext_lazy("card rank", "Queen"),
    Rank.KING: pgettext_lazy("card rank", "King"),
}

SUIT_NAMES = {
    Suit.CLUBS: pgettext_lazy("card suit", "clubs"),
    Suit.DIAMONDS: pgettext_lazy("card suit", "diamonds"),
    Suit.HEARTS: pgettext_lazy("card suit", "hearts"),
    Suit.SPADES: pgettext_lazy("card suit", "spades"),
}

# Messages for IllegalActionError.code; the engine's English text is the fallback.
ILLEGAL_ACTION_MESSAGES = {
    "round_over": _("This round is over. Place a bet and deal a new one."),
    "split_aces_one_card": _("Split aces get one card each and cannot draw more."),
    "double_two_cards": _("You can double only on your first two cards."),
    "double_after_split": _("Doubling after a split is not allowed at this table."),
    "double_total": _("At this table you may double only on certain totals."),
    "split_pair": _("You can split only two cards of equal value."),
    "split_rank": _("You can split only two cards of the same rank."),
    "split_none": _("Splitting is not allowed in this game."),
    "double_none": _("Doubling is not allowed in this game."),
    "double_amount": _("That is not an amount you can double for here."),
    "insurance_amount": _("Insurance costs at most half of your bet."),
    "insurance_first": _("Decide on insurance first: take it or decline it."),
    "insurance_none": _("Insurance is not offered at this table."),
    "insurance_closed": _("Insurance is offered only before your first decision."),
    "split_limit": _("You already hold the most hands that splitting allows."),
    "resplit_aces": _("Aces can be split only once."),
    "surrender_none": _("Surrender is not offered at this table."),
    "surrender_first": _("You can surrender only as your first decision."),
    "surrender_ace": _("Surrender is not allowed against a dealer ace."),
    "surrender_closed": _("Surrender ended when the next card was dealt."),
    "surrender_decide": _("Decide on surrender first: surrender or play on."),
    "surrender_not_offered": _("Surrender is not on offer now, so there is nothing to decline."),
    "unknown_action": _("That is not an action of this game."),
}


# -- the banker game "Двадцать одно" (seed 003) -------------------------------------------------
# Seed 003 calls drawing "прикуп"; the bank holder is the "банкомёт", the others "понтёры",
# one pass through the shoe a "талия".
BANKER_ACTION_LABELS = {
    BankerAction.DRAW: pgettext_lazy("banker game action", "Draw"),
    BankerAction.STAND: pgettext_lazy("banker game action", "Stand"),
}

# Keyboard shortcuts: H or D draws, S stands (Enter/Space deal).
BANKER_ACTION_KEYS = {
    BankerAction.DRAW: "h d",
    BankerAction.STAND: "s",
}

ROLE_LABELS = {
    Role.BANKER: pgettext_lazy("banker game role", "Banker"),
    Role.PUNTER: pgettext_lazy("banker game role", "Punter"),
}

BANKER_OUTCOME_LABELS = {
    BankerOutcome.BANKER_NATURAL: pgettext_lazy("banker game outcome", "Banker's natural"),
    BankerOutcome.BOTH_BUST: pgettext_lazy("banker game outcome", "Both bust"),
    BankerOutcome.BUST: pgettext_lazy("hand outcome", "Bust"),
    BankerOutcome.NATURAL: pgettext_lazy("banker game outcome", "Natural"),
    BankerOutcome.BANKER_BUST: pgettext_lazy("banker game outcome", "Banker bust"),
    BankerOutcome.WIN: pgettext_lazy("hand outcome", "Win"),
    BankerOutcome.LOSE: pgettext_lazy("hand outcome", "Lose"),
    BankerOutcome.PUSH: pgettext_lazy("hand outcome", "Push"),
}

# Messages for the banker engine's IllegalActionError.code.
BANKER_ILLEGAL_MESSAGES = {
    "deal_over": _("This deal is over. Deal a new one."),
    "not_your_turn": _("It is not your turn: play goes from the banker's left, the banker last."),
    "max_draws": _("A hand may draw at most three cards. Stand now."),
    "at_21": _("You have 21: another card could only lower it or bust it."),
    "unknown_action": _("That is not an action of this game."),
}
