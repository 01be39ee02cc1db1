"""One settings module, read from the environment.

Embedded default: SQLite file + in-memory channel layer, so `make run` needs no services.
Production: DATABASE_URL (PostgreSQL) + REDIS_URL (Redis channel layer), DEBUG off.
"""

import os
import pkgutil
import sys
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name, default=False):
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name, default):
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG")
# Under pytest the suite runs with production-like settings, but without collectstatic's manifest.
TESTING = "pytest" in sys.modules

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not (DEBUG or TESTING):
        raise ImproperlyConfigured("Set SECRET_KEY (any long random string) when DEBUG is off.")
    SECRET_KEY = "insecure-development-key-only-used-when-debug-is-on"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if (DEBUG or TESTING) else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.humanize",
    "servestatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "channels",
    "axes",
    "rules",
    "characters",
    "combat",
    "systems",
    # Each game system is an app of its own, found on disk (systems/<key>/): adding one edits no generic file.
    *(f"systems.{package.name}" for package in pkgutil.iter_modules([str(BASE_DIR / "systems")]) if package.ispkg),
]

MIDDLEWARE = [
    # Static files leave here, precompressed by collectstatic (brotli, gzip, zstd), before the rest runs. First, so
    # the middleware below runs in the request's one thread (config/middleware.py): below ServeStatic (async only)
    # SecurityMiddleware's hooks were two trips more to a thread a request. Its headers for static files are given
    # here instead (SERVESTATIC_ADD_HEADERS_FUNCTION).
    "servestatic.middleware.ServeStaticMiddleware",
    # Viewers are told of a request's changes once its response is built, gzipped included (combat/broadcast.py).
    "combat.broadcast.AfterTheAnswer",
    "django.middleware.security.SecurityMiddleware",
    # Above everything that writes a body: pages and API answers leave gzipped (padded against BREACH).
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "characters.middleware.BearerTokenMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last but the pass-through below, as axes asks: it turns a refused login into the lockout page on the way out.
    "axes.middleware.AxesMiddleware",
    "config.middleware.OneThreadPerRequest",
]

ROOT_URLCONF = "config.urls"
CSRF_FAILURE_VIEW = "combat.api.csrf_failure"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=0,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite ignores select_for_update: IMMEDIATE transactions serialise writers instead.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not memory, so the browser tests' server thread shares the test database.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}

elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Every websocket render is a short database visit: a pool spares each one a new connection.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {"min_size": 2, "max_size": 20, "timeout": 10}

REDIS_URL = os.environ.get("REDIS_URL", "")


def redis_channel_layer(url):
    # Limits measured on these machines: redis-py's default pool refused the 101st connection asked for at once,
    # failing a burst of connects; this layer's pool waits up to `timeout` seconds for a free one instead
    # (combat/channel_layer.py). Without health checks the first broadcast after a Redis restart was lost. A
    # consumer waits for its messages in a blocking read of `brpop_timeout` seconds; redis-py's default socket
    # timeout is just as long, so an idle socket's read timed out and closed the phone's websocket every ~10 s.
    # Give the socket room above the blocking read; keepalive and health checks still find a dead server.
    from channels_redis.core import RedisChannelLayer

    return {
        "BACKEND": "combat.channel_layer.PooledRedisChannelLayer",
        "CONFIG": {
            "hosts": [
                {
                    "address": url,
                    "max_connections": 50,
                    "timeout": 10,
                    "health_check_interval": 10,
                    "socket_keepalive": True,
                    "retry_on_timeout": True,
                    "socket_timeout": RedisChannelLayer.brpop_timeout * 3,
                }
            ],
            "capacity": 300,
            "expiry": 30,
            # Consumers rejoin their group every few seconds (combat/consumers.py REJOIN_INTERVAL), so a member not
            # seen for a minute is a socket that died without leaving: drop it instead of sending it messages that
            # pile up in its worker's memory for a day (the default).
            "group_expiry": 60,
        },
    }


CHANNEL_LAYERS = {
    "default": redis_channel_layer(REDIS_URL) if REDIS_URL else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
}

# A request's body, uploaded files aside: a command is well under a kilobyte, the largest form a few. Larger answers
# 400 (the API in JSON, combat/api.py json_body, which also refuses JSON nested deeper than its MOST_NESTED).
DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
if TESTING:
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

