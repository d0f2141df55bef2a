"""What the table page shows of a table session: plain dicts for the templates.

Only what the player may see goes in: the dealer's hole card is left out until the engine
says it is turned (``Round.dealer_visible``), so no template can leak it.
"""

from __future__ import annotations

from decimal import ROUND_FLOOR
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from game.engine.cards import Card
from game.engine.hands import is_natural
from game.engine.round import Action, Phase, PlayerHand, Round
from game.engine.strategy.advisor import Severity
from game.engine.strategy.counter import TooFewCardsError, counter_decision, known_unseen
from game.engine.variants import VARIANTS
from game.models import MAX_SEATS, START_BANKROLL, RoundRecord, TableSession, to_decimal
from game.rulesets import store
from game.rulesets.analyses import AnalysisState, analysis_state
from game.rulesets.models import custom_id, variant_name
from game.rulesets.words import rules_summary
from trainer.web.labels import (
    ACTION_KEYS,
    AI_LEVEL_NAMES,
    EVEN_MONEY_OUTCOME,
    OUTCOME_LABELS,
    SEVERITY_LABELS,
    STANDARD_LABELS,
    VARIANT_NAMES,
    action_label,
    card_view,
)

CHIPS = (5, 25, 100, 500)
HISTORY_LENGTH = 8


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
    return {
        "cards": [card_view(c) for c in hand.cards],
        # "7/17" only while the hand may still draw; a finished hand has one total.
        "total": str(hand.value.total) if hand.done else hand.value.display(),
        "natural": hand.is_natural,
        "bust": hand.is_bust,
        "bet": to_decimal(hand.bet),
        "doubled": hand.doubled,
        "active": active,
        "outcome": hand.outcome.value if hand.outcome else None,
        "outcome_label": outcome_label,
        "net": to_decimal(net) if net is not None else None,
        "even_money": whole,
        "insurance_label": EVEN_MONEY_OUTCOME if even_money else _("Insurance"),
        "insurance": to_decimal(hand.insurance) if hand.insurance and not whole else None,
        "insurance_net": to_decimal(hand.insurance_net)
        if hand.outcome and insured and not whole
        else None,
    }


def seats_view(rnd: Round, human_seat: int, seat_count: int) -> list[dict[str, Any]]:
    """Every seat in playing order: who sits there, its hands, and its net once settled."""
    seats = []
    for seat in range(seat_count):
        hands = [
            hand_view(h, active=(i == rnd.active))
            for i, h in enumerate(rnd.hands)
            if h.seat == seat
        ]
        seats.append(
            {
                "seat": seat,
                "you": seat == human_seat,
                "label": _("You")
                if seat == human_seat
                else _("AI player %(number)s") % {"number": seat + 1},
                "hands": hands,
                "active": any(h["active"] for h in hands),
                "net": to_decimal(rnd.seat_net(seat)) if rnd.is_over else None,
            }
        )
    return seats


def round_view(rnd: Round, human_seat: int = 0, seat_count: int = 1) -> dict[str, Any]:
    """The dealer's visible cards (and how many are face down), the seats, the person's
    net, and whether the shoe ran out and the discards were shuffled in this round."""
    return {
        "seats": seats_view(rnd, human_seat, seat_count),
        "multi_seat": seat_count > 1,
        "dealer_cards": [card_view(c) for c in rnd.dealer_visible],
        "dealer_hidden": range(rnd.dealer_hidden_count),
        "dealer_total": str(rnd.dealer_value.total) if rnd.is_over else rnd.dealer_value.display(),
        "dealer_bust": rnd.dealer_value.total > 21,
        "dealer_natural": rnd.hole_revealed and is_natural(rnd.dealer),
        "hands": [hand_view(h, active=(i == rnd.active)) for i, h in enumerate(rnd.hands)],
        "over": rnd.is_over,
        "insurance_offered": rnd.phase is Phase.INSURANCE,
        "even_money_offered": even_money_offered(rnd),
        "surrender_offered": rnd.phase is Phase.SURRENDER,
        "net": to_decimal(rnd.seat_net(human_seat)) if rnd.is_over else None,
        # The shoe ran out in this round and the dealer shuffled the discards (cards.py).
        "reshuffled": rnd.shoe.reshuffled_in_round,
    }


