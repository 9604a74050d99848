"""Settings, read from the environment only (see README "Configuration").

Unset ``DATABASE_URL`` means SQLite under ``var/``; unset ``REDIS_URL`` means
the in-memory channel layer and Celery tasks run in process.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config import sqlite
from config.env import env_bool, env_int, env_list, env_networks, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("VAR_DIR") or BASE_DIR / "var")
VAR_DIR.mkdir(parents=True, exist_ok=True)
# Where `manage.py backup` writes when given no path (README "Backup and restore").
BACKUP_DIR = Path(env_str("BACKUP_DIR") or VAR_DIR / "backups")

DEBUG = env_bool("DEBUG", False)


def _secret_key() -> str:
    configured = env_str("SECRET_KEY")
    if configured:
        return configured
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    # The embedded default keeps one generated key so sessions survive restarts.
    key_file = VAR_DIR / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(50))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    # Swagger UI and ReDoc from ninja's own static files: /api/v1/docs works without internet.
    "ninja",
    "tournament",
    "tables",
    "clock",
    "rulings",
    "privacy",
    "imports",
    "cashdesk",
    "prereg",
    "layouts",
    "screens",
    "signage",
    "results",
    "formats",
]

MIDDLEWARE = [
    # First: notes a write's commit for the answer, and a database that does not
    # answer is a 503 (README "When Redis or PostgreSQL fails").
    "tournament.unavailable.DatabaseUnavailableMiddleware",
    "tournament.security.ForwardedProtoMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "tournament.security.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "tournament.inputs.RequestInputMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A write's time on the device, for its audit line and its order (README "Device time").
    "tournament.web.device_clock.DeviceTimeMiddleware",
    # Around the one-time keys: a refused action of an offline tablet's queue is
    # kept as a floor conflict once its write rolled back (README "When the
    # network drops").
    "screens.floor_conflicts.FloorConflictMiddleware",
    # After the sign-in and CSRF checks: a write with a one-time key runs once
    # (README "Sent twice, done once").
    "tournament.web.once.OnceMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

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
                "tournament.context_processors.roles",
                "screens.context_processors.live_status",
                "screens.context_processors.live_parts",
            ],
            # {% once_key %} in every form that writes, without a {% load %}
            # (README "Sent twice, done once").
            "builtins": ["tournament.templatetags.once"],
        },
    },
]

DATABASE_URL = env_str("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}"
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = dict(sqlite.OPTIONS)
else:
    # A PostgreSQL that is down or hangs answers a request with a 503 within
    # about 2 s, never a wait of half a minute (README "When Redis or
    # PostgreSQL fails"; tournament/unavailable.py).
    DATABASES["default"]["OPTIONS"] = {"connect_timeout": 2}
    if env_bool("DATABASE_POOL", True):
        # A connection pool per server process (psycopg_pool): without it every
        # socket connect and every request opened a new PostgreSQL connection
        # (CONN_MAX_AGE must stay 0 under ASGI), and 1,000 screens reconnecting
        # after a Wi-Fi drop waited in line for them (README "Benchmarks").
        DATABASES["default"]["OPTIONS"]["pool"] = {
            "min_size": 2,
            "max_size": env_int("DATABASE_POOL_SIZE", 10),
            "timeout": env_int("DATABASE_POOL_TIMEOUT", 2),
            # Back within seconds of PostgreSQL answering again (README "When
            # Redis or PostgreSQL fails"): a reconnect attempt that fails waits
            # twice as long before the next (1, 2, 4 ... 32 s) and no other starts
            # meanwhile, so a process answered 503 for up to 44 s with the
            # database up. Giving up after 2 s lets the next request start a
            # fresh attempt at once.
            "reconnect_timeout": 2,
        }
        # The pool checks a connection before handing it out: one broken by the
        # outage is dropped, not given to a request that then fails.
        DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DATABASES["default"]["TEST"] = {"NAME": env_str("TEST_DATABASE_NAME") or None}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_str("REDIS_URL")
# A Redis that is down or hangs costs a sign-in half a second, once: then the
# lock-out counts in process memory for a while (tournament/signin.py).
REDIS_CACHE_OPTIONS = {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}

# The address players reach this server at from the room's network (the QR code
# on the board points there), e.g. http://192.168.1.10:8000; unset: the address
# the board itself was opened with.
PUBLIC_URL = env_str("PUBLIC_URL").rstrip("/")
if PUBLIC_URL and not PUBLIC_URL.startswith(("http://", "https://")):
    raise ImproperlyConfigured(
        f"PUBLIC_URL must start with http:// or https://, not {PUBLIC_URL!r}"
    )
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # redis-py's asyncio pool caps at 100 connections by default; a storm
            # of websocket connects needs more (README "Benchmarks").
            "CONFIG": {"hosts": [{"address": REDIS_URL, "max_connections": 2000}]},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
    # Shared by every server process: the sign-in lock-out counts (tournament/signin.py).
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": REDIS_CACHE_OPTIONS,
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TIMEZONE = env_str("TIME_ZONE", "Europe/Berlin")

# The lock-out first, for every way in (sign-in page, admin): it refuses a locked
# name or address before ModelBackend checks a password (tournament/signin.py).
AUTHENTICATION_BACKENDS = [
    "tournament.signin.LockOutBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournament-list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG

SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SILENCED_SYSTEM_CHECKS = [
    # A LAN appliance often runs without TLS; HTTPS redirect and HSTS are opt-in
    # through SECURE_SSL_REDIRECT and SECURE_HSTS_SECONDS (README).
    "security.W004",
    "security.W008",
]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {"daphne": {"level": "WARNING"}},
}

# The clock loop runs inside the server process unless a separate
# `manage.py clockloop` process is used (production).
# Sign-in lock-out (tournament/signin.py).
LOGIN_FAILURES_PER_USER = env_int("LOGIN_FAILURES_PER_USER", 5)
LOGIN_FAILURES_PER_ADDRESS = env_int("LOGIN_FAILURES_PER_ADDRESS", 20)
LOGIN_LOCKOUT_MINUTES = env_int("LOGIN_LOCKOUT_MINUTES", 15)
LOGIN_NAME_DELAY_SECONDS = env_int("LOGIN_NAME_DELAY_SECONDS", 60)
# The reverse proxies in front of the server (addresses or networks): only when
# one of them is the direct peer is X-Forwarded-For read for the client address.
TRUSTED_PROXIES = env_networks("TRUSTED_PROXIES")

# The public pre-registration forms (README "Pre-registration and the schedule"):
# sends per client address, and per tournament from everyone, within the window.
PREREG_PER_ADDRESS = env_int("PREREG_PER_ADDRESS", 10)
PREREG_PER_TOURNAMENT = env_int("PREREG_PER_TOURNAMENT", 120)
PREREG_WINDOW_MINUTES = env_int("PREREG_WINDOW_MINUTES", 10)

CLOCK_LOOP_IN_PROCESS = env_bool("CLOCK_LOOP_IN_PROCESS", not REDIS_URL)

# Where the screens' messages are composed after a write commits (README
# "How a floor action flows"): "thread", this process's composer thread, after
# the request has answered; "inline", in the committing thread before it
# answers (the tests that read a message right after a write).
SCREENS_COMPOSE = env_str("SCREENS_COMPOSE", "thread").lower()
if SCREENS_COMPOSE not in ("thread", "inline"):
    raise ImproperlyConfigured(f"SCREENS_COMPOSE must be thread or inline, not {SCREENS_COMPOSE!r}")
