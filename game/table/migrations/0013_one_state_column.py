"""A table keeps its game in one column, ``state``: the JSON of the engine's game-state
protocol (game/engine/protocol.py), ``{"game": "casino", "shoe", "round"}`` or ``{"game":
"banker", "table", "deal"}``, where it kept ``shoe_state`` and ``round_state`` (a casino
table) or ``banker_state`` (a banker-game table). The conversion is the same data in both
directions, so it runs backwards too; plain JSON reads and writes, so SQLite and PostgreSQL
alike. ``update`` leaves ``updated_at`` alone (the pruning of idle tables reads it)."""

from django.db import migrations, models


def _state(shoe_state, round_state, banker_state):
    """The one state of a row written with the three columns; None for a table never dealt
    at (before its first deal the old columns held nothing, or a casino table's shoe)."""
    if banker_state and banker_state.get("table"):
        return {"game": "banker", "table": banker_state["table"], "deal": banker_state.get("deal")}
    if shoe_state or round_state:
        return {"game": "casino", "shoe": shoe_state, "round": round_state}
    return None


def forwards(apps, schema_editor):
    TableSession = apps.get_model("game", "TableSession")
    rows = TableSession.objects.filter(
        models.Q(shoe_state__isnull=False)
        | models.Q(round_state__isnull=False)
        | models.Q(banker_state__isnull=False)
    ).values_list("pk", "shoe_state", "round_state", "banker_state")
    for pk, shoe_state, round_state, banker_state in rows.iterator(chunk_size=200):
        state = _state(shoe_state, round_state, banker_state)
        if state is not None:
            TableSession.objects.filter(pk=pk).update(state=state)


def backwards(apps, schema_editor):
    TableSession = apps.get_model("game", "TableSession")
    rows = TableSession.objects.filter(state__isnull=False).values_list("pk", "state")
    for pk, state in rows.iterator(chunk_size=200):
        if state.get("game") == "banker":
            columns = {"banker_state": {"table": state["table"], "deal": state.get("deal")}}
        else:
            columns = {"shoe_state": state.get("shoe"), "round_state": state.get("round")}
        TableSession.objects.filter(pk=pk).update(**columns)


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0012_replay_verdicts_as_the_log_stores_them"),
    ]

    operations = [
        migrations.AddField(
            model_name="tablesession",
            name="state",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(model_name="tablesession", name="banker_state"),
        migrations.RemoveField(model_name="tablesession", name="round_state"),
        migrations.RemoveField(model_name="tablesession", name="shoe_state"),
    ]
