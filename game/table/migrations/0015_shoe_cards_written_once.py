"""A casino table's state writes its shoe's cards once: while the game's shoe holds the
round's cards, its JSON has ``"cards_of": "round"`` instead of ``cards`` (casino_game.py).
Forwards there is nothing to change: the states stored before (the cards in both shoes) are
read as they are. Backwards the cards are written into the game's shoe again, so the code of
before reads every state."""

from django.db import migrations


def forwards(apps, schema_editor):
    """Nothing: both forms are read."""


def backwards(apps, schema_editor):
    TableSession = apps.get_model("game", "TableSession")
    rows = TableSession.objects.filter(state__isnull=False).values_list("pk", "state")
    for pk, state in rows.iterator(chunk_size=200):
        shoe = state.get("shoe") if state.get("game") == "casino" else None
        if not shoe or shoe.get("cards_of") != "round":
            continue
        cards = state["round"]["shoe"]["cards"]
        shoe = {"cards": cards, **{k: v for k, v in shoe.items() if k != "cards_of"}}
        TableSession.objects.filter(pk=pk).update(state={**state, "shoe": shoe})


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0014_round_records_keep_their_history_line"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
