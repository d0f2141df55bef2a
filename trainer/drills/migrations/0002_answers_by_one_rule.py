"""Drill answers follow their decisions' new grades (game 0008, issue 10's one rule of
"correct"): a close call or the chart's play that was stored as wrong now counts as right,
in the question and in its situation card's count of right answers. The FSRS schedule
already given is kept (a rating is a past review, not a count)."""

from django.db import migrations
from django.db.models import F

from game.engine.strategy.advisor import is_correct


def follow_grades(apps, schema_editor):
    DrillQuestion = apps.get_model("drills", "DrillQuestion")
    SituationCard = apps.get_model("drills", "SituationCard")
    answered = DrillQuestion.objects.filter(decision__isnull=False).select_related(
        "decision", "session"
    )
    for question in answered.iterator(chunk_size=500):
        right = is_correct(question.decision.severity)
        if question.correct is None or question.correct == right:
            continue
        DrillQuestion.objects.filter(pk=question.pk).update(correct=right)
        SituationCard.objects.filter(
            visitor=question.session.visitor,
            rules_id=question.session.rules_id,
            hand_class=question.hand_class,
            upcard=question.upcard_value,
        ).update(correct=F("correct") + (1 if right else -1))


class Migration(migrations.Migration):
    dependencies = [
        ("drills", "0001_initial"),
        ("game", "0008_regrade_by_one_rule"),
    ]

    operations = [
        migrations.RunPython(follow_grades, migrations.RunPython.noop),
    ]
