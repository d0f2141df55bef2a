from django.apps import AppConfig


class RulesetsConfig(AppConfig):
    """Rule sets and their strategy: custom rule sets, the stored analyses of every rule
    set (charts, game EVs) and their background tasks, the one description of the rules in
    words, the chart and rule set pages, and the strategy commands."""

    name = "game.rulesets"
    label = "rulesets"
    default_auto_field = "django.db.models.BigAutoField"
