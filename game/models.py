"""Table sessions and their rounds.

A ``TableSession`` is one visitor's sitting at a table: the variant, the bankroll of virtual
chips, the shoe, the round in play (the engine's ``Round`` as JSON, hole card included; it
never leaves the server) and a ``version`` that every form echoes so a repeated or stale
request changes nothing. Each settled round is kept as a ``RoundRecord``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import uuid
from decimal import Decimal
from fractions import Fraction

from django.conf import settings
from django.db import models, transaction
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from game.engine.cards import Shoe
from game.engine.money import money
from game.engine.players import AI_LEVELS, play_ai_seats, seen_before
from game.engine.round import Action, IllegalActionError, Round, apply, deal
from game.engine.rules import Rules, find_rules
from game.labels import ILLEGAL_ACTION_MESSAGES

START_BANKROLL = Decimal(1000)
MAX_SEATS = 7
# What each AI seat stakes every round (AI seats play with the house's chips).
AI_BET = Fraction(10)
# A bet as typed: ASCII digits, optionally signed or followed by a decimal point and zeros.
_WHOLE_CHIPS = re.compile(r"([+-]?[0-9]{1,30})(?:\.0{0,30})?")
# Reshuffle early if fewer cards than this remain, so a round never runs out of cards.
MIN_CARDS_FOR_ROUND = 20


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
        ]

    def __str__(self) -> str:
        return f"table {self.public_id} ({self.variant})"

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
        rnd = self.round
        if rnd is None or rnd.is_over:
            return Decimal(0)
        return to_decimal(rnd.seat_staked(self.human_seat))

    @property
    def available(self) -> Decimal:
        """Chips the player can still put on the table."""
        return self.bankroll - self.in_play

    def affordable_actions(self) -> tuple[Action, ...]:
        """The round's legal actions that the bankroll can pay for: split needs another bet
        of the hand's size, double too (or one chip when doubling for less is allowed),
        insurance half the initial bet (or one chip when insuring for less is allowed)."""
        rnd = self.round
        if rnd is None or rnd.is_over or self.ended_at is not None:
            return ()
        return tuple(a for a in rnd.legal_actions() if self.available >= self._least_cost(a))

    def _least_cost(self, action: Action) -> Decimal:
        """The fewest extra chips ``action`` puts on the table now."""
        rnd = self.round
        hand = rnd.active_hand if rnd is not None else None
        if hand is None:
            return Decimal(0)
        rules = rnd.rules
        if action is Action.SPLIT or (action is Action.DOUBLE and not rules.double_for_less):
            return to_decimal(hand.bet)
        if action is Action.DOUBLE or (action is Action.INSURANCE and rules.insurance_for_less):
            return Decimal(1)
        if action is Action.INSURANCE:
            return to_decimal(hand.base_bet / 2)
        return Decimal(0)

    # -- changing --------------------------------------------------------------------------
    def deal(self, bet_text: str, version_text: str) -> Round:
        """Deal a round with a bet of ``bet_text`` chips and persist it.

        Raises StaleActionError for a version other than the table's, TableError (with a
        message for the person) for a round still in play, a bet that is not a whole number,
        outside the table limits or above the chips available. Nothing changes on error.
        """
        with transaction.atomic():
            table = self._locked(version_text)
            if table.ended_at is not None:
                raise TableError(_("This session has ended. Start a new one to play on."))
            if table.round_in_play:
                raise TableError(_("Finish the round in play before dealing a new one."))
            bet = table._parse_bet(bet_text)
            shoe = Shoe.from_json(table.shoe_state) if table.shoe_state else None
            if (
                shoe is None
                or shoe.needs_shuffle
                or (not shoe.stacked and shoe.remaining < MIN_CARDS_FOR_ROUND)
            ):
                shoe = Shoe.shuffled(table.rules.decks, settings.SHOE_PENETRATION)
            bets = [
                Fraction(str(bet)) if seat == table.human_seat else AI_BET
                for seat in range(table.seat_count)
            ]
            rnd = table._play_ai(deal(table.rules, bets, shoe))
            table.last_bet = bet
            table._store(rnd)
            self.refresh_from_db()
            return rnd

    def act(self, action_text: str, version_text: str, amount_text: str | None = None) -> Round:
        """Apply a player action to the round in play and persist it; ``amount_text`` is the
        chips of a double for less or a partial insurance (whole chips; ignored otherwise).

        Raises StaleActionError for a stale version, TableError for an ended session, no
        round in play, an unknown action, an action the rules forbid now (the engine's reason,
        translated), a bad amount, or a bet the bankroll cannot cover. Nothing changes on error.
        """
        with transaction.atomic():
            table = self._locked(version_text)
            if table.ended_at is not None:
                raise TableError(_("This session has ended. Start a new one to play on."))
            rnd = table.round
            if rnd is None:
                raise TableError(_("No round is in play yet. Place a bet and deal first."))
            if rnd.is_over:
                raise TableError(ILLEGAL_ACTION_MESSAGES["round_over"])
            try:
                action = Action(action_text)
            except ValueError:
                raise TableError(ILLEGAL_ACTION_MESSAGES["unknown_action"]) from None
            if action in rnd.legal_actions() and action not in table.affordable_actions():
                raise TableError(
                    _("You do not have enough chips left for another bet of this size.")
                )
            amount = table._parse_amount(rnd, action, amount_text)
            try:
                new = table._play_ai(apply(rnd, action, amount))
            except IllegalActionError as exc:
                raise TableError(ILLEGAL_ACTION_MESSAGES.get(exc.code, exc.message)) from None
            table._store(new)
            self.refresh_from_db()
            return new

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
        policy = AI_LEVELS[self.ai_level]
        policies = {seat: policy for seat in range(self.seat_count) if seat != self.human_seat}
        return play_ai_seats(rnd, policies, seen_before(rnd))

    def _parse_amount(self, rnd: Round, action: Action, amount_text: str | None) -> Fraction | None:
        """The chips of a double for less or a partial insurance, when the rules let the
        player choose and the form sent an amount; None means the full amount."""
        choosable = (action is Action.DOUBLE and rnd.rules.double_for_less) or (
            action is Action.INSURANCE and rnd.rules.insurance_for_less
        )
        if not choosable or amount_text in (None, ""):
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

    def _store(self, rnd: Round) -> None:
        """Save the round (and settle it into the bankroll and history when it is over),
        bumping the version with a compare-and-set so a concurrent request cannot also win."""
        fields = {"round_state": rnd.to_json(), "last_bet": self.last_bet}
        if rnd.is_over:
            net = to_decimal(rnd.seat_net(self.human_seat))
            fields["bankroll"] = self.bankroll + net
            fields["shoe_state"] = rnd.shoe.to_json()
            fields["rounds_played"] = self.rounds_played + 1
        updated = TableSession.objects.filter(pk=self.pk, version=self.version).update(
            version=self.version + 1, **fields
        )
        if updated != 1:
            raise StaleActionError()
        if rnd.is_over:
            RoundRecord.objects.create(
                table=self,
                number=self.rounds_played + 1,
                bet=to_decimal(rnd.hands_of_seat(self.human_seat)[0].base_bet),
                staked=to_decimal(rnd.seat_staked(self.human_seat)),
                net=to_decimal(rnd.seat_net(self.human_seat)),
                bankroll_after=fields["bankroll"],
                state=rnd.to_json(),
            )


CUSTOM_PREFIX = "custom-"


def rules_for(variant: str) -> Rules:
    """The Rules of a preset name or of a saved custom rule set ("custom-<id>").

    Raises RulesError for an unknown preset, RuleSet.DoesNotExist for an unknown custom id."""
    if variant.startswith(CUSTOM_PREFIX):
        return RuleSet.objects.get(pk=variant.removeprefix(CUSTOM_PREFIX)).rules
    return find_rules(variant)


class RuleSet(models.Model):
    """A custom rule set: every Rules field, saved under a short id derived from the rules
    themselves, so the same rules always get the same id (and the same shareable URL)."""

    id = models.CharField(primary_key=True, max_length=16, editable=False)
    base = models.CharField(max_length=40, help_text="the preset it was built from")
    rules_json = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"rule set {self.id} (from {self.base})"

    @property
    def rules(self) -> Rules:
        """The saved Rules value."""
        return Rules.from_json(self.rules_json)

    @property
    def variant(self) -> str:
        """The table variant string that plays this rule set."""
        return f"{CUSTOM_PREFIX}{self.id}"

    @staticmethod
    def id_for(rules: Rules) -> str:
        """The stable short id of a Rules value: 10 base32 characters of the SHA-256 of its
        canonical JSON (sorted keys)."""
        canonical = json.dumps(rules.to_json(), sort_keys=True, separators=(",", ":"))
        digest = hashlib.sha256(canonical.encode()).digest()
        return base64.b32encode(digest).decode().lower()[:10]

    @classmethod
    def save_rules(cls, rules: Rules, base: str) -> RuleSet:
        """The RuleSet of ``rules``, created on first use (idempotent)."""
        ruleset, _created = cls.objects.get_or_create(
            id=cls.id_for(rules), defaults={"base": base, "rules_json": rules.to_json()}
        )
        return ruleset


class RoundRecord(models.Model):
    """A settled round of a table session: the bet, the net and the whole final state
    (cards, the dealer's hand and the shoe, from which the starting order can be rebuilt)."""

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
        """The settled round."""
        return Round.from_json(self.state)
