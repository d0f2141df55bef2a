"""Project-wide invariants: migrations are up to date. (The engine's independence from Django
and the layers are import-linter contracts in pyproject.toml, checked by `make lint`.)"""

from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_models_have_migrations() -> None:
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit_:
        if exit_.code:
            pytest.fail(
                f"Models changed without a migration (run makemigrations):\n{out.getvalue()}"
            )
        raise
