"""Drill sessions, their questions, and the person's FSRS card of every situation.

- ``DrillSession``: one drill of a visitor: a variant (a preset or "custom-<id>"), a
  category, and for "weak", "mistakes" and the chosen pools (cells, the changes between
  two rule sets, the misses of a drill) the situations chosen at the start (``pool``).
  It can be left and resumed; ``ended_at`` once ended. A speed run (``speed_run``, the
  number of questions) ends by itself at its last answer and keeps its time (speed.py).
- ``DrillQuestion``: the n-th question of a session: the situation, the cards dealt, the
  engine's legal actions, when it was shown and, once answered, the answer, its time, its
  FSRS rating and its ``GradedDecision``. A question is answered once: the answer is an
  update of an unanswered row (``answered_at`` is null), so a double submit finds nothing
  to update and changes nothing.
- ``SituationCard``: the FSRS state of one situation for one visitor (rules id, hand
  class, upcard), kept across sessions and days, with counts of reviews, right answers
  and lapses. Merging visitors (trainer/web/visitors.py) may leave two cards of one situation
  under one visitor; ``cards_of`` reads them as one (the latest review's state, counts
  added) and ``SituationCard.for_update`` folds them into one row.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Self

from django.db import models
from fsrs import Card as FsrsCard
from fsrs import Rating

from trainer.drills.scheduling import (
    DEFAULT_RETENTION,
    CardStats,
    is_lapse,
    new_card,
    review,
)
from trainer.review.models import GradedDecision


class VisitorDrill(models.Model):
    """What every drill of a visitor has: its public id, its owner, a game (``variant``,
    ``rules_id``), the items chosen at the start (``pool``, None for all), when it was made
    and last answered, and ``ended_at`` once ended; its questions, numbered."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    visitor = models.UUIDField(db_index=True)
    variant = models.CharField(max_length=40)
    rules_id = models.CharField(max_length=16)
    pool = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-updated_at"]

    @property
    def latest(self) -> Any:
        """The last question asked (answered or not), None before the first."""
        return self.questions.order_by("-number").first()  # type: ignore[attr-defined]


class DrillSession(VisitorDrill):
    """One visitor's drill of a variant and a category (see the module docstring)."""

    category = models.CharField(max_length=12)
    # "mistakes": the period in days (None: every mistake on record).
    days = models.PositiveSmallIntegerField(null=True, blank=True)
    # ``pool``: for "weak", "mistakes" and the chosen pools ("cells", "changes", "retry"),
    # the situation keys [hand class, upcard] chosen at the start.
    # A speed run: its number of questions (None: an ordinary drill). When its last answer
    # is in: the total of the answer times (server-measured, ms), the wrong answers, and
    # whether it beat the person's best of its category and rules then (speed.py).
    speed_run = models.PositiveSmallIntegerField(null=True, blank=True)
    speed_total_ms = models.PositiveIntegerField(null=True, blank=True)
    speed_errors = models.PositiveSmallIntegerField(null=True, blank=True)
    speed_best = models.BooleanField(default=False)

    class Meta(VisitorDrill.Meta):
        pass

    def __str__(self) -> str:
        return f"drill {self.public_id} ({self.variant}, {self.category})"

    @property
    def latest(self) -> DrillQuestion | None:
        """The last question asked (answered or not), None before the first."""
        return self.questions.order_by("-number").first()


