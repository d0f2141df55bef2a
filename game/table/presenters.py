"""What the table page shows of a table session, for both games: plain dicts for the templates.

One page (templates/table/table.html) for every game: the bar (the game's name, the bankroll
and the New session form, with the AI level), the flag of the person's last graded decision,
the felt and the tools beside it. The felt and the tools differ per game (the games look
different) and are chosen by ``FELTS``, by the rules' kind of game: the casino round
(templates/table/felt_casino.html) and the banker game (templates/table/felt_banker.html).
Everything else is one context for both (``table_context``).

Only what the person may see goes in: the cards come from the game's ``observe`` for the
person's seat (game/engine/protocol.py), which holds no face-down card and no shoe, so no
template can leak them.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from fractions import Fraction
from typing import Any

from django.db import models
from django.template.defaultfilters import floatformat
from django.template.loader import get_template
from django.urls import get_script_prefix, reverse
from django.utils import formats
from django.utils.html import format_html
from django.utils.translation import get_language, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from game.engine.banker import BankerAction, BankerObservation, Role, SeatView
from game.engine.banker_game import BankerGame
from game.engine.cards import Card
from game.engine.casino_game import CasinoGame, RoundView, observe_round
from game.engine.counting import (
    CARDS_PER_DECK,
    DEFAULT_SYSTEM,
    SYSTEMS,
    decks_remaining,
    find_system,
    floored_true_count,
    running_count,
)
from game.engine.hands import hand_value, is_natural
from game.engine.round import Action, Outcome, Phase, PlayerHand, Round
from game.engine.strategy.advisor import Severity, is_correct
from game.engine.strategy.betting import bet_ramp, grade_bet
from game.engine.strategy.counter import TooFewCardsError, counter_decision, known_unseen
from game.engine.strategy.indices import cell_of, play_at
from game.engine.variants import VARIANTS
from game.rulesets import store
from game.rulesets.analyses import AnalysisState, analysis_state
from game.rulesets.index_views import hand_words, signed_index
from game.rulesets.models import custom_id, variant_name
from game.rulesets.words import rules_summary
from game.table.models import (
    AI_BET,
    MAX_SEATS,
    START_BANKROLL,
    RoundRecord,
    TableSession,
    to_decimal,
)
from trainer.review.explain import reason
from trainer.review.models import GradedDecision
from trainer.web.labels import (
    ACTION_KEYS,
    ACTION_LABELS,
    AI_LEVEL_NAMES,
    BANKER_ACTION_KEYS,
    BANKER_ACTION_LABELS,
    BANKER_OUTCOME_LABELS,
    EVEN_MONEY_OUTCOME,
    OUTCOME_LABELS,
    ROLE_LABELS,
    SEVERITY_LABELS,
    STANDARD_LABELS,
    VARIANT_NAMES,
    action_label,
    card_view,
)
from trainer.web.numbers import MINUS, bets, signed_bets
from trainer.web.numbers import number as number_text
from trainer.web.templatetags.web import chip_stack, sign_class, signed

CHIPS = (5, 25, 100, 500)
HISTORY_LENGTH = 8

# Severities from the best play to the worst: a round's mark is its worst decision's.
SEVERITY_ORDER = tuple(Severity)
# The mark of a graded decision that was the reference play (SEVERITY_LABELS names the rest).
BEST_LABEL = pgettext_lazy("decision grade", "Best play")
# How loud a flag is, by its severity: a quiet one-line note for a correct play or a close
# call, a moderate box for an inaccuracy or a mistake, a prominent one for a blunder.
FLAG_LOUDNESS = {
    Severity.BEST: "quiet",
    Severity.CLOSE: "quiet",
    Severity.BY_CHART: "quiet",
    Severity.INACCURACY: "moderate",
    Severity.MISTAKE: "moderate",
    Severity.BLUNDER: "prominent",
}


# -- seats ------------------------------------------------------------------------------------
def seat_label(seat: int, human_seat: int) -> str:
    """A seat as the page names it: "You" or "AI player 3" (numbered from 1)."""
    if seat == human_seat:
        return _("You")
    return _("AI player %(number)s") % {"number": seat + 1}


def _chips(amount: Fraction | None) -> Any:
    return None if amount is None else to_decimal(amount)


# -- the casino round -------------------------------------------------------------------------
def hand_view(hand: PlayerHand, *, active: bool) -> dict[str, Any]:
    """A player hand: cards, total ("7/17" when soft), bet, and result once settled.

    ``net`` is the hand's own bet's result; an insurance bet's stake and result are shown on
    their own line (``insurance_label``/``insurance``/``insurance_net``), never mixed into the
    hand's net. A natural that took even money in full is one settlement, paid 1:1 whatever
    the dealer holds: its outcome reads "Even money" and its net is that 1:1
    (``even_money``); partial even money (insurance for less on a natural) keeps its own
    line, called even money."""
    insured = bool(hand.insurance)
    even_money = insured and hand.even_money
    whole = even_money and hand.insurance == hand.base_bet / 2
    outcome_label = OUTCOME_LABELS[hand.outcome] if hand.outcome else None
    net = hand.bet_net
    if whole and hand.outcome:
        outcome_label, net = EVEN_MONEY_OUTCOME, hand.net
    bet = to_decimal(hand.bet)
    net_chips = to_decimal(net) if net is not None else None
    insurance = to_decimal(hand.insurance) if hand.insurance and not whole else None
    insurance_net = (
        to_decimal(hand.insurance_net) if hand.outcome and insured and not whole else None
    )
    return {
        "cards": [card_view(c) for c in hand.cards],
        # "7/17" only while the hand may still draw; a finished hand has one total.
        "total": str(hand.value.total) if hand.done else hand.value.display(),
        "natural": hand.is_natural,
        "bust": hand.is_bust,
        "bet": bet,
        "doubled": hand.doubled,
        "active": active,
        "outcome": hand.outcome.value if hand.outcome else None,
        "outcome_label": outcome_label,
        "net": net_chips,
        "even_money": whole,
        "insurance_label": EVEN_MONEY_OUTCOME if even_money else _("Insurance"),
        "insurance": insurance,
        "insurance_net": insurance_net,
        # The amounts as templates/table/seats.html writes them, written here rather than
        # by filters in each hand: the bet ("7.50" unless whole), its chips' picture, the
        # nets with their signs.
        "bet_text": floatformat(bet, "-2g"),
        "stack": chip_stack(bet),
        "net_text": signed(net_chips) if net_chips is not None else "",
        "insurance_text": floatformat(insurance, "-2g") if insurance is not None else "",
        "insurance_net_text": signed(insurance_net) if insurance_net is not None else "",
    }


def seats_view(
    view: RoundView,
    human_seat: int,
    seat_count: int,
    hand_views: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """Every seat in playing order: who sits there, its hands (of ``hand_views``, the
    ``hand_view`` of each of the round's hands in its order: made once for the round), and
    its net once settled."""
    seats = []
    for seat in range(seat_count):
        hands = [shown for h, shown in zip(view.hands, hand_views, strict=True) if h.seat == seat]
        net = to_decimal(view.seat_net(seat)) if view.is_over else None
        seats.append(
            {
                "seat": seat,
                "you": seat == human_seat,
                "label": seat_label(seat, human_seat),
                "hands": hands,
                "active": any(h["active"] for h in hands),
                "net": net,
                "net_text": signed(net, "±") if net is not None else "",
                "net_class": sign_class(net),
            }
        )
    return seats


def round_view(rnd: Round, human_seat: int = 0, seat_count: int = 1) -> dict[str, Any]:
    """``view_of_round`` of what ``human_seat`` may see of ``rnd`` (casino_game.py's
    ``observe_round``: no hole card before it is turned): the replays' page."""
    return view_of_round(observe_round(rnd, human_seat), human_seat, seat_count)


def view_of_round(view: RoundView, human_seat: int = 0, seat_count: int = 1) -> dict[str, Any]:
    """The dealer's visible cards (and how many are face down), the seats, the person's
    net, and whether the shoe ran out and the discards were shuffled in this round."""
    own = [h for h in view.hands if h.seat == human_seat]
    hands = [hand_view(h, active=(i == view.active)) for i, h in enumerate(view.hands)]
    return {
        "seats": seats_view(view, human_seat, seat_count, hands),
        "multi_seat": seat_count > 1,
        "dealer_cards": [card_view(c) for c in view.dealer],
        "dealer_hidden": range(view.dealer_hidden),
        "dealer_total": str(view.dealer_value.total)
        if view.is_over
        else view.dealer_value.display(),
        "dealer_bust": view.dealer_value.total > 21,
        "dealer_natural": view.hole_revealed and is_natural(view.dealer),
        "hands": hands,
        "over": view.is_over,
        "insurance_offered": view.phase is Phase.INSURANCE,
        "even_money_offered": even_money_offered(view),
        "surrender_offered": view.phase is Phase.SURRENDER,
        "net": to_decimal(view.seat_net(human_seat)) if view.is_over else None,
        # What the person's hands stake (doubles and splits included) when every one of them
        # pushed: the result says "Push: your 20 chips back". A net of zero otherwise (a split
        # hand won, the other lost; insurance paid what the hand lost) was no push: without
        # it the result says "Even: no chips won or lost".
        "staked": sum((to_decimal(h.bet) for h in own), Decimal(0))
        if own and all(h.outcome is Outcome.PUSH for h in own)
        else None,
        # The shoe ran out in this round and the dealer shuffled the discards (cards.py).
        "reshuffled": view.reshuffled,
    }


def even_money_offered(rnd: Round | RoundView | None) -> bool:
    """The insurance decision now to be made is even money: the hand to act is a natural."""
    hand = rnd.active_hand if rnd is not None else None
    return rnd is not None and rnd.phase is Phase.INSURANCE and hand is not None and hand.even_money


def casino_history_view(record: RoundRecord, human_seat: int) -> dict[str, Any]:
    """One line of the round history: number, the hands' cards and totals, dealer total, net
    (the record's kept line: no round is parsed)."""
    line = record.history_line(human_seat, banker=False)
    return {
        "number": record.number,
        "hands": line["hands"],
        "dealer_total": line["dealer_total"],
        "net": record.net,
    }


def amount_field(
    table: TableSession, view: RoundView | None, actions: tuple[Action, ...]
) -> dict[str, Any] | None:
    """The chips field of a double for less or a partial insurance, when the rules let the
    player choose: its label, default (the full amount) and maximum (what is affordable)."""
    if view is None or view.is_over or view.active_hand is None:
        return None
    hand = view.active_hand
    whole = int(table.available.to_integral_value(rounding=ROUND_FLOOR))
    if Action.INSURANCE in actions and view.rules.insurance_for_less:
        most = min(int(hand.base_bet / 2), whole)
        label = EVEN_MONEY_OUTCOME if hand.even_money else _("Insurance")
        return {"label": label, "value": most, "max": most}
    if Action.DOUBLE in actions and view.rules.double_for_less:
        most = min(int(hand.bet), whole)
        return {"label": _("Double for"), "value": most, "max": most}
    return None


def casino_felt(table: TableSession) -> dict[str, Any]:
    """The casino felt: the round as the person sees it, the action buttons (insurance
    offered to a natural is even money), the chips field of a double or insurance for
    less, and the rules in words before the first deal."""
    view: RoundView | None = table.game.observe(table.human_seat)
    actions: tuple[Action, ...] = table.affordable_actions()
    even_money = even_money_offered(view)
    return {
        "round": view_of_round(view, table.human_seat, table.seat_count) if view else None,
        "actions": [
            {
                "value": a.value,
                "label": action_label(a, even_money=even_money),
                "key": ACTION_KEYS[a],
            }
            for a in actions
        ],
        "amount_field": amount_field(table, view, actions),
        # Shown on the empty felt before the first deal only.
        "rules_summary": rules_summary(table.rules) if view is None else [],
    }


# -- the banker game --------------------------------------------------------------------------
def _banker_seat_view(
    view: SeatView | BankerObservation,
    *,
    human_seat: int,
    to_act: int | None,
    running_net: Fraction,
) -> dict[str, Any]:
    """One seat as the person may see it: its visible cards, how many are face down, the
    total only when every card is visible (always for the person's own seat)."""
    if isinstance(view, BankerObservation):
        visible, hidden, bust = view.cards, 0, view.total > 21
    else:
        visible, hidden, bust = view.visible, view.hidden, view.bust
    shown = hidden == 0
    total = hand_value(visible).total if shown else None
    return {
        "seat": view.seat,
        "number": view.seat + 1,
        "you": view.seat == human_seat,
        "label": seat_label(view.seat, human_seat),
        "banker": view.role is Role.BANKER,
        "role": ROLE_LABELS[view.role],
        # Face-down cards first: they are the two dealt cards; drawn cards lie face up.
        "hidden": range(hidden),
        "cards": [card_view(c) for c in visible],
        "total": total,
        "natural": shown and is_natural(visible),
        "bust": bust,
        "stake": _chips(view.stake) if view.role is Role.PUNTER else None,
        "acting": to_act == view.seat,
        "outcome": view.outcome.value if view.outcome else None,
        "outcome_label": BANKER_OUTCOME_LABELS[view.outcome] if view.outcome else None,
        "net": _chips(view.net),
        "running_net": to_decimal(running_net),
    }


def banker_seats_view(
    game: BankerGame, obs: BankerObservation | None, human_seat: int
) -> list[dict[str, Any]]:
    """Every seat in seat order. Without a deal yet: the roles of the next deal, no cards."""
    nets = game.table.nets
    if obs is None:
        return [
            {
                "seat": seat,
                "number": seat + 1,
                "you": seat == human_seat,
                "label": seat_label(seat, human_seat),
                "banker": seat == game.table.banker,
                "role": ROLE_LABELS[Role.BANKER if seat == game.table.banker else Role.PUNTER],
                "hidden": range(0),
                "cards": [],
                "running_net": to_decimal(nets[seat]),
            }
            for seat in range(game.seats)
        ]
    views: list[SeatView | BankerObservation] = [obs, *obs.others]
    views.sort(key=lambda v: v.seat)
    return [
        _banker_seat_view(v, human_seat=human_seat, to_act=obs.to_act, running_net=nets[v.seat])
        for v in views
    ]


def banker_history_view(record: RoundRecord, human_seat: int) -> dict[str, Any]:
    """One line of the recent deals: number, the person's role, cards and total, net (the
    record's kept line: no deal is parsed)."""
    line = record.history_line(human_seat, banker=True)
    return {
        "number": record.number,
        "role": ROLE_LABELS[Role(line["role"])],
        "cards": line["cards"],
        "total": line["total"],
        "banker": seat_label(line["banker"], human_seat),
        "net": record.net,
    }


def best_play_view(table: TableSession) -> dict[str, list[dict[str, Any]]] | None:
    """The best draw or stand by the two-card total (strategy/banker.py, exact for the
    2-deck shoe, stored by the game's analysis): the punter's against the banker's policy
    (he draws below 17), and the banker's against punters who stood (they stand from 16).
    Rows: total, soft or not, the better action's label and both EVs per unit staked. None
    while the analysis is not stored (game/rulesets/analyses.py computes it)."""
    draw, stand = BANKER_ACTION_LABELS[BankerAction.DRAW], BANKER_ACTION_LABELS[BankerAction.STAND]
    try:
        stored = store.banker_play_for(table.rules)
    except store.AnalysisPending:
        return None
    return {  # punter first (a JSON column may store the keys in another order)
        side: [{**row, "best": draw if row["best"] == "draw" else stand} for row in stored[side]]
        for side in ("punter", "banker")
    }


def banker_felt(table: TableSession) -> dict[str, Any]:
    """The banker felt: the talia, the bank, every seat as the person sees it (their
    observation), the draw and stand buttons, the bank's cover, the best-play tables."""
    game = table.game
    if not isinstance(game, BankerGame):  # FELTS chose this felt by the rules' kind of game
        raise TypeError(f"a banker felt for {type(game).__name__}")
    deal = game.current
    obs = game.observe(table.human_seat)
    in_play = table.ended_at is None and game.in_play
    # The bank of the deal in play, else of the next deal.
    banker_seat = deal.banker if in_play and deal is not None else game.next_banker
    shoe = deal.shoe if in_play and deal is not None else game.table.shoe
    settled = deal is not None and deal.is_over
    actions: tuple[BankerAction, ...] = table.affordable_actions()
    return {
        "best_play": best_play_view(table),
        "seats": banker_seats_view(game, obs, table.human_seat),
        "deal": deal,
        "settled": settled,
        "banker_natural": settled and deal is not None and deal.banker_hand.is_natural,
        "you_bank": banker_seat == table.human_seat,
        "banker_label": seat_label(banker_seat, table.human_seat),
        "talia": game.table.talia,
        "last_talia": game.table.talia - 1,
        "bank_passed": settled and deal is not None and deal.banker != game.table.banker,
        "cards_left": shoe.remaining,
        "shoe_size": len(shoe.cards),
        "cards_needed": game.table.cards_needed,
        "actions": [
            {"value": a.value, "label": BANKER_ACTION_LABELS[a], "key": BANKER_ACTION_KEYS[a]}
            for a in actions
        ],
        "your_turn": bool(actions),
        "stake": True,  # the bet field says "Stake": seed 003's word for a punter's bet
        "ai_stake": to_decimal(AI_BET),
        "ai_punters": len([s for s in game.stakers() if s != table.human_seat]),
    }


# -- one felt per kind of game ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Felt:
    """What differs between the games' pages: the template holding the game's partials
    ("felt", "prompt" of the action form, "keys", "tools"), the felt's own context and the
    line of the round history."""

    template: str
    context: Callable[[TableSession], dict[str, Any]]
    history: Callable[[RoundRecord, int], dict[str, Any]]
    # The partial of one line of the recent rounds ("row"): rendered once, when the line is
    # made, and kept with it (``history_view``, ``KEPT_HISTORY``).
    history_row: str
    # The template of the log under the felt (this round's decisions, the recent rounds),
    # swapped out of band; None for none.
    log: str | None = None
    # Whether the log lists the recent rounds too (not where the felt shows its own).
    log_history: bool = True


FELTS: dict[str, Felt] = {
    "casino": Felt(
        "table/felt_casino.html",
        casino_felt,
        casino_history_view,
        "table/round_log.html#history-row",
        "table/round_log.html",
    ),
    "banker": Felt(
        "table/felt_banker.html",
        banker_felt,
        banker_history_view,
        "table/felt_banker.html#history-row",
        "table/round_log.html",
        log_history=False,
    ),
}


# -- the bar, the flag, the counter -----------------------------------------------------------
def variant_choices(current: str) -> list[dict[str, Any]]:
    """The New session form's games: every variant of the registry, then the table's own
    custom rule set when it plays one."""
    choices = [{"value": v.name, "label": VARIANT_NAMES[v.name]} for v in VARIANTS]
    if custom_id(current) is not None:
        choices.append({"value": current, "label": variant_name(current)})
    return choices


def _decision_labels(decision: GradedDecision) -> Callable[[str], str]:
    """The words of an action of ``decision`` (insurance offered to a natural reads as
    even money; a banker-game decision's draw and stand in that game's words)."""
    if decision.banker_role is not None:
        return lambda action: str(BANKER_ACTION_LABELS[BankerAction(action)])
    even_money = decision.even_money

    def label(action: str) -> str:
        return action_label(Action(action), even_money=even_money)

    return label


def _flag_kind(decision: GradedDecision) -> str:
    """The kind of flag for ``decision`` (see ``flag_view``)."""
    severity = Severity(decision.severity)
    if severity is Severity.BEST:
        if decision.standard == "chart" and decision.action != decision.best_action:
            return "beats_chart"
        return "correct"
    if severity is Severity.BY_CHART:
        return "by_chart"
    if severity is Severity.CLOSE:
        # A close call that is the chart's play says so: both count as correct.
        chart_play = decision.standard == "exact" and decision.action == decision.chart_action
        return "by_chart" if chart_play else "close"
    return "deviation"


def flag_view(
    table: TableSession, decisions: list[GradedDecision] | None = None
) -> dict[str, Any] | None:
    """The flag of the person's last decision, while the table still shows its result: what
    was done, the reference play of the person's standard, why (``explain.reason``, the
    drills' one-line reason), every option's EV and the cost. None without such a decision.

    ``kind`` follows the decision's grade (advisor.py's ``judge``, the one rule of
    "correct"): "correct" (the reference play), "deviation" (wrong: an inaccuracy, a
    mistake or a blunder), "close" (a close call: counted correct), "by_chart" (graded
    exactly, not the exact best but the chart's play: "by the chart: correct"),
    "beats_chart" (graded by the chart, not the chart's play but at least as good for these
    very cards). ``loudness`` scales with the severity (``FLAG_LOUDNESS``): "quiet" (one
    line), "moderate" or "prominent" (a blunder). Numbers: EVs and the cost in bets
    (units of the initial bet), written with a true minus sign. ``decisions``: the table's
    decisions already read, oldest first (``logged_decisions``), holding the table's
    version's if it has one; None reads it."""
    if decisions is None:
        decision = table.decisions.filter(table_version=table.version).first()
    else:
        decision = next((d for d in reversed(decisions) if d.table_version == table.version), None)
    if decision is None:
        return None
    if decision.banker_role is not None:
        return banker_flag_view(decision)
    evs = decision.evs
    exact_best = max(evs, key=evs.__getitem__)
    severity = Severity(decision.severity)
    kind = _flag_kind(decision)
    label = _decision_labels(decision)
    return {
        "kind": kind,
        "standard": decision.standard,
        "severity": severity.value if kind in ("deviation", "close") else "best",
        "severity_label": SEVERITY_LABELS.get(severity, BEST_LABEL),
        "loudness": FLAG_LOUDNESS[severity],
        "hinted": decision.hinted,
        "chosen_label": label(decision.action),
        "best_label": label(decision.best_action),
        "exact_best_label": label(exact_best),
        "gain": evs[exact_best] - evs[decision.action],
        "loss": decision.loss,
        "cost_text": cost_text(decision.loss),
        "reason": reason(
            decision.hand,
            decision.upcard,
            table.rules,
            evs,
            decision.best_action,
            insurance=decision.insurance,
        ),
        "options": [
            {
                "label": label(action),
                "ev": ev,
                "ev_text": signed_bets(ev, 4, minus=MINUS, zero="±"),
                "best": action == decision.best_action,
                "chosen": action == decision.action,
            }
            for action, ev in sorted(evs.items(), key=lambda item: -item[1])
        ],
        "hand": " ".join(Card.parse(code).rank.label for code in decision.hand),
        "upcard": Card.parse(decision.upcard).rank.label,
    }


def cost_text(loss: float) -> str:
    """The EV a decision gave up as a signed number of bets with a true minus sign:
    "-0.0063" with U+2212 as its minus; "±0" for none."""
    return "±0" if loss <= 0 else signed_bets(-loss, 4, minus=MINUS)


def decision_row(decision: GradedDecision) -> dict[str, Any]:
    """One graded decision as the list under the table shows it: the hand and the upcard
    it was taken at (card faces), the action, the reference play, the cost in bets with a
    true minus sign (``cost_text``), the severity and its words, whether it
    counts as correct and whether it was taken after a hint; ``pk`` links to its review
    page."""
    label = _decision_labels(decision)
    severity = Severity(decision.severity)
    return {
        "pk": decision.pk,
        # Its review page (written here, not by a template tag a row).
        "url": reverse("review:decision", args=[decision.pk]),
        "hand": " ".join(Card.parse(code).rank.label for code in decision.hand),
        # A banker-game decision has no upcard: the row names the seat's role instead.
        "upcard": Card.parse(decision.upcard).rank.label if decision.banker_role is None else "",
        "role": ROLE_LABELS[decision.banker_role] if decision.banker_role is not None else "",
        "action_label": label(decision.action),
        "best_label": label(decision.best_action),
        "cost_text": cost_text(decision.loss),
        "severity": severity.value,
        "severity_label": SEVERITY_LABELS.get(severity, BEST_LABEL),
        "correct": is_correct(severity),
        "hinted": decision.hinted,
    }


def round_number_shown(table: TableSession) -> int:
    """The number of the round the table shows: the one in play, else the last settled one
    (0 before the first deal). Its decisions stay listed until the next deal."""
    if table.ended_at is None and table.round_in_play:
        return table.rounds_played + 1
    return table.rounds_played


def round_decisions(
    table: TableSession, decisions: list[GradedDecision] | None = None
) -> list[dict[str, Any]]:
    """Every graded decision of the round the table shows (``round_number_shown``), in the
    order taken (``decision_row``); from ``decisions`` (``logged_decisions``, holding that
    round's) when given."""
    number = round_number_shown(table)
    if number == 0:
        return []
    if decisions is None:
        found = list(table.decisions.filter(round_number=number).order_by("id"))
    else:
        found = [d for d in decisions if d.round_number == number]
    return [decision_row(d) for d in found]


def logged_decisions(table: TableSession, numbers: list[int]) -> list[GradedDecision]:
    """The table's graded decisions of the rounds ``numbers`` and of the table's version
    (its flag's), oldest first: in one query, what the flag (``flag_view``), this round's
    list (``round_decisions``) and the rounds' marks (``round_marks``) read."""
    return list(
        table.decisions.filter(
            models.Q(round_number__in=numbers) | models.Q(table_version=table.version)
        ).order_by("id")
    )


def worst_severity(decisions: list[GradedDecision]) -> GradedDecision | None:
    """The decision of ``decisions`` with the worst severity, of equals the one that gave up
    the most EV (the first of those), counting only those taken without a hint when there
    are any; None for none."""
    counted = [d for d in decisions if not d.hinted] or decisions
    if not counted:
        return None
    return max(counted, key=lambda d: (SEVERITY_ORDER.index(Severity(d.severity)), d.loss))


def round_marks(
    table: TableSession, numbers: list[int], decisions: list[GradedDecision] | None = None
) -> dict[int, dict[str, Any]]:
    """The severity mark of each round of ``numbers`` that has graded decisions: its worst
    decision's severity (``worst_severity``), the words for it, how many decisions the
    round had and the worst decision's pk (the mark links to its review page). From
    ``decisions`` (``logged_decisions`` of at least these rounds) when given."""
    if decisions is None:
        decisions = list(table.decisions.filter(round_number__in=numbers).order_by("id"))
    wanted = set(numbers)
    by_round: dict[int, list[GradedDecision]] = {}
    for decision in decisions:
        if decision.round_number in wanted:
            by_round.setdefault(decision.round_number, []).append(decision)
    marks = {}
    for number, decisions in by_round.items():
        worst = worst_severity(decisions)
        assert worst is not None
        severity = Severity(worst.severity)
        marks[number] = {
            "severity": severity.value,
            "label": pgettext("decision grade", "Hinted")
            if worst.hinted
            else SEVERITY_LABELS.get(severity, BEST_LABEL),
            "correct": is_correct(severity),
            "count": len(decisions),
            "pk": worst.pk,
            # Written here, not by template tags a row: the log shows up to eight rows.
            "url": reverse("review:decision", args=[worst.pk]),
            "title": ngettext(
                "%(count)s graded decision: the worst one",
                "%(count)s graded decisions: the worst one",
                len(decisions),
            )
            % {"count": formats.number_format(len(decisions))},
        }
    return marks


def banker_flag_view(decision: GradedDecision) -> dict[str, Any]:
    """``flag_view`` of a banker-game decision (graded against its exact play,
    strategy/banker_grading.py): what was done, the better play, both EVs and the cost
    (units of the stake; the banker's: of the punters' stakes), the loudness of its
    severity, why (which play is worth more, by how much) and ``banker_note``, what the
    EVs are worth, for the seat's role."""
    severity = Severity(decision.severity)
    label = _decision_labels(decision)
    cards = " ".join(Card.parse(code).rank.label for code in decision.hand)
    if decision.banker_role is Role.BANKER:
        note = _(
            "Expected value per unit of the punters' stakes for your %(cards)s as the banker,"
            " against the punters as the table shows them (they stand from 16), exact for"
            " the two-deck shoe."
        ) % {"cards": cards}
    else:
        note = _(
            "Expected value per unit of your stake for your %(cards)s as a punter, against a"
            " banker who draws below 17, exact for the two-deck shoe without your cards."
        ) % {"cards": cards}
    ranked = sorted(decision.evs.items(), key=lambda item: -item[1])
    margin = ranked[0][1] - ranked[1][1] if len(ranked) > 1 else 0.0
    why = _("%(best)s is worth %(margin)s of the stake more than %(other)s.") % {
        "best": label(ranked[0][0]),
        "margin": bets(margin, 4),
        "other": label(ranked[1][0]) if len(ranked) > 1 else "",
    }
    kind = {Severity.BEST: "correct", Severity.CLOSE: "close"}.get(severity, "deviation")
    return {
        "kind": kind,
        "standard": "exact",
        "severity": severity.value if kind != "correct" else "best",
        "severity_label": SEVERITY_LABELS.get(severity, BEST_LABEL),
        "loudness": FLAG_LOUDNESS[severity],
        "hinted": decision.hinted,
        "chosen_label": label(decision.action),
        "best_label": label(decision.best_action),
        "exact_best_label": label(decision.best_action),
        "gain": decision.loss,
        "loss": decision.loss,
        "cost_text": cost_text(decision.loss),
        "reason": why,
        "options": [
            {
                "label": label(action),
                "ev": ev,
                "ev_text": signed_bets(ev, 4, minus=MINUS, zero="±"),
                "best": action == decision.best_action,
                "chosen": action == decision.action,
            }
            for action, ev in ranked
        ],
        "hand": cards,
        "upcard": "",
        "banker_note": note,
    }


def counter_view_possible(table: TableSession) -> bool:
    """The person has a decision the strategy engine can value to make now (the counter's
    advice can be asked for): the game's ``advisable`` round."""
    return table.ended_at is None and table.game.advisable(table.human_seat) is not None


def counter_view(table: TableSession, system_name: str | None = None) -> dict[str, Any] | None:
    """What a perfect card counter would do now with the person's hand (strategy/
    counter.py: every card seen face up since the shuffle removed, the hole card and the
    undealt order unknown): the EV of each action offered (legal and affordable: a split
    the chips cannot pay is no advice), units of the initial bet, best first, and how many
    cards the count knows; ``too_few`` when the unseen cards cannot finish the round (the
    dealer will shuffle the discards in). None when the person has no such decision."""
    rnd = table.game.advisable(table.human_seat) if table.ended_at is None else None
    if rnd is None:
        return None
    unseen = known_unseen(rnd)
    try:
        evs, best = counter_decision(rnd, cache=store.evs_cache(rnd.rules), chips=table.chips)
    except TooFewCardsError:
        return {"too_few": True, "unseen": sum(unseen)}
    even_money = even_money_offered(rnd)
    return {
        "best_label": action_label(best, even_money=even_money),
        "options": [
            {"label": action_label(a, even_money=even_money), "ev": v, "best": a is best}
            for a, v in sorted(evs.items(), key=lambda item: -item[1])
        ],
        "seen": rnd.rules.decks * 52 - sum(unseen),
        "unseen": sum(unseen),
        "tens": unseen[9],
        "index": index_advice(table, rnd, system_name),
    }


def index_advice(table: TableSession, rnd: Round, system_name: str | None) -> dict[str, Any]:
    """What the person's count and this game's index plays say for the decision now, beside
    the perfect counter's play: the count of ``system_name`` (Hi-Lo when none is chosen),
    the count it is played by now (``played_count``: the true count, or an unbalanced
    system's running count; ``count`` says which, in words), the cell's index entry
    (store.indices_for, computed in the background) and the play it gives at that count.
    ``pending`` with the index page's URL when the indices are not stored yet (asking never
    computes them); ``unchanged`` when the cell's play does not change in the span
    searched."""
    system = SYSTEMS.get(system_name or "") or SYSTEMS[DEFAULT_SYSTEM]
    label = format_html('<span lang="en">{}</span>', system.label)
    if not store.is_stored(rnd.rules, f"indices_{system.name}"):
        url = reverse("rulesets:indices", args=[table.variant])
        return {"pending": True, "system": label, "url": f"{url}?system={system.name}"}
    found = store.indices_for(rnd.rules, system.name)
    true = played_count(table, system.name)
    base = {"system": label, "count": count_words(system.name, true), "pending": False}
    if rnd.phase is Phase.INSURANCE:
        index = found.get("insurance")
        if index is None:
            return {**base, "unchanged": True, "hand": _("Insurance")}
        take = Action.INSURANCE if true >= index else Action.NO_INSURANCE
        return {
            **base,
            "insurance": True,
            "index": signed_index(int(index)),
            "choice": ACTION_LABELS[take],
        }
    hand = rnd.active_hand
    cell = cell_of([c.points for c in hand.cards], rnd.dealer[0].points) if hand else None
    entry = found.get(cell.key) if cell is not None else None
    hand_text = hand_words(cell.key) if cell is not None else ""
    if entry is None:
        return {**base, "unchanged": True, "hand": hand_text}
    play = play_at(entry, true)
    return {
        **base,
        "hand": hand_text,
        "rule_play": ACTION_LABELS[Action(entry["action"])],
        "index": signed_index(int(entry["index"])),
        "choice": ACTION_LABELS[Action(play)],
    }


def hint_view(table: TableSession, standard: str) -> dict[str, Any] | None:
    """What the person's ``standard`` ("exact" or "chart") says for the decision to make
    now, before acting: the reference play of the grade (store.grade_round over the actions
    offered, as the grade of the decision will be), from the cards in view only. None when
    the person has no decision the strategy engine values (the banker game, no round)."""
    rnd = table.game.advisable(table.human_seat) if table.ended_at is None else None
    offered = table.affordable_actions() if rnd is not None else ()
    if rnd is None or not offered:
        return None
    verdict = store.grade_round(rnd, offered[0], standard, chips=table.chips)
    if verdict is None:
        return None
    return {
        "standard": "chart" if standard == "chart" else "exact",
        "best": verdict.best.value,
        "best_label": action_label(verdict.best, even_money=even_money_offered(rnd)),
    }


COUNT_CHOICES = [(name, system.label) for name, system in SYSTEMS.items()]


def count_view(
    table: TableSession, system_name: str | None, mode: str = "show", answered: int | None = None
) -> dict[str, Any] | None:
    """The count at the table (off unless the person chose a system). ``mode`` "show"
    (training wheels): the ``system_name`` count (game/engine/counting.py) of every card of
    the shoe in play seen face up (``CasinoGame.face_up_cards``: never the hole card while
    it is down), the true count (balanced systems: floored, over the decks not seen), the
    decks left; ``shuffle_next`` once the round is over and the next deals from a fresh
    shoe. ``mode`` "ask": no number, only ``question`` True after the rounds that ask
    (``count_question_due``) unless this version's was ``answered``. None when off, and for
    the banker game (no dealer's shoe to count)."""
    if system_name is None or table.rules.game != "casino":
        return None
    # A system's name is its author's, in Latin letters on every page (lang for readers).
    label = format_html('<span lang="en">{}</span>', find_system(system_name).label)
    if mode == "ask":
        due = count_question_due(table) and answered != table.version
        return {"system": label, "ask": True, "question": due}
    return {
        "system": label,
        "ask": False,
        "question": False,
        **table_count(table, system_name),
    }


def table_count(table: TableSession, system_name: str) -> dict[str, Any]:
    """The count of a casino table's shoe in play, written for the page: ``running`` and
    ``true`` (None for an unbalanced system) as "+3" / "-2" (U+2212), their values
    ``running_value`` (a Fraction) and ``true_value``, ``initial``, ``decks_left`` ("5.9"
    in the active language), ``shuffle_next``."""
    system = find_system(system_name)
    game = table.game
    assert isinstance(game, CasinoGame)
    decks = table.rules.decks
    cards = game.face_up_cards()
    running = running_count(system, cards, decks=decks)
    left = decks_remaining(decks, min(len(cards), CARDS_PER_DECK * decks - 1))
    true = floored_true_count(running, left) if system.balanced else None
    return {
        "running": _count_text(running),
        "running_value": running,
        "true": None if true is None else _count_text(true),
        "true_value": true,
        "initial": _count_text(system.initial_running_count(decks)),
        # Rounded half up, not cut as number_format cuts a float (2.885 read "2.8").
        "decks_left": number_text(left, 1),
        "shuffle_next": game.round is not None and game.round.is_over and game.shuffle_due,
    }


def played_count(table: TableSession, system_name: str) -> int:
    """The count ``system_name``'s index plays go by, of the cards face up now: the floored
    true count of a balanced system, the running count of an unbalanced one (KO, Red 7:
    whole numbers)."""
    count = table_count(table, system_name)
    if SYSTEMS[system_name].balanced:
        return int(count["true_value"])
    return int(count["running_value"])


def count_words(system_name: str, count: int) -> str:
    """``count`` as "true count +2" or, for an unbalanced system, "running count \u221212",
    in the active language."""
    text = _count_text(count)
    if SYSTEMS[system_name].balanced:
        return _("true count %(count)s") % {"count": text}
    return _("running count %(count)s") % {"count": text}


def true_count_now(table: TableSession, system_name: str | None) -> int | None:
    """The count ``system_name``'s index plays go by (``played_count``) for the decision the
    person makes now (the cards face up before it), or None: no system chosen, not a casino
    table, no round in play."""
    if system_name is None or system_name not in SYSTEMS or table.rules.game != "casino":
        return None
    if table.pk is None or not table.round_in_play:
        return None
    return played_count(table, system_name)


def _decision_index(
    decision: GradedDecision, found: dict[str, Any]
) -> tuple[str, dict[str, Any]] | None:
    """The words of a decision's hand and its entry in the stored indices ``found`` (the
    insurance index as an entry of its own), or None when the indices have none."""
    if decision.insurance:
        if found.get("insurance") is None:
            return None
        entry = {"action": "insurance", "below": "no_insurance", "index": found["insurance"]}
        return str(_("Insurance")), entry
    upcard = Card.parse(decision.upcard).points
    cell = cell_of([Card.parse(c).points for c in decision.hand], upcard)
    if cell is None or cell.key not in found:
        return None
    return hand_words(cell.key), found[cell.key]


def index_flag_view(table: TableSession, system_name: str, true: int) -> dict[str, Any] | None:
    """The index play that bears on the person's last decision, taken at floored true count
    ``true`` of ``system_name`` (``true_count_now`` before it): the hand, the count, the
    index's play and the index, and whether the person played it. Only when the count made
    the difference (the index's play at ``true`` is not the chart's play) and the play was
    offered; None otherwise, or while the game's indices are not computed (never computed
    here)."""
    decision = table.decisions.filter(table_version=table.version).first()
    if decision is None or decision.banker_role is not None:
        return None
    if not store.is_stored(table.rules, f"indices_{system_name}"):
        return None
    found = _decision_index(decision, store.indices_for(table.rules, system_name))
    if found is None:
        return None
    hand, entry = found
    play = play_at(entry, true)
    # The count made the difference: its play is not the chart's (the index's play at 0
    # for a decision logged without the chart's).
    basic = decision.chart_action or play_at(entry, 0)
    if play == basic or play not in decision.evs:
        return None
    return {
        "hand": hand,
        "true": _count_text(true),
        "play": ACTION_LABELS[Action(play)],
        "index": signed_index(int(entry["index"])),
        "followed": decision.action == play,
        "running": not SYSTEMS[system_name].balanced,
        "chosen": ACTION_LABELS[Action(decision.action)],
    }


def bet_count_now(table: TableSession, system_name: str | None) -> int | None:
    """The floored true count of ``system_name`` the next bet is made at (the cards face up
    since the shuffle; 0 when the next deal shuffles first), or None: no balanced system,
    not a saved casino table, or a round in play."""
    system = SYSTEMS.get(system_name or "")
    if system is None or not system.balanced or table.rules.game != "casino":
        return None
    if table.pk is None or table.round_in_play:
        return None
    count = table_count(table, system.name)
    return 0 if count["shuffle_next"] else count["true_value"]


def ramp_of(table: TableSession, system_name: str, spread: int) -> dict[int, int] | None:
    """The bet ramp (units by floored true count, strategy/betting.py ``bet_ramp``) of the
    table's rules for ``system_name`` within ``spread`` units, from the stored edges by the
    count; None while they are not computed (never computed here)."""
    if not store.is_stored(table.rules, f"edges_{system_name}"):
        return None
    return bet_ramp(store.edges_for(table.rules, system_name), spread)


def ramp_view(
    table: TableSession,
    system_name: str | None,
    setting: tuple[int, int] | None,
    mode: str,
    graded: dict[str, Any] | None,
) -> dict[str, Any] | None:
    """The bet by the count at a casino table (off unless the person set a ``setting``:
    unit chips and spread units): ``needs_count`` without a balanced counting system chosen;
    ``pending`` (with the index page's URL) while the edges are being computed; else the
    ramp's steps, the bet it says now before a deal (``next``, when the count is shown:
    ``mode`` "show"), and the grade of the last deal's bet (``graded``, kept by the deal
    view: its count, the ramp's bet and the verdict "on", "over" or "under")."""
    if setting is None or table.rules.game != "casino":
        return None
    system = SYSTEMS.get(system_name or "")
    if system is None or not system.balanced:
        return {"needs_count": True}
    unit, spread = setting
    ramp = ramp_of(table, system.name, spread)
    if ramp is None:
        url = reverse("rulesets:indices", args=[table.variant])
        return {"pending": True, "url": f"{url}?system={system.name}"}
    view: dict[str, Any] = {
        "unit": unit,
        "spread": spread,
        # Where the bet changes, from true count 0 up: each step holds until the next.
        "steps": [
            {"true": _count_text(f), "units": u, "chips": u * unit}
            for f, u in ramp.items()
            if f >= 0 and (f == 0 or u != ramp.get(f - 1))
        ],
        "graded": graded,
    }
    count = bet_count_now(table, system.name)
    if mode == "show" and count is not None:
        step = grade_bet(ramp, count, 0, unit)
        view["next"] = {"true": _count_text(count), "units": step.units, "chips": step.suggested}
    return view


def grade_deal_bet(
    table: TableSession, system_name: str, unit: int, spread: int, count: int, bet: int
) -> dict[str, Any] | None:
    """The grade of a bet of ``bet`` chips made at floored true count ``count`` against the
    ramp (``ramp_of``), for the page and the session: {"true", "units", "chips", "bet",
    "verdict"}; None while the edges are not computed."""
    ramp = ramp_of(table, system_name, spread)
    if ramp is None:
        return None
    step = grade_bet(ramp, count, bet, unit)
    return {
        "true": _count_text(count),
        "units": step.units,
        "chips": step.suggested,
        "bet": bet,
        "verdict": step.verdict,
    }


# About one settled round in three asks for the count.
COUNT_QUESTION_EVERY = 3


def count_question_due(table: TableSession) -> bool:
    """Whether the table asks "running count?" now: a saved casino table whose last round
    is settled, on about one round in ``COUNT_QUESTION_EVERY``, chosen by a hash of the
    table and its round number (the same answer on every reload of the page; no pattern a
    person could learn)."""
    if table.pk is None or table.rules.game != "casino" or table.round_in_play:
        return False
    game = table.game
    if not isinstance(game, CasinoGame) or game.round is None:
        return False
    digest = hashlib.sha256(f"{table.public_id}:{table.rounds_played}".encode()).digest()
    return digest[0] % COUNT_QUESTION_EVERY == 0


def _count_text(count: Fraction | int) -> str:
    """A count as the table writes it: "+3", "0", "-2" (its minus U+2212), "+1,5" in the
    active language's decimals (Wong Halves)."""
    if count == 0:
        return "0"
    value = Fraction(count)
    text = (
        str(abs(value.numerator))
        if value.denominator == 1
        else formats.number_format(float(abs(value)), 1)
    )
    return ("+" if value > 0 else MINUS) + text


def pending_analysis(table: TableSession) -> AnalysisState | None:
    """The state of the table's rules' background analysis while it waits, runs or failed
    (enqueued if nothing will produce it), None once it is stored: a table deals only then
    (its AI seats, grading and best-play tables read it)."""
    state = analysis_state(table.rules, table.visitor)
    return None if state.ready else state


# -- the page ----------------------------------------------------------------------------------
def recent_records(table: TableSession) -> list[RoundRecord]:
    """The recent rounds (``HISTORY_LENGTH``), newest first, without their states (the list
    reads each one's kept line, ``RoundRecord.history_line``)."""
    # Up to the table's rounds played: none settled since this request read the table.
    return list(
        table.records.defer("state").filter(number__lte=table.rounds_played)[:HISTORY_LENGTH]
    )


def history_view(
    table: TableSession,
    felt: Felt,
    records: list[RoundRecord] | None = None,
    decisions: list[GradedDecision] | None = None,
) -> list[dict[str, Any]]:
    """The recent rounds (``recent_records``, or ``records``), newest first, each with the
    severity mark of its graded decisions (``round_marks``; None for a round without any)
    and its line of the list as HTML (``html``: the felt's ``history_row``, in the active
    language; a settled round's line never changes, so it is rendered once and kept)."""
    if records is None:
        records = recent_records(table)
    marks = round_marks(table, [r.number for r in records], decisions)
    line = get_template(felt.history_row)
    rows = []
    for record in records:
        row = {**felt.history(record, table.human_seat), "mark": marks.get(record.number)}
        # The casino log's cells as text (templates/table/round_log.html), written here
        # rather than by template tags and filters in each of the rows.
        row["hands_text"] = "; ".join(
            f"{hand['cards']} ({formats.number_format(hand['total'])})"
            for hand in row.get("hands", ())
        )
        row["net_text"] = signed(record.net)
        row["net_class"] = sign_class(record.net)
        row["html"] = line.render({"row": row})
        rows.append(row)
    return rows


class Kept[T]:
    """Values of the tables this process answered lately, by key (the table's public id
    first): what cannot change once written, kept so that the next request on the table
    does not read it again. Per process and bounded (the oldest forgotten first); a key
    not kept (a table this process has not answered, or forgot) is read as before."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[tuple[Any, ...], T] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> T | None:
        """The value kept under ``key``, None when none is."""
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: tuple[Any, ...], value: T) -> None:
        """Keep ``value`` under ``key``."""
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def clear(self) -> None:
        """Forget every value."""
        with self._lock:
            self._values.clear()


class KeptHistory(Kept[list[dict[str, Any]]]):
    """The recent rounds' rows (``history_view``) per table, rounds played and language: a
    settled round's line and marks never change (its decisions were all logged before it
    settled), so a table's rows change only when a round settles, and then the new round's
    row goes before the rows kept (made from its record as the change wrote it,
    ``TableSession.settled_record``)."""

    def rows(self, table: TableSession, rounds_played: int) -> list[dict[str, Any]] | None:
        """The rows of ``table`` after ``rounds_played`` rounds in the active language."""
        return self.get((str(table.public_id), rounds_played, get_language() or ""))

    def keep(self, table: TableSession, rows: list[dict[str, Any]]) -> None:
        """Keep ``rows`` as the table's rows at its rounds played, in the active language."""
        self.put((str(table.public_id), table.rounds_played, get_language() or ""), rows)


