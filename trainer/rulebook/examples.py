"""Worked examples for the rule pages, played by the engine.

Each example is a few hands drawn as cards with their totals and results. The cards are
chosen here (a stacked shoe, ``Shoe.stacked_from``); everything else, totals, soft or hard,
who draws, outcomes and nets, comes from the engine: ``hands.hand_value`` for counting,
``round.deal``/``round.apply`` for casino rounds under the page's Rules, and
``banker.start_deal``/``banker.apply`` for the banker game. The captions are chosen from what
the engine did and filled with its numbers, so a page can never show a total or a payout the
engine would not produce. An example the page's rules cannot play (a custom rule set without
doubling has no doubling example) is left out.

Shapes: ``casino_examples(rules)`` and ``banker_examples(rules)`` return ``{section:
[Example, ...]}``; ``counting_examples(cards_lists)`` returns ``[ExampleHand, ...]``. Money is
in chips: each example bets ``rules_words.EXAMPLE_BET``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django_stubs_ext import StrPromise

from game.engine import banker
from game.engine.cards import Card, Shoe, ShoeExhaustedError
from game.engine.hands import hand_value, is_natural
from game.engine.round import IllegalActionError, Outcome, Round, deal
from game.engine.rules import Rules
from game.engine.scenario import apply_scripted
from game.rulesets.words import EXAMPLE_BET, ratio
from trainer.web.labels import BANKER_OUTCOME_LABELS, OUTCOME_LABELS, card_view
from trainer.web.numbers import MINUS, chips, signed_chips


@dataclass(frozen=True, slots=True)
class ExampleHand:
    """One hand of an example: who holds it, its cards (``card_view`` dicts), its best
    ``total`` and softness as the engine counts them, the total in words, and once settled
    its ``outcome`` (code and label) and ``net`` in chips (insurance included; ``extra``
    then says what the insurance did)."""

    label: str
    cards: list[dict[str, Any]]
    total: int
    soft: bool
    total_label: str
    outcome: str | None = None
    outcome_label: str | None = None
    net: Fraction | None = None
    extra: str = ""

    @property
    def net_text(self) -> str:
        """The net with its sign in the active language ("+15", or a minus sign and 10)."""
        return "" if self.net is None else signed_chips(self.net, minus=MINUS)


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example: ``key`` (stable, for tests), ``title``, the hands in table order
    (the dealer or banker last) and a ``caption`` computed from the result."""

    key: str
    title: str
    hands: list[ExampleHand]
    caption: str
    notes: list[str] = field(default_factory=list)


def total_words(
    cards: Sequence[Card], *, natural: bool | None = None, banker_game: bool = False
) -> str:
    """A hand's total in words: "soft 17", "hard 17", "bust (26)", "natural (21)".

    ``natural`` says whether a two-card 21 counts as a natural (not after a split); by
    default it does. In the banker game the natural has its own name (Russian "очко")."""
    value = hand_value(cards)
    if value.total > 21:
        return pgettext("hand total", "bust (%(total)d)") % {"total": value.total}
    if (natural is None or natural) and is_natural(cards):
        if banker_game:
            return pgettext("banker game hand total", "natural (%(total)d)") % {
                "total": value.total
            }
        return pgettext("hand total", "natural (%(total)d)") % {"total": value.total}
    if value.soft:
        return pgettext("hand total", "soft %(total)d") % {"total": value.total}
    return pgettext("hand total", "hard %(total)d") % {"total": value.total}


def _hand(
    label: str,
    cards: Sequence[Card],
    *,
    natural: bool | None = None,
    outcome: str | None = None,
    outcome_label: StrPromise | str | None = None,
    net: Fraction | None = None,
    extra: str = "",
    banker_game: bool = False,
) -> ExampleHand:
    value = hand_value(cards)
    return ExampleHand(
        label=label,
        cards=[card_view(c) for c in cards],
        total=value.total,
        soft=value.soft,
        total_label=total_words(cards, natural=natural, banker_game=banker_game),
        outcome=outcome,
        outcome_label=str(outcome_label) if outcome_label is not None else None,
        net=net,
        extra=extra,
    )


