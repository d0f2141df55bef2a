"""Settings of the blackjack trainer, read from the environment.

Environment:
- DEBUG: "1"/"true" turns debug on (default off; `make run` turns it on for local use).
- SECRET_KEY: required when DEBUG is off.
- DATABASE_URL: any dj-database-url URL; default a SQLite file db.sqlite3 beside manage.py.
- ALLOWED_HOSTS: comma-separated host names (default 127.0.0.1,localhost when DEBUG is on).
- EMAIL_HOST: the SMTP server of password-reset mail, with EMAIL_PORT (587),
  EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS (on), EMAIL_USE_SSL (off);
  EMAIL_BACKEND: another mail backend (default SMTP with EMAIL_HOST, else the console,
  which Django's `check --deploy` reports: mail.E001). DEFAULT_FROM_EMAIL: the sender.
- TLS_PROXY: "1" behind a TLS-terminating proxy that sets X-Forwarded-Proto and appends the
  client's address to X-Forwarded-For (default off).
- SECURE_SSL_REDIRECT, SECURE_HSTS_SECONDS, SECURE_HSTS_INCLUDE_SUBDOMAINS,
  SECURE_HSTS_PRELOAD, SECURE_COOKIES: HTTPS settings with DEBUG off (default: redirect to
  https, HSTS for a year with subdomains and preload, secure cookies).
- LOG_LEVEL: the level of Django's log on stderr (default INFO; 500s with tracebacks).
"""

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


# Off unless asked for: a server started without the environment must not show tracebacks.
DEBUG = _env_flag("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "django-insecure-development-key-only-for-local-use"

ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "").split(",")
    if h.strip()
]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "trainer.web",
    "game.rulesets",
    "game.table",
    "trainer.rulebook",
    "trainer.drills",
    "trainer.review",
    "trainer.accounts",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "trainer.middleware.MethodNotAllowedPage",
]

ROOT_URLCONF = "trainer.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "trainer.context_processors.language_links",
                "trainer.context_processors.grading",
                "trainer.context_processors.habit",
            ],
        },
    },
]