class KeptDecisions(Kept[tuple[GradedDecision, ...]]):
    """The graded decisions of the round a table shows (``round_number_shown``) at each
    version, oldest first: those logged up to that version (``table_version``), and the
    version's own (the flag's: an action's, always of the round shown). A deal shows a new
    round, with none yet; an action adds the decision it logged, if any, to those of the
    version before (``TableSession.change_made``)."""

    def shown(self, table: TableSession) -> tuple[GradedDecision, ...] | None:
        """The decisions of the round ``table`` shows at its version; None when unknown:
        neither kept nor following from the change the table went through (and the
        decisions kept for the version before it)."""
        kept = self.get((str(table.public_id), table.version))
        if kept is not None or table.change_made is None:
            return kept
        change, logged = table.change_made
        if change == "deal":
            return ()
        before = self.get((str(table.public_id), table.version - 1))
        return None if before is None else (*before, *logged)

    def keep(self, table: TableSession, decisions: Sequence[GradedDecision]) -> None:
        """Keep ``decisions`` as those of the round ``table`` shows at its version (without
        the table a read through ``table.decisions`` attaches to each: not kept with them)."""
        for decision in decisions:
            decision._state.fields_cache.pop("table", None)
        self.put((str(table.public_id), table.version), tuple(decisions))


