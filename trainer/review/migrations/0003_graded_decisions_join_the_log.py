"""The decision log owns its decisions: GradedDecision moves here from the table app
(``game``), whose migrations created its table; the table and its rows stay where they are
(``db_table``). The replays' link to a decision follows it (game 0011 then takes the
replays over, with their table). Content types follow the models."""

import django.db.models.deletion
from django.db import migrations, models


def _rename_content_type(apps, old, new, model):
    ContentType = apps.get_model("contenttypes", "ContentType")
    # A content type of the new app made by an earlier run of post_migrate would clash.
    if not ContentType.objects.filter(app_label=new, model=model).exists():
        ContentType.objects.filter(app_label=old, model=model).update(app_label=new)


def forwards(apps, schema_editor):
    _rename_content_type(apps, "game", "review", "gradeddecision")


def backwards(apps, schema_editor):
    _rename_content_type(apps, "review", "game", "gradeddecision")


class Migration(migrations.Migration):

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("game", "0010_rule_sets_move_to_their_app"),
        ("review", "0002_replays_reshuffle_cards_past_the_round"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="GradedDecision",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("source", models.CharField(choices=[("table", "table"), ("drill", "drill")], default="table", max_length=8)),
                        ("drill_session", models.UUIDField(blank=True, db_index=True, null=True)),
                        ("visitor", models.UUIDField(db_index=True)),
                        ("table_version", models.PositiveIntegerField(default=0)),
                        ("round_number", models.PositiveIntegerField()),
                        ("rules_id", models.CharField(max_length=16)),
                        ("variant", models.CharField(default="", max_length=40)),
                        ("from_split", models.BooleanField(default=False)),
                        ("standard", models.CharField(default="exact", max_length=8)),
                        ("chart_action", models.CharField(blank=True, default="", max_length=20)),
                        ("response_ms", models.PositiveIntegerField(blank=True, null=True)),
                        ("hand", models.JSONField(help_text="card codes of the hand that acted")),
                        ("upcard", models.CharField(max_length=2)),
                        ("insurance", models.BooleanField(default=False)),
                        ("action", models.CharField(max_length=20)),
                        ("best_action", models.CharField(max_length=20)),
                        ("evs", models.JSONField(help_text="EV of every legal action, units of the initial bet")),
                        ("loss", models.FloatField()),
                        ("severity", models.CharField(max_length=12)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("table", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name="decisions", to="game.tablesession")),
                    ],
                    options={"db_table": "game_gradeddecision", "ordering": ["-id"]},
                ),
                migrations.AlterField(
                    model_name="replay",
                    name="decision",
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="replays", to="review.gradeddecision"),
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(forwards, backwards),
    ]
