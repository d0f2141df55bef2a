#!/usr/bin/env python
"""Django's command-line utility for the blackjack trainer."""

import os
import sys


def main() -> None:
    from trainer.threads import pin_engine_threads

    pin_engine_threads()  # before numpy loads: one engine thread per process (workers too)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainer.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