class DrillQuestion(models.Model):
    """The n-th question of a drill session (see the module docstring)."""

    TIERS = (("due", "due"), ("new", "new"), ("weak", "weak"), ("extra", "extra"))

    session = models.ForeignKey(DrillSession, on_delete=models.CASCADE, related_name="questions")
    number = models.PositiveIntegerField()
    hand_class = models.CharField(max_length=24)
    # The situation's upcard value code ("2".."9", "T", "A"); ``upcard`` is the card dealt.
    upcard_value = models.CharField(max_length=1)
    tier = models.CharField(max_length=8, choices=TIERS)
    hand = models.JSONField(help_text="card codes of the player's two cards")
    upcard = models.CharField(max_length=2)
    insurance = models.BooleanField(default=False)
    legal = models.JSONField(help_text="the engine's legal actions (Action values)")
    shown_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)
    action = models.CharField(max_length=20, blank=True, default="")
    response_ms = models.PositiveIntegerField(null=True, blank=True)
    correct = models.BooleanField(null=True, blank=True)
    rating = models.PositiveSmallIntegerField(null=True, blank=True)
    decision = models.OneToOneField(
        GradedDecision,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="drill_question",
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="unique_drill_question")
        ]

    def __str__(self) -> str:
        return f"question {self.number} of {self.session_id}: {self.hand_class} v {self.upcard}"

    @property
    def key(self) -> tuple[str, str]:
        """The situation key (hand class, upcard value code)."""
        return (self.hand_class, self.upcard_value)

    @property
    def answered(self) -> bool:
        """True once the question has its answer."""
        return self.answered_at is not None


class ScheduledCard(models.Model):
    """An FSRS card of one visitor's item and its counts of reviews, right answers and
    lapses: the situations of the strategy drills (``SituationCard``) and the items of the
    counting drills (``CountCard``) are scheduled alike."""

    # fsrs.Card.to_dict(): state, step, stability, difficulty, due, last_review.
    fsrs = models.JSONField()
    due = models.DateTimeField(db_index=True)
    last_review = models.DateTimeField(null=True, blank=True)
    reviews = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    lapses = models.PositiveIntegerField(default=0)

    class Meta:
        abstract = True

    @property
    def card(self) -> FsrsCard:
        """The FSRS card."""
        return FsrsCard.from_dict(self.fsrs)

    @property
    def stats(self) -> CardStats:
        """What the picker needs of this card."""
        return CardStats(
            due=self.due, reviews=self.reviews, correct=self.correct, lapses=self.lapses
        )

    @classmethod
    def locked(cls, now: datetime, **owner: object) -> Self:
        """The card of ``owner`` (the fields naming the visitor and the item), locked for
        the answer's transaction: a new, unsaved card when there is none; several (after a
        merge of visitors) folded into the latest reviewed, counts added."""
        rows = list(cls._default_manager.select_for_update().filter(**owner).order_by("id"))
        if not rows:
            card = new_card(now)
            return cls(**owner, fsrs=card.to_dict(), due=card.due)
        keep = _latest(rows)
        others = [r for r in rows if r.pk != keep.pk]
        if others:
            keep.reviews = sum(r.reviews for r in rows)
            keep.correct = sum(r.correct for r in rows)
            keep.lapses = sum(r.lapses for r in rows)
            cls._default_manager.filter(pk__in=[r.pk for r in others]).delete()
        return keep

    def record(
        self,
        rating: Rating,
        *,
        correct: bool,
        now: datetime,
        response_ms: int | None,
        retention: float = DEFAULT_RETENTION,
    ) -> None:
        """Review the card with ``rating`` at ``now`` for the desired ``retention`` (the
        person's setting) and save it (counts included)."""
        card = self.card
        lapse = is_lapse(card, rating)
        reviewed = review(card, rating, now, response_ms, retention)
        self.fsrs = reviewed.to_dict()
        self.due = reviewed.due
        self.last_review = reviewed.last_review
        self.reviews += 1
        self.correct += int(correct)
        self.lapses += int(lapse)
        self.save()


