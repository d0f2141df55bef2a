"""Replays now belong to the table app (game 0011 took them over with their table): the
review app forgets them without touching the database."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("game", "0011_decisions_leave_replays_join"),
        ("review", "0003_graded_decisions_join_the_log"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="Replay")],
            database_operations=[],
        ),
    ]
