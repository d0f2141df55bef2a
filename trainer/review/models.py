"""A replay: one table decision played again from the same cards, for practice.

The practice round lives here, not at the table: no bankroll, no table version, no shoe
and no graded decision of the log changes when a person replays a hand. ``round_state``
holds the engine's ``Round`` as JSON with the replay's own shoe (the round's recorded cards,
then a fresh shuffle: ``trainer.review.replay.replay_shoe``) and hole card, so it never
leaves the server (the page shows what ``Round.dealer_visible`` allows, like the table).
"""

from __future__ import annotations

import uuid

from django.db import models

from game.engine.round import Round
from game.models import GradedDecision


class Replay(models.Model):
    """A table decision (``decision``) replayed by its visitor.

    - ``round_state``: the practice round as JSON, its own shoe included (server only).
    - ``seat_count``/``human_seat``/``ai_level``: the table's seating when it was played.
    - ``verdicts``: the grade of each decision taken in the replay, in order: ``{"hand":
      [codes], "upcard": code, "action", "best", "chart_action", "loss" (bets),
      "severity", "standard", "evs": {action: EV in bets}, "replayed": true for the answer
      to the replayed decision}``.
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
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"replay {self.public_id} of decision {self.decision_id}"

    @property
    def round(self) -> Round:
        """The practice round."""
        return Round.from_json(self.round_state)