# -- counting ----------------------------------------------------------------------------------
COUNTING_HANDS = (
    ("AS", "6H"),
    ("AS", "6H", "TD"),
    ("AC", "AD"),
    ("2H", "5C", "8S"),
    ("JD", "2S", "AH"),
    ("AH", "KS"),
)


def counting_caption(cards: Sequence[Card]) -> str:
    """Why the hand counts what it does, chosen from hands.hand_value."""
    value = hand_value(cards)
    aces = sum(1 for c in cards if c.points == 1)
    if is_natural(cards):
        return _("An ace with a ten-value card as the first two cards: a natural.")
    if value.soft and aces > 1:
        return _("One ace counts 11 and the other 1: %(total)d.") % {"total": value.total}
    if value.soft:
        return _("The ace counts 11: the total is soft and one more card cannot bust it.")
    if aces:
        return _("The ace must count 1 here, or the total would pass 21.")
    return _("Cards from 2 to 10 count their number, pictures count 10.")


def counting_examples(
    hands: Sequence[Sequence[str]] = COUNTING_HANDS, *, banker_game: bool = False
) -> list[dict[str, Any]]:
    """Each hand of ``hands`` (card codes) with its total in words and why, by hands.py."""
    out = []
    for codes in hands:
        cards = [Card.parse(c) for c in codes]
        hand = _hand("", cards, banker_game=banker_game)
        out.append({"hand": hand, "caption": counting_caption(cards)})
    return out


# -- casino rounds ----------------------------------------------------------------------------
def _stack(
    rules: Rules,
    seats: Sequence[Sequence[str]],
    dealer: Sequence[str],
    player_draws: Sequence[str] = (),
    dealer_draws: Sequence[str] = (),
) -> Shoe:
    """A shoe that deals ``seats`` their two cards and the dealer ``dealer`` ([upcard,
    second card]) in this game's deal order (round.deal), then the players' draws, then the
    dealer's. Without a hole card the dealer's second card comes after the players' draws."""
    first = [s[0] for s in seats]
    second = [s[1] for s in seats]
    if not rules.dealer_hole_card:
        order = [*first, dealer[0], *second, *player_draws, dealer[1], *dealer_draws]
    elif rules.hole_card_first:
        order = [*first, dealer[1], *second, dealer[0], *player_draws, *dealer_draws]
    else:
        order = [*first, dealer[0], *second, dealer[1], *player_draws, *dealer_draws]
    return Shoe.stacked_from(list(order))


def _play(
    rules: Rules,
    seats: Sequence[Sequence[str]],
    dealer: Sequence[str],
    actions: Sequence[str],
    player_draws: Sequence[str] = (),
    dealer_draws: Sequence[str] = (),
) -> Round | None:
    """The settled round, or None when these rules cannot play the script (an illegal
    action, a short shoe, or a round not over when the actions run out)."""
    bets = [EXAMPLE_BET] * len(seats)
    try:
        rnd = deal(rules, bets, _stack(rules, seats, dealer, player_draws, dealer_draws))
        for action in actions:
            rnd = apply_scripted(rnd, action)  # early surrender: played on unless said
    except (IllegalActionError, ShoeExhaustedError):
        return None
    return rnd if rnd.is_over else None


def _round_hands(rnd: Round, labels: Sequence[str]) -> list[ExampleHand]:
    """The settled round's hands (seat labels; split hands share their seat's label) and the
    dealer's, as the engine left them."""
    hands = []
    for hand in rnd.hands:
        hands.append(
            _hand(
                labels[hand.seat],
                hand.cards,
                natural=not hand.from_split,
                outcome=hand.outcome.value if hand.outcome else None,
                outcome_label=OUTCOME_LABELS[hand.outcome] if hand.outcome else None,
                net=hand.bet_net,  # the insurance result has its own line (extra)
                extra=_("insured %(chips)s") % {"chips": chips(hand.insurance)}
                + f" ({signed_chips(hand.insurance_net, minus=MINUS)})"
                if hand.insurance
                else "",
            )
        )
    hands.append(_hand(_("Dealer"), rnd.dealer))
    return hands


