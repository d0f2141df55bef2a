"""The production settings (DEBUG off, from the environment), each run in a fresh Python
process with the README's production environment: `manage.py check --deploy` reports
nothing; without mail it reports that reset links would not be sent; EMAIL_HOST gives the
SMTP mailer with the environment's values; DEBUG is off by default; a 500 goes to stderr with
its traceback; behind the TLS proxy http is redirected and https answers carry HSTS and the CSP.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# The README's production environment (its Production section names every one of them),
# with a real random key for the README's placeholder.
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "trainer.example.org",
    "DATABASE_URL": "postgres://trainer@localhost:5432/trainer",
    "TLS_PROXY": "1",
    "EMAIL_HOST": "smtp.example.org",
    "EMAIL_HOST_USER": "trainer",
    "EMAIL_HOST_PASSWORD": "mail-password",
    "DEFAULT_FROM_EMAIL": "Blackjack trainer <noreply@example.org>",
}
# Everything the settings read: none of it may leak in from the test run (which sets DEBUG=1).
SETTINGS_ENV = re.compile(
    r"(DEBUG|SECRET_KEY|ALLOWED_HOSTS|DATABASE_URL|TLS_PROXY|LOG_LEVEL|DEFAULT_FROM_EMAIL"
    r"|EMAIL_.*|SECURE_.*|DJANGO_SETTINGS_MODULE)"
)


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run ``python *args`` in the repository with the settings' environment ``env`` only."""
    clean = {k: v for k, v in os.environ.items() if not SETTINGS_ENV.fullmatch(k)}
    return subprocess.run(
        [sys.executable, *args],
        cwd=REPO,
        env={**clean, "DJANGO_SETTINGS_MODULE": "trainer.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def django_json(code: str, env: dict[str, str]) -> dict:
    """Set Django up with ``env``, run ``code`` (which sets ``out``), return ``out``."""
    script = "import django, json\ndjango.setup()\nout = {}\n" + textwrap.dedent(code)
    script += "\nprint(json.dumps(out))"
    result = run(["-c", script], env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1]) | {"stderr": result.stderr}


def production_section() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return readme[readme.index("## Production") :]


def test_the_readme_names_every_production_variable() -> None:
    section = production_section()
    for name in PRODUCTION:
        assert name in section, name


def test_check_deploy_reports_nothing_with_the_readme_s_production_settings() -> None:
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_check_deploy_says_so_when_no_mail_is_configured() -> None:
    env = {k: v for k, v in PRODUCTION.items() if not k.startswith("EMAIL_")}
    result = run(["manage.py", "check", "--deploy"], env)
    assert result.returncode != 0
    assert (
        "(mail.E001) Your MAILERS setting uses a development-only email backend in the "
        "'default' entry (django.core.mail.backends.console.EmailBackend)." in result.stderr
    )


def test_email_host_gives_the_smtp_mailer_with_the_environment_s_values() -> None:
    env = {**PRODUCTION, "EMAIL_PORT": "2525", "EMAIL_USE_TLS": "0"}
    out = django_json(
        """
        from django.core import mail
        m = mail.mailers["default"]
        out = {"class": type(m).__module__ + "." + type(m).__name__, "host": m.host,
               "port": m.port, "username": m.username, "password": m.password,
               "use_tls": m.use_tls, "use_ssl": m.use_ssl}
        """,
        env,
    )
    assert {k: v for k, v in out.items() if k != "stderr"} == {
        "class": "django.core.mail.backends.smtp.EmailBackend",
        "host": "smtp.example.org",
        "port": 2525,
        "username": "trainer",
        "password": "mail-password",
        "use_tls": False,
        "use_ssl": False,
    }
    defaults = django_json(
        "from django.core import mail\nm = mail.mailers['default']\n"
        "out = {'port': m.port, 'use_tls': m.use_tls}",
        PRODUCTION,
    )
    assert (defaults["port"], defaults["use_tls"]) == (587, True)
    # Implicit TLS (port 465) alone: STARTTLS off, or Django would refuse the pair.
    ssl = django_json(
        "from django.core import mail\nm = mail.mailers['default']\n"
        "out = {'port': m.port, 'use_tls': m.use_tls, 'use_ssl': m.use_ssl}",
        {**PRODUCTION, "EMAIL_USE_SSL": "1", "EMAIL_PORT": "465"},
    )
    assert (ssl["port"], ssl["use_tls"], ssl["use_ssl"]) == (465, False, True)


def test_debug_is_off_by_default_and_then_a_secret_key_is_required() -> None:
    env = {k: v for k, v in PRODUCTION.items() if k != "DEBUG"}
    out = django_json("from django.conf import settings\nout = {'debug': settings.DEBUG}", env)
    assert out["debug"] is False
    result = run(["-c", "import django; django.setup()"], {"ALLOWED_HOSTS": "example.org"})
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off." in result.stderr


def test_production_logs_a_500_with_its_traceback_and_serves_https_only() -> None:
    out = django_json(
        """
        import sys, types
        from django.conf import settings
        from django.test import Client
        from django.test.utils import override_settings
        from django.urls import path

        def boom(request):
            raise RuntimeError("boom-7f3")

        urls = types.ModuleType("boom_urls")
        urls.urlpatterns = [path("boom/", boom)]
        sys.modules["boom_urls"] = urls
        client = Client(raise_request_exception=False, HTTP_HOST="trainer.example.org")
        # The 500 page's static URLs without collectstatic's manifest.
        plain_static = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
        storages = {**settings.STORAGES, "staticfiles": plain_static}
        with override_settings(ROOT_URLCONF="boom_urls", STORAGES=storages):
            plain = client.get("/boom/")
            https = client.get("/boom/", HTTP_X_FORWARDED_PROTO="https")
        out = {
            "plain": [plain.status_code, plain.get("Location")],
            "https": https.status_code,
            "hsts": https.get("Strict-Transport-Security"),
            "csp": https.get("Content-Security-Policy"),
            "cookies": [settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE],
        }
        """,
        {**PRODUCTION, "DATABASE_URL": "sqlite:///:memory:"},
    )
    assert out["plain"] == [301, "https://trainer.example.org/boom/"]
    assert out["https"] == 500
    assert out["hsts"] == "max-age=31536000; includeSubDomains; preload"
    assert "default-src 'self'" in out["csp"] and "unsafe-inline" not in out["csp"]
    assert out["cookies"] == [True, True]
    stderr = out["stderr"]
    assert "ERROR django.request: Internal Server Error: /boom/" in stderr
    assert "Traceback (most recent call last):" in stderr
    assert "RuntimeError: boom-7f3" in stderr