KEPT_HISTORY = KeptHistory(2048)
KEPT_DECISIONS = KeptDecisions(2048)
KEPT_URLS: Kept[dict[str, str]] = Kept(2048)

# The table's pages and forms by URL name: what its page links and posts to.
TABLE_URL_NAMES = {
    "table": "game:table",
    "deal": "game:deal",
    "act": "game:act",
    "hint": "game:hint",
    "counter": "game:counter",
    "summary": "game:summary",
    "count": "game:count_answer",
}


def table_urls(table: TableSession) -> dict[str, str]:
    """The URLs of a saved table's page and forms (``TABLE_URL_NAMES``) in the active
    language: reversed once per table, language and script prefix, then kept (``KEPT_URLS``:
    a table's URLs never change)."""
    key = (str(table.public_id), get_language() or "", get_script_prefix())
    urls = KEPT_URLS.get(key)
    if urls is None:
        kwargs = {"public_id": table.public_id}
        urls = {name: reverse(view, kwargs=kwargs) for name, view in TABLE_URL_NAMES.items()}
        KEPT_URLS.put(key, urls)
    return urls


def _history_and_decisions(
    table: TableSession, felt: Felt
) -> tuple[list[dict[str, Any]], list[GradedDecision]]:
    """The recent rounds' rows (``history_view``) and the graded decisions of the round
    shown (what the flag and this round's list read): from what is kept (``KEPT_HISTORY``,
    ``KEPT_DECISIONS``) and what the table's change wrote, else read: the decisions of the
    round shown in one query, the recent rounds and their decisions in two."""
    shown = round_number_shown(table)
    kept = KEPT_DECISIONS.shown(table)
    decisions = list(kept) if kept is not None else None
    rows = KEPT_HISTORY.rows(table, table.rounds_played)
    if rows is None:
        record = table.settled_record
        before = KEPT_HISTORY.rows(table, table.rounds_played - 1) if record is not None else None
        if record is not None and before is not None and record.number == table.rounds_played:
            if decisions is None:
                decisions = logged_decisions(table, [shown])
            rows = [*history_view(table, felt, [record], decisions), *before][:HISTORY_LENGTH]
        else:
            records = recent_records(table)
            decisions = logged_decisions(table, [*(r.number for r in records), shown])
            rows = history_view(table, felt, records, decisions)
        KEPT_HISTORY.keep(table, rows)
    elif decisions is None:
        decisions = logged_decisions(table, [shown])
    # Those of the round shown up to the table's version (a round's later decisions, logged
    # by a change made since this request read the table, are not this version's) and the
    # version's own (the flag's).
    version = table.version
    decisions = [
        d
        for d in decisions
        if d.table_version == version or (d.round_number == shown and d.table_version < version)
    ]
    KEPT_DECISIONS.keep(table, decisions)
    return rows, decisions


