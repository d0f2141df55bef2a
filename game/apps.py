from django.apps import AppConfig


class GameConfig(AppConfig):
    """The table app."""

    name = "game"
    default_auto_field = "django.db.models.BigAutoField"
