"""Table sessions and their rounds.

A ``TableSession`` is one visitor's sitting at a table: the variant, the bankroll of virtual
chips, the shoe, the round in play (the engine's ``Round`` as JSON, hole card included; it
never leaves the server) and a ``version`` that every form echoes so a repeated or stale
request changes nothing. Each settled round is kept as a ``RoundRecord``.

The banker game "Двадцать одно" (``Rules.game == "banker"``, seed 003) is a different game
at the same table: its state is ``banker_state`` (the engine's ``BankerTable`` and the
current ``BankerDeal``, as JSON), ``deal``/``act`` dispatch to it, and each settled deal is a
``RoundRecord`` too (bet: the person's stake, 0 as the banker).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, TypeVar

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _

from game.engine.banker import (
    BANKER_BUST_PAYS,
    NATURAL_PAYS,
    BankerAction,
    BankerDeal,
    BankerTable,
    autoplay,
    end_of_talia,
    new_table,
    next_deal,
    record_deal,
)
from game.engine.banker import apply as banker_apply
from game.engine.cards import Shoe
from game.engine.errors import Reason
from game.engine.money import money
from game.engine.players import AI_LEVELS
from game.engine.round import (
    Action,
    IllegalActionError,
    Round,
    affordable_actions,
    apply,
    deal,
)
from game.engine.rules import Rules
from game.engine.strategy.advisor import Grade
from game.rulesets import store
from game.rulesets.models import RuleSet, rules_for
from trainer.review.models import DecisionPoint, GradedDecision
from trainer.web.labels import REASON_MESSAGES, reason_message

START_BANKROLL = Decimal(1000)
MAX_SEATS = 7
# What each AI seat stakes every round (AI seats play with the house's chips).
AI_BET = Fraction(10)
# A bet as typed: ASCII digits, optionally signed or followed by a decimal point and zeros.
_WHOLE_CHIPS = re.compile(r"([+-]?[0-9]{1,30})(?:\.0{0,30})?")
# Reshuffle early if fewer cards than this remain (or than the cut card leaves, for a
# short shoe), so a round never runs out of cards.
MIN_CARDS_FOR_ROUND = 20
# The banker game: the bank opens at seat 0 (the first seat of the New session form) and
# passes left after each talia (engine). A person who holds the bank must be able to pay the
# worst case of a deal: every punter paid twice the stake (a punter's natural [13] or the
# banker's bust [20], seed 003), so the bankroll must hold twice the sum of the stakes.
FIRST_BANKER_SEAT = 0
BANKER_COVER = max(NATURAL_PAYS, BANKER_BUST_PAYS)

_T = TypeVar("_T")

NOT_ENOUGH_FOR_BET = _("You do not have enough chips left for another bet of this size.")


class TableError(Exception):
    """A request the table refuses; ``message`` is shown to the person (translated)."""

    def __init__(self, message) -> None:
        super().__init__(str(message))
        self.message = message


class StaleActionError(TableError):
    """A form from an earlier state of the table (double click, back button, two tabs)."""

    def __init__(self) -> None:
        super().__init__(
            _(
                "That click was already handled (a double click, the back button or another "
                "tab). The table shows where the round stands now."
            )
        )


def to_decimal(amount: Fraction) -> Decimal:
    """Exact Decimal of a chip amount (bets are whole chips, so payouts end in .5 at most)."""
    return Decimal(money(amount))


class TableSession(models.Model):
    """One visitor's sitting at a table (no account needed: tied to the Django session)."""

    MIN_BET = Decimal(5)
    MAX_BET = Decimal(500)

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    visitor = models.UUIDField(db_index=True)
    variant = models.CharField(max_length=40, default="european")
    bankroll = models.DecimalField(max_digits=14, decimal_places=2, default=START_BANKROLL)
    last_bet = models.DecimalField(max_digits=14, decimal_places=2, default=Decimal(10))
    shoe_state = models.JSONField(null=True, blank=True)
    round_state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    rounds_played = models.PositiveIntegerField(default=0)
    # The seats, 1 to 7, in playing order: the person's seat and AI seats of one level.
    seat_count = models.PositiveSmallIntegerField(default=1)
    human_seat = models.PositiveSmallIntegerField(default=0)
    ai_level = models.CharField(max_length=20, default="easy")
    # The banker game (seed 003): {"table": BankerTable JSON, "deal": BankerDeal JSON or
    # null}; the deal is the one in play or the last one settled. Shoe and face-down cards
    # included, so it never leaves the server either.
    banker_state = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(seat_count__gte=1, seat_count__lte=MAX_SEATS),
                name="seat_count_1_to_7",
            ),
            models.CheckConstraint(
                condition=models.Q(human_seat__lt=models.F("seat_count")),
                name="human_seat_at_the_table",
            ),
            # One open table per visitor, kept by the database: two New session posts at
            # once cannot both open one (the loser's insert fails; see open_table_for).
            models.UniqueConstraint(
                fields=["visitor"],
                condition=models.Q(ended_at__isnull=True),
                name="one_open_table_per_visitor",
            ),
        ]

    def __str__(self) -> str:
        return f"table {self.public_id} ({self.variant})"

    # -- opening and ending ----------------------------------------------------------------
    @classmethod
    def open_table(cls, visitor: uuid.UUID | None) -> TableSession | None:
        """The visitor's open table (there is at most one), None when there is none or no
        visitor."""
        if visitor is None:
            return None
        return cls.objects.filter(visitor=visitor, ended_at__isnull=True).first()

    @classmethod
    def open_for(cls, visitor: uuid.UUID) -> TableSession:
        """The visitor's open table, opened with the defaults (European, alone, 1,000 chips)
        when there is none. Two requests at once get the same table: the database refuses
        the second open table and ``get_or_create`` then reads the first one."""
        table, _created = cls.objects.get_or_create(visitor=visitor, ended_at=None)
        return table

    @classmethod
    def start_new(cls, visitor: uuid.UUID, **fields: Any) -> TableSession:
        """End the visitor's open table (its version bumped, so its forms are stale) and
        open a new one with ``fields`` (variant, seat_count, human_seat, ai_level).

        When another request opened a table for this visitor at the same moment, the
        database refuses this one (``one_open_table_per_visitor``) and that table is
        returned instead, so a double click or two tabs leave exactly one open table."""
        try:
            with transaction.atomic():
                cls.objects.filter(visitor=visitor, ended_at__isnull=True).update(
                    ended_at=timezone.now(), version=models.F("version") + 1
                )
                return cls.objects.create(visitor=visitor, **fields)
        except IntegrityError:
            table = cls.open_table(visitor)
            if table is None:  # some other constraint: not a race with another request
                raise
            return table

    @classmethod
    def merge_visitor_rows(cls, old: uuid.UUID, new: uuid.UUID) -> int:
        """Give ``old``'s tables to ``new`` (trainer/web/visitors.py, on logging in). Both may
        have an open table and only one may stay open: the newest one that was dealt at
        (else the newest) stays, the others are ended (kept, their version bumped, as New
        session does). Returns the number of tables moved."""
        open_tables = list(
            cls.objects.filter(visitor__in=[old, new], ended_at__isnull=True).order_by(
                "-created_at", "-pk"
            )
        )
        if len(open_tables) > 1:
            played = [t for t in open_tables if t.version > 0]
            keep = (played or open_tables)[0]
            cls.objects.filter(pk__in=[t.pk for t in open_tables if t.pk != keep.pk]).update(
                ended_at=timezone.now(), version=models.F("version") + 1
            )
        return cls.objects.filter(visitor=old).update(visitor=new)

    # -- reading -------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The table's rules: a preset, or a custom rule set ("custom-<id>")."""
        cached = self.__dict__.get("_rules")
        if cached is None or cached[0] != self.variant:
            cached = (self.variant, rules_for(self.variant))
            self.__dict__["_rules"] = cached
        return cached[1]

    @property
    def round(self) -> Round | None:
        """The round in play or the last one settled, None before the first deal.

        Parsed once per loaded state (a new ``round_state`` after a refresh is parsed again)."""
        state = self.round_state
        if not state:
            return None
        cached = self.__dict__.get("_parsed_round")
        if cached is None or cached[0] is not state:
            cached = (state, Round.from_json(state))
            self.__dict__["_parsed_round"] = cached
        return cached[1]

    @property
    def round_in_play(self) -> bool:
        """True while a dealt round waits for the player."""
        rnd = self.round
        return rnd is not None and not rnd.is_over

    @property
    def in_play(self) -> Decimal:
        """Chips staked in the round in play (0 between rounds and once the session ended:
        an abandoned round was never settled, so its bet never left the bankroll)."""
        if self.ended_at is not None:
            return Decimal(0)
        if self.is_banker_game:
            deal = self.banker_deal
            if deal is None or deal.is_over:
                return Decimal(0)
            return to_decimal(deal.hands[self.human_seat].stake)
        rnd = self.round
        if rnd is None or rnd.is_over:
            return Decimal(0)
        return to_decimal(rnd.seat_staked(self.human_seat))

    @property
    def available(self) -> Decimal:
        """Chips the player can still put on the table."""
        return self.bankroll - self.in_play

    def affordable_actions(self) -> tuple[Action, ...]:
        """The round's legal actions that the bankroll can pay for (the engine's
        ``affordable_actions`` with the chips available): split needs another bet of the
        hand's size, double too (or one chip when doubling for less is allowed), insurance
        half the initial bet (or one chip when insuring for less is allowed). Actions that
        stake nothing are always offered, even on a round that an older version left with
        more on the table than the bankroll, so a round in play always has a way on."""
        rnd = self.round
        if rnd is None or rnd.is_over or self.ended_at is not None:
            return ()
        return affordable_actions(rnd, self.chips)

    @property
    def chips(self) -> Fraction:
        """``available`` as the engine counts chips (never below 0: a round an older version
        left overspent still has its actions that stake nothing)."""
        return max(Fraction(str(self.available)), Fraction(0))

    @staticmethod
    def stake_of(rnd: Round, action: Action, amount: Fraction | None) -> Fraction:
        """The extra chips ``action`` puts on the table for the hand to act of ``rnd``: a
        split another bet of the hand's size; a double the hand's bet, or ``amount`` chips
        for a double for less; insurance half the initial bet, or ``amount`` chips for an
        insurance for less (``amount`` None: the full amount); anything else nothing."""
        hand = rnd.active_hand
        if hand is None:
            return Fraction(0)
        if action is Action.SPLIT:
            return hand.bet
        if action is Action.DOUBLE:
            return hand.bet if amount is None else amount
        if action is Action.INSURANCE:
            return hand.base_bet / 2 if amount is None else amount
        return Fraction(0)

    # -- changing --------------------------------------------------------------------------
    def deal(self, bet_text: str, version_text: str) -> Round | BankerDeal:
        """Deal a round with a bet of ``bet_text`` chips and persist it (at a banker-game
        table: a deal of "Двадцать одно", ``bet_text`` being the person's stake, ignored when
        the person holds the bank).

        Raises StaleActionError for a version other than the table's, TableError (with a
        message for the person) for a round still in play, a bet that is not a whole number,
        outside the table limits or above the chips available, or a bank the person cannot
        cover. Nothing changes on error.
        """
        return self._change(
            version_text,
            lambda table: (
                table._deal_banker(bet_text)
                if table.is_banker_game
                else table._deal_casino(bet_text)
            ),
        )

    def _deal_casino(self, bet_text: str) -> Round:
        if self.round_in_play:
            raise TableError(_("Finish the round in play before dealing a new one."))
        if not store.is_analysed(self.rules):  # the AI seats and grading need it
            raise TableError(
                _(
                    "These rules are still being analysed. You can deal as soon as the "
                    "analysis is ready: the table fills in by itself."
                )
            )
        bet = self._parse_bet(bet_text)
        shoe = Shoe.from_json(self.shoe_state) if self.shoe_state else None
        if (
            shoe is None
            or shoe.needs_shuffle
            or (
                not shoe.stacked
                and shoe.remaining < min(MIN_CARDS_FOR_ROUND, len(shoe.cards) - shoe.cut)
            )
        ):
            shoe = Shoe.shuffled(self.rules.decks, settings.SHOE_PENETRATION)
        bets = [
            Fraction(str(bet)) if seat == self.human_seat else AI_BET
            for seat in range(self.seat_count)
        ]
        rnd = self._play_ai(deal(self.rules, bets, shoe))
        self.last_bet = bet
        self._store(rnd)
        return rnd

    def act(
        self,
        action_text: str,
        version_text: str,
        amount_text: str | None = None,
        *,
        standard: str = "exact",
    ) -> Round | BankerDeal:
        """Apply a player action to the round in play and persist it; ``amount_text`` is the
        chips of a double for less or a partial insurance (whole chips; ignored otherwise).

        Raises StaleActionError for a stale version, TableError for an ended session, no
        round in play, an unknown action, an action the rules forbid now (the engine's reason,
        translated), a bad amount, or a bet the bankroll cannot cover. Nothing changes on error.
        At a banker-game table the action is the person's draw or stand (``amount_text`` is
        ignored); the AI seats then play their turns. A casino decision is graded against
        ``standard`` ("exact" or "chart", the person's setting) and stored.
        """
        return self._change(
            version_text,
            lambda table: (
                table._act_banker(action_text)
                if table.is_banker_game
                else table._act_casino(action_text, amount_text, standard)
            ),
        )

    def _act_casino(self, action_text: str, amount_text: str | None, standard: str) -> Round:
        rnd = self.round
        if rnd is None:
            raise TableError(_("No round is in play yet. Place a bet and deal first."))
        if rnd.is_over:
            raise TableError(REASON_MESSAGES[Reason.ROUND_OVER])
        try:
            action = Action(action_text)
        except ValueError:
            raise TableError(REASON_MESSAGES[Reason.UNKNOWN_ACTION]) from None
        chips = self.chips  # before the action: what the buttons were offered for
        if action in rnd.legal_actions() and action not in affordable_actions(rnd, chips):
            raise TableError(NOT_ENOUGH_FOR_BET)
        amount = self._parse_amount(rnd, action, amount_text)
        self._check_stake(rnd, action, amount)
        try:
            new = self._play_ai(apply(rnd, action, amount))
        except IllegalActionError as exc:
            raise TableError(reason_message(exc)) from None
        added = to_decimal(new.seat_staked(self.human_seat) - rnd.seat_staked(self.human_seat))
        if added > 0 and added > self.available:
            # Not reached through the checks above; kept so that no rule added later can
            # stake chips the person does not have (rounds are values: nothing is saved yet).
            raise TableError(NOT_ENOUGH_FOR_BET)
        verdict = _grade(rnd, action, standard, chips)
        self._store(new)
        if verdict is not None:
            GradedDecision.from_grade(
                verdict,
                DecisionPoint.of_round(rnd),
                source="table",
                visitor=self.visitor,
                rules_id=RuleSet.id_for(rnd.rules),
                variant=self.variant,
                round_number=self.rounds_played + 1,
                table_id=self.pk,
                table_version=self.version + 1,
            )
        return new

    def _change(self, version_text: str, change: Callable[[TableSession], _T]) -> _T:
        """Run one change of the game on this table, re-read and locked inside a transaction
        after checking the form's version; an ended session refuses every change. ``change``
        saves through ``_compare_and_set``; any error rolls everything back."""
        with transaction.atomic():
            table = self._locked(version_text)
            if table.ended_at is not None:
                raise TableError(_("This session has ended. Start a new one to play on."))
            result = change(table)
        self.refresh_from_db()
        return result

    def _compare_and_set(self, **fields: Any) -> None:
        """Save ``fields`` and bump the version, only if nobody else bumped it since this
        table was read: a concurrent request loses with StaleActionError."""
        updated = TableSession.objects.filter(pk=self.pk, version=self.version).update(
            version=self.version + 1, **fields
        )
        if updated != 1:
            raise StaleActionError()

    def _locked(self, version_text: str) -> TableSession:
        """This table re-read inside the transaction (row-locked where the database can),
        after checking the form's version."""
        table = TableSession.objects.select_for_update().get(pk=self.pk)
        try:
            version = int(version_text)
        except (TypeError, ValueError):
            raise StaleActionError() from None
        if version != table.version:
            raise StaleActionError()
        return table

    def _parse_bet(self, bet_text: str) -> Decimal:
        # Plain ASCII digits only ("25", "25.0"): no exponents, underscores or other scripts.
        match = _WHOLE_CHIPS.fullmatch(str(bet_text).strip())
        if match is None:
            raise TableError(_("Enter your bet as a whole number of chips."))
        bet = Decimal(match.group(1))
        if not self.MIN_BET <= bet <= self.MAX_BET:
            raise TableError(
                _("Bets at this table are from %(min)s to %(max)s chips.")
                % {"min": self.MIN_BET, "max": self.MAX_BET}
            )
        if bet > self.available:
            raise TableError(
                _("Not enough chips: you have %(chips)s left.")
                % {"chips": formats.number_format(self.available.normalize())}
            )
        return bet

    def _play_ai(self, rnd: Round) -> Round:
        """Let the AI seats act, in seat order, until the person's hand is to act or the round
        is settled; each AI sees only an Observation (players.py)."""
        level = self.ai_level if self.ai_level in AI_LEVELS else "easy"
        return store.play_ai(rnd, level, self.seat_count, self.human_seat)

    def _parse_amount(self, rnd: Round, action: Action, amount_text: str | None) -> Fraction | None:
        """The chips of a double for less or a partial insurance, when the rules let the
        player choose and the form sent an amount; None (no field, or an empty one) means
        the full amount. Raises TableError for an amount that is not a whole number of at
        least 1 chip, or more than the chips available."""
        choosable = (action is Action.DOUBLE and rnd.rules.double_for_less) or (
            action is Action.INSURANCE and rnd.rules.insurance_for_less
        )
        if not choosable or amount_text is None or not str(amount_text).strip():
            return None
        match = _WHOLE_CHIPS.fullmatch(str(amount_text).strip())
        if match is None or int(match.group(1)) < 1:
            raise TableError(_("Enter the amount as a whole number of chips, at least 1."))
        amount = Decimal(match.group(1))
        if amount > self.available:
            raise TableError(
                _("Not enough chips: you have %(chips)s left.")
                % {"chips": formats.number_format(self.available.normalize())}
            )
        return Fraction(int(amount))

    def _check_stake(self, rnd: Round, action: Action, amount: Fraction | None) -> None:
        """Refuse, before anything changes, a stake above the chips available: the full
        amount of a double or insurance sent without an amount, a split, a double."""
        stake = to_decimal(self.stake_of(rnd, action, amount))
        if stake == 0 or stake <= self.available:
            return
        choosable = (action is Action.DOUBLE and rnd.rules.double_for_less) or (
            action is Action.INSURANCE and rnd.rules.insurance_for_less
        )
        if choosable and amount is None and self.available >= 1:
            raise TableError(
                _(
                    "Not enough chips for the full amount of %(stake)s: you have %(chips)s "
                    "left. Enter a smaller amount."
                )
                % {
                    "stake": formats.number_format(stake.normalize()),
                    "chips": formats.number_format(self.available.normalize()),
                }
            )
        raise TableError(NOT_ENOUGH_FOR_BET)

    def _store(self, rnd: Round) -> None:
        """Save the round (and settle it into the bankroll and history when it is over),
        bumping the version with a compare-and-set so a concurrent request cannot also win."""
        fields: dict[str, Any] = {"round_state": rnd.to_json(), "last_bet": self.last_bet}
        if rnd.is_over:
            net = to_decimal(rnd.seat_net(self.human_seat))
            fields["bankroll"] = self.bankroll + net
            fields["shoe_state"] = rnd.shoe.to_json()
            fields["rounds_played"] = self.rounds_played + 1
        self._compare_and_set(**fields)
        if rnd.is_over:
            RoundRecord.objects.create(
                table=self,
                number=self.rounds_played + 1,
                bet=to_decimal(rnd.hands_of_seat(self.human_seat)[0].base_bet),
                staked=to_decimal(rnd.seat_staked(self.human_seat)),
                net=to_decimal(rnd.seat_net(self.human_seat)),
                bankroll_after=fields["bankroll"],
                # The shoe's undealt cards are the live table's next ones: not kept.
                state=replace(rnd, shoe=rnd.shoe.dealt_part()).to_json(),
            )

    # -- the banker game (seed 003) ----------------------------------------------------------
    @property
    def is_banker_game(self) -> bool:
        """True when the table plays the historical banker game (``Rules.game == "banker"``)."""
        return self.rules.game == "banker"

    @property
    def banker_table(self) -> BankerTable:
        """The banker game between deals: seats, the bank, the talia's shoe, running nets.

        Before the first deal a fresh table (bank at seat 0, a new shuffled shoe, limits
        5..500), saved with the first deal."""
        state = self.banker_state or {}
        if state.get("table"):
            return BankerTable.from_json(state["table"])
        return new_table(
            self.seat_count,
            FIRST_BANKER_SEAT,
            min_stake=self.MIN_BET,
            max_stake=self.MAX_BET,
        )

    @property
    def banker_deal(self) -> BankerDeal | None:
        """The deal in play or the last one settled; None before the first deal."""
        state = self.banker_state or {}
        return BankerDeal.from_json(state["deal"]) if state.get("deal") else None

    @property
    def banker_deal_in_play(self) -> bool:
        """True while a deal waits for the person's decision."""
        deal = self.banker_deal
        return deal is not None and not deal.is_over

    def banker_cover(self, table: BankerTable | None = None) -> Decimal:
        """Chips the person needs to hold the bank for one deal: twice the punters' stakes
        (every AI punter stakes ``AI_BET``; the worst case pays each of them 2:1)."""
        table = table or self.banker_table
        return to_decimal(BANKER_COVER * AI_BET * len(table.punter_seats))

    @property
    def _ai_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seat_count) if s != self.human_seat)

    def _deal_banker(self, stake_text: str) -> BankerDeal:
        """Start a deal of the banker game: the person stakes ``stake_text`` chips as a punter
        (nothing as the banker), each AI punter ``AI_BET``; the AI seats then play from their
        observations until the person's decision or the settlement."""
        if self.banker_deal_in_play:
            raise TableError(_("Finish the deal in play before dealing a new one."))
        table = self.banker_table
        if table.talia_over:  # only a scripted shoe starts too short for a deal
            table = end_of_talia(table)
        stakes: dict[int, Fraction] = {}
        if table.banker == self.human_seat:
            cover = self.banker_cover(table)
            if self.available < cover:
                raise TableError(
                    _(
                        "To hold the bank you need %(cover)s chips, twice the punters' stakes,"
                        " and you have %(chips)s. Start a new session to play on."
                    )
                    % {
                        "cover": formats.number_format(cover.normalize()),
                        "chips": formats.number_format(self.available.normalize()),
                    }
                )
        else:
            stake = self._parse_bet(stake_text)
            stakes[self.human_seat] = Fraction(str(stake))
            self.last_bet = stake
        for seat in table.punter_seats:
            stakes.setdefault(seat, AI_BET)
        deal = autoplay(next_deal(table, stakes), self._ai_seats)
        self._store_banker(table, deal)
        return deal

    def _act_banker(self, action_text: str) -> BankerDeal:
        """The person's draw or stand, then the AI seats' turns (their observations only)."""
        deal = self.banker_deal
        if deal is None:
            raise TableError(_("No deal is in play yet. Deal first."))
        try:
            action = BankerAction(action_text)
        except ValueError:
            raise TableError(REASON_MESSAGES[Reason.UNKNOWN_ACTION]) from None
        try:
            deal = banker_apply(deal, action, seat=self.human_seat)
        except IllegalActionError as exc:
            raise TableError(reason_message(exc)) from None
        deal = autoplay(deal, self._ai_seats)
        self._store_banker(self.banker_table, deal)
        return deal

    def _store_banker(self, table: BankerTable, deal: BankerDeal) -> None:
        """Save the deal (and, once it is settled, the table after it, the person's net in
        the bankroll and a RoundRecord) with the version compare-and-set. ``table`` is the
        table the deal was dealt from; ``record_deal`` adds the seats' nets and, at the end
        of the talia, passes the bank left and reshuffles."""
        seat = deal.hands[self.human_seat]
        fields: dict[str, Any] = {
            "banker_state": {"table": table.to_json(), "deal": deal.to_json()},
            "last_bet": self.last_bet,
        }
        if deal.is_over:
            net = to_decimal(seat.net or Fraction(0))
            fields["banker_state"]["table"] = record_deal(table, deal).to_json()
            fields["bankroll"] = self.bankroll + net
            fields["rounds_played"] = self.rounds_played + 1
        self._compare_and_set(**fields)
        if deal.is_over:
            RoundRecord.objects.create(
                table=self,
                number=self.rounds_played + 1,
                bet=to_decimal(seat.stake),
                staked=to_decimal(seat.stake),
                net=net,
                bankroll_after=fields["bankroll"],
                state=replace(deal, shoe=deal.shoe.dealt_part()).to_json(),
            )