WSGI_APPLICATION = "trainer.wsgi.application"
ASGI_APPLICATION = "trainer.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
}

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # IMMEDIATE takes the write lock at BEGIN, so two clicks on one table queue up (the
    # second then sees the new version and is refused) instead of failing "database is locked".
    # WAL with synchronous=NORMAL: a commit appends to the log without waiting for the disk
    # twice (the default rollback journal's fsyncs were most of a table action's time), and
    # readers never wait for the writer; the database stays consistent after a crash.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# i18n: the language comes from the URL prefix, else Accept-Language.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("sr-latn", _("Serbian (Latin)")),
    # Serbian Cyrillic: made from Serbian Latin by scripts/po_fill.py (trainer/web/cyrillic.py).
    ("sr", _("Serbian (Cyrillic)")),
    ("hr", _("Croatian")),
    ("ru", _("Russian")),
    ("bg", _("Bulgarian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_THOUSAND_SEPARATOR = True
# Our own date formats where Django's do not read natively (English "1 Dec 2026, 07:04").
FORMAT_MODULE_PATH = ["trainer.formats"]
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# The table: fraction of the shoe dealt before the cut card (reshuffle before the next round).
SHOE_PENETRATION = float(os.environ.get("SHOE_PENETRATION", "0.75"))
if not 0.1 <= SHOE_PENETRATION <= 0.9:
    raise ImproperlyConfigured("SHOE_PENETRATION must be between 0.1 and 0.9 of the shoe.")

# Sessions live in the database so a table survives a server restart.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 90
MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

# Accounts (trainer/accounts): Django's auth views under /<lang>/accounts/; the table after
# logging in, the log-in page after logging out. Mail goes through MAILERS (Django 6.1; the
# EMAIL_* settings are deprecated): the console in development, locmem in tests.
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "game:home"
LOGOUT_REDIRECT_URL = "accounts:login"
# With EMAIL_HOST the default backend is SMTP: its options given to the console backend
# made Django refuse the mailer ("Unknown options 'host', ...").
SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
MAILERS: dict[str, dict[str, Any]] = {
    "default": {
        "BACKEND": os.environ.get(
            "EMAIL_BACKEND",
            SMTP_BACKEND
            if os.environ.get("EMAIL_HOST")
            else "django.core.mail.backends.console.EmailBackend",
        )
    }
}
if MAILERS["default"]["BACKEND"] == SMTP_BACKEND:
    MAILERS["default"]["OPTIONS"] = {
        "host": os.environ.get("EMAIL_HOST", "localhost"),
        "port": int(os.environ.get("EMAIL_PORT", "587")),
        "username": os.environ.get("EMAIL_HOST_USER", ""),
        "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
        "use_tls": _env_flag("EMAIL_USE_TLS", not _env_flag("EMAIL_USE_SSL", False)),
        "use_ssl": _env_flag("EMAIL_USE_SSL", False),
        "timeout": 20,
    }
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Blackjack trainer <noreply@localhost>")

# --- Security (issue 10): log-in lock-outs, CSP, HTTPS behind a TLS proxy, logging ---------
INSTALLED_APPS += ["axes"]
# The CSP header on every response, next to the other security headers.
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
)
# Axes turns a locked-out log-in into its lock-out page; its docs want it last.
MIDDLEWARE.append("axes.middleware.AxesMiddleware")
# Axes first: it refuses a locked-out log-in before the password is even hashed.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Lock-outs (OWASP ASVS 2.2.1: at most 100 failed attempts an hour per account). An account
# is locked after 10 failures, and so is an address, each for 15 minutes: at most 40
# guesses an hour. High enough for a person who mistypes a few times and for a household
# or office behind one address, low enough to stop guessing; the cool-off bounds what
# locking someone else's account can do (the reset link still works). A successful log-in
# clears the failures of its account.
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "trainer.accounts.lockout.locked_out"
AXES_CLIENT_IP_CALLABLE = "trainer.accounts.lockout.client_ip"
AXES_HTTP_RESPONSE_CODE = 429

# Content-Security-Policy (Django's own middleware): scripts and styles from this site
# only, no inline code (the pages' scripts are static files; htmx is told not to inject its
# indicator styles, base.html), no plugins, no framing, forms post to this site only.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# HTTPS: the site is served over TLS, usually by a proxy in front of gunicorn (TLS_PROXY=1:
# trust its X-Forwarded-Proto, and X-Forwarded-For for the lock-outs). Off with DEBUG on.
TLS_PROXY = _env_flag("TLS_PROXY", False)
if TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if not DEBUG:
    SECURE_SSL_REDIRECT = _env_flag("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = _env_flag("SECURE_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = _env_flag("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = _env_flag("SECURE_COOKIES", True)

# Errors on stderr, where gunicorn and the service manager keep them: with DEBUG off
# Django's default sends a 500's traceback only to mail_admins (and there are no ADMINS).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "plain",
        },
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        # Without handlers of its own: its records go to the root's (and to pytest's caplog).
        "django": {"level": os.environ.get("LOG_LEVEL", "INFO"), "propagate": True},
    },
}

# Background analyses (issue 10): Django's Tasks framework with django-tasks-db, the tasks kept
# in the project's database; `manage.py db_worker` runs them (`make run` starts one beside the
# server; any number of workers on any number of machines can share one PostgreSQL).
# A page that needs an analysis not stored yet shows its progress (trainer/middleware.py).
INSTALLED_APPS += ["django_tasks_db"]
MIDDLEWARE += ["trainer.middleware.AnalysisPendingPage"]
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# A visitor may have this many analyses of new rule sets waiting or running at once.
MAX_PENDING_ANALYSES = int(os.environ.get("MAX_PENDING_ANALYSES", "3"))
# ...and the whole site this many (new rule sets are refused with a message beyond it).
MAX_QUEUED_ANALYSES = int(os.environ.get("MAX_QUEUED_ANALYSES", "200"))
