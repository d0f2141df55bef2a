"""Table sessions and their rounds.

A ``TableSession`` is one visitor's sitting at a table: the variant, the seats, the bankroll
of virtual chips, the game (``state``: the engine's ``GameState`` as JSON, shoe and
face-down cards included; it never leaves the server) and a ``version`` that every form
echoes so a repeated or stale request changes nothing. Each settled round is kept as a
``RoundRecord``.

Both games, the casino round and the historical banker game "Двадцать одно" (seed 003), go
through the one interface of game/engine/protocol.py, its implementation chosen by the
rules' kind of game (game/engine/games.py): one deal path, one act path, one store path. The
table adds what is not the game's own logic: the version's compare-and-set and the row
lock, the person's bet as typed, the bankroll (the person's chips bound what the person is
offered; the AI seats play with the house's), the AI seats' policies, the grading of a
decision the strategy engine can value, and the records.
"""

from __future__ import annotations

import copy
import re
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar, Self

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from game.engine.banker import BankerDeal, BankerObservation
from game.engine.banker_game import BankerGame
from game.engine.casino_game import CasinoGame
from game.engine.errors import EngineError
from game.engine.games import AnyGameState, game_type
from game.engine.money import money
from game.engine.players import LEVELS
from game.engine.protocol import GameState, Setup
from game.engine.round import Round
from game.engine.rules import Rules
from game.engine.strategy.advisor import Grade
from game.engine.strategy.banker_grading import BankerGrade, grade_banker_decision
from game.rulesets import store
from game.rulesets.models import RuleSet, rules_for
from trainer.review.models import DecisionPoint, GradedDecision
from trainer.web.errors import Refused
from trainer.web.labels import reason_message

START_BANKROLL = Decimal(1000)
MAX_SEATS = 7
# What each AI seat stakes every round (AI seats play with the house's chips).
AI_BET = Fraction(10)
# A bet as typed: ASCII digits, optionally signed or followed by a decimal point and zeros.
_WHOLE_CHIPS = re.compile(r"([+-]?[0-9]{1,30})(?:\.0{0,30})?")

NOT_ENOUGH_FOR_BET = _("You do not have enough chips left for another bet of this size.")


class StaleActionError(Refused):
    """A form from an earlier state of a table or a replay (a double click, the back button,
    two tabs): ``message`` says so for the page it came from."""


@dataclass(frozen=True, slots=True)
class Turn:
    """One decision of the person, at the table or in a replay: the game after it (the AI
    seats having played their turns), and, when the strategy engine can value it, the
    advisor's grade of it (``verdict``) with where it was taken: the casino round as it
    stood (``graded``), or the banker game's seat as the person saw it (``seen``, graded by
    strategy/banker_grading.py)."""

    after: AnyGameState
    graded: Round | None
    verdict: Grade | BankerGrade | None
    seen: BankerObservation | None = None


def parse_action(game: AnyGameState, action_text: str) -> Any:
    """The game's action posted as ``action_text``. Raises Refused (translated) before the
    first deal, after the round, or for a word that is no action of the game."""
    try:
        game.ready_to_act()
        return game.parse_action(action_text)
    except EngineError as exc:
        raise Refused(reason_message(exc)) from None


def take_turn(
    game: AnyGameState,
    seat: int,
    action: Any,
    amount: Fraction | None,
    *,
    standard: str,
    chips: Fraction | None,
    ai: Callable[[AnyGameState], AnyGameState],
) -> Turn:
    """``seat`` takes ``action`` (``amount`` chips of a double or insurance for less, None:
    the full amount), then the AI seats play (``ai``); a casino decision is graded against
    ``standard`` ("exact" or "chart") over the actions ``chips`` pay for (None: no limit),
    with the rule set's stored chart and EV cache; a banker-game decision against its exact
    play, from the seat's own observation (strategy/banker_grading.py). The one path of a
    decision, for the table and for the replays. Raises Refused (translated) for an action
    the rules forbid now; nothing changes (games are values)."""
    graded = game.advisable(seat)
    # The banker game's seat as the person sees it: its grade knows no face-down card.
    seen = game.observe(seat) if isinstance(game, BankerGame) else None
    try:
        after = ai(game.apply(seat, action, amount))
    except EngineError as exc:
        raise Refused(reason_message(exc)) from None
    verdict: Grade | BankerGrade | None = None
    if graded is not None:
        verdict = store.grade_round(graded, action, standard, chips=chips)
    elif seen is not None:
        verdict = grade_banker_decision(seen, action)
    return Turn(after=after, graded=graded, verdict=verdict, seen=seen)