def _grade(rnd: Round, action: Action, standard: str, chips: Fraction) -> Grade | None:
    """Grade the person's decision over the actions that ``chips`` pay for (the buttons the
    page showed) with the rule set's stored chart and shared EV cache."""
    return store.grade_round(rnd, action, standard, chips=chips)


class RoundRecord(models.Model):
    """A settled round of a table session: the bet, the net and the whole final state
    (cards, the dealer's hand, and the shoe's dealt cards only, the round's own last: a
    replay deals them in order). The shoe's undealt cards are left out, so no record holds
    the order of cards the live table has yet to deal."""

    table = models.ForeignKey(TableSession, on_delete=models.CASCADE, related_name="records")
    number = models.PositiveIntegerField()
    bet = models.DecimalField(max_digits=14, decimal_places=2)
    staked = models.DecimalField(max_digits=14, decimal_places=2)
    net = models.DecimalField(max_digits=14, decimal_places=2)
    bankroll_after = models.DecimalField(max_digits=14, decimal_places=2)
    state = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="unique_round_number")
        ]

    def __str__(self) -> str:
        return f"round {self.number} of {self.table_id}"

    @property
    def round(self) -> Round:
        """The settled round (casino tables)."""
        return Round.from_json(self.state)

    @property
    def banker_deal(self) -> BankerDeal:
        """The settled deal (banker-game tables)."""
        return BankerDeal.from_json(self.state)