class SituationCard(ScheduledCard):
    """A visitor's FSRS card of one situation (see the module docstring)."""

    visitor = models.UUIDField(db_index=True)
    rules_id = models.CharField(max_length=16)
    hand_class = models.CharField(max_length=24)
    upcard = models.CharField(max_length=1)

    class Meta:
        indexes = [models.Index(fields=["visitor", "rules_id"], name="situation_card_owner")]

    def __str__(self) -> str:
        return f"{self.hand_class} v {self.upcard} ({self.rules_id}): due {self.due:%Y-%m-%d %H:%M}"

    @property
    def key(self) -> tuple[str, str]:
        """The situation key (hand class, upcard value code)."""
        return (self.hand_class, self.upcard)

    @classmethod
    def for_update(
        cls, visitor: uuid.UUID, rules_id: str, key: tuple[str, str], now: datetime
    ) -> SituationCard:
        """The visitor's card of a situation, locked for the answer's transaction
        (``ScheduledCard.locked``)."""
        return cls.locked(now, visitor=visitor, rules_id=rules_id, hand_class=key[0], upcard=key[1])


def _latest[Card: ScheduledCard](rows: list[Card]) -> Card:
    """The card reviewed last (never-reviewed ones count as oldest)."""
    return max(rows, key=lambda r: (r.last_review is not None, r.last_review or r.due, r.pk))


def cards_of(visitor: uuid.UUID, rules_id: str) -> dict[tuple[str, str], SituationCard]:
    """The visitor's cards of a rule set by situation key; duplicates (after a merge) read
    as the latest reviewed one with the counts of all."""
    found: dict[tuple[str, str], list[SituationCard]] = {}
    for row in SituationCard.objects.filter(visitor=visitor, rules_id=rules_id).order_by("id"):
        found.setdefault(row.key, []).append(row)
    cards = {}
    for key, rows in found.items():
        card = _latest(rows)
        if len(rows) > 1:
            card.reviews = sum(r.reviews for r in rows)
            card.correct = sum(r.correct for r in rows)
            card.lapses = sum(r.lapses for r in rows)
        cards[key] = card
    return cards


class MistakeWalk(models.Model):
    """ "Learn from your mistakes": one visitor's walk through their wrong decisions
    (trainer/drills/walk.py). ``origin`` says which ones: a table session's ("table", its
    public id in ``origin_id``), a drill's ("drill", the drill session's public id) or a
    period's ("period", the last ``days`` days, of ``variant`` when given). ``position`` is
    the number of the step on show (past the last step: the walk is over). ``token`` is the
    start form's one-time id, so a double submit of Start makes one walk."""

    ORIGINS = (("table", "table"), ("drill", "drill"), ("period", "period"))

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    visitor = models.UUIDField(db_index=True)
    token = models.UUIDField(unique=True)
    origin = models.CharField(max_length=8, choices=ORIGINS)
    origin_id = models.UUIDField(null=True, blank=True)
    days = models.PositiveSmallIntegerField(null=True, blank=True)
    variant = models.CharField(max_length=40, blank=True, default="")
    position = models.PositiveIntegerField(default=1)
    # The drills of the situations still wrong at the end, started from the summary:
    # {variant: drill session public id}.
    drill_by_variant = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"walk {self.public_id} ({self.origin})"


class MistakeWalkStep(models.Model):
    """One mistake of a walk, as it was: a copy of the logged decision's cards, upcard,
    phase and EVs (the keys of ``evs`` are the actions that were legal then), and the
    walk's answers to it: the first one (graded, logged as a ``GradedDecision`` and
    scheduled), how many were given (a wrong one may be tried again), whether the last
    was right, and whether the answer was shown."""

    walk = models.ForeignKey(MistakeWalk, on_delete=models.CASCADE, related_name="steps")
    number = models.PositiveIntegerField()
    mistake = models.ForeignKey(
        GradedDecision, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    rules_id = models.CharField(max_length=16)
    variant = models.CharField(max_length=40)
    hand = models.JSONField(help_text="card codes of the hand that acted")
    upcard = models.CharField(max_length=2)
    insurance = models.BooleanField(default=False)
    from_split = models.BooleanField(default=False)
    evs = models.JSONField(help_text="EV of every legal action then, units of the initial bet")
    chart_action = models.CharField(max_length=20, blank=True, default="")
    # What the person did the first time (the mistake) and its grade.
    original_action = models.CharField(max_length=20)
    original_severity = models.CharField(max_length=12)
    decided_at = models.DateTimeField()
    shown_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    first_action = models.CharField(max_length=20, blank=True, default="")
    first_correct = models.BooleanField(null=True, blank=True)
    last_action = models.CharField(max_length=20, blank=True, default="")
    last_correct = models.BooleanField(null=True, blank=True)
    revealed = models.BooleanField(default=False)
    answer = models.OneToOneField(
        GradedDecision,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="walk_step",
    )

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["walk", "number"], name="unique_walk_step")]

    def __str__(self) -> str:
        return f"step {self.number} of {self.walk_id}: {','.join(self.hand)} v {self.upcard}"

    @property
    def answered(self) -> bool:
        """True once the step has a first answer."""
        return self.attempts > 0

    @property
    def found(self) -> bool:
        """The person found a right play before the answer was shown."""
        return bool(self.last_correct)


