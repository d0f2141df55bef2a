"""A person's settings of the learning loop, kept per visitor (so an account carries them
across browsers): the daily goal, FSRS's desired retention and the drills' auto-advance.

Read with ``Preferences.of(visitor)`` (the saved row, or the defaults unsaved: reading never
writes); the settings page saves a row on the first change. The grading standard stays in
the session (``visitors.grading_standard``): it is a view of the numbers, not a plan.
"""

from __future__ import annotations

import uuid
from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models, transaction

# FSRS's desired retention: the probability of recalling a situation when it comes due.
# py-fsrs defaults to 0.9; below 0.7 reviews are too rare to teach, above 0.97 their number
# grows steeply (FSRS's own guidance: 0.70-0.97).
DEFAULT_RETENTION = Decimal("0.90")
MIN_RETENTION = Decimal("0.70")
MAX_RETENTION = Decimal("0.97")
# Decisions a day (table decisions and drill answers together).
DEFAULT_DAILY_GOAL = 30
MAX_DAILY_GOAL = 500


class Preferences(models.Model):
    """One visitor's settings (see the module docstring)."""

    visitor = models.UUIDField(unique=True)
    daily_goal = models.PositiveSmallIntegerField(
        default=DEFAULT_DAILY_GOAL,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_DAILY_GOAL)],
    )
    desired_retention = models.DecimalField(
        max_digits=3,
        decimal_places=2,
        default=DEFAULT_RETENTION,
        validators=[MinValueValidator(MIN_RETENTION), MaxValueValidator(MAX_RETENTION)],
    )
    # Drills: a right answer moves on by itself after a short pause; off keeps the Next button.
    auto_advance = models.BooleanField(default=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"preferences of {self.visitor}"

    @classmethod
    def of(cls, visitor: uuid.UUID | None) -> Preferences:
        """The visitor's preferences: the saved row, else an unsaved row of defaults (for
        None too). Never writes."""
        if visitor is not None:
            found = cls.objects.filter(visitor=visitor).first()
            if found is not None:
                return found
        return cls(visitor=visitor or uuid.uuid4())

    @classmethod
    def merge_visitor_rows(cls, old: uuid.UUID, new: uuid.UUID) -> int:
        """Merging visitors (trainer/web/visitors.py): the new id's settings win; the old
        id's row moves over only when the new id has none. Returns rows moved or dropped."""
        with transaction.atomic():
            if cls.objects.filter(visitor=new).exists():
                return cls.objects.filter(visitor=old).delete()[0]
            return cls.objects.filter(visitor=old).update(visitor=new)
