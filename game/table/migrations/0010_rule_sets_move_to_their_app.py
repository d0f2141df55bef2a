"""RuleSet, StrategyResult and Analysis now belong to the rule sets' app (game.rulesets,
label "rulesets"), which took them over with their tables (its 0001_initial): the table
app forgets them without touching the database."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("game", "0009_merge_issue_10"),
        ("rulesets", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="Analysis"),
                migrations.DeleteModel(name="StrategyResult"),
                migrations.DeleteModel(name="RuleSet"),
            ],
            database_operations=[],
        ),
    ]
