"""Settings for the card dojo.

Everything that differs between a laptop and production comes from the environment:
DJANGO_DEBUG, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DATABASE_URL. With DEBUG off there is no
fallback secret, and the security settings are those `manage.py check --deploy` asks for.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from dojo import caching
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent  # the project root


def env_flag(name, default=False):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DJANGO_DEBUG", False)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY (or DJANGO_DEBUG=1 for development).")
    SECRET_KEY = "development-only-key-never-used-in-production-0123456789abcdefghij"

ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h]
if DEBUG and not ALLOWED_HOSTS:
    ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "template_partials",
    "games",
    "tutorials",
    "accounts",
    "attempts",
    "clubs",
    "homework",
    "teaching",
    "challenges",
]

AUTH_USER_MODEL = "accounts.User"
# AxesBackend first: it refuses a locked-out log-in before any password is checked.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesBackend", "django.contrib.auth.backends.ModelBackend"]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Log-in throttling (django-axes): five failures for one username from one address lock that pair
# out for 15 minutes; a success clears the count.
AXES_FAILURE_LIMIT = 5
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.throttle.locked_out"  # the lock-out page, status 429
AXES_VERBOSE = False
if env_flag("DJANGO_SECURE_PROXY"):
    AXES_CLIENT_IP_CALLABLE = "accounts.throttle.client_ip"  # the address the proxy saw

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Pages and fragments go compressed to a browser that accepts gzip (Django pads each compressed
    # response with random bytes, against BREACH, since a page carries a CSRF token).
    "django.middleware.gzip.GZipMiddleware",
    "dojo.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "games.owner.BrowserCookieMiddleware",  # a visitor who is not signed in: a token in a cookie, no session
    "dojo.middleware.EnglishForOtherLanguagesMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # turns a locked-out log-in into the lock-out page (429)
]

ROOT_URLCONF = "dojo.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Partials (template_partials: "page.html#part") over Django's cached loader, keeping a copy
            # of each template per language with its fixed translations made text
            # (dojo/template_loader.py), over the project's and the apps' template folders.
            "loaders": [
                ("template_partials.loader.Loader", [
                    ("dojo.template_loader.Loader", [
                        "django.template.loaders.filesystem.Loader",
                        "django.template.loaders.app_directories.Loader",
                    ]),
                ]),
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "dojo.context.site",
            ],
        },
    },
]

WSGI_APPLICATION = "dojo.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Several workers write to one SQLite file: write-ahead logging lets readers go on while one
    # writes, IMMEDIATE transactions take the write lock up front (no deadlock between two that
    # both read first), and a writer waits up to 20 s for the lock instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "timeout": 20, "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    })
elif DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # A request waits at most 5 s for a row another request holds, then answers "try again"
    # (games.table.views.busy_is_try_again) instead of hanging.
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c lock_timeout=5000"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Local memory per process, or one Redis for every server when REDIS_URL names it (dojo.caching).
CACHES = caching.caches(os.environ)

# Sessions live in the database, so that the server can end them (a log-out ends a user's
# sessions everywhere: accounts.User.end_sessions).
SESSION_ENGINE = "django.contrib.sessions.backends.db"
SESSION_COOKIE_HTTPONLY = True
MESSAGE_STORAGE = "django.contrib.messages.storage.cookie.CookieStorage"

LANGUAGE_CODE = "ja"
LANGUAGES = [("ja", _("Japanese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "site" / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "Asia/Tokyo"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if env_flag("DJANGO_STATIC_MANIFEST", not DEBUG)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG or not env_flag("DJANGO_STATIC_MANIFEST", True)

# Security. Behind a TLS-terminating proxy set DJANGO_SECURE_PROXY=1.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
CSRF_COOKIE_HTTPONLY = False  # htmx reads no cookie; the token is in each form
CSRF_FAILURE_VIEW = "dojo.views.csrf_failure"  # a stale form: the site's own page, in its language
if not DEBUG:
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = env_flag("DJANGO_SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    if env_flag("DJANGO_SECURE_PROXY"):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
