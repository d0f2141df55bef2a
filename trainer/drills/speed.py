"""Speed runs: a fixed number of questions against the clock, and the person's best.

- A run asks SPEED_RUN_QUESTIONS (20) questions of one category and ends by itself at the
  last answer. Its **time** is the sum of the answer times the server measured (each from
  the question shown to the answer received: ``DrillQuestion.response_ms``), so reading the
  feedback of a wrong answer costs nothing.
- The **target** is TARGET_MS (3 s) per answer, 60 s for a run: about the pace of a
  dealer who waits for you at a busy table, and above FSRS's "fast" band (scheduling.py:
  under 2.5 s is Easy), so meeting it means the play is known, not guessed. The result
  counts the answers over the target.
- The **personal best**, per visitor, rule set (rules id) and category: the fastest time
  of the runs with every question answered and at most MAX_ERRORS (2) wrong answers (90%
  right). A faster run with more mistakes does not count: speed without accuracy is not
  skill. A run is a new best only when it is strictly faster than every earlier
  qualifying run; the first qualifying run is a best.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from trainer.drills.models import DrillSession

SPEED_RUN_QUESTIONS = 20
TARGET_MS = 3_000
MAX_ERRORS = 2


def best_run(
    visitor: uuid.UUID, rules_id: str, category: str, *, exclude: int | None = None
) -> DrillSession | None:
    """The visitor's best speed run of ``category`` in the rules ``rules_id`` (see the
    module docstring), the earliest of equal times; ``exclude``: a session id left out."""
    runs = DrillSession.objects.filter(
        visitor=visitor,
        rules_id=rules_id,
        category=category,
        speed_run=SPEED_RUN_QUESTIONS,
        speed_total_ms__isnull=False,
        speed_errors__lte=MAX_ERRORS,
    )
    if exclude is not None:
        runs = runs.exclude(pk=exclude)
    return runs.order_by("speed_total_ms", "ended_at", "pk").first()


def finish_run(session: DrillSession, *, now: datetime) -> None:
    """End a speed run whose last question is answered: store its time, its errors and
    whether it beat the best so far, and end it. Call inside the answer's transaction (the
    session row locked)."""
    answers = list(
        session.questions.filter(answered_at__isnull=False).values("response_ms", "correct")
    )
    total = sum(a["response_ms"] or 0 for a in answers)
    errors = sum(1 for a in answers if not a["correct"])
    previous = best_run(session.visitor, session.rules_id, session.category, exclude=session.pk)
    qualifies = errors <= MAX_ERRORS and len(answers) >= (session.speed_run or 0)
    beaten = qualifies and (previous is None or total < (previous.speed_total_ms or 0))
    DrillSession.objects.filter(pk=session.pk).update(
        speed_total_ms=total,
        speed_errors=errors,
        speed_best=beaten,
        ended_at=now,
        updated_at=now,
    )


@dataclass(frozen=True, slots=True)
class RunResult:
    """A finished run as the result page shows it (seconds as floats)."""

    seconds: float
    questions: int
    right: int
    errors: int
    over_target: int
    qualifies: bool
    new_best: bool
    best_seconds: float | None
    best_is_this: bool

    @property
    def percent(self) -> int:
        """Share of right answers, in percent (rounded)."""
        return round(100 * self.right / self.questions) if self.questions else 0


def run_result(session: DrillSession) -> RunResult | None:
    """The result of a finished speed run (None for a drill that is not one, or a run not
    finished: ended early, it has no time)."""
    if session.speed_run is None or session.speed_total_ms is None:
        return None
    times = list(
        session.questions.filter(answered_at__isnull=False).values_list("response_ms", flat=True)
    )
    errors = session.speed_errors or 0
    best = best_run(session.visitor, session.rules_id, session.category)
    return RunResult(
        seconds=session.speed_total_ms / 1000,
        questions=len(times),
        right=len(times) - errors,
        errors=errors,
        over_target=sum(1 for t in times if (t or 0) > TARGET_MS),
        qualifies=errors <= MAX_ERRORS,
        new_best=session.speed_best,
        best_seconds=(best.speed_total_ms or 0) / 1000 if best is not None else None,
        best_is_this=best is not None and best.pk == session.pk,
    )