class PlayedGame(models.Model):
    """What a table and a replay share: a visitor's game of some seats, one of them the
    person's and the others AI seats of one level, changed by one request at a time.

    Every form echoes ``version``; a change (``changing``) locks the row, checks the
    version, and saves with it bumped (``compare_and_set``), so a double click, the back
    button or a second tab changes nothing (StaleActionError, with ``stale_message``)."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    visitor = models.UUIDField(db_index=True)
    version = models.PositiveIntegerField(default=0)
    # The seats, 1 to 7, in playing order: the person's seat and AI seats of one level.
    seat_count = models.PositiveSmallIntegerField(default=1)
    human_seat = models.PositiveSmallIntegerField(default=0)
    ai_level = models.CharField(max_length=20, default="easy")
    created_at = models.DateTimeField(auto_now_add=True)

    stale_message: ClassVar[StrPromise]

    class Meta:
        abstract = True

    @contextmanager
    def changing(self, version_text: str) -> Iterator[Self]:
        """A copy of this row to change inside a transaction, once the form's
        ``version_text`` is the row's version; any error rolls the change back (this object
        unchanged), and afterwards this object holds the row as the change left it. Raises
        StaleActionError otherwise.

        The copy is this object as the request read it when the form's version is its
        version (the common case: no second read): ``compare_and_set`` saves only if the
        version is still that one, so a change made meanwhile (a double click, another tab)
        is refused all the same, after the work and before anything is kept. Otherwise the
        row is re-read, locked where the database can. Afterwards the row is not read
        again: it is what was read and what ``compare_and_set`` wrote (as the database
        gives it back)."""
        try:
            version = int(version_text)
        except (TypeError, ValueError):
            raise StaleActionError(self.stale_message) from None
        with transaction.atomic():
            if self.pk is not None and version == self.version:
                locked = copy.copy(self)
            else:
                locked = type(self)._default_manager.select_for_update().get(pk=self.pk)
            if version != locked.version:
                raise StaleActionError(self.stale_message)
            read = {f.attname: locked.__dict__[f.attname] for f in self._meta.concrete_fields}
            locked.__dict__["_written"] = {}
            yield locked
        self.__dict__.update(read)
        self.__dict__.update(locked.__dict__.pop("_written"))
        self.reread_after(locked)

    def reread_after(self, changed: Self) -> None:
        """Called once this object holds the row as ``changed`` (the copy ``changing``
        handed on) left it: what the subclass may keep of it (nothing here)."""

    def compare_and_set(self, **fields: Any) -> None:
        """Save ``fields`` and bump the version, only if nobody else bumped it since this row
        was read: a concurrent request loses with StaleActionError. A field that ``save``
        stamps with the time (``auto_now``, e.g. the table's ``updated_at``, which pruning
        reads as the last activity) is stamped here too: ``update`` does not."""
        for stamped in self._meta.concrete_fields:
            if getattr(stamped, "auto_now", False) and stamped.name not in fields:
                fields[stamped.name] = timezone.now()
        updated = (
            type(self)
            ._default_manager.filter(pk=self.pk, version=self.version)
            .update(version=self.version + 1, **fields)
        )
        if updated != 1:
            raise StaleActionError(self.stale_message)
        # What the row now holds, for ``changing`` to hand on instead of a re-read (this
        # object keeps the values read: the change goes on with them): decimals to their
        # stored places, as the database gives them back.
        written = self.__dict__.setdefault("_written", {})
        for name, value in {**fields, "version": self.version + 1}.items():
            field = self._meta.get_field(name)
            assert isinstance(field, models.Field)  # a column of this row, not a relation
            if isinstance(field, models.DecimalField) and value is not None:
                value = Decimal(value).quantize(Decimal(1).scaleb(-field.decimal_places))
            written[field.attname] = value

    @property
    def ai_seats(self) -> tuple[int, ...]:
        """Every seat but the person's."""
        return tuple(s for s in range(self.seat_count) if s != self.human_seat)

    def play_ai[G: GameState[Any, Any, Any]](self, game: G) -> G:
        """Let the AI seats act until the person is to act or the round is settled, each at
        this game's level with the policy the store builds for the rules' game (the stored
        chart, EV cache or best-play rows), each on its own seat's observation."""
        if not self.ai_seats:
            return game
        level = self.ai_level if self.ai_level in LEVELS else "easy"
        policy = store.ai_policy(game.rules, level)
        return game.play_ai(dict.fromkeys(self.ai_seats, policy))


