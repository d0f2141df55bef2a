"""Rule sets, their stored strategy results and their analyses move to this app from the
table app (``game``), whose migrations created their tables: the tables and their rows stay
where they are (``db_table``), only Django's idea of which app owns them changes. Their
content types are renamed too, so nothing points at the old app."""

import django.db.models.deletion
from django.db import migrations, models

MOVED = ("ruleset", "strategyresult", "analysis")


def rename_content_types(apps, schema_editor, old="game", new="rulesets"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MOVED:
        # A content type of the new app made by an earlier run of post_migrate would clash.
        if not ContentType.objects.filter(app_label=new, model=model).exists():
            ContentType.objects.filter(app_label=old, model=model).update(app_label=new)


def restore_content_types(apps, schema_editor):
    rename_content_types(apps, schema_editor, old="rulesets", new="game")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("django_tasks_database", "0021_conditional_partial_index_ordering"),
        ("game", "0009_merge_issue_10"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="RuleSet",
                    fields=[
                        ("id", models.CharField(editable=False, max_length=16, primary_key=True, serialize=False)),
                        ("base", models.CharField(help_text="the preset it was built from", max_length=40)),
                        ("rules_json", models.JSONField()),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                    ],
                    options={"db_table": "game_ruleset"},
                ),
                migrations.CreateModel(
                    name="StrategyResult",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("rules_id", models.CharField(max_length=16)),
                        ("kind", models.CharField(max_length=32)),
                        ("engine_version", models.PositiveIntegerField(default=1)),
                        ("payload", models.JSONField()),
                        ("seconds", models.FloatField(help_text="how long the computation took")),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                    ],
                    options={
                        "db_table": "game_strategyresult",
                        "constraints": [models.UniqueConstraint(fields=("rules_id", "kind"), name="unique_strategy_result")],
                    },
                ),
                migrations.CreateModel(
                    name="Analysis",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("rules_id", models.CharField(max_length=16, unique=True)),
                        ("rules_json", models.JSONField(help_text="the Rules to analyse")),
                        ("visitor", models.UUIDField(blank=True, db_index=True, null=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("task", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to="django_tasks_database.dbtaskresult")),
                    ],
                    options={"db_table": "game_analysis"},
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(rename_content_types, restore_content_types),
    ]