def table_context(table: TableSession) -> dict[str, Any]:
    """Everything the table page needs, for either game: the bar, the controls' shared
    parts and the history (one for both), and the felt of the table's game (``FELTS``). An
    unsaved table (``pk`` None) is the empty table shown before the visitor's first deal:
    no history, no flag, and its Deal form posts to ``game:first_deal``, which opens it."""
    felt = FELTS[table.rules.game]
    saved = table.pk is not None
    open_session = table.ended_at is None
    whole_chips = table.available.to_integral_value(rounding=ROUND_FLOOR)  # bets are whole
    cover = table.cover_needed()
    # The log under the felt: the recent rounds' rows and the decisions of the round shown.
    history, decisions = _history_and_decisions(table, felt) if saved else ([], [])
    urls = table_urls(table) if saved else {}
    advisable = counter_view_possible(table)  # the counter's advice and the hint alike
    return {
        "table": table,
        # The table's own URLs (its forms post to them; ``table_urls``).
        "urls": urls,
        # The game's partials (templates/table/table.html and controls.html include them).
        "felt": f"{felt.template}#felt",
        "prompt": f"{felt.template}#prompt",
        "keys": f"{felt.template}#keys",
        "tools": f"{felt.template}#tools",
        "variant_name": variant_name(table.variant),
        "variants": variant_choices(table.variant),
        "ai_seat_choices": range(MAX_SEATS),
        "ai_levels": list(AI_LEVEL_NAMES.items()),
        "seat_choices": range(1, MAX_SEATS + 1),
        "bankroll": table.bankroll,
        "available": table.available,
        "staked": table.in_play,
        "start_bankroll": START_BANKROLL,
        "in_play": open_session and table.round_in_play,
        # The person's net once the round is settled, either game.
        "net": _chips(table.game.net(table.human_seat)),
        # The person stakes in the next deal (else holds the bank: covers the others).
        "you_stake": table.human_seat in table.game.stakers(),
        "cover": cover,
        "can_bank": open_session and table.available >= cover,
        "min_bet": table.MIN_BET,
        "max_bet": min(table.MAX_BET, whole_chips),
        "table_max": table.MAX_BET,
        "last_bet": min(table.last_bet, whole_chips),
        "can_bet": open_session and table.available >= table.MIN_BET,
        "chips": [c for c in CHIPS if c <= table.MAX_BET],
        "flag": flag_view(table, decisions) if saved else None,
        "counter": None,
        "counter_available": advisable,
        "standards": STANDARD_LABELS,
        # The counting systems the count at the table can follow (count_toggle.html).
        "count_choices": COUNT_CHOICES,
        "history": history,
        "round_decisions": round_decisions(table, decisions) if saved else [],
        "round_log": felt.log,
        "log_history": felt.log_history,
        # The hint of the person's standard (views.py fills it in once asked for).
        "hint": None,
        "hint_available": advisable,
        "summary_url": urls["summary"] if saved else None,
        "deal_url": urls["deal"] if saved else reverse("game:first_deal"),
        "analysis": pending_analysis(table),
        "analysis_next": urls["table"] if saved else reverse("game:home"),
        **felt.context(table),
    }
