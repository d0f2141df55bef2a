"""The summary of a table session (its own page, ``views.summary``): how many decisions,
how many were right, the EV the decisions gave up set against the actual result (what was
skill and what was luck), and the situations to drill next.

Units: a decision's ``loss`` is in bets (units of the round's initial bet); in chips it is
that loss times the round's initial bet (``RoundRecord.bet``; the round in play: the bet it
was dealt with, ``TableSession.last_bet``), rounded to the cent. The actual result is the
sum of the settled rounds' nets. Skill is what the decisions gave up on average; luck is
the rest of the result: the cards dealt (the house's small edge included), which no
decision controls. A decision taken after a hint counts neither right nor wrong (not in
the accuracy, not a situation to drill) but its EV given up is part of the result's
expectation, so it is in the EV given up.

The links to the drills and to the walk through the mistakes are pages of another app,
named by URL; they are built here with ``reverse`` and left out (None) when that page's
URL does not exist, so this page renders whichever of them the site has.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any
from urllib.parse import urlencode

from django.db.models import Sum
from django.urls import reverse

from game.engine.banker import Role
from game.engine.strategy.advisor import is_correct
from game.rulesets.models import variant_name
from game.table.models import TableSession
from game.table.presenters import cost_text, decision_row
from trainer.review.models import GradedDecision
from trainer.review.situations import Situation, decision_situation
from trainer.web.numbers import MINUS, chips, signed_chips

# How many situations the summary offers to drill.
DRILL_NEXT = 3
CENT = Decimal("0.01")


def page_link(name: str, query: Sequence[tuple[str, str]] = ()) -> str:
    """The URL of the page named ``name`` (another app's page: a link, not an import) with
    ``query`` (pairs, repeated keys kept). Raises NoReverseMatch for a name the site lacks."""
    path = reverse(name)
    return f"{path}?{urlencode(list(query))}" if query else path


def cell_param(situation: Situation) -> str:
    """A chart cell as the drills' ``cell`` parameter: "<kind>-<row>-<upcard>" (hard-16-10,
    soft-7-6, pairs-8-1, insurance-0-1)."""
    return f"{situation.kind}-{situation.row}-{situation.upcard}"


def drill_query(variant: str, situations: Iterable[Situation]) -> list[tuple[str, str]]:
    """The query of the drill of exactly ``situations`` of ``variant``: variant, then one
    ``cell`` per situation."""
    return [("variant", variant), *(("cell", cell_param(s)) for s in situations)]


def worst_cells(decisions: Iterable[GradedDecision]) -> list[dict[str, Any]]:
    """The chart cells of the wrong decisions of ``decisions`` (hinted ones left out), the
    most EV given up first (then the most misses, then chart order), at most
    ``DRILL_NEXT``: each with its situation, label, misses and EV given up in bets."""
    found: dict[Situation, dict[str, Any]] = {}
    for decision in decisions:
        if decision.hinted or is_correct(decision.severity):
            continue
        situation = decision_situation(decision)
        if not situation.in_chart and situation.kind != "insurance":
            continue
        cell = found.setdefault(situation, {"situation": situation, "misses": 0, "loss": 0.0})
        cell["misses"] += 1
        cell["loss"] += decision.loss
    ranked = sorted(found.values(), key=lambda c: (-c["loss"], -c["misses"], c["situation"]))[
        :DRILL_NEXT
    ]
    return [{**c, "label": c["situation"].label, "cost_text": cost_text(c["loss"])} for c in ranked]


def ev_lost_in_chips(decisions: Iterable[GradedDecision], bets: Mapping[int, Decimal]) -> Decimal:
    """The EV ``decisions`` gave up in chips: each one's loss times its round's initial bet
    (``bets`` by round number), summed and rounded to the cent."""
    total = sum(
        (Decimal(repr(d.loss)) * bets.get(d.round_number, Decimal(0)) for d in decisions),
        Decimal(0),
    )
    return total.quantize(CENT, rounding=ROUND_HALF_UP)


def summary_context(table: TableSession) -> dict[str, Any]:
    """What the summary page shows of ``table`` (module docstring): decisions (all, counted,
    right, hinted), accuracy in percent of the counted ones (None for none), the EV given
    up in bets (all decisions', and the part given up after a hint, which the mistakes'
    list leaves out) and in chips, the actual result (chips), the luck (the result plus the EV
    given up), the wrong decisions (``decision_row``), the worst cells with their drill
    links, and the links to drill them all and to walk through the mistakes (None when
    those pages are not there)."""
    decisions = list(table.decisions.order_by("id"))
    counted = [d for d in decisions if not d.hinted]
    right = sum(1 for d in counted if is_correct(d.severity))
    bets = {r.number: r.bet for r in table.records.all()}
    if table.round_in_play:
        bets.setdefault(table.rounds_played + 1, table.last_bet)
    # The banker game's bank stakes no chips: its decisions are valued per unit of the
    # punters' stakes, which the record does not keep, so they stay out of the chips.
    as_bank = [d for d in decisions if d.banker_role is Role.BANKER]
    ev_chips = ev_lost_in_chips([d for d in decisions if d not in as_bank], bets)
    result = table.records.aggregate(total=Sum("net"))["total"] or Decimal(0)
    luck = result + ev_chips
    ev_bets = sum(d.loss for d in decisions)
    hinted_loss = sum(d.loss for d in decisions if d.hinted)
    cells = worst_cells(decisions)
    for cell in cells:
        cell["drill_url"] = page_link(
            "drills:situations", drill_query(table.variant, [cell["situation"]])
        )
    mistakes = [d for d in counted if not is_correct(d.severity)]
    # The walk asks again the casino decisions only (the banker game's are not walkable).
    walkable = [d for d in mistakes if d.banker_role is None]
    return {
        "table": table,
        "variant_name": variant_name(table.variant),
        "rounds": table.rounds_played,
        "decisions": len(decisions),
        "counted": len(counted),
        "right": right,
        "hinted": len(decisions) - len(counted),
        "accuracy": 100 * right / len(counted) if counted else None,
        "ev_lost_bets": ev_bets,
        "ev_lost_text": cost_text(ev_bets),
        # the part of it given up after a hint (in the EV, not in the mistakes' list)
        "hinted_ev_lost_text": cost_text(hinted_loss) if hinted_loss > 0 else "",
        "ev_lost_chips": ev_chips,
        "ev_lost_chips_text": chips(ev_chips, 2),
        "result_text": signed_chips(result, 2, minus=MINUS, zero="±"),
        "luck_text": signed_chips(luck, 2, minus=MINUS, zero="±"),
        "luck_sign": (luck > 0) - (luck < 0),
        "mistakes": [decision_row(d) for d in mistakes],
        "cells": cells,
        "drill_all_url": page_link(
            "drills:situations", drill_query(table.variant, [c["situation"] for c in cells])
        )
        if len(cells) > 1
        else None,
        "walk_url": page_link("drills:walk_new", [("table", str(table.public_id))])
        if walkable
        else None,
        "bank_ev_lost_text": cost_text(sum(d.loss for d in as_bank)) if as_bank else "",
    }
