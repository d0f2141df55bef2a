"""How many drill situations are due for a visitor, across rule sets, and when the next one
comes due: what the site header and the landing page show (trainer/context_processors.py);
and the counting drills' items due (``count_due``), which the landing page shows beside them.

A situation is due when the visitor's FSRS card of it (``SituationCard``) has ``due <= now``.
Merging visitors may leave two cards of one situation under one visitor; like ``cards_of``,
the card reviewed last speaks for the situation (a situation is counted once, and only when
that card is due). Each function is one indexed query (``visitor``, then the due rows).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache

from django.db.models import Case, Count, Exists, IntegerField, Min, OuterRef, Q, QuerySet, When
from django.db.models.functions import Coalesce

from game.engine.variants import VARIANTS
from game.rulesets.models import RuleSet, custom_variant
from trainer.drills.models import CountCard, SituationCard


@dataclass(frozen=True, slots=True)
class DueCounts:
    """Due situations now: ``total`` across rule sets, ``by_rules`` per rules id."""

    total: int = 0
    by_rules: dict[str, int] = field(default_factory=dict)

    @property
    def top_rules_id(self) -> str | None:
        """The rules id with the most due situations (ties: the smaller id), None if none."""
        if not self.by_rules:
            return None
        return min(self.by_rules, key=lambda r: (-self.by_rules[r], r))


@dataclass(frozen=True, slots=True)
class CountDue:
    """Counting items due now: ``total``, and the skill, system and rules id (blank but for
    the index skills) holding the most of them, for the link that drills them."""

    total: int = 0
    skill: str | None = None
    system: str | None = None
    rules_id: str = ""


def count_due(visitor: uuid.UUID, now: datetime) -> CountDue:
    """The visitor's counting items (``CountCard``, reviewed at least once) due at ``now``,
    as the counting page counts them (count_drilling.skill_stats); one query."""
    rows = (
        CountCard.objects.filter(visitor=visitor, due__lte=now, reviews__gt=0)
        .values("skill", "system", "rules_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    groups = [(r["n"], r["skill"], r["system"], r["rules_id"]) for r in rows]
    if not groups:
        return CountDue()
    # The most due first; ties by skill, system and rules id, so the link is stable.
    _, skill, system, rules_id = min(groups, key=lambda g: (-g[0], g[1], g[2], g[3]))
    return CountDue(sum(g[0] for g in groups), skill, system, rules_id)


def _latest_cards(visitor: uuid.UUID) -> QuerySet[SituationCard]:
    """The visitor's cards that speak for their situation: those no other card of the same
    situation supersedes (the order of ``models._latest``: reviewed before never reviewed,
    then the later review, or due for never-reviewed ones, then the later row)."""
    reviewed = Case(When(last_review__isnull=False, then=1), default=0, output_field=IntegerField())
    rank = Coalesce("last_review", "due")
    later = (
        SituationCard.objects.filter(
            visitor=OuterRef("visitor"),
            rules_id=OuterRef("rules_id"),
            hand_class=OuterRef("hand_class"),
            upcard=OuterRef("upcard"),
        )
        .annotate(d_reviewed=reviewed, d_rank=rank)
        .filter(
            Q(d_reviewed__gt=OuterRef("c_reviewed"))
            | Q(d_reviewed=OuterRef("c_reviewed"), d_rank__gt=OuterRef("c_rank"))
            | Q(d_reviewed=OuterRef("c_reviewed"), d_rank=OuterRef("c_rank"), pk__gt=OuterRef("pk"))
        )
    )
    return (
        SituationCard.objects.filter(visitor=visitor)
        .annotate(c_reviewed=reviewed, c_rank=rank)
        .exclude(Exists(later))
        .order_by()
    )


def due_counts(visitor: uuid.UUID, now: datetime) -> DueCounts:
    """The visitor's situations due at ``now`` (timezone-aware), counted per rules id and
    in total; one query."""
    rows = (
        _latest_cards(visitor)
        .filter(due__lte=now)
        .values("rules_id")
        .annotate(n=Count("id"))
        .values_list("rules_id", "n")
    )
    by_rules = {rules_id: n for rules_id, n in rows}
    return DueCounts(total=sum(by_rules.values()), by_rules=by_rules)


def next_due(visitor: uuid.UUID, now: datetime) -> datetime | None:
    """When the visitor's next situation comes due after ``now`` (None: no card is waiting);
    one query."""
    found = _latest_cards(visitor).filter(due__gt=now).aggregate(first=Min("due"))["first"]
    return found


@cache
def _preset_rules_ids() -> dict[str, str]:
    """The rules id of every casino preset, to its name."""
    return {RuleSet.id_for(v.rules): v.name for v in VARIANTS if v.casino}


def variant_of(rules_id: str) -> str:
    """The variant string that drills a rules id: a preset's name, else the custom rule set
    of that id ("custom-<id>": a custom rule set's id is its rules id, ``RuleSet.id_for``)."""
    return _preset_rules_ids().get(rules_id) or custom_variant(rules_id)
