"""The table's views: one per action; HTMX requests get the table partial (and the bankroll
out of band), plain form posts are redirected back to the table page."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, push_url

from game.engine.counting import CARDS_PER_DECK, SYSTEMS, parse_count
from game.engine.games import game_type
from game.engine.players import LEVELS
from game.engine.strategy.advisor import STANDARDS
from game.rulesets.index_analyses import index_state
from game.rulesets.models import is_playable, rules_for
from game.table.models import MAX_SEATS, TableSession
from game.table.presenters import (
    bet_count_now,
    count_question_due,
    count_view,
    counter_view,
    grade_deal_bet,
    hint_view,
    index_flag_view,
    ramp_view,
    table_context,
    table_count,
    table_urls,
    true_count_now,
)
from game.table.summary import summary_context
from trainer.web.errors import Refused
from trainer.web.http import HtmxHttpRequest, respond
from trainer.web.labels import MORE_SEATS_MESSAGES, STANDARD_LABELS
from trainer.web.redirects import safe_next
from trainer.web.visitors import (
    COUNT_KEY,
    COUNT_MODE_KEY,
    COUNT_MODES,
    RAMP_KEY,
    RAMP_SPREADS,
    RAMP_UNITS,
    SESSION_KEY,
    STANDARD_KEY,
    bet_ramp_setting,
    count_mode,
    count_system,
    grading_standard,
    owned_or_404,
    visitor_id,
)


def _own_table(request: HttpRequest, public_id: uuid.UUID) -> TableSession:
    """The visitor's table with this id; 404 for anyone else's (or none)."""
    return owned_or_404(request, TableSession, public_id=public_id)


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """Send the visitor to their open table. Without one (a first visit, a crawler following
    the header link) show the empty table of the default game and write nothing: no table
    row, no session. The table is opened by the first deal (``first_deal``) or New session."""
    table = TableSession.open_table(visitor_id(request, create=False))
    if table is not None:
        return redirect("game:table", public_id=table.public_id)
    return _respond(request, TableSession(), full=True)


@require_POST
def first_deal(request: HtmxHttpRequest) -> HttpResponse:
    """The empty table's Deal: open the visitor's table (the visitor id is made and kept in
    the session now) and deal on it with the posted bet, in one transaction, so a refused
    bet opens nothing. A visitor who has an open table by now (another tab) deals on it,
    its version deciding as for any deal (a stale form is refused)."""
    visitor = visitor_id(request, create=False) or uuid.uuid4()
    try:
        with transaction.atomic():
            table = TableSession.open_for(visitor)
            table.deal(request.POST.get("bet", ""), _version(request))
    except Refused as exc:
        messages.error(request, exc.message)
        opened = TableSession.open_table(visitor)
        return _respond(request, opened if opened is not None else TableSession())
    if request.session.get(SESSION_KEY) != str(visitor):
        request.session[SESSION_KEY] = str(visitor)
    # The page's New session form was the empty table's, which had nothing to end: it
    # comes again with the table, asking before it ends it.
    response = _respond(request, table, also=["table/table_bar.html#new-session"])
    if request.htmx:
        push_url(response, table_url(table))
    return response


@require_safe
def table_page(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """The table page (full page, or the felt partial for an HTMX request)."""
    table = _own_table(request, public_id)
    return _respond(request, table, full=not request.htmx)


@require_POST
def deal(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Deal a round with the posted bet; with a bet ramp set (``set_ramp``) the bet is
    graded against it at the count before the deal, apart from the play decisions (kept in
    the session with the session's tally of bets on the ramp)."""
    system = count_system(request)
    setting = bet_ramp_setting(request)

    def change(table: TableSession) -> None:
        count = bet_count_now(table, system) if setting is not None else None
        table.deal(request.POST.get("bet", ""), _version(request))
        if count is None or system is None or setting is None:
            return
        bet = int(table.last_bet)
        graded = grade_deal_bet(table, system, *setting, count, bet)
        if graded is not None:
            request.session[ramp_key(public_id)] = graded
            on, total = request.session.get(ramp_tally_key(public_id), [0, 0])
            request.session[ramp_tally_key(public_id)] = [
                on + (graded["verdict"] == "on"),
                total + 1,
            ]

    return _change_table(request, public_id, change)


def ramp_key(public_id: uuid.UUID) -> str:
    """The session key of the grade of a table's last bet against the bet ramp."""
    return f"table_bet_grade:{public_id}"


def ramp_tally_key(public_id: uuid.UUID) -> str:
    """The session key of a table's tally of bets graded: [on the ramp, graded]."""
    return f"table_bet_tally:{public_id}"


