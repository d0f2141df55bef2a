"""Round records keep only the shoe's dealt cards.

A record used to hold the whole shoe of its table, so the cards the live table had yet to
deal were stored in every record of that shoe (and a replay dealt them). Records now keep
the cards dealt up to the end of their round (``Shoe.dealt_part``); this trims the ones
already stored. Casino rounds and banker-game deals both store their shoe as
``state["shoe"]``: ``cards`` two letters a card, ``position`` the next card's index.
"""

from django.db import migrations


def keep_dealt_cards(apps, schema_editor):
    RoundRecord = apps.get_model("game", "RoundRecord")
    for record in RoundRecord.objects.only("pk", "state").iterator(chunk_size=500):
        shoe = record.state.get("shoe") if isinstance(record.state, dict) else None
        if not shoe:
            continue
        position = int(shoe["position"])
        if len(shoe["cards"]) <= 2 * position:
            continue
        shoe["cards"] = shoe["cards"][: 2 * position]
        shoe["cut"] = min(int(shoe["cut"]), position)
        record.save(update_fields=["state"])


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0007_strategy_result"),
    ]

    operations = [
        migrations.RunPython(keep_dealt_cards, migrations.RunPython.noop, elidable=True),
    ]