AUTHENTICATION_BACKENDS = [
    # First, so a locked-out login (site or admin) is refused before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# Login throttling (django-axes), for the site's and the admin's login alike. Two counts share one limit: per
# username (guessing one account's password from many addresses) and per address (a few passwords tried on many
# accounts from one). A table on one wifi shares the address count: a player's typos lock the others out only once
# the table has LOGIN_FAILURE_LIMIT failures, each within LOGIN_COOLOFF_MINUTES of the next. Counting
# username+address instead of the address would spare the table but let the spray through.
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 10)
# Counted from the last failure, so whoever keeps guessing stays locked out.
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15))
# A success must not wipe the counts: axes would wipe its address's count too, so anyone with an account could
# guess at another's password and log into their own between guesses.
AXES_RESET_ON_SUCCESS = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Nothing reads a log of successful logins; it would only grow by a row, with an address, per login.
AXES_DISABLE_ACCESS_LOG = True
# The client's address for the per-address counts (logins here, sign-ups below). Each proxy appends the address it
# saw to X-Forwarded-For, so with PROXY_COUNT proxies the client is that many entries from the right, whatever the
# client put in front (ipware counts the proxies after the client: one fewer; non-strict, as the chain may be
# longer). Behind docker-compose.yml's one proxy uvicorn agrees: it makes REMOTE_ADDR the rightmost entry that is not
# a proxy it trusts, and it trusts only that proxy (FORWARDED_ALLOW_IPS). Read from the header, the count stays per
# client even if uvicorn stopped trusting the proxy; but a client reaching the app directly writes the whole header,
# so only the proxy may reach it (the compose file publishes no port of the app). Without a proxy (make run, tests)
# REMOTE_ADDR is the client.
PROXY_COUNT = env_int("PROXY_COUNT", 0 if (DEBUG or TESTING) else 1)
AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR",) if PROXY_COUNT else ("REMOTE_ADDR",)
AXES_IPWARE_PROXY_COUNT = max(PROXY_COUNT - 1, 0)
IPWARE_STRICT = False

# Sign-up throttling (characters/signup_throttle.py), for sign-up and join links alike: accounts made per client
# address (as axes finds it) in each clock hour, so a script cannot fill the tracker with accounts. It counts accounts
# made, not tries: a player's typos cost the table nothing, and a table of ten on one wifi can all sign up in the
# same hour. The count is in the cache (CACHES), one for all workers.
SIGNUP_LIMIT_PER_HOUR = env_int("SIGNUP_LIMIT_PER_HOUR", 10)

# Anyone may create an account unless this is off; then only a player following a valid join link may.
SIGNUP_OPEN = env_bool("SIGNUP_OPEN", True)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Static files are served from STATIC_ROOT, filled by collectstatic with their compressed copies (the project's own
# scripts and stylesheet minified first, config/storage.py): hashed names in production (Dockerfile), plain names with
# DEBUG on (`make run` collects them; collect again after editing static/).
# The test suite serves static/ as it is.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if TESTING
            else "config.storage.MinifiedStaticFilesStorage"
            if DEBUG
            else "config.storage.MinifiedManifestStaticFilesStorage"
        )
    },
}
SERVESTATIC_USE_FINDERS = TESTING
# Same-origin pages only: no CORS header on every static file.
SERVESTATIC_ALLOW_ALL_ORIGINS = False


def security_headers_of_static_files(headers, path, url):
    """What SecurityMiddleware adds to every page, for the static files ServeStatic sends before it runs. HSTS is
    left to the pages: a browser keeps it for the whole host."""
    from django.conf import settings

    if settings.SECURE_CONTENT_TYPE_NOSNIFF:
        headers["X-Content-Type-Options"] = "nosniff"
    if settings.SECURE_REFERRER_POLICY:
        headers["Referrer-Policy"] = settings.SECURE_REFERRER_POLICY
    if settings.SECURE_CROSS_ORIGIN_OPENER_POLICY:
        headers["Cross-Origin-Opener-Policy"] = settings.SECURE_CROSS_ORIGIN_OPENER_POLICY


SERVESTATIC_ADD_HEADERS_FUNCTION = security_headers_of_static_files

# Redis when there is one, so every uvicorn worker shares the sign-up counts and the live views (combat/live.py). The
# suite keeps its processes' own: they share one Redis, and a count would outlive the run. The live views go through
# it on Channels' database thread, so a Redis that hangs costs half a second there, not every socket's push.
REDIS_CACHE = {
    "BACKEND": "django.core.cache.backends.redis.RedisCache",
    "LOCATION": REDIS_URL,
    "OPTIONS": {"socket_timeout": 0.5, "socket_connect_timeout": 0.5},
}
CACHES = {
    "default": REDIS_CACHE
    if REDIS_URL and not TESTING
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Content Security Policy: every script and style is a same-origin static file.
SECURE_CSP = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
}

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not TESTING)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not TESTING)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if TESTING else "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_HTTPONLY = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.channels.server": {"level": "WARNING"}},
}