@require_POST
def act(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Apply the posted action (hit, stand, double, split, surrender, insurance or not) to
    the round in play; ``amount`` carries a double for less or a partial insurance. A
    decision taken at the version a hint was shown for is logged as hinted."""
    shown = request.session.get(hint_key(public_id))
    hinted = shown is not None and str(shown) == _version(request).strip()
    system = count_system(request)

    def change(table: TableSession) -> None:
        # The count the decision was taken at, for the flag's index note (index_flag_view).
        true = true_count_now(table, system)
        table.act(
            request.POST.get("action", ""),
            _version(request),
            request.POST.get("amount"),
            standard=grading_standard(request),
            hinted=hinted,
        )
        if true is not None:
            request.session[index_flag_key(public_id)] = [table.version, system, true]

    return _change_table(request, public_id, change)


def index_flag_key(public_id: uuid.UUID) -> str:
    """The session key of the count a table's last decision was taken at: [the table
    version after it, the counting system, the floored true count]."""
    return f"table_index_flag:{public_id}"


def hint_key(public_id: uuid.UUID) -> str:
    """The session key holding the table version a hint was shown at: the hint belongs to
    that one decision (the next change bumps the version, and the hint is gone)."""
    return f"table_hint:{public_id}"


@require_POST
def hint(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Show what the person's grading standard says for the decision to make now (the
    posted ``version``'s), before acting; the decision taken next is logged as hinted. A
    stale version, or no decision to make, is refused with a message and changes nothing.
    Without JavaScript the post is redirected to the table page, which shows the hint."""
    table = _own_table(request, public_id)
    if _version(request).strip() != str(table.version):
        messages.error(request, table.stale_message)
    elif hint_view(table, grading_standard(request)) is None:
        messages.error(request, _("There is no decision to give a hint for now."))
    else:
        request.session[hint_key(public_id)] = table.version
    return _respond(request, table)


