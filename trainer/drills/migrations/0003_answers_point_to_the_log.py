"""A drill answer's decision is now the decision log's model (review.GradedDecision, moved
from the table app with its table): only Django's idea of the link changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("drills", "0002_answers_by_one_rule"),
        ("review", "0003_graded_decisions_join_the_log"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="drillquestion",
                    name="decision",
                    field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="drill_question", to="review.gradeddecision"),
                ),
            ],
            database_operations=[],
        ),
    ]