def even_money_offered(rnd: Round | None) -> bool:
    """The insurance decision now to be made is even money: the hand to act is a natural."""
    hand = rnd.active_hand if rnd is not None else None
    return rnd is not None and rnd.phase is Phase.INSURANCE and hand is not None and hand.even_money


def history_view(record: RoundRecord, human_seat: int) -> dict[str, Any]:
    """One line of the round history: number, the hands' cards and totals, dealer total, net."""
    rnd = record.round
    return {
        "number": record.number,
        "hands": [
            {"cards": " ".join(c.rank.label for c in h.cards), "total": h.value.total}
            for h in rnd.hands_of_seat(human_seat)
        ],
        "dealer_total": rnd.dealer_value.total,
        "net": record.net,
    }


def variant_choices(current: str) -> list[dict[str, Any]]:
    """The New session form's games: every variant of the registry, then the table's own
    custom rule set when it plays one."""
    choices = [{"value": v.name, "label": VARIANT_NAMES[v.name]} for v in VARIANTS]
    if custom_id(current) is not None:
        choices.append({"value": current, "label": variant_name(current)})
    return choices


def amount_field(
    table: TableSession, rnd: Round | None, actions: tuple[Action, ...]
) -> dict[str, Any] | None:
    """The chips field of a double for less or a partial insurance, when the rules let the
    player choose: its label, default (the full amount) and maximum (what is affordable)."""
    if rnd is None or rnd.is_over or rnd.active_hand is None:
        return None
    hand = rnd.active_hand
    whole = int(table.available.to_integral_value(rounding=ROUND_FLOOR))
    if Action.INSURANCE in actions and rnd.rules.insurance_for_less:
        most = min(int(hand.base_bet / 2), whole)
        label = EVEN_MONEY_OUTCOME if hand.even_money else _("Insurance")
        return {"label": label, "value": most, "max": most}
    if Action.DOUBLE in actions and rnd.rules.double_for_less:
        most = min(int(hand.bet), whole)
        return {"label": _("Double for"), "value": most, "max": most}
    return None


def flag_view(table: TableSession) -> dict[str, Any] | None:
    """The flag of the person's last decision, while the table still shows its result, when
    it differs from the reference play of the person's standard (or from the exact play,
    when it is the chart's): what was done, the reference, every option's EV, the cost.

    ``kind`` follows the decision's grade (advisor.py's ``judge``, the one rule of
    "correct"): "deviation" (wrong: an inaccuracy, a mistake or a blunder), "close" (a
    close call: counted correct, shown as a note), "by_chart" (graded exactly, not the
    exact best but the chart's play: "by the chart: correct"), "beats_chart" (graded by the
    chart, not the chart's play but at least as good for these very cards)."""
    decision = table.decisions.filter(table_version=table.version).first()
    if decision is None:
        return None
    evs = decision.evs
    exact_best = max(evs, key=evs.__getitem__)
    severity = Severity(decision.severity)
    if severity is Severity.BEST:
        if decision.standard != "chart" or decision.action == decision.best_action:
            return None  # the reference play (or one as good): nothing to flag
        kind = "beats_chart"
    elif severity is Severity.BY_CHART:
        kind = "by_chart"
    elif severity is Severity.CLOSE:
        # A close call that is the chart's play says so: both count as correct.
        chart_play = decision.standard == "exact" and decision.action == decision.chart_action
        kind = "by_chart" if chart_play else "close"
    else:
        kind = "deviation"
    even_money = decision.insurance and is_natural([Card.parse(c) for c in decision.hand])

    def label(action: str) -> str:
        return action_label(Action(action), even_money=even_money)

    return {
        "kind": kind,
        "standard": decision.standard,
        "severity": severity.value if kind in ("deviation", "close") else "best",
        "severity_label": SEVERITY_LABELS.get(severity, ""),
        "chosen_label": label(decision.action),
        "best_label": label(decision.best_action),
        "exact_best_label": label(exact_best),
        "gain": evs[exact_best] - evs[decision.action],
        "loss": decision.loss,
        "options": [
            {
                "label": label(action),
                "ev": ev,
                "best": action == decision.best_action,
                "chosen": action == decision.action,
            }
            for action, ev in sorted(evs.items(), key=lambda item: -item[1])
        ],
        "hand": " ".join(Card.parse(code).rank.label for code in decision.hand),
        "upcard": Card.parse(decision.upcard).rank.label,
    }


