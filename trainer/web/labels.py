"""Translated names of the engine's values (actions, outcomes, ranks, suits, a card, the
games, grades, AI levels and grading standards) and the message of every reason the engine
refuses something for (``REASON_MESSAGES``). The engine speaks English and ``Reason``
codes; every word a person reads comes from here or from a template."""

from typing import Any

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from game.engine.banker import BankerAction, BankerOutcome, Role
from game.engine.cards import Card, Rank, Suit
from game.engine.errors import EngineError, Reason
from game.engine.round import Action, Outcome
from game.engine.strategy.advisor import Severity

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

# What New session says when a game needs more seats than were chosen (its GameType's
# min_seats), by the kind of game: only the banker game needs two.
MORE_SEATS_MESSAGES: dict[str, StrPromise] = {
    "banker": _("The banker game needs at least two players, so one AI player joined you."),
}

# -- the engine's reasons ------------------------------------------------------------------------
# One message per Reason: tests/game/test_reason_messages.py fails on a member without one, or
# whose message is not translated, so a new reason cannot reach a page in English.
REASON_MESSAGES: dict[Reason, StrPromise] = {
    # Illegal actions of the casino round.
    Reason.ROUND_OVER: _("This round is over. Place a bet and deal a new one."),
    Reason.UNKNOWN_ACTION: _("That is not an action of this game."),
    Reason.INSURANCE_FIRST: _("Decide on insurance first: take it or decline it."),
    Reason.INSURANCE_NONE: _("Insurance is not offered at this table."),
    Reason.INSURANCE_CLOSED: _("Insurance is offered only before your first decision."),
    Reason.INSURANCE_AMOUNT: _("Insurance costs at most half of your bet."),
    Reason.SURRENDER_DECIDE: _("Decide on surrender first: surrender or play on."),
    Reason.SURRENDER_NOT_OFFERED: _(
        "Surrender is not on offer now, so there is nothing to decline."
    ),
    Reason.SURRENDER_NONE: _("Surrender is not offered at this table."),
    Reason.SURRENDER_FIRST: _("You can surrender only as your first decision."),
    Reason.SURRENDER_ACE: _("Surrender is not allowed against a dealer ace."),
    Reason.SURRENDER_CLOSED: _("Surrender ended when the next card was dealt."),
    Reason.SPLIT_ACES_ONE_CARD: _("Split aces get one card each and cannot draw more."),
    Reason.DOUBLE_NONE: _("Doubling is not allowed in this game."),
    Reason.DOUBLE_TWO_CARDS: _("You can double only on your first two cards."),
    Reason.DOUBLE_AFTER_SPLIT: _("Doubling after a split is not allowed at this table."),
    Reason.DOUBLE_TOTAL: _("At this table you may double only on certain totals."),
    Reason.DOUBLE_AMOUNT: _("That is not an amount you can double for here."),
    Reason.SPLIT_NONE: _("Splitting is not allowed in this game."),
    Reason.SPLIT_PAIR: _("You can split only two cards of equal value."),
    Reason.SPLIT_RANK: _("You can split only two cards of the same rank."),
    Reason.SPLIT_LIMIT: _("You already hold the most hands that splitting allows."),
    Reason.RESPLIT_ACES: _("Aces can be split only once."),
    # Illegal actions of the banker game (seed 003).
    Reason.DEAL_OVER: _("This deal is over. Deal a new one."),
    Reason.NOT_YOUR_TURN: _(
        "It is not your turn: play goes from the banker's left, the banker last."
    ),
    Reason.MAX_DRAWS: _("A hand may draw at most three cards. Stand now."),
    Reason.AT_21: _("You have 21: another card could only lower it or bust it."),
    # The state of a table's game (the same words the table used before these reasons).
    Reason.ROUND_IN_PLAY: _("Finish the round in play before dealing a new one."),
    Reason.NO_ROUND: _("No round is in play yet. Place a bet and deal first."),
    Reason.OTHER_SEAT_TO_ACT: _("It is another player's turn now."),
    Reason.DEAL_IN_PLAY: _("Finish the deal in play before dealing a new one."),
    Reason.NO_DEAL: _("No deal is in play yet. Deal first."),
    # Bets and stakes.
    Reason.BET_MISSING: _("Every player places a bet before the deal."),
    Reason.BET_AMOUNT: _("A bet must be a positive number of chips."),
    Reason.STAKE_SEAT: _("That seat does not stake: only the punters at this table stake."),
    Reason.STAKE_LIMITS: _("That stake is outside this table's limits."),
    # The banker game's table.
    Reason.TALIA_OVER: _("The talia is over: the bank passes to the left before the next deal."),
    Reason.INVALID_TABLE: _("A table cannot be set up like that."),
    # Rules.
    Reason.UNKNOWN_VARIANT: _("There is no such game."),
    Reason.UNKNOWN_RULE: _("There is no such rule."),
    Reason.RULE_VALUE: _("One of the rules has a value no game can have."),
    Reason.PEEK_NEEDS_HOLE_CARD: _("A dealer without a hole card cannot peek for a natural."),
    # The same words as the custom-rules form's (game/rulesets.py), so one translation each.
    Reason.EVEN_MONEY_NEEDS_INSURANCE: _(
        "Even money is insurance taken on a natural, so it needs insurance."
    ),
    Reason.INSURANCE_FOR_LESS_NEEDS_INSURANCE: _(
        "Insuring for less needs insurance to be offered."
    ),
    Reason.HOLE_CARD_FIRST_NEEDS_HOLE_CARD: _(
        "The hole card can be dealt first only in a game with a hole card."
    ),
    # Cards and the shoe.
    Reason.INVALID_CARD: _("That is not a card."),
    Reason.SHOE_EXHAUSTED: _("The shoe has no cards left."),
    # The strategy engine.
    Reason.CASINO_GAME_ONLY: _("The strategy engine values only the games against a dealer."),
    Reason.HAND_NOT_VALUED: _("The strategy engine cannot value this hand."),
    Reason.TOO_FEW_CARDS: _("Too few cards are still unseen for the count to value your plays."),
    Reason.INVALID_COMPOSITION: _("These cards do not fit the shoe."),
    # Card counting.
    Reason.COUNTING: _("This count cannot be worked out for this shoe and counting system."),
    # Scripted rounds.
    Reason.INVALID_SCENARIO: _("This scripted round cannot be played."),
}


