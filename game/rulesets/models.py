"""Rule sets and what is computed of them, kept per rule set.

- ``RuleSet``: a custom rule set, every ``Rules`` field under a short id derived from the
  rules themselves (the same rules always get the same id and shareable URL).
- ``StrategyResult``: a strategy computation (chart, game EVs, the banker game's best-play
  tables) of one rule set, written and read by store.py.
- ``Analysis``: the background analysis of one rule set (analyses.py).

A table, a drill or a decision names its game by a variant string: a preset's name
(game/engine/variants.py) or a custom rule set's (``custom_variant``); the functions here
are the only ones that read or write it.

The three tables were created by the table app (``game``) before rule sets had an app of
their own; they keep their names (``db_table``), so existing databases keep their rows.
"""

from __future__ import annotations

import base64
import dataclasses
import functools
import hashlib
import json
import re
from collections.abc import Iterable

from django.db import models
from django.utils.translation import gettext

from game.engine.rules import Rules
from game.engine.variants import find_rules, is_variant
from trainer.web.labels import VARIANT_NAMES

# The shape of RuleSet.id_for's ids.
RULESET_ID = re.compile(r"[a-z2-7]{10}")

# The variant string of a custom rule set: this prefix and the set's id.
CUSTOM_PREFIX = "custom-"


def custom_variant(ruleset_id: str) -> str:
    """The variant string of the rule set ``ruleset_id``."""
    return f"{CUSTOM_PREFIX}{ruleset_id}"


def custom_id(variant: str) -> str | None:
    """The rule set id of a custom rule set's variant string ("custom-<id>"), None for
    anything else (a preset's name)."""
    if variant.startswith(CUSTOM_PREFIX):
        return variant.removeprefix(CUSTOM_PREFIX)
    return None


def custom_ids(variants: Iterable[str]) -> set[str]:
    """The rule set ids among variant strings (``custom_id``), presets left out."""
    return {ruleset_id for v in variants if (ruleset_id := custom_id(v)) is not None}


def variant_name(variant: str) -> str:
    """The variant's name in the active language ("Custom rules abc123" for a rule set)."""
    ruleset_id = custom_id(variant)
    if ruleset_id is not None:
        return gettext("Custom rules %(id)s") % {"id": ruleset_id}
    return str(VARIANT_NAMES.get(variant, variant))


def rules_for(variant: str) -> Rules:
    """The Rules of a preset name or of a saved custom rule set ("custom-<id>").

    Raises RulesError for an unknown preset, RuleSet.DoesNotExist for an unknown custom id
    (a malformed one never reaches the database)."""
    ruleset_id = custom_id(variant)
    if ruleset_id is not None:
        return RuleSet.get_by_id(ruleset_id).rules
    return find_rules(variant)


def is_playable(variant: str) -> bool:
    """A variant string the table can play: a preset, or a saved custom rule set."""
    ruleset_id = custom_id(variant)
    if ruleset_id is not None:
        return RuleSet.is_id(ruleset_id) and RuleSet.objects.filter(pk=ruleset_id).exists()
    return is_variant(variant)


_RULE_FIELDS = tuple(f.name for f in dataclasses.fields(Rules))


@functools.lru_cache(maxsize=512)
def _rules_id(rules: Rules, types: tuple[type, ...]) -> str:
    """``RuleSet.id_for``, computed (``types``: those of the rules' values, the cache's key)."""
    canonical = json.dumps(rules.to_json(), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode()).digest()
    return base64.b32encode(digest).decode().lower()[:10]