def to_decimal(amount: Fraction) -> Decimal:
    """Exact Decimal of a chip amount (bets are whole chips, so payouts end in .5 at most)."""
    return Decimal(money(amount))


class TableSession(PlayedGame):
    """One visitor's sitting at a table (no account needed: tied to the Django session)."""

    MIN_BET = Decimal(5)
    MAX_BET = Decimal(500)

    variant = models.CharField(max_length=40, default="european")
    bankroll = models.DecimalField(max_digits=14, decimal_places=2, default=START_BANKROLL)
    last_bet = models.DecimalField(max_digits=14, decimal_places=2, default=Decimal(10))
    # The game (game/engine/protocol.py's GameState.to_json(): {"game": "casino", "shoe",
    # "round"} or {"game": "banker", "table", "deal"}); null until the first deal.
    state = models.JSONField(null=True, blank=True)
    rounds_played = models.PositiveIntegerField(default=0)
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

    stale_message = _(
        "That click was already handled (a double click, the back button or another tab). "
        "The table shows where the round stands now."
    )

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
    def unused_rows(cls) -> models.QuerySet[TableSession]:
        """Tables never dealt at (no state: no round, no deal, no history), what pruning
        may delete once idle (trainer/web/visitors.py's ``unused_rows`` hook)."""
        return cls.objects.filter(state__isnull=True)

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

    def reread_after(self, changed: Self) -> None:
        """The game ``changed`` just stored (``_store``) is the one this re-read state holds
        (games are values and their JSON round trip is exact): kept, not parsed again."""
        stored = changed.__dict__.get("_stored_game")
        if stored is not None and stored[0] == self.state:
            self.__dict__["_parsed_game"] = (self.state, self.variant, stored[1])
        # What this change wrote besides the row (``settled_record``, ``change_made``).
        self.__dict__["_settled_record"] = changed.__dict__.get("_settled_record")
        self.__dict__["_change_made"] = changed.__dict__.get("_change_made")

    @property
    def settled_record(self) -> RoundRecord | None:
        """The RoundRecord of the round that the change this object went through (``deal``
        or ``act``) settled and wrote, as written; None when it settled none, or before any
        change (a table read from the database)."""
        return self.__dict__.get("_settled_record")

    @property
    def change_made(self) -> tuple[str, tuple[GradedDecision, ...]] | None:
        """The change this object went through and the graded decisions it logged, as
        written: ("deal", ()) (a deal logs none: the person's decisions are logged by
        ``act``), ("act", ()) for an action not graded, ("act", (decision,)) for one that
        is; None before any change (a table read from the database)."""
        return self.__dict__.get("_change_made")

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
    def setup(self) -> Setup:
        """The game's layout at this table: its seats, the shoe's penetration (the
        ``SHOE_PENETRATION`` setting) and the table limits."""
        return Setup(
            seats=self.seat_count,
            penetration=settings.SHOE_PENETRATION,
            min_stake=Fraction(self.MIN_BET),
            max_stake=Fraction(self.MAX_BET),
        )

    @property
    def game(self) -> AnyGameState:
        """The table's game (game/engine/protocol.py): the stored state, or before the first
        deal a new game of the table's rules (a new banker table shuffles its shoe; it is
        stored with the first deal). Parsed once per loaded state (a new ``state`` after a
        refresh is parsed again)."""
        state = self.state
        cached = self.__dict__.get("_parsed_game")
        if cached is None or cached[0] is not state or cached[1] != self.variant:
            kind = game_type(self.rules)
            game = (
                kind.from_json(self.rules, self.setup, state)
                if state
                else kind.new(self.rules, self.setup)
            )
            cached = (state, self.variant, game)
            self.__dict__["_parsed_game"] = cached
        return cached[2]

    @property
    def round_in_play(self) -> bool:
        """True while a dealt round (a deal of the banker game) is not settled."""
        return self.game.in_play

    @property
    def in_play(self) -> Decimal:
        """Chips the person has on the table in the round in play (0 between rounds and once
        the session ended: an abandoned round was never settled, so its bet never left the
        bankroll)."""
        if self.ended_at is not None:
            return Decimal(0)
        # Summed once per game state (a value: a change makes a new one) and seat; a request
        # asks it a dozen times (``available``, ``chips``, the page's context).
        game, seat = self.game, self.human_seat
        cached = self.__dict__.get("_in_play")
        if cached is None or cached[0] is not game or cached[1] != seat:
            staked = to_decimal(game.on_table(seat)) if game.in_play else Decimal(0)
            cached = (game, seat, staked)
            self.__dict__["_in_play"] = cached
        return cached[2]

    @property
    def available(self) -> Decimal:
        """Chips the player can still put on the table."""
        return self.bankroll - self.in_play

    @property
    def chips(self) -> Fraction:
        """``available`` as the engine counts chips (never below 0: a round an older version
        left overspent still has its actions that stake nothing)."""
        return max(Fraction(str(self.available)), Fraction(0))

    def affordable_actions(self) -> tuple[Any, ...]:
        """The actions offered to the person now: the game's legal actions that the chips
        available pay for (``GameState.offered``): a split needs another bet of the hand's
        size, a double too (or one chip when doubling for less is allowed), insurance half
        the initial bet (or one chip for less); actions that stake nothing are always
        offered, even on a round that an older version left with more on the table than the
        bankroll, so a round in play always has a way on. () when it is not the person's
        turn or the session has ended."""
        if self.ended_at is not None:
            return ()
        return self.game.offered(self.human_seat, self.chips)

    def ai_stakes(self) -> dict[int, Fraction]:
        """What the AI seats stake in the next deal: ``AI_BET`` from each that stakes."""
        return {seat: AI_BET for seat in self.game.stakers() if seat != self.human_seat}

    def cover_needed(self) -> Decimal:
        """The chips the person must hold to be dealt in next, beyond a bet of their own:
        for the banker game's bank, twice the AI punters' stakes (the engine's
        ``cover``); 0 for a seat that stakes."""
        if self.human_seat in self.game.stakers():
            return Decimal(0)
        return to_decimal(self.game.cover(self.human_seat, self.ai_stakes()))

    # -- changing --------------------------------------------------------------------------
    def deal(self, bet_text: str, version_text: str) -> AnyGameState:
        """Deal a round with a bet of ``bet_text`` chips from the person and ``AI_BET`` from
        every AI seat that stakes, let the AI seats play up to the person's decision, and
        persist it. A person who stakes nothing in this deal (the banker game's bank) sends
        no bet and must hold the bank's cover instead.

        Raises StaleActionError for a version other than the table's, Refused (with a
        message for the person) for a round still in play, rules still being analysed, a bet
        that is not a whole number, outside the table limits or above the chips available,
        or a bank the person cannot cover. Nothing changes on error.
        """
        with self.changing(version_text) as table:
            table.refuse_when_ended()
            return table._deal(bet_text)

    def _deal(self, bet_text: str) -> AnyGameState:
        game = self.game
        try:
            game.ready_to_deal()
        except EngineError as exc:
            raise Refused(reason_message(exc)) from None
        if not store.is_analysed(self.rules):  # the AI seats and grading need it
            raise Refused(
                _(
                    "These rules are still being analysed. You can deal as soon as the "
                    "analysis is ready: the table fills in by itself."
                )
            )
        stakes = self._stakes(bet_text)
        try:
            dealt = self.play_ai(game.deal(stakes))
        except EngineError as exc:  # the table's checks come first: not reached
            raise Refused(reason_message(exc)) from None
        self._store(dealt)
        self.__dict__["_change_made"] = ("deal", ())
        return dealt

    def _stakes(self, bet_text: str) -> dict[int, Fraction]:
        """Every stake of the next deal: the person's bet as typed, when the person's seat
        stakes, and the AI seats'. A seat that stakes nothing covers the others: the person
        holding the bank must hold its cover. Raises Refused."""
        stakes = self.ai_stakes()
        if self.human_seat in self.game.stakers():
            bet = self._parse_bet(bet_text)
            stakes[self.human_seat] = Fraction(int(bet))
            self.last_bet = bet
            return stakes
        cover = self.cover_needed()
        if self.available < cover:
            raise Refused(
                _(
                    "To hold the bank you need %(cover)s chips, twice the punters' stakes,"
                    " and you have %(chips)s. Start a new session to play on."
                )
                % {
                    "cover": formats.number_format(cover.normalize()),
                    "chips": formats.number_format(self.available.normalize()),
                }
            )
        return stakes

    def act(
        self,
        action_text: str,
        version_text: str,
        amount_text: str | None = None,
        *,
        standard: str = "exact",
        hinted: bool = False,
    ) -> AnyGameState:
        """Apply the person's action to the round in play, let the AI seats play their turns,
        and persist it; ``amount_text`` is the chips of a double for less or a partial
        insurance (whole chips; ignored for an action whose chips are not chosen). A
        decision the strategy engine can value (the casino games') is graded against
        ``standard`` ("exact" or "chart", the person's setting) and stored, as ``hinted``
        when the person saw the standard's play first (counted neither right nor wrong).

        Raises StaleActionError for a stale version, Refused for an ended session, no
        round in play, an unknown action, an action the rules forbid now (the engine's reason,
        translated), a bad amount, or a bet the bankroll cannot cover. Nothing changes on error.
        """
        with self.changing(version_text) as table:
            table.refuse_when_ended()
            return table._act(action_text, amount_text, standard, hinted=hinted)

    def refuse_when_ended(self) -> None:
        """Raise Refused when the session has ended: an ended table changes no more."""
        if self.ended_at is not None:
            raise Refused(_("This session has ended. Start a new one to play on."))

    def _act(
        self, action_text: str, amount_text: str | None, standard: str, *, hinted: bool = False
    ) -> AnyGameState:
        game, seat = self.game, self.human_seat
        action = parse_action(game, action_text)
        chips = self.chips  # before the action: what the buttons were offered for
        if action in game.legal(seat) and action not in game.offered(seat, chips):
            raise Refused(NOT_ENOUGH_FOR_BET)
        amount = self._parse_amount(game, action, amount_text)
        self._check_stake(game, action, amount)
        turn = take_turn(
            game, seat, action, amount, standard=standard, chips=chips, ai=self.play_ai
        )
        after = turn.after
        added = to_decimal(after.on_table(seat) - game.on_table(seat))
        if added > 0 and added > self.available:
            # Not reached through the checks above; kept so that no rule added later can
            # stake chips the person does not have (states are values: nothing is saved yet).
            raise Refused(NOT_ENOUGH_FOR_BET)
        self._store(after)
        point = None
        self.__dict__["_change_made"] = ("act", ())
        if turn.graded is not None:
            point = DecisionPoint.of_round(turn.graded)
        elif turn.seen is not None:
            point = DecisionPoint.of_banker_game(turn.seen)
        if point is not None and turn.verdict is not None:
            logged = GradedDecision.from_grade(
                turn.verdict,
                point,
                source="table",
                visitor=self.visitor,
                rules_id=RuleSet.id_for(game.rules),
                variant=self.variant,
                round_number=self.rounds_played + 1,
                table_id=self.pk,
                table_version=self.version + 1,
                hinted=hinted,
            )
            self.__dict__["_change_made"] = ("act", (logged,))
        return after

    def _parse_bet(self, bet_text: str) -> Decimal:
        # Plain ASCII digits only ("25", "25.0"): no exponents, underscores or other scripts.
        match = _WHOLE_CHIPS.fullmatch(str(bet_text).strip())
        if match is None:
            raise Refused(_("Enter your bet as a whole number of chips."))
        bet = Decimal(match.group(1))
        if not self.MIN_BET <= bet <= self.MAX_BET:
            raise Refused(
                _("Bets at this table are from %(min)s to %(max)s chips.")
                % {"min": self.MIN_BET, "max": self.MAX_BET}
            )
        if bet > self.available:
            raise Refused(
                _("Not enough chips: you have %(chips)s left.")
                % {"chips": formats.number_format(self.available.normalize())}
            )
        return bet

    def _parse_amount(
        self, game: AnyGameState, action: Any, amount_text: str | None
    ) -> Fraction | None:
        """The chips of a double for less or a partial insurance, when the rules let the
        player choose (``GameState.chooses_amount``) and the form sent an amount; None (no
        field, or an empty one) means the full amount. Raises Refused for an amount that
        is not a whole number of at least 1 chip, or more than the chips available."""
        if not game.chooses_amount(action) or amount_text is None or not str(amount_text).strip():
            return None
        match = _WHOLE_CHIPS.fullmatch(str(amount_text).strip())
        if match is None or int(match.group(1)) < 1:
            raise Refused(_("Enter the amount as a whole number of chips, at least 1."))
        amount = Decimal(match.group(1))
        if amount > self.available:
            raise Refused(
                _("Not enough chips: you have %(chips)s left.")
                % {"chips": formats.number_format(self.available.normalize())}
            )
        return Fraction(int(amount))

    def _check_stake(self, game: AnyGameState, action: Any, amount: Fraction | None) -> None:
        """Refuse, before anything changes, a stake above the chips available: the full
        amount of a double or insurance sent without an amount, a split, a double."""
        stake = to_decimal(game.extra_stake(action, amount))
        if stake == 0 or stake <= self.available:
            return
        if game.chooses_amount(action) and amount is None and self.available >= 1:
            raise Refused(
                _(
                    "Not enough chips for the full amount of %(stake)s: you have %(chips)s "
                    "left. Enter a smaller amount."
                )
                % {
                    "stake": formats.number_format(stake.normalize()),
                    "chips": formats.number_format(self.available.normalize()),
                }
            )
        raise Refused(NOT_ENOUGH_FOR_BET)

    def _store(self, game: AnyGameState) -> None:
        """Save the game after a deal or an action, bumping the version with a
        compare-and-set so a concurrent request cannot also win. A round that ends with
        this change (the state's running part, shoe or bank, has already moved on) is
        settled into the bankroll and kept as a RoundRecord."""
        seat = self.human_seat
        fields: dict[str, Any] = {"state": game.to_json(), "last_bet": self.last_bet}
        settled = not game.in_play
        net = to_decimal(game.net(seat) or Fraction(0))
        if settled:
            fields["bankroll"] = self.bankroll + net
            fields["rounds_played"] = self.rounds_played + 1
        self.compare_and_set(**fields)
        self.__dict__["_stored_game"] = (fields["state"], game)  # see ``changing``
        if settled:
            self.__dict__["_settled_record"] = RoundRecord.objects.create(
                table=self,
                number=self.rounds_played + 1,
                bet=to_decimal(game.stake(seat)),
                staked=to_decimal(game.on_table(seat)),
                net=net,
                bankroll_after=fields["bankroll"],
                # The shoe's undealt cards are the live table's next ones: not kept.
                state=game.record(),
                line=line_of(game, seat),
            )


