"""Settings of the test suite: the project's settings in local (DEBUG) mode, so `pytest` on a
clean clone needs no SECRET_KEY and finds the static files without collectstatic.
pytest-django still runs every test with ``settings.DEBUG = False``. The production
settings are tested in subprocesses with the README's environment (tests/site/test_deploy.py).
"""

import os

# Forced, not defaulted: a DEBUG=0 left in the shell must not change what the tests run.
os.environ["DEBUG"] = "1"

from trainer.settings import *  # noqa: F403
