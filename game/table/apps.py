from django.apps import AppConfig


class TableConfig(AppConfig):
    """The table: sessions, rounds, AI seats, replays and their pages. Its label is "game",
    under which its tables and migrations were made before it had a package of its own."""

    name = "game.table"
    label = "game"
    default_auto_field = "django.db.models.BigAutoField"