def casino_line(rnd: Round, seat: int) -> dict[str, Any]:
    """What the recent rounds list of a casino table shows of a settled round, for ``seat``:
    each hand's cards (rank labels, "10 6") and total, and the dealer's total (plain JSON,
    no words of any language)."""
    return {
        "hands": [
            {"cards": " ".join(c.rank.label for c in h.cards), "total": h.value.total}
            for h in rnd.hands_of_seat(seat)
        ],
        "dealer_total": rnd.dealer_value.total,
    }


def banker_line(deal: BankerDeal, seat: int) -> dict[str, Any]:
    """What the recent deals list of a banker-game table shows of a settled deal, for
    ``seat``: its role ("banker"/"punter"), cards (rank labels), total and the banker's seat
    (plain JSON, no words of any language)."""
    hand = deal.hands[seat]
    return {
        "role": hand.role.value,
        "cards": " ".join(c.rank.label for c in hand.cards),
        "total": hand.total,
        "banker": deal.banker,
    }


def line_of(game: AnyGameState, seat: int) -> dict[str, Any]:
    """``casino_line`` or ``banker_line`` of the game's settled round or deal."""
    if isinstance(game, BankerGame):
        assert game.current is not None
        return banker_line(game.current, seat)
    assert isinstance(game, CasinoGame) and game.round is not None
    return casino_line(game.round, seat)


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
    # The person's line of the recent rounds list (``casino_line``/``banker_line``), kept
    # when the round is settled so that the list reads no round's state; null in rows
    # settled before it was kept (``history_line`` reads their state).
    line = models.JSONField(null=True, blank=True, editable=False)
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

    def history_line(self, seat: int, *, banker: bool) -> dict[str, Any]:
        """The line of the recent rounds list for ``seat`` (the table's person): the kept
        ``line``, else made from the state (``banker``: a banker-game table's deal)."""
        if self.line is not None:
            return self.line
        if banker:
            return banker_line(self.banker_deal, seat)
        return casino_line(self.round, seat)