def casino_examples(rules: Rules) -> dict[str, list[Example]]:
    """The worked examples of a casino game under ``rules``, by rule-page section."""
    you, other = _("You"), _("Another player")
    out: dict[str, list[Example]] = {}

    def add(section: str, example: Example | None) -> None:
        if example is not None:
            out.setdefault(section, []).append(example)

    add("dealer", _soft_17_example(rules, you))
    add("options", _double_example(rules, you))
    add("options", _split_aces_example(rules, you))
    add("options", _surrender_example(rules, you))
    add("payouts", _natural_vs_three_card_21(rules, you, other))
    add("payouts", _natural_push_example(rules, you))
    add("special", _insurance_example(rules, you))
    add("special", _three_sevens_example(rules, you, other))
    add("end", _bust_first_example(rules, you, other))
    add("end", _dealer_natural_example(rules, you))
    return out


def _soft_17_example(rules: Rules, you: str) -> Example | None:
    rnd = _play(rules, [("TS", "8D")], ("6C", "AH"), ["stand"], dealer_draws=["4S"])
    if rnd is None:
        return None
    if len(rnd.dealer) > 2:
        caption = _(
            "The dealer's ace and six make a soft 17, and this dealer draws on it: %(total)d now."
        ) % {"total": hand_value(rnd.dealer).total}
    else:
        caption = _("The dealer's ace and six make a soft 17, and this dealer stands on it.")
    return Example("soft_17", _("The dealer's soft 17"), _round_hands(rnd, [you]), caption)


def _double_example(rules: Rules, you: str) -> Example | None:
    rnd = _play(rules, [("6H", "5C")], ("TD", "7S"), ["double"], player_draws=["9H"])
    if rnd is None:
        return None
    hand = rnd.hands[0]
    caption = _(
        "Doubling on %(before)d puts %(bet)s chips on the hand and deals it exactly one card: "
        "%(total)d wins %(net)s."
    ) % {
        "before": hand_value(hand.cards[:2]).total,
        "bet": chips(hand.bet),
        "total": hand.value.total,
        "net": chips(hand.net or 0),
    }
    return Example("double", _("Doubling"), _round_hands(rnd, [you]), caption)


def _split_aces_example(rules: Rules, you: str) -> Example | None:
    actions = ["split"] + (["stand", "stand"] if rules.hit_split_aces else [])
    rnd = _play(rules, [("AS", "AD")], ("TC", "8H"), actions, player_draws=["KH", "9C"])
    if rnd is None or len(rnd.hands) != 2:
        return None
    first = rnd.hands[0]
    caption = _(
        "Each ace gets its own bet of %(bet)s chips. The ace and the king make 21, not a "
        "natural: it wins %(net)s against the dealer's %(dealer)d."
    ) % {
        "bet": chips(first.base_bet),
        "net": chips(first.net or 0),
        "dealer": hand_value(rnd.dealer).total,
    }
    return Example("split_aces", _("Splitting aces"), _round_hands(rnd, [you]), caption)


def _surrender_example(rules: Rules, you: str) -> Example | None:
    if rules.surrender == "none":
        return None
    rnd = _play(rules, [("TH", "6S")], ("TS", "7C"), ["surrender"])
    if rnd is None:
        return None
    hand = rnd.hands[0]
    caption = _(
        "Surrendering %(total)d against a ten gives up the hand and half the bet of %(bet)s "
        "chips: %(net)s."
    ) % {
        "total": hand.value.total,
        "bet": chips(hand.bet),
        "net": signed_chips(hand.net or 0, minus=MINUS),
    }
    return Example("surrender", _("Surrender"), _round_hands(rnd, [you]), caption)


def _natural_vs_three_card_21(rules: Rules, you: str, other: str) -> Example | None:
    # The dealer draws only while some hand needs the total: a second player stands on 17.
    rnd = _play(rules, [("AH", "KC"), ("TS", "7D")], ("6S", "5H"), ["stand"], dealer_draws=["KD"])
    if rnd is None:
        return None
    mine = rnd.hands[0]
    caption = _(
        "The dealer draws to %(dealer)d with %(cards)d cards, but a natural is better than any "
        "21 of three cards: the natural wins %(net)s, paid %(payout)s."
    ) % {
        "dealer": hand_value(rnd.dealer).total,
        "cards": len(rnd.dealer),
        "net": chips(mine.net or 0),
        "payout": ratio(rules.blackjack_payout),
    }
    return Example(
        "natural_vs_21",
        _("A natural against a dealer 21 of three cards"),
        _round_hands(rnd, [you, other]),
        caption,
    )


