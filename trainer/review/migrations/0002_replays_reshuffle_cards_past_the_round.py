"""Replays stored before replays got their own shoe: reshuffle the cards past the round.

Such a replay's shoe was a copy of its table's shoe, so the cards after the round's own
were the live table's next cards in order. Every card a replay has already dealt, and the
round's recorded cards it has yet to deal, stay where they are; the rest is shuffled with
a fresh CSPRNG, so nothing the replay deals from now on follows the table's order.
"""

import secrets

from django.db import migrations


def reshuffle_past_the_round(apps, schema_editor):
    Replay = apps.get_model("review", "Replay")
    RoundRecord = apps.get_model("game", "RoundRecord")
    rng = secrets.SystemRandom()
    for replay in Replay.objects.select_related("decision").iterator(chunk_size=200):
        state = replay.round_state
        shoe = state["shoe"]
        codes = [shoe["cards"][i : i + 2] for i in range(0, len(shoe["cards"]), 2)]
        keep = int(shoe["position"])
        record = RoundRecord.objects.filter(
            table_id=replay.decision.table_id, number=replay.decision.round_number
        ).first()
        if record is not None and state["phase"] != "settled":
            recorded = record.state.get("shoe", {})
            end = int(recorded.get("position", 0))
            if recorded.get("cards", "")[: 2 * end] == shoe["cards"][: 2 * end]:
                keep = max(keep, end)
        rest = codes[keep:]
        rng.shuffle(rest)
        shoe["cards"] = "".join(codes[:keep] + rest)
        replay.save(update_fields=["round_state"])


class Migration(migrations.Migration):
    dependencies = [
        ("review", "0001_initial"),
        ("game", "0008_round_records_keep_dealt_cards_only"),
    ]

    operations = [
        migrations.RunPython(reshuffle_past_the_round, migrations.RunPython.noop, elidable=True),
    ]