def reason_message(error: EngineError) -> str:
    """The message of ``error.reason`` in the active language.

    No fallback to the engine's English ``message``: a reason without a message raises
    KeyError, a bug that tests/game/test_reason_messages.py catches first."""
    return str(REASON_MESSAGES[error.reason])


def card_view(card: Card) -> dict[str, Any]:
    """A face-up card: its printed rank, suit symbol, colour and spoken name."""
    return {
        "rank": card.rank.label,
        "suit": card.suit.symbol,
        "suit_code": card.suit.value,
        "red": card.suit.is_red,
        "name": gettext("%(rank)s of %(suit)s")
        % {"rank": RANK_NAMES[card.rank], "suit": SUIT_NAMES[card.suit]},
    }


SEVERITY_LABELS: dict[str, StrPromise] = {
    Severity.CLOSE: pgettext_lazy("decision grade", "Close call"),
    Severity.BY_CHART: _("By the chart: correct"),
    Severity.INACCURACY: pgettext_lazy("decision grade", "Inaccuracy"),
    Severity.MISTAKE: pgettext_lazy("decision grade", "Mistake"),
    Severity.BLUNDER: pgettext_lazy("decision grade", "Blunder"),
}


# The AI levels by the kind of game (Rules.game): the same three names (game/engine/
# players.py, banker_players.py), each game's own play behind them.
# One name per level whatever the game, since the New session form offers every game at
# once: easy is a rule of thumb (a casino seat hits below 17; in the banker game a punter
# draws below 16, the banker below 17), normal the best play by total (the basic strategy
# chart; the banker game's best play by total), hard the best play of the cards in view
# (the exact play of its own cards; a banker who weighs what the punters show).
AI_LEVEL_NAMES: dict[str, StrPromise] = {
    "easy": pgettext_lazy("AI level", "Easy: a simple rule of thumb"),
    "normal": pgettext_lazy("AI level", "Normal: the best play by total"),
    "hard": pgettext_lazy("AI level", "Hard: the best play of the cards in view"),
}

STANDARD_LABELS = {
    "exact": pgettext_lazy("grading standard", "the exact play"),
    "chart": pgettext_lazy("grading standard", "the basic strategy chart"),
}