def _natural_push_example(rules: Rules, you: str) -> Example | None:
    rnd = _play(rules, [("AD", "QS")], ("KH", "AC"), [])
    if rnd is None or rnd.hands[0].outcome is not Outcome.PUSH:
        return None
    caption = _("Both have a natural: a push, the bet of %(bet)s chips comes back.") % {
        "bet": chips(rnd.hands[0].bet)
    }
    return Example(
        "natural_push", _("A natural against a natural"), _round_hands(rnd, [you]), caption
    )


def _insurance_example(rules: Rules, you: str) -> Example | None:
    if not rules.insurance:
        return None
    actions = ["insurance"] if rules.dealer_peeks else ["insurance", "stand"]
    rnd = _play(rules, [("TC", "9D")], ("AS", "KH"), actions)
    if rnd is None:
        return None
    hand = rnd.hands[0]
    caption = _(
        "Insurance of %(stake)s chips against the ace wins %(won)s when the dealer has the "
        "natural; the hand's bet of %(bet)s is lost. Net: %(net)s."
    ) % {
        "stake": chips(hand.insurance or 0),
        "won": chips(hand.insurance_net),
        "bet": chips(hand.bet),
        "net": signed_chips(hand.net or 0, minus=MINUS),
    }
    return Example("insurance", _("Insurance against an ace"), _round_hands(rnd, [you]), caption)


def _three_sevens_example(rules: Rules, you: str, other: str) -> Example | None:
    if rules.three_sevens_payout is None:
        return None
    # Where the dealer does not peek, let the dealer turn up a natural after the sevens;
    # another player stands on 18, so the dealer has a hand to play against and draws it.
    second = "9C" if rules.dealer_peeks else "AC"
    rnd = _play(
        rules,
        [("7H", "7S"), ("TC", "8D")],
        ("KD", second),
        ["hit", "stand"],
        player_draws=["7D"],
    )
    if rnd is None or rnd.hands[0].outcome is not Outcome.THREE_SEVENS:
        return None
    hand = rnd.hands[0]
    if is_natural(rnd.dealer):
        caption = _(
            "Three sevens are paid %(net)s at once; the dealer's natural that follows does not "
            "take them back."
        ) % {"net": chips(hand.net or 0)}
    else:
        caption = _("Three sevens are paid %(net)s at once.") % {"net": chips(hand.net or 0)}
    return Example("three_sevens", _("Three sevens"), _round_hands(rnd, [you, other]), caption)


def _bust_first_example(rules: Rules, you: str, other: str) -> Example | None:
    rnd = _play(
        rules,
        [("TH", "6C"), ("TD", "8S")],
        ("6D", "TC"),
        ["hit", "stand"],
        player_draws=["TS"],
        dealer_draws=["8H"],
    )
    if rnd is None or hand_value(rnd.dealer).total <= 21:
        return None
    mine = rnd.hands[0]
    caption = _(
        "You go past 21 and lose %(lost)s at once. The dealer goes past 21 later, with "
        "%(dealer)d: the other player, still standing, wins."
    ) % {"lost": chips(-(mine.net or 0)), "dealer": hand_value(rnd.dealer).total}
    return Example(
        "bust_first", _("Bust first, lose first"), _round_hands(rnd, [you, other]), caption
    )


