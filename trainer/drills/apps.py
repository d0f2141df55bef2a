from django.apps import AppConfig


class DrillsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "trainer.drills"
    label = "drills"