class RuleSet(models.Model):
    """A custom rule set: every Rules field, saved under a short id derived from the rules
    themselves, so the same rules always get the same id (and the same shareable URL)."""

    id = models.CharField(primary_key=True, max_length=16, editable=False)
    base = models.CharField(max_length=40, help_text="the preset it was built from")
    rules_json = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "game_ruleset"

    def __str__(self) -> str:
        return f"rule set {self.id} (from {self.base})"

    @property
    def rules(self) -> Rules:
        """The saved Rules value."""
        return Rules.from_json(self.rules_json)

    @staticmethod
    def is_id(text: str) -> bool:
        """Whether ``text`` has the shape of a rule set's id (``id_for``: 10 lower-case base32
        characters). Anything else (a NUL byte, which PostgreSQL refuses in text) names no
        rule set and is never sent to the database."""
        return RULESET_ID.fullmatch(text) is not None

    @classmethod
    def get_by_id(cls, ruleset_id: str) -> RuleSet:
        """The rule set with this id. Raises RuleSet.DoesNotExist for an unknown or
        malformed id."""
        if not cls.is_id(ruleset_id):
            raise cls.DoesNotExist(f"no rule set {ruleset_id!r}")
        return cls.objects.get(pk=ruleset_id)

    @property
    def variant(self) -> str:
        """The variant string that plays this rule set."""
        return custom_variant(self.id)

    @staticmethod
    def id_for(rules: Rules) -> str:
        """The stable short id of a Rules value: 10 base32 characters of the SHA-256 of its
        canonical JSON (sorted keys). Kept per process for the rule sets met (a table
        action asks several times), by the rules and their values' types (equal values of
        other types, 1.5 and 3/2, may write other JSON)."""
        return _rules_id(rules, tuple(type(getattr(rules, name)) for name in _RULE_FIELDS))

    @classmethod
    def save_rules(cls, rules: Rules, base: str) -> RuleSet:
        """The RuleSet of ``rules``, created on first use (idempotent)."""
        ruleset, _created = cls.objects.get_or_create(
            id=cls.id_for(rules), defaults={"base": base, "rules_json": rules.to_json()}
        )
        return ruleset


class StrategyResult(models.Model):
    """A strategy computation kept per rule set (issue 4: "results per rule set are cached,
    keyed by the rule set's id"), so a page or a decision never waits for one done before:
    ``kind`` names what was computed ("chart", "game_ev_cd"...), ``payload`` is its JSON.
    Written and read by store.py."""

    rules_id = models.CharField(max_length=16)
    kind = models.CharField(max_length=32)
    # The engine's version of the computation: results of an older version are recomputed.
    engine_version = models.PositiveIntegerField(default=1)
    payload = models.JSONField()
    seconds = models.FloatField(help_text="how long the computation took")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "game_strategyresult"
        constraints = [
            models.UniqueConstraint(fields=["rules_id", "kind"], name="unique_strategy_result")
        ]

    def __str__(self) -> str:
        return f"{self.kind} of {self.rules_id}"


class Analysis(models.Model):
    """The background analysis of one rule set (its chart and game EVs, the results of
    store.py): one row per rule set, so two requests that both find the
    results missing enqueue one task between them (the unique ``rules_id`` decides).

    ``task`` is the latest task of Django's Tasks framework that computes it (django-tasks-db
    keeps it in this database; its status says waiting, running, failed or done);
    ``visitor`` is who asked for it first (the bound on a visitor's pending analyses)."""

    rules_id = models.CharField(max_length=16, unique=True)
    rules_json = models.JSONField(help_text="the Rules to analyse")
    visitor = models.UUIDField(null=True, blank=True, db_index=True)
    task = models.ForeignKey(
        "django_tasks_database.DBTaskResult",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "game_analysis"

    def __str__(self) -> str:
        return f"analysis of {self.rules_id}"

    @property
    def rules(self) -> Rules:
        """The Rules being analysed."""
        return Rules.from_json(self.rules_json)


class IndexAnalysis(models.Model):
    """The background computation of one rule set's index plays for one counting system
    (store.indices_for; some 50 s at 6 decks): one row per (rules id, system), so requests
    that find them missing enqueue one task between them (the unique pair decides). Apart
    from ``Analysis``: a rule set's page needs its chart at once, its indices only on the
    index page, and for each of six systems.

    ``task``: the latest task computing them (django-tasks-db; its status says waiting,
    running, failed or done)."""

    rules_id = models.CharField(max_length=16)
    system = models.CharField(max_length=16)
    rules_json = models.JSONField(help_text="the Rules whose indices are computed")
    task = models.ForeignKey(
        "django_tasks_database.DBTaskResult",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["rules_id", "system"], name="unique_index_analysis")
        ]

    def __str__(self) -> str:
        return f"{self.system} indices of {self.rules_id}"

    @property
    def rules(self) -> Rules:
        """The Rules whose indices are computed."""
        return Rules.from_json(self.rules_json)