class Replay(PlayedGame):
    """A table decision (``decision``) replayed by its visitor, for practice: the round
    dealt again from its recorded cards, then a fresh shuffle (game/table/replays.py). No
    bankroll, table or logged decision changes when a person replays a hand.

    - ``round_state``: the practice round as JSON, its own shoe and hole card included
      (server only; the page shows what ``Round.dealer_visible`` allows, like the table).
    - ``seat_count``/``human_seat``/``ai_level``: the table's seating when it was played.
    - ``verdicts``: the grade of each decision taken in the replay, in order, as the log
      stores one (``trainer.review.models.grade_fields``), with ``"replayed": true`` on the
      answer to the replayed decision.
    - ``version``: bumped by every change; forms echo it so a repeated click changes nothing.

    A decision in a replay takes the table's path (``parse_action``, ``take_turn``,
    ``changing``, ``compare_and_set``), with no chips to limit what is offered.
    """

    decision = models.ForeignKey(GradedDecision, on_delete=models.CASCADE, related_name="replays")
    round_state = models.JSONField()
    verdicts = models.JSONField(default=list)

    stale_message = _(
        "That click was already handled (a double click, the back button or another tab). "
        "The replay shows where the round stands now."
    )

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

    @property
    def game(self) -> CasinoGame:
        """The practice round as a casino game of the replay's seats (no shoe beyond the
        round's own: a replay ends with its round)."""
        rnd = self.round
        return CasinoGame(rules=rnd.rules, setup=Setup(seats=self.seat_count), round=rnd)