class CountDrill(VisitorDrill):
    """One visitor's counting drill (count_questions.py): a ``skill``, a counting
    ``system``, and the settings it was started with: the running count's ``group`` and
    ``pace_ms``, the deviations' ``indices`` set ("i18", "fab4", "all") and the game
    (``variant``, ``rules_id``: the indices, the tray's decks). ``pool``: the items a
    "drill these again" asks (None: every item of the skill). ``ended_at`` once ended."""

    skill = models.CharField(max_length=12)
    system = models.CharField(max_length=12)
    group = models.PositiveSmallIntegerField(default=1)
    pace_ms = models.PositiveIntegerField(default=1000)
    indices = models.CharField(max_length=8, blank=True, default="")

    class Meta(VisitorDrill.Meta):
        pass

    def __str__(self) -> str:
        return f"count drill {self.public_id} ({self.skill}, {self.system})"

    @property
    def latest(self) -> CountQuestion | None:
        """The last question asked (answered or not), None before the first."""
        return self.questions.order_by("-number").first()


class CountQuestion(models.Model):
    """The n-th question of a counting drill: its item, what the page shows (``shown``),
    the right answer (``key``: never on a page before the answer), and once answered the
    answer, whether it was right, its error (counts and decks) and time, its FSRS rating.
    Answered once: the answer updates an unanswered row, so a double submit changes
    nothing."""

    drill = models.ForeignKey(CountDrill, on_delete=models.CASCADE, related_name="questions")
    number = models.PositiveIntegerField()
    item = models.CharField(max_length=12)
    shown = models.JSONField()
    key = models.JSONField()
    shown_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)
    answer = models.CharField(max_length=20, blank=True, default="")
    correct = models.BooleanField(null=True, blank=True)
    error = models.CharField(max_length=12, blank=True, default="")
    response_ms = models.PositiveIntegerField(null=True, blank=True)
    rating = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["drill", "number"], name="unique_count_question")
        ]

    def __str__(self) -> str:
        return f"count question {self.number} of {self.drill_id}: {self.item}"

    @property
    def answered(self) -> bool:
        """True once the question has its answer."""
        return self.answered_at is not None


class CountCard(ScheduledCard):
    """A visitor's FSRS card of one counting item: a skill's item ("g2", "deck", "tc",
    "decks", "insurance", a cell "16,T") for a system, and for the index skills a rule set
    (``rules_id``; blank for the others)."""

    visitor = models.UUIDField(db_index=True)
    system = models.CharField(max_length=12)
    rules_id = models.CharField(max_length=16, blank=True, default="")
    skill = models.CharField(max_length=12)
    item = models.CharField(max_length=12)

    class Meta:
        indexes = [models.Index(fields=["visitor", "skill"], name="count_card_owner")]

    def __str__(self) -> str:
        return f"{self.skill} {self.item} ({self.system}): due {self.due:%Y-%m-%d %H:%M}"
