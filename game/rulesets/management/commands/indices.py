"""``manage.py indices`` for Django (``manage.py help``, ``call_command``): the command is
``game.rulesets.engine_commands.indices``, which ``manage.py`` runs without Django."""

from game.rulesets.engine_commands.indices import Command as EngineCommand
from game.rulesets.management.engine_adapter import django_command

Command = django_command(EngineCommand)
