"""WSGI entry point (gunicorn trainer.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

from trainer.threads import pin_engine_threads

pin_engine_threads()  # before numpy loads: one engine thread per server process
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "trainer.settings")
application = get_wsgi_application()
