"""The table app hands its graded decisions to the decision log (review 0003 took them over
with their table) and takes the replays over from the review app (a replay is the table's
round played again), their table keeping its name (``db_table``). Nothing in the database
moves. Content types follow the models."""

import uuid

import django.db.models.deletion
from django.db import migrations, models


def _rename_content_type(apps, old, new, model):
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label=new, model=model).exists():
        ContentType.objects.filter(app_label=old, model=model).update(app_label=new)


def forwards(apps, schema_editor):
    _rename_content_type(apps, "review", "game", "replay")


def backwards(apps, schema_editor):
    _rename_content_type(apps, "game", "review", "replay")


class Migration(migrations.Migration):

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("drills", "0003_answers_point_to_the_log"),
        ("game", "0010_rule_sets_move_to_their_app"),
        ("review", "0003_graded_decisions_join_the_log"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="GradedDecision"),
                migrations.CreateModel(
                    name="Replay",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("public_id", models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                        ("visitor", models.UUIDField(db_index=True)),
                        ("seat_count", models.PositiveSmallIntegerField(default=1)),
                        ("human_seat", models.PositiveSmallIntegerField(default=0)),
                        ("ai_level", models.CharField(default="easy", max_length=20)),
                        ("round_state", models.JSONField()),
                        ("verdicts", models.JSONField(default=list)),
                        ("version", models.PositiveIntegerField(default=0)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("decision", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="replays", to="review.gradeddecision")),
                    ],
                    options={"db_table": "review_replay", "ordering": ["-created_at"]},
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(forwards, backwards),
    ]