def _dealer_natural_example(rules: Rules, you: str) -> Example | None:
    if rules.dealer_peeks:
        rnd = _play(rules, [("9S", "7H")], ("TH", "AD"), [])
        if rnd is None:
            return None
        caption = _(
            "The dealer looks under the ten, finds the natural and the round ends before you "
            "act: you lose your bet of %(lost)s chips."
        ) % {"lost": chips(-(rnd.hands[0].net or 0))}
        return Example("dealer_natural", _("The dealer's peek"), _round_hands(rnd, [you]), caption)
    rnd = _play(rules, [("6S", "5D")], ("TH", "AD"), ["double"], player_draws=["9C"])
    if rnd is None:  # no doubling on 11 here: stand on 16 instead
        rnd = _play(rules, [("9S", "7H")], ("TH", "AD"), ["stand"])
        if rnd is None:
            return None
        caption = _(
            "You stand on %(total)d; then the dealer's natural shows up and takes your bet of "
            "%(lost)s chips."
        ) % {"total": rnd.hands[0].value.total, "lost": chips(-(rnd.hands[0].net or 0))}
        title = _("A dealer natural after you play")
        return Example("dealer_natural", title, _round_hands(rnd, [you]), caption)
    hand = rnd.hands[0]
    lost = -(hand.net or 0)
    if lost == hand.bet:
        caption = _(
            "You doubled on %(before)d to %(total)d; then the dealer's natural shows up and "
            "takes the whole bet of %(lost)s chips."
        )
    else:
        caption = _(
            "You doubled on %(before)d to %(total)d; then the dealer's natural shows up, but "
            "takes only %(lost)s chips, the initial bet."
        )
    caption = caption % {
        "before": hand_value(hand.cards[:2]).total,
        "total": hand.value.total,
        "lost": chips(lost),
    }
    return Example(
        "dealer_natural",
        _("A dealer natural after you doubled"),
        _round_hands(rnd, [you]),
        caption,
    )


# -- the banker game ------------------------------------------------------------------------------
def _banker_deal(
    seats: dict[int, Sequence[str]],
    actions: Sequence[tuple[int, str]] = (),
    draws: Sequence[str] = (),
    banker_seat: int = 0,
    settled: bool = True,
) -> banker.BankerDeal | None:
    """A settled deal of the banker game: ``seats`` gives each seat's two dealt cards (they
    are stacked in deal order, seed 003 rule 4), ``draws`` the cards drawn in order,
    ``actions`` (seat, "draw"/"stand") in play order; every punter stakes EXAMPLE_BET.
    None when the script cannot be played, or (with ``settled``) leaves the deal unsettled."""
    count = len(seats)
    table = banker.new_table(count, banker_seat, shoe=Shoe.stacked_from([]))
    order = banker.deal_order(count, banker_seat)
    stacked = [seats[s][0] for s in order] + [seats[s][1] for s in order] + list(draws)
    stakes = {s: EXAMPLE_BET for s in table.punter_seats}
    try:
        game = banker.start_deal(table, stakes, Shoe.stacked_from(stacked))
        for seat, action in actions:
            game = banker.apply(game, action, seat=seat)
    except (IllegalActionError, ShoeExhaustedError):
        return None
    return game if game.is_over or not settled else None


def _banker_hands(game: banker.BankerDeal) -> list[ExampleHand]:
    """Punters in deal order, then the banker, as the engine settled them."""
    hands = []
    for seat in game.order:
        hand = game.hands[seat]
        if hand.is_banker:
            label = pgettext("banker game role", "Banker")
        else:
            label = _("Punter %(number)d") % {"number": game.order.index(seat) + 1}
        hands.append(
            _hand(
                label,
                hand.cards,
                outcome=hand.outcome.value if hand.outcome else None,
                outcome_label=BANKER_OUTCOME_LABELS[hand.outcome] if hand.outcome else None,
                net=hand.net,
                banker_game=True,
            )
        )
    return hands


