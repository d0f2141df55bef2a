"""The one-line reason of a decision (a drill answer, a table flag, a mistake in review),
computed from the engine, in the person's language.

- Stand or hit: the dealer's bust probability with this upcard (``dealer_totals`` on the
  full shoe without the hand and the upcard; after the peek where the dealer peeks) and
  what the play gains over the next best one ("The dealer busts 42% of the time with a 6
  showing: standing is worth 0.160 of the bet more than the next best play (Hit).");
  hitting a hard 11 or less, or a soft total, cannot bust on one card, which is said.
- Double and split: the EV they gain over the next best play; surrender: half the bet
  against what the next best play loses; playing on where early surrender is offered:
  what playing on is worth against the half bet.
- Insurance and even money: how often the hole card is a ten (tens left / cards left)
  against the one in three that a 2:1 bet needs, and what insuring costs or adds.
- Graded against the chart where these very cards play differently (a two-card
  exception): the chart's play and what the exact play gains.

Units: EVs in units of the initial bet, shown with three decimals; probabilities in percent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _

from game.engine.cards import Card
from game.engine.hands import hand_value
from game.engine.round import Action
from game.engine.rules import Rules
from game.engine.strategy.composition import full_shoe, remove_cards
from game.engine.strategy.dealer import dealer_totals
from game.rulesets.store import evs_cache
from trainer.web.labels import ACTION_LABELS
from trainer.web.numbers import MINUS, bets, percent, signed_bets

# Three decimals, as the answer's EV list shows them (drills/session.html): the reason's
# numbers and the list's agree.
EV_PLACES = 3


def upcard_text(card: Card) -> str:
    """The upcard as printed on a card face: "A", "6", "10", "K"."""
    return card.rank.label


def dealer_bust(hand: Sequence[Card], upcard: Card, rules: Rules) -> float:
    """P(the dealer busts) with ``upcard`` showing, the hole card and draws from a full
    shoe of ``rules.decks`` decks without ``hand`` and ``upcard``; after the peek (no
    natural) in a game where the dealer peeks at an ace or a ten. With the rules' shared
    dealer solver, which holds the distribution already when the hand was graded (a
    prepared deal: no recursion in the request)."""
    unseen = remove_cards(full_shoe(rules.decks), [*hand, upcard])
    peeked = rules.dealer_hole_card and rules.dealer_peeks and upcard.points in (1, 10)
    return dealer_totals(
        upcard.points,
        unseen,
        hits_soft_17=rules.dealer_hits_soft_17,
        peeked=peeked,
        solver=evs_cache(rules).dealer,
    ).bust


def ten_probability(hand: Sequence[Card], upcard: Card, rules: Rules) -> float:
    """P(the hole card is a ten-value card): tens left over cards left, from a full shoe
    of ``rules.decks`` decks without ``hand`` and ``upcard``."""
    unseen = remove_cards(full_shoe(rules.decks), [*hand, upcard])
    return unseen[9] / sum(unseen)


def reason(
    hand_codes: Sequence[str],
    upcard_code: str,
    rules: Rules,
    evs: Mapping[str, float],
    best: str,
    *,
    insurance: bool,
) -> str:
    """The reason the reference play ``best`` is right for this hand (see the module
    docstring), one sentence in the active language. ``evs``: the EV of every legal action
    by Action value (units of the initial bet; insurance: the EV the insurance bet adds).

    Raises ValueError/KeyError for codes or actions that are not the engine's."""
    hand = [Card.parse(c) for c in hand_codes]
    upcard = Card.parse(upcard_code)
    values = {Action(a): v for a, v in evs.items()}
    ref = Action(best)
    exact = max(values, key=values.__getitem__)
    if insurance:
        return _insurance_reason(hand, upcard, rules, values, ref)
    if exact is not ref and values[exact] > values[ref]:
        return _(
            "The chart plays the total: %(chart)s. For these very cards %(exact)s is worth "
            "%(gain)s of the bet more."
        ) % {
            "chart": ACTION_LABELS[ref],
            "exact": ACTION_LABELS[exact],
            "gain": bets(values[exact] - values[ref], EV_PLACES),
        }
    others = {a: v for a, v in values.items() if a is not ref}
    if not others:
        return _("It is the only play here.")
    second = max(others, key=others.__getitem__)
    gain = bets(values[ref] - values[second], EV_PLACES)
    named = {"gain": gain, "second": ACTION_LABELS[second], "upcard": upcard_text(upcard)}
    if ref is Action.STAND and hand_value(hand).total == 21:
        # The dealer's bust rate says nothing here: a 21 can only stay or get worse.
        return (
            _(
                "No card can make a 21 better: standing is worth %(gain)s of the bet more than "
                "the next best play (%(second)s)."
            )
            % named
        )
    if ref is Action.STAND:
        return _(
            "The dealer busts %(bust)s%% of the time with %(upcard)s showing: standing is worth "
            "%(gain)s of the bet more than the next best play (%(second)s)."
        ) % {**named, "bust": percent(dealer_bust(hand, upcard, rules))}
    if ref is Action.HIT:
        value = hand_value(hand)
        if value.soft or value.total <= 11:
            total = _("soft %(total)s") if value.soft else _("hard %(total)s")
            return _(
                "No card can bust a %(total)s: hitting is worth %(gain)s of the bet more than "
                "the next best play (%(second)s)."
            ) % {**named, "total": total % {"total": value.total}}
        return _(
            "The dealer busts only %(bust)s%% of the time with %(upcard)s showing: hitting is "
            "worth %(gain)s of the bet more than the next best play (%(second)s)."
        ) % {**named, "bust": percent(dealer_bust(hand, upcard, rules))}
    if ref is Action.DOUBLE:
        return _("Doubling gains %(gain)s of the bet over the next best play (%(second)s).") % named
    if ref is Action.NO_SURRENDER:  # the early-surrender answer: play on
        return _(
            "Playing the hand on is worth %(value)s of the bet, better than the half bet that "
            "surrendering gives up."
        ) % {"value": signed_bets(values[ref], EV_PLACES, minus=MINUS)}
    if ref is Action.SPLIT:
        return (
            _("Splitting gains %(gain)s of the bet over the next best play (%(second)s).") % named
        )
    return _(
        "Surrendering loses half the bet; the next best play (%(second)s) loses %(loss)s of it."
    ) % {**named, "loss": bets(-values[second], EV_PLACES)}


def _insurance_reason(
    hand: list[Card], upcard: Card, rules: Rules, values: dict[Action, float], ref: Action
) -> str:
    tens = percent(ten_probability(hand, upcard, rules))
    insured = values.get(Action.INSURANCE, 0.0) - values.get(Action.NO_INSURANCE, 0.0)
    difference = bets(abs(insured), EV_PLACES)
    natural = sorted(c.points for c in hand) == [1, 10]
    if ref is Action.INSURANCE:
        return _(
            "The hole card is a ten %(tens)s%% of the time, more than the one in three a 2:1 bet "
            "needs: insuring adds %(gain)s of the bet."
        ) % {"tens": tens, "gain": difference}
    if natural:
        return _(
            "Even money is insurance on your natural: the hole card is a ten only %(tens)s%% of "
            "the time, less than the one in three a 2:1 bet needs, so declining is worth "
            "%(gain)s of the bet more."
        ) % {"tens": tens, "gain": difference}
    return _(
        "The hole card is a ten only %(tens)s%% of the time, less than the one in three a 2:1 "
        "bet needs: insuring costs %(gain)s of the bet."
    ) % {"tens": tens, "gain": difference}
