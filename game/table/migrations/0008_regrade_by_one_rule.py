"""Grade every stored decision again by advisor.py's one rule of "correct" (``judge``),
issue 10: a loss below 0.001 of a bet is a close call (it was: the best two plays within
0.001, whatever the play chosen), and the chart's play graded against the exact play is
"by the chart: correct" (it was stored as an inaccuracy, a mistake or a blunder).

Every field the rule reads is stored: the EVs of the actions offered, the action, the
standard and the chart's play. Reversing keeps the new grades (they are the right ones).
"""

from django.db import migrations

from game.engine.strategy.advisor import judge

BATCH = 500


def regrade(apps, schema_editor):
    GradedDecision = apps.get_model("game", "GradedDecision")
    changed = []
    rows = GradedDecision.objects.only(
        "evs", "action", "standard", "chart_action", "loss", "severity"
    )
    for decision in rows.iterator(chunk_size=BATCH):
        if decision.action not in decision.evs:
            continue  # nothing to judge against (not written by the advisor)
        verdict = judge(
            decision.evs,
            decision.action,
            standard="chart" if decision.standard == "chart" else "exact",
            chart_action=decision.chart_action or None,
        )
        if verdict.severity.value != decision.severity:
            decision.severity = verdict.severity.value
            changed.append(decision)
        if len(changed) >= BATCH:
            GradedDecision.objects.bulk_update(changed, ["severity"])
            changed = []
    GradedDecision.objects.bulk_update(changed, ["severity"])


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0007_strategy_result"),
    ]

    operations = [
        migrations.RunPython(regrade, migrations.RunPython.noop),
    ]
