"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

from trainer.threads import pin_engine_threads

pin_engine_threads()  # before numpy loads: one engine thread per server process
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainer.settings")
application = get_asgi_application()