@require_safe
def summary(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """The summary of a table session: its decisions, accuracy, the EV its decisions gave
    up against its actual result (skill and luck) and the situations to drill next."""
    table = _own_table(request, public_id)
    return render(request, "table/summary.html", summary_context(table))


def _version(request: HttpRequest) -> str:
    return request.POST.get("version", "")


def _change_table(
    request: HtmxHttpRequest, public_id: uuid.UUID, change: Callable[[TableSession], object]
) -> HttpResponse:
    """Run one change on the visitor's table; a refusal becomes an inline message. A change
    leaves the table re-read (``PlayedGame.changing``); a refused one is re-read here (it
    may be stale: another tab's change)."""
    table = _own_table(request, public_id)
    try:
        change(table)
    except Refused as exc:
        messages.error(request, exc.message)
        table.refresh_from_db()
    return _respond(request, table)


@require_POST
def new_session(request: HtmxHttpRequest) -> HttpResponse:
    """End the visitor's open table and open a new one with a fresh bankroll, playing the
    posted variant (default European) with the posted seating (default alone; the banker
    game seats one AI player when none was chosen). An unknown variant or an impossible
    seating changes nothing. Two posts at once leave one open table (``start_new``)."""
    visitor = visitor_id(request, create=True)
    variant = request.POST.get("variant") or "european"
    if not is_playable(variant):
        messages.error(request, _("There is no such game here. Choose one from the list."))
        return redirect("game:home")
    seating = _seating(request.POST.get("ai_seats"), request.POST.get("seat"))
    if seating is None:
        messages.error(request, _("Choose 0 to 6 AI players and a seat at the table."))
        return redirect("game:home")
    rules = rules_for(variant)
    fewest = game_type(rules).min_seats
    if seating[0] < fewest:
        # A game that needs someone to play against (the banker game): seat AI players
        # up to its fewest, and say so.
        seating = _seating(str(fewest - 1), request.POST.get("seat"))
        assert seating is not None
        messages.info(request, MORE_SEATS_MESSAGES[rules.game])
    seat_count, human_seat = seating
    ai_level = request.POST.get("ai_level") or "easy"
    if ai_level not in LEVELS:
        messages.error(request, _("Choose how well the AI players play: easy, normal or hard."))
        return redirect("game:home")
    table = TableSession.start_new(
        visitor,
        variant=variant,
        seat_count=seat_count,
        human_seat=human_seat,
        ai_level=ai_level,
    )
    if request.htmx:
        return HttpResponseClientRedirect(table_url(table))
    return redirect("game:table", public_id=table.public_id)


def _seating(ai_text: str | None, seat_text: str | None) -> tuple[int, int] | None:
    """(seat count, the person's seat index) from the form; missing fields mean playing
    alone; None for values outside 0-6 AI players or a seat that is not at the table."""
    try:
        ai_seats = int(ai_text) if ai_text not in (None, "") else 0
        seat = int(seat_text) if seat_text not in (None, "") else 1
    except ValueError:
        return None
    if not 0 <= ai_seats <= MAX_SEATS - 1:
        return None
    seat = min(seat, ai_seats + 1)
    if seat < 1:
        return None
    return ai_seats + 1, seat - 1


def table_url(table: TableSession) -> str:
    """The table page's URL in the active language."""
    return reverse("game:table", kwargs={"public_id": table.public_id})


def _respond(
    request: HtmxHttpRequest,
    table: TableSession,
    *,
    full: bool = False,
    also: Sequence[str] = (),
) -> HttpResponse:
    """The full page, the felt with the bankroll, the decision flag and the round's log out
    of band (HTMX), or a redirect to the page (a plain form post). Either game: table_view's
    context says which felt the page holds. The hint shown for the table's version
    (``hint``) is on the page; a hint of an earlier version is forgotten. ``also``: more
    parts ("template#partial") to swap out of band."""
    # Redirected before the context is built: a plain post's answer shows none of it.
    if not full and not request.htmx:
        return redirect(table_url(table) if table.pk is not None else reverse("game:home"))
    context = table_context(table)
    context["count_system"] = count_system(request)
    context["count_mode"] = count_mode(request)
    context["count"] = count_view(
        table,
        context["count_system"],
        context["count_mode"],
        request.session.get(count_key(table.public_id)),
    )
    if full and request.GET.get("counter"):
        context["counter"] = counter_view(table, context["count_system"])
    context["ramp"] = ramp_view(
        table,
        context["count_system"],
        bet_ramp_setting(request),
        context["count_mode"],
        request.session.get(ramp_key(table.public_id)) if table.pk is not None else None,
    )
    if context["ramp"] is not None and table.pk is not None:
        context["ramp"]["tally"] = request.session.get(ramp_tally_key(table.public_id))
    context["ramp_units"], context["ramp_spreads"] = RAMP_UNITS, RAMP_SPREADS
    context["ramp_setting"] = bet_ramp_setting(request)
    taken = request.session.get(index_flag_key(table.public_id)) if table.pk is not None else None
    if context["flag"] and taken and taken[0] == table.version and taken[1] in SYSTEMS:
        context["index_flag"] = index_flag_view(table, taken[1], int(taken[2]))
    shown = request.session.get(hint_key(table.public_id)) if table.pk is not None else None
    if shown is not None and shown != table.version:  # its decision was taken: gone
        del request.session[hint_key(table.public_id)]
    elif shown is not None:
        context["hint"] = hint_view(table, grading_standard(request))
    oob = ["table/table_bar.html#bankroll", "table/table.html#decision-flag", *also]
    if context["round_log"]:
        oob.append(f"{context['round_log']}#round-log")
    return respond(request, "table/table.html", "table-felt", context, oob=oob, full=full)


@require_POST
def set_grading(request: HtmxHttpRequest) -> HttpResponse:
    """Keep the person's grading standard ("exact" or "chart") in the session and go back
    to the posted ``next`` page (same site only; else the table). An unknown value changes
    nothing and says so."""
    value = request.POST.get("standard", "")
    if value in STANDARDS:
        request.session[STANDARD_KEY] = value
        messages.success(
            request,
            _("Your decisions are now graded against %(standard)s.")
            % {"standard": STANDARD_LABELS[value]},
        )
    else:
        messages.error(request, _("Choose the exact play or the chart."))
    return _back_to_next(request)


def _back_to_next(request: HtmxHttpRequest) -> HttpResponse:
    """Back to the posted ``next`` page (same site only; else the table), by HTMX's
    client redirect for an HTMX post."""
    target = safe_next(request, reverse("game:home"))
    if request.htmx:
        return HttpResponseClientRedirect(target)
    return HttpResponseRedirect(target)


@require_POST
def set_count(request: HtmxHttpRequest) -> HttpResponse:
    """Show the count of the posted counting system at the table (``system``: a name of
    game/engine/counting.py's SYSTEMS) or hide it ("off"), kept in the session, and go back
    to the posted ``next`` page (same site only; else the table). An unknown system changes
    nothing and says so."""
    value = request.POST.get("system", "")
    mode = request.POST.get("mode", "show")
    if value == "off":
        request.session.pop(COUNT_KEY, None)
        messages.success(request, _("The count is hidden."))
    elif value in SYSTEMS and mode in COUNT_MODES:
        request.session[COUNT_KEY] = value
        request.session[COUNT_MODE_KEY] = mode
        label = {"system": SYSTEMS[value].label}
        if mode == "ask":
            messages.success(
                request,
                _("Keep the %(system)s count yourself: the table asks for it now and then.")
                % label,
            )
        else:
            messages.success(request, _("The table shows the %(system)s count.") % label)
    else:
        messages.error(request, _("Choose a counting system, or hide the count."))
    return _back_to_next(request)


@require_POST
def set_ramp(request: HtmxHttpRequest) -> HttpResponse:
    """Grade the bets by the count against a ramp of the posted ``unit`` (chips) and
    ``spread`` (units), kept in the session, or stop ("off" as the unit); back to the
    posted ``next`` page. Asks for the edges by the count of the person's counting system
    (queued in the background when not computed: ``index_state``). A unit or spread not
    offered, or a ramp whose top passes the table's limit, changes nothing and says so."""
    unit, spread = _int(request.POST.get("unit")), _int(request.POST.get("spread"))
    if request.POST.get("unit") == "off":
        request.session.pop(RAMP_KEY, None)
        messages.success(request, _("Bets are no longer graded by the count."))
    elif unit not in RAMP_UNITS or spread not in RAMP_SPREADS:
        messages.error(request, _("Choose a unit and a spread from the lists."))
    elif unit * spread > TableSession.MAX_BET:
        messages.error(
            request,
            _("The top of the ramp (unit times spread) must fit the table's limit of %(max)s.")
            % {"max": int(TableSession.MAX_BET)},
        )
    else:
        request.session[RAMP_KEY] = {"unit": unit, "spread": spread}
        system = count_system(request)
        table = TableSession.open_table(visitor_id(request, create=False))
        if system is not None and SYSTEMS[system].balanced and table is not None:
            index_state(table.rules, system)
        messages.success(
            request,
            _(
                "Your bets are graded against a ramp of %(unit)s chips a unit, "
                "up to %(spread)s units."
            )
            % {"unit": unit, "spread": spread},
        )
    return _back_to_next(request)


def _int(text: str | None) -> int | None:
    try:
        return int(str(text))
    except ValueError:
        return None


def count_key(public_id: uuid.UUID) -> str:
    """The session key of the table version whose count question was answered."""
    return f"count_answered:{public_id}"


@require_POST
def count_answer(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Grade the person's answer to the table's "running count?" question (the ``count``
    posted for the table's ``version``): right, or the count and how far off; once per
    question (the version is kept in the session). A stale version, no question, or an
    answer that is not a count is refused with a message and records nothing."""
    table = _own_table(request, public_id)
    system = count_system(request)
    answered = request.session.get(count_key(public_id))
    if _version(request).strip() != str(table.version):
        messages.error(request, table.stale_message)
    elif (
        system is None
        or count_mode(request) != "ask"
        or answered == table.version
        or not count_question_due(table)
    ):
        messages.error(request, _("There is no count to answer now."))
    else:
        given = parse_count(request.POST.get("count", ""))
        refusal = _count_refusal(given, system, table.rules.decks)
        if refusal is not None:
            messages.error(request, refusal)
        else:
            assert given is not None
            request.session[count_key(public_id)] = table.version
            _grade_count(request, given, table_count(table, system))
    return _respond(request, table)


def _count_refusal(given: Fraction | None, system_name: str, decks: int) -> str | None:
    """Why ``given`` is no running count of ``system_name`` for a shoe of ``decks``, or
    None: no number, a half in a system of whole tags, or past what the shoe's cards can
    reach from the system's starting count (every card at the largest tag)."""
    if given is None:
        return _("Write the count as a number, such as +3, 0 or -2.")
    system = SYSTEMS[system_name]
    if given.denominator != 1 and system.whole:
        return _("This system counts in whole numbers: type the count without a half.")
    reach = CARDS_PER_DECK * decks * system.largest_tag
    if abs(given - system.initial_running_count(decks)) > reach:
        return _("No count of this shoe's cards reaches that far.")
    return None


def _grade_count(request: HttpRequest, given: Fraction, count: dict[str, Any]) -> None:
    words = {"running": count["running"], "true": count["true"]}
    off = abs(given - count["running_value"])
    if off == 0:
        text = (
            _("Right: the running count is %(running)s (true count %(true)s).")
            if count["true"] is not None
            else _("Right: the running count is %(running)s.")
        )
        messages.success(request, text % words)
        return
    words["off"] = formats.number_format(float(off), 1) if off.denominator > 1 else str(off)
    text = (
        _("The running count is %(running)s (true count %(true)s): yours was %(off)s off.")
        if count["true"] is not None
        else _("The running count is %(running)s: yours was %(off)s off.")
    )
    messages.error(request, text % words)


@require_safe
def counter(request: HtmxHttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """On request: what a perfect card counter would do with the person's decision now,
    knowing every card seen face up since the shuffle (never the hole card or the shoe's
    order): the EV of each legal action and the best one. The table page with
    ``?counter=1`` shows the same without JavaScript."""
    table = _own_table(request, public_id)
    context = {
        "table": table,
        "counter": counter_view(table, count_system(request)),
        "urls": table_urls(table),
    }
    return render(request, "table/counter_advice.html", context)