def banker_examples(rules: Rules) -> dict[str, list[Example]]:
    """The worked examples of the banker game "Двадцать одно" (banker.py), by section."""
    out: dict[str, list[Example]] = {}

    natural = _banker_deal({0: ("AS", "KH"), 1: ("AD", "QC"), 2: ("TH", "8S")})
    if natural is not None:
        out.setdefault("deal", []).append(
            Example(
                "banker_natural",
                _("The banker's natural"),
                _banker_hands(natural),
                _(
                    "The banker shows the natural at once: the deal is over and the banker "
                    "takes %(won)s, both stakes, the punter's natural too."
                )
                % {"won": chips(natural.banker_hand.net or 0)},
            )
        )

    drawn = _drawing_limit_example()
    if drawn is not None:
        out.setdefault("drawing", []).append(drawn)

    natural_21 = _banker_deal(
        {0: ("5C", "6D"), 1: ("AH", "KS")}, actions=[(0, "draw"), (0, "stand")], draws=["KD"]
    )
    if natural_21 is not None:
        punter = natural_21.hands[1]
        out.setdefault("payouts", []).append(
            Example(
                "punter_natural",
                _("A punter's natural against a drawn 21"),
                _banker_hands(natural_21),
                _(
                    "The banker draws to 21, but the punter's natural came with the deal and "
                    "is better: the punter wins %(net)s on a stake of %(stake)s."
                )
                % {"net": chips(punter.net or 0), "stake": chips(punter.stake)},
            )
        )

    compare = _banker_deal(
        {0: ("TD", "4C"), 1: ("TH", "9C"), 2: ("TS", "7H"), 3: ("9D", "9S")},
        actions=[(1, "stand"), (2, "stand"), (3, "stand"), (0, "draw"), (0, "stand")],
        draws=["4H"],
    )
    if compare is not None:
        out.setdefault("payouts", []).append(
            Example(
                "compare",
                _("Higher, lower, equal"),
                _banker_hands(compare),
                _(
                    "The banker stands on %(total)d: the higher punter wins, the lower loses, "
                    "the equal one takes the stake back. The banker's net: %(net)s."
                )
                % {
                    "total": compare.banker_hand.total,
                    "net": signed_chips(compare.banker_hand.net or 0, minus=MINUS),
                },
            )
        )

    busts = _banker_deal(
        {0: ("TC", "5S"), 1: ("TD", "8C"), 2: ("TH", "6D")},
        actions=[(1, "stand"), (2, "draw"), (0, "draw")],
        draws=["8S", "9H"],
    )
    if busts is not None and busts.hands[2].outcome is banker.BankerOutcome.BOTH_BUST:
        standing = busts.hands[1]
        out.setdefault("end", []).append(
            Example(
                "banker_bust",
                _("The banker goes past 21"),
                _banker_hands(busts),
                _(
                    "The banker goes past 21 with %(total)d. The punter who stood wins %(net)s, "
                    "double the stake; the punter who also went past 21 gets the stake back."
                )
                % {"total": busts.banker_hand.total, "net": chips(standing.net or 0)},
            )
        )
    return out


def _drawing_limit_example() -> Example | None:
    """The banker draws three cards; the engine then offers only "stand" (seed 003 rule 9)."""
    game = _banker_deal(
        {0: ("2C", "3D"), 1: ("9H", "9S")},
        actions=[(1, "stand"), (0, "draw"), (0, "draw"), (0, "draw")],
        draws=["2H", "4S", "3C"],
        settled=False,
    )
    if game is None or game.to_act != game.banker:
        return None
    left = banker.legal_actions(game)
    game = banker.apply(game, banker.BankerAction.STAND, seat=game.banker)
    punter = game.hands[1]
    if left == (banker.BankerAction.STAND,):
        caption = _(
            "The banker has drawn %(drawn)d cards to reach %(total)d and may draw no more; "
            "the punter's %(punter)d wins %(net)s."
        )
    else:
        caption = _(
            "The banker has drawn %(drawn)d cards to reach %(total)d and stands; the punter's "
            "%(punter)d wins %(net)s."
        )
    caption = caption % {
        "drawn": game.banker_hand.drawn,
        "total": game.banker_hand.total,
        "punter": punter.total,
        "net": chips(punter.net or 0),
    }
    return Example("max_draws", _("Drawing to the limit"), _banker_hands(game), caption)


def rotation_example(seats: int = 4) -> list[str]:
    """Two talias at a table of ``seats``: who deals to whom, and where the bank goes, as
    banker.deal_order and banker.end_of_talia compute it (seats numbered from 1)."""
    table = banker.new_table(seats, 0, shoe=Shoe.stacked_from([]))
    lines = []
    for _talia in range(2):
        order = banker.deal_order(table.seats, table.banker)
        lines.append(
            _(
                "The bank is at seat %(banker)d: the cards go to seats %(order)s, and to the "
                "banker last."
            )
            % {
                "banker": table.banker + 1,
                "order": ", ".join(str(s + 1) for s in order[:-1]),
            }
        )
        table = banker.end_of_talia(table, shoe=Shoe.stacked_from([]))
    lines.append(
        _("After the second talia the bank moves on to seat %(banker)d.")
        % {"banker": table.banker + 1}
    )
    return lines
