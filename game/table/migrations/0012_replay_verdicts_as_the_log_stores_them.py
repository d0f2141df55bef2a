"""A replay keeps each of its graded decisions as the decision log stores one
(``trainer.review.models.grade_fields``): the reference play's key "best" becomes
"best_action", and "insurance" (read from the EVs: only the insurance decision values
"insurance") and "from_split" (unknown before: False) are added."""

from django.db import migrations


def forwards(apps, schema_editor):
    Replay = apps.get_model("game", "Replay")
    for replay in Replay.objects.iterator(chunk_size=200):
        verdicts = []
        for v in replay.verdicts:
            v = dict(v)
            if "best" in v:
                v["best_action"] = v.pop("best")
            v.setdefault("insurance", "insurance" in v.get("evs", {}))
            v.setdefault("from_split", False)
            verdicts.append(v)
        if verdicts != replay.verdicts:
            Replay.objects.filter(pk=replay.pk).update(verdicts=verdicts)


def backwards(apps, schema_editor):
    Replay = apps.get_model("game", "Replay")
    for replay in Replay.objects.iterator(chunk_size=200):
        verdicts = []
        for v in replay.verdicts:
            v = dict(v)
            if "best_action" in v:
                v["best"] = v.pop("best_action")
            v.pop("insurance", None)
            v.pop("from_split", None)
            verdicts.append(v)
        Replay.objects.filter(pk=replay.pk).update(verdicts=verdicts)


class Migration(migrations.Migration):

    dependencies = [("game", "0011_decisions_leave_replays_join")]

    operations = [migrations.RunPython(forwards, backwards)]
