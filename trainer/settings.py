"""Settings of the blackjack trainer, read from the environment.

Environment:
- DEBUG: "1"/"true" turns debug on (default on, for `make run`); off in production.
- SECRET_KEY: required when DEBUG is off.
- DATABASE_URL: any dj-database-url URL; default a SQLite file db.sqlite3 beside manage.py.
- ALLOWED_HOSTS: comma-separated host names (default 127.0.0.1,localhost when DEBUG is on).
- EMAIL_BACKEND: the mail backend of password-reset mail (default the console); with
  EMAIL_HOST set, the SMTP options EMAIL_HOST, EMAIL_PORT (587), EMAIL_HOST_USER,
  EMAIL_HOST_PASSWORD, EMAIL_USE_TLS (on). DEFAULT_FROM_EMAIL: the sender.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = _env_flag("DEBUG", True)
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
    "game",
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
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
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
    ("hr", _("Croatian")),
    ("ru", _("Russian")),
    ("bg", _("Bulgarian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_THOUSAND_SEPARATOR = True
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
MAILERS = {
    "default": {
        "BACKEND": os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
    }
}
if os.environ.get("EMAIL_HOST"):
    MAILERS["default"]["OPTIONS"] = {
        "host": os.environ["EMAIL_HOST"],
        "port": int(os.environ.get("EMAIL_PORT", "587")),
        "username": os.environ.get("EMAIL_HOST_USER", ""),
        "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
        "use_tls": _env_flag("EMAIL_USE_TLS", True),
    }
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Blackjack trainer <noreply@localhost>")

if not DEBUG:
    SESSION_COOKIE_SECURE = _env_flag("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = _env_flag("SECURE_COOKIES", True)

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
