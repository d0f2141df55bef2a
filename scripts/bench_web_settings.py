"""Settings of ``scripts/bench_web.py`` only: the site's production settings (the
environment gives DEBUG off, the SECRET_KEY and the throwaway SQLite database) with the
collected static files in the bench's temporary directory and a URL configuration that adds
a bare view for the comparison (``bench_web_urls``). Never used by the site itself."""

import os

from trainer.settings import *  # noqa: F403

ROOT_URLCONF = "bench_web_urls"
STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]
