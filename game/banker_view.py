"""What the banker game's page shows of a table session: plain dicts for the templates.

Everything about the cards comes from the engine's ``observe`` for the person's seat, so the
face-down cards of the other seats (the two dealt cards of a punter or banker who has not
bust, until the deal is settled) are never in the context: no template can leak them.
"""

from __future__ import annotations

from decimal import ROUND_FLOOR
from fractions import Fraction
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from game.engine.banker import (
    BankerAction,
    BankerDeal,
    BankerObservation,
    BankerTable,
    Role,
    SeatView,
    observe,
)
from game.engine.hands import hand_value, is_natural
from game.models import (
    AI_BET,
    MAX_SEATS,
    START_BANKROLL,
    RoundRecord,
    TableSession,
    to_decimal,
)
from game.rulesets.store import AnalysisPending, banker_play_for
from game.table_view import CHIPS, HISTORY_LENGTH, pending_analysis, variant_choices, variant_name
from trainer.web.labels import (
    BANKER_ACTION_KEYS,
    BANKER_ACTION_LABELS,
    BANKER_OUTCOME_LABELS,
    ROLE_LABELS,
    card_view,
)


def seat_label(seat: int, human_seat: int) -> str:
    """A seat as the page names it: "You" or "AI player 3" (numbered from 1)."""
    if seat == human_seat:
        return _("You")
    return _("AI player %(number)s") % {"number": seat + 1}


def _chips(amount: Fraction | None) -> Any:
    return None if amount is None else to_decimal(amount)


def _seat_view(
    view: SeatView | BankerObservation,
    *,
    human_seat: int,
    deal: BankerDeal,
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
        "acting": deal.to_act == view.seat,
        "outcome": view.outcome.value if view.outcome else None,
        "outcome_label": BANKER_OUTCOME_LABELS[view.outcome] if view.outcome else None,
        "net": _chips(view.net),
        "running_net": to_decimal(running_net),
    }


def seats_view(table: TableSession, bank: BankerTable, deal: BankerDeal | None) -> list[dict]:
    """Every seat in seat order. Without a deal yet: the roles of the next deal, no cards."""
    nets = bank.nets
    if deal is None:
        return [
            {
                "seat": seat,
                "number": seat + 1,
                "you": seat == table.human_seat,
                "label": seat_label(seat, table.human_seat),
                "banker": seat == bank.banker,
                "role": ROLE_LABELS[Role.BANKER if seat == bank.banker else Role.PUNTER],
                "hidden": range(0),
                "cards": [],
                "running_net": to_decimal(nets[seat]),
            }
            for seat in range(bank.seats)
        ]
    obs = observe(deal, table.human_seat)
    views: list[SeatView | BankerObservation] = [obs, *obs.others]
    views.sort(key=lambda v: v.seat)
    return [
        _seat_view(
            v,
            human_seat=table.human_seat,
            deal=deal,
            running_net=nets[v.seat],
        )
        for v in views
    ]


def history_view(record: RoundRecord, human_seat: int) -> dict[str, Any]:
    """One line of the recent deals: number, the person's role, cards and total, net."""
    deal = record.banker_deal
    hand = deal.hands[human_seat]
    return {
        "number": record.number,
        "role": ROLE_LABELS[hand.role],
        "cards": " ".join(c.rank.label for c in hand.cards),
        "total": hand.total,
        "banker": seat_label(deal.banker, human_seat),
        "net": record.net,
    }


def bar_context(table: TableSession) -> dict[str, Any]:
    """The bar above the felt: the game's name, the bankroll and the New session form."""
    return {
        "table": table,
        "variant_name": variant_name(table.variant),
        "bankroll": table.bankroll,
        "staked": table.in_play,
        "start_bankroll": START_BANKROLL,
        "variants": variant_choices(table.variant),
        "ai_seat_choices": range(MAX_SEATS),
        "seat_choices": range(1, MAX_SEATS + 1),
    }


def best_play_view(table: TableSession) -> dict[str, list[dict[str, Any]]] | None:
    """The best draw or stand by the two-card total (strategy/banker.py, exact for the
    2-deck shoe, stored by the game's analysis): the punter's against the banker's policy
    (he draws below 17), and the banker's against punters who stood (they stand from 16).
    Rows: total, soft or not, the better action's label and both EVs per unit staked. None
    while the analysis is not stored (game/rulesets/analyses.py computes it in the background)."""
    draw, stand = BANKER_ACTION_LABELS[BankerAction.DRAW], BANKER_ACTION_LABELS[BankerAction.STAND]
    try:
        stored = banker_play_for(table.rules)
    except AnalysisPending:
        return None
    return {  # punter first (a JSON column may store the keys in another order)
        side: [{**row, "best": draw if row["best"] == "draw" else stand} for row in stored[side]]
        for side in ("punter", "banker")
    }


def banker_context(table: TableSession) -> dict[str, Any]:
    """Everything templates/game/banker.html needs."""
    bank = table.banker_table
    deal = table.banker_deal
    open_session = table.ended_at is None
    in_play = open_session and deal is not None and not deal.is_over
    obs = observe(deal, table.human_seat) if deal is not None else None
    # The bank of the deal in play, else of the next deal.
    banker_seat = deal.banker if in_play and deal is not None else bank.banker
    you_bank = banker_seat == table.human_seat
    shoe = deal.shoe if in_play and deal is not None else bank.shoe
    passed = deal is not None and deal.is_over and deal.banker != bank.banker
    whole_chips = table.available.to_integral_value(rounding=ROUND_FLOOR)
    cover = table.banker_cover(bank)
    actions = obs.legal_actions if in_play and obs is not None else ()
    natural = deal is not None and deal.banker_hand.is_natural and deal.is_over
    return {
        "best_play": best_play_view(table),
        "analysis": pending_analysis(table),
        "analysis_next": reverse("game:table", kwargs={"public_id": table.public_id}),
        **bar_context(table),
        "seats": seats_view(table, bank, deal),
        "deal": deal,
        "in_play": in_play,
        "settled": deal is not None and deal.is_over,
        "banker_natural": natural,
        "net": _chips(obs.net) if obs is not None and deal is not None and deal.is_over else None,
        "you_bank": you_bank,
        "banker_label": seat_label(banker_seat, table.human_seat),
        "talia": bank.talia,
        "last_talia": bank.talia - 1,
        "bank_passed": passed,
        "cards_left": shoe.remaining,
        "shoe_size": len(shoe.cards),
        "cards_needed": bank.cards_needed,
        "actions": [
            {"value": a.value, "label": BANKER_ACTION_LABELS[a], "key": BANKER_ACTION_KEYS[a]}
            for a in actions
        ],
        "your_turn": bool(actions),
        "min_bet": table.MIN_BET,
        "max_bet": min(table.MAX_BET, whole_chips),
        "table_max": table.MAX_BET,
        "last_bet": min(table.last_bet, whole_chips),
        "ai_stake": to_decimal(AI_BET),
        "ai_punters": len([s for s in bank.punter_seats if s != table.human_seat]),
        "cover": cover,
        "can_bank": open_session and table.available >= cover,
        "can_bet": open_session and table.available >= table.MIN_BET,
        "chips": [c for c in CHIPS if c <= table.MAX_BET],
        "history": [
            history_view(r, table.human_seat) for r in table.records.all()[:HISTORY_LENGTH]
        ],
    }