class Replay(models.Model):
    """A table decision (``decision``) replayed by its visitor, for practice: the round
    dealt again from its recorded cards, then a fresh shuffle (game/replays.py). No
    bankroll, table or logged decision changes when a person replays a hand.

    - ``round_state``: the practice round as JSON, its own shoe and hole card included
      (server only; the page shows what ``Round.dealer_visible`` allows, like the table).
    - ``seat_count``/``human_seat``/``ai_level``: the table's seating when it was played.
    - ``verdicts``: the grade of each decision taken in the replay, in order, as the log
      stores one (``trainer.review.models.grade_fields``), with ``"replayed": true`` on the
      answer to the replayed decision.
    - ``version``: bumped by every change; forms echo it so a repeated click changes nothing.
    """

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    visitor = models.UUIDField(db_index=True)
    decision = models.ForeignKey(GradedDecision, on_delete=models.CASCADE, related_name="replays")
    seat_count = models.PositiveSmallIntegerField(default=1)
    human_seat = models.PositiveSmallIntegerField(default=0)
    ai_level = models.CharField(max_length=20, default="easy")
    round_state = models.JSONField()
    verdicts = models.JSONField(default=list)
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # Made by the review app before replays joined the table: the table keeps its name.
        db_table = "review_replay"
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"replay {self.public_id} of decision {self.decision_id}"

    @property
    def round(self) -> Round:
        """The practice round."""
        return Round.from_json(self.round_state)