def counter_view_possible(table: TableSession) -> bool:
    """The person has a decision to make now (the counter's advice can be asked for)."""
    rnd = table.round
    return (
        rnd is not None
        and not rnd.is_over
        and rnd.active_hand is not None
        and rnd.active_hand.seat == table.human_seat
    )


def counter_view(table: TableSession) -> dict[str, Any] | None:
    """What a perfect card counter would do now with the person's hand (strategy/
    counter.py: every card seen face up since the shuffle removed, the hole card and the
    undealt order unknown): the EV of each action offered (legal and affordable: a split
    the chips cannot pay is no advice), units of the initial bet, best first, and how many
    cards the count knows; ``too_few`` when the unseen cards cannot finish the round (the
    dealer will shuffle the discards in). None when the person has no decision to make."""
    if not counter_view_possible(table):
        return None
    rnd = table.round
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
    }


def pending_analysis(table: TableSession) -> AnalysisState | None:
    """The state of the table's rules' background analysis while it waits, runs or failed
    (enqueued if nothing will produce it), None once it is stored: a casino table deals
    only then (its AI seats and grading read the chart)."""
    state = analysis_state(table.rules, table.visitor)
    return None if state.ready else state


def table_context(table: TableSession) -> dict[str, Any]:
    """Everything the table templates need. An unsaved table (``pk`` None) is the empty
    table shown before the visitor's first deal: no history, no flag, and its Deal form
    posts to ``game:first_deal``, which opens the table."""
    rnd = table.round
    saved = table.pk is not None
    actions = table.affordable_actions()
    even_money = even_money_offered(rnd)
    whole_chips = table.available.to_integral_value(rounding=ROUND_FLOOR)  # bets are whole
    return {
        "table": table,
        "round": round_view(rnd, table.human_seat, table.seat_count) if rnd is not None else None,
        "in_play": table.round_in_play,
        "actions": [
            {
                "value": a.value,
                "label": action_label(a, even_money=even_money),
                "key": ACTION_KEYS[a],
            }
            for a in actions
        ],
        "bankroll": table.bankroll,
        "available": table.available,
        "staked": table.in_play,
        "min_bet": table.MIN_BET,
        "max_bet": min(table.MAX_BET, whole_chips),
        "table_max": table.MAX_BET,
        "start_bankroll": START_BANKROLL,
        "last_bet": min(table.last_bet, whole_chips),
        "can_bet": table.available >= table.MIN_BET and table.ended_at is None,
        "chips": [c for c in CHIPS if c <= table.MAX_BET],
        "rules_summary": rules_summary(table.rules),
        "flag": flag_view(table) if saved else None,
        "counter": None,
        "counter_available": counter_view_possible(table),
        "standards": STANDARD_LABELS,
        "variant_name": variant_name(table.variant),
        "variants": variant_choices(table.variant),
        "amount_field": amount_field(table, rnd, actions),
        "ai_seat_choices": range(MAX_SEATS),
        "ai_levels": list(AI_LEVEL_NAMES.items()),
        "seat_choices": range(1, MAX_SEATS + 1),
        "history": [history_view(r, table.human_seat) for r in table.records.all()[:HISTORY_LENGTH]]
        if saved
        else [],
        "deal_url": reverse("game:deal", kwargs={"public_id": table.public_id})
        if saved
        else reverse("game:first_deal"),
        "analysis": pending_analysis(table),
        "analysis_next": reverse("game:table", kwargs={"public_id": table.public_id})
        if saved
        else reverse("game:home"),
    }
