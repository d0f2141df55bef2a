"""factory-boy factories for the review tests: graded decisions with consistent numbers.

``GradedDecisionFactory(hand=["TS", "6D"], upcard="TH", evs={"hit": -0.54, "stand": -0.57},
action="stand")`` makes a table decision whose ``best_action`` is the action of highest EV,
``loss`` the EV given up and ``severity`` advisor.py's ``judge`` of it (so a test's numbers
are the advisor's). ``at=datetime`` sets ``created_at`` (auto_now_add otherwise). The visitor's
table is made on the way (one per decision unless ``table=`` is given);
``DrillDecisionFactory`` makes a drill answer (no table, a ``drill_session`` id).
"""

from __future__ import annotations

import uuid

import factory
from factory.django import DjangoModelFactory

from game.engine.strategy.advisor import judge
from tests.factories import TableSessionFactory
from trainer.review.models import GradedDecision

# Hard 16 against a 10, six decks: surrender aside, hitting is a little better than standing.
DEFAULT_EVS = {"hit": -0.5398, "stand": -0.5749, "double": -1.0796}


def _best(evs: dict[str, float]) -> str:
    return max(evs, key=evs.__getitem__)


def _loss(o) -> float:
    return max(0.0, o.evs[o.best_action] - o.evs[o.action])


def _severity(o) -> str:
    return judge(
        o.evs, o.action, standard=o.standard, chart_action=o.chart_action or None
    ).severity.value


class GradedDecisionFactory(DjangoModelFactory):
    """A table decision of ``visitor`` at ``table``, graded against the exact play."""

    class Meta:
        model = GradedDecision
        skip_postgeneration_save = True

    source = "table"
    visitor = factory.LazyFunction(uuid.uuid4)
    table = factory.SubFactory(TableSessionFactory, visitor=factory.SelfAttribute("..visitor"))
    drill_session = None
    round_number = factory.Sequence(lambda n: n + 1)
    rules_id = "testrules0"
    variant = factory.LazyAttribute(lambda o: o.table.variant if o.table else "european")
    hand = factory.LazyFunction(lambda: ["TS", "6D"])
    upcard = "TH"
    insurance = False
    evs = factory.LazyFunction(lambda: dict(DEFAULT_EVS))
    action = factory.LazyAttribute(lambda o: _best(o.evs))
    best_action = factory.LazyAttribute(lambda o: _best(o.evs))
    chart_action = factory.LazyAttribute(lambda o: o.best_action)
    loss = factory.LazyAttribute(_loss)
    severity = factory.LazyAttribute(_severity)
    standard = "exact"

    @factory.post_generation
    def at(obj, create, extracted, **kwargs):
        """``at=datetime``: move ``created_at`` there (auto_now_add ignores a given value)."""
        if create and extracted is not None:
            GradedDecision.objects.filter(pk=obj.pk).update(created_at=extracted)
            obj.created_at = extracted


class DrillDecisionFactory(GradedDecisionFactory):
    """A drill answer: no table, the drill session's id in ``drill_session``."""

    source = "drill"
    table = None
    drill_session = factory.LazyFunction(uuid.uuid4)
    variant = "european"
    response_ms = 2500
