"""Settings, read from the environment with safe defaults.

DATABASE_URL  default: SQLite file in the data directory
REDIS_URL     when unset, Celery runs tasks eagerly and the cache is in-process
SECRET_KEY    when unset, generated once and stored in the data directory
DEBUG         "1" to enable (off by default)
ALLOWED_HOSTS comma-separated; defaults to localhost names
PRODUCTION    "1" turns on HTTPS-only cookies, HSTS and SSL redirect
STATIC_ROOT   where collectstatic writes (the image keeps it outside the data volume)
EMAIL_URL     e.g. smtp://user:password@host:587?tls=1, or EMAIL_HOST/EMAIL_PORT/... (envconfig)
ADMINS        "Name <address>, ..." receive server errors by e-mail
LOG_FORMAT    "json" (default in production) or "plain"; LOG_LEVEL (default INFO)
SENTRY_DSN    when set, errors are reported to Sentry (SENTRY_ENVIRONMENT, SENTRY_TRACES_RATE)
WEBPUSH_VAPID_PUBLIC_KEY / _PRIVATE_KEY / _SUBJECT  Web Push keys (manage.py webpush_keys)
NOTIFICATIONS_PER_HOUR  e-mails one person gets at most in an hour (default 30)
"""

import os
from pathlib import Path

import dj_database_url
from corsheaders.defaults import default_headers as default_cors_headers
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from kombu import Exchange, Queue
from whitenoise.compress import Compressor

from tournament.envconfig import admins, email_settings
from tournament.secret import load_or_create_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("SPELLFIRE_DATA_DIR", BASE_DIR / "var"))


def env_flag(name: str, default: bool = False) -> bool:
    """Read a boolean environment variable ("1", "true", "yes", "on")."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = load_or_create_secret_key(DATA_DIR)
DEBUG = env_flag("DEBUG")
PRODUCTION = env_flag("PRODUCTION")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "django_filters",
    "django_countries",
    "django_htmx",
    "corsheaders",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "oauth2_provider",
    "tournament.core",
    "tournament.accounts",
    "tournament.events",
    "tournament.results",
    "tournament.decks",
    "tournament.standings",
    "tournament.ranking",
    "tournament.rounds",
    "tournament.printing",
    "tournament.eventfile",
    "tournament.review",
    "tournament.webhooks",
    "tournament.notifications",
    "tournament.leagues",
    "tournament.ratings",
    "tournament.api",
    "tournament.demo",
    "tournament.help",
    # Last: declares every subscription of the site (site/subscriptions.py).
    "tournament.site",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before anything reads the address: a NUL never reaches a query (PostgreSQL refuses it).
    "tournament.core.middleware.RefuseNulMiddleware",
    # The client's address worked out once (core/client_ip.py): request.client_ip.
    "tournament.core.client_ip.ClientAddressMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Django's LocaleMiddleware, with the signed-in person's chosen language first.
    "tournament.accounts.middleware.PersonLocaleMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # An event's pages show its times in its zone (Event.time_zone).
    "tournament.events.middleware.EventTimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "tournament.api.http.ConditionalGetMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last: it turns a lockout raised by the login view into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tournament.urls"

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
                "tournament.version.context",
            ],
        },
    },
]

WSGI_APPLICATION = "tournament.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{DATA_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        # A persistent connection is checked before reuse, so a database restart costs the
        # requests in flight, not every request of the process from then on.
        conn_health_checks=True,
    )
}
# How long a write waits for a lock before it gives up, and how long any statement may run
# (milliseconds; 0: no limit). A writer stuck behind a transaction that holds its lock
# answers 503 within seconds, nothing saved, and its client sends it again
# (docs/locking.md); a statement running away never holds every writer of an event.
DATABASE_LOCK_TIMEOUT_MS = int(os.environ.get("DATABASE_LOCK_TIMEOUT_MS", "5000"))
DATABASE_STATEMENT_TIMEOUT_MS = int(os.environ.get("DATABASE_STATEMENT_TIMEOUT_MS", "30000"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    _options.setdefault("connect_timeout", 5)
    # Sent when the connection opens (libpq `options`); a DATABASE_URL's own wins.
    _options.setdefault(
        "options",
        f"-c lock_timeout={DATABASE_LOCK_TIMEOUT_MS} "
        f"-c statement_timeout={DATABASE_STATEMENT_TIMEOUT_MS}",
    )
    if PRODUCTION and not DATABASES["default"].get("PASSWORD"):
        # No default password in production: a database anyone on the network can open.
        raise ImproperlyConfigured(
            "PRODUCTION=1 needs a database password in DATABASE_URL "
            "(postgres://user:PASSWORD@host:5432/name)."
        )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Judges submit concurrently: wait for the write lock instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# django-axes counts failed logins first (and refuses a locked-out one before the password is
# even checked); then the usual username/password check.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Lock a username from one address after 5 wrong passwords for 15 minutes. Never by username
# alone (anyone could lock a player out before his event) nor by address alone (a venue's
# players share one address).
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_HOURS", "0.25"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# How many reverse proxies in front of the site append to X-Forwarded-For (0: none, the
# connection's address is the client's). Lockouts and API rate limits use the same address
# (`core/client_ip.py`): a client cannot forge its way past them.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
# ... and only on a connection from these (gunicorn's variable and default; "*" is refused).
FORWARDED_ALLOW_IPS = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
AXES_CLIENT_IP_CALLABLE = "tournament.core.client_ip.client_ip"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Guessing limits (tournament/core/ratelimit.py): per client address unless said otherwise.
RATE_LIMITS = {
    "signup": os.environ.get("SIGNUP_RATE", "10/h"),
    "password-reset": os.environ.get("PASSWORD_RESET_RATE", "10/h"),
    "password-reset-email": "3/h",  # per address asked for
    "signup-email": "3/h",  # sign-up e-mails per address (a taken name or address; new links)
    "check-in-code": "5/15m",  # wrong venue codes per player
}
RATELIMIT_IP_META_KEY = "tournament.core.client_ip.rate_limit_ip"
RATELIMIT_FAIL_OPEN = True

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("pt-br", _("Brazilian Portuguese"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# One date format per language (tournament/formats/<lang>/formats.py).
FORMAT_MODULE_PATH = ["tournament.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", DATA_DIR / "staticfiles"))
# WhiteNoise warns on every start when the folder is missing, so keep it present.
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
MEDIA_URL = "media/"
MEDIA_ROOT = DATA_DIR / "media"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = not PRODUCTION
# Source maps (several MB in the API docs bundles) are fetched by developers' tools only;
# compressing them with Brotli would triple the build's collectstatic time.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = [*Compressor.SKIP_COMPRESS_EXTENSIONS, "map"]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "events:home"
LOGOUT_REDIRECT_URL = "events:home"

globals().update(email_settings(dict(os.environ)))
# docker-compose passes unset variables as empty strings: treat those as unset
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL") or "spellfire@localhost"
SERVER_EMAIL = os.environ.get("SERVER_EMAIL") or DEFAULT_FROM_EMAIL
ADMINS = admins(os.environ.get("ADMINS", ""))
MANAGERS = ADMINS
EMAIL_SUBJECT_PREFIX = os.environ.get("EMAIL_SUBJECT_PREFIX", "[Spellfire] ")

REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
# Without a broker the same task code runs in-process, so nothing needs Redis to work.
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
# Nobody waits for a task's return value: the database row of the job is the result.
CELERY_TASK_IGNORE_RESULT = True

# Reliability: a task is acknowledged only once it finished, and goes back to the queue when
# its worker process dies (killed, out of memory) or loses the broker mid-task, so a render is
# never lost. Tasks must therefore be safe to run twice (they are: a render overwrites its file).
CELERY_TASK_ACKS_LATE = True
# Workers log through LOGGING below (same format as the web), not Celery's own handlers.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A huge document gets a soft limit (the task records a clear failure) then a hard kill.
CELERY_TASK_SOFT_TIME_LIMIT = int(os.environ.get("CELERY_SOFT_TIME_LIMIT", "240"))
CELERY_TASK_TIME_LIMIT = CELERY_TASK_SOFT_TIME_LIMIT + 60
# WeasyPrint's memory grows with every document: recycle pool children regularly.
CELERY_WORKER_MAX_TASKS_PER_CHILD = 50
# An unacknowledged task is handed out again after this long (it must exceed the time limit,
# or a slow task would run twice at once).
CELERY_VISIBILITY_TIMEOUT = int(
    os.environ.get("CELERY_VISIBILITY_TIMEOUT", str(CELERY_TASK_TIME_LIMIT + 300))
)
_REDIS_TIMEOUTS = {"socket_connect_timeout": 1, "socket_timeout": 3}
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_VISIBILITY_TIMEOUT,
    **_REDIS_TIMEOUTS,
}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = dict(_REDIS_TIMEOUTS)
# A web request that queues a task must not hang when Redis is down: one quick retry, then the
# caller is told (it degrades: the document is marked "try again", nothing saved is undone).
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
# Two queues, each with its own worker in production (docker-compose.yml: `worker` and
# `printer`): the renders (`printing`: seconds to minutes each) and everything else (the
# default `celery`: webhook deliveries, e-mails, re-ranks, the recovery sweeps, each a moment),
# so that a quick task never waits behind a render. A worker started without `-Q` takes both
# (one worker is enough on a small site, as before).
CELERY_TASK_DEFAULT_QUEUE = "celery"
PRINTING_QUEUE = "printing"
CELERY_TASK_QUEUES = tuple(
    Queue(name, Exchange(name), routing_key=name) for name in ("celery", PRINTING_QUEUE)
)
CELERY_TASK_ROUTES = {"printing.render_document": {"queue": PRINTING_QUEUE}}
# A pending document with no sign of life for this long lost its task and is sent again.
PRINTING_PENDING_SECONDS = int(
    os.environ.get("PRINTING_PENDING_SECONDS", str(CELERY_TASK_TIME_LIMIT + 60))
)
# Bracket sheets of more than this many brackets are rendered in chunks of this size by a
# pool of PRINTING_WORKERS processes (default: one per CPU core); see docs/printing.md.
PRINTING_CHUNK_SHEETS = int(os.environ.get("PRINTING_CHUNK_SHEETS", "40"))
PRINTING_WORKERS = int(os.environ.get("PRINTING_WORKERS", "0")) or None
# Celery beat (production runs `celery -A tournament beat`); without beat, cron runs the
# management command `purge_documents`, which does both.
CELERY_BEAT_SCHEDULE = {
    "purge-expired-documents": {"task": "printing.purge_expired", "schedule": 60 * 60},
    # Every 5 s: after a fault (Redis lost its data, a worker killed, the broker down) a lost
    # document is sent again within 30 s (docs/reliability.md: its marks missing twice, 12 s
    # apart).
    "recover-stuck-documents": {"task": "printing.recover_stuck", "schedule": 5.0},
    # Every 5 s: whether the broker's Redis lost its data (flushed, restarted empty) with no
    # worker losing its connection; if so, the recovery sweeps at once (tournament/celery.py).
    "broker-check-data": {"task": "broker.check_data", "schedule": 5.0},
    # Places a confirmation marked stale and the queue did not re-rank (docs/recompute.md).
    "standings-rerank-stale": {"task": "standings.rerank_stale", "schedule": 15.0},
    # Deliveries that could not be queued, or whose task was lost, are queued again.
    "webhooks-retry-stale": {"task": "tournament.webhooks.tasks.retry_stale", "schedule": 15.0},
    # Notifications queued while the broker was down, retried, or left by a dead worker.
    "notifications-send-due": {"task": "notifications.send_due", "schedule": 15.0},
    # ... and the slower checks (entries waiting, results untold), which also send.
    "notifications-sweep": {"task": "notifications.sweep", "schedule": 60.0},
    "notifications-decklist-reminders": {
        "task": "notifications.decklist_reminders",
        "schedule": 60 * 60,
    },
}
# At most this many notification e-mails an hour to one person; the rest wait.
NOTIFICATIONS_PER_HOUR = int(os.environ.get("NOTIFICATIONS_PER_HOUR", "30"))
# Web Push (phone notifications): all three or none; `manage.py webpush_keys` prints a set.
WEBPUSH_VAPID_PUBLIC_KEY = os.environ.get("WEBPUSH_VAPID_PUBLIC_KEY", "")
WEBPUSH_VAPID_PRIVATE_KEY = os.environ.get("WEBPUSH_VAPID_PRIVATE_KEY", "")
WEBPUSH_VAPID_SUBJECT = os.environ.get("WEBPUSH_VAPID_SUBJECT", "")  # mailto:you@example.org

if REDIS_URL:
    # Redis down must only make pages slower: the cache answers as an empty cache meanwhile.
    CACHES = {
        "default": {
            "BACKEND": "tournament.core.cache.FailSafeRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": dict(_REDIS_TIMEOUTS),
        }
    }
else:
    # One process: room for every published list's parsed cards (the metagame pages read
    # them all) and the rendered tables; locmem's default of 300 entries would cull them.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 50_000},
        }
    }

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"
DJANGO_TABLES2_TABLE_ATTRS = {"class": "table"}

# The API's JSON bodies: at most this many bytes (the largest write, a decklist or a round's
# results, is a few KB) and this many levels of arrays and objects.
API_MAX_BODY_BYTES = int(os.environ.get("API_MAX_BODY_BYTES", str(1024 * 1024)))
API_JSON_MAX_DEPTH = int(os.environ.get("API_JSON_MAX_DEPTH", "32"))

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["tournament.api.renderers.AbsoluteLinksJSONRenderer"],
    # JSON with a size and a nesting limit (413 and 400 in the API's shape, api/parsers.py).
    "DEFAULT_PARSER_CLASSES": [
        "tournament.api.parsers.LimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "tournament.api.http.PageSizePagination",
    "PAGE_SIZE": 100,
    # Personal tokens (integrators) and the session (the site's own pages); no HTTP Basic,
    # which would let anyone try passwords against the API without the login form's lockout.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tournament.api.tokens.BearerTokenAuthentication",
        # An app's OAuth 2.0 access token (tournament/accounts/oauth.py), also a Bearer.
        "tournament.api.tokens.AppTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "EXCEPTION_HANDLER": "tournament.api.errors.api_exception_handler",
    # The client address of the rate limits: the same trusted count as core/client_ip.py.
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
    "DEFAULT_THROTTLE_CLASSES": [
        "tournament.api.throttles.AnonThrottle",
        "tournament.api.throttles.UserThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("API_ANON_RATE", "120/min"),
        "user": os.environ.get("API_USER_RATE", "600/min"),
    },
}
# OAuth 2.0 for apps acting for a person (tournament/accounts/oauth.py, docs/api.md): the
# authorization code with PKCE (S256) only, the personal tokens' scopes.
OAUTH2_PROVIDER = {
    "SCOPES": {
        "read": "read, and report one's own games",
        "judge": "enter and confirm results, check players in",
        "organize": "create and run one's events",
    },
    "DEFAULT_SCOPES": ["read"],
    # the same scopes, worded in the reader's language (ApiToken.Scope)
    "SCOPES_BACKEND_CLASS": "tournament.accounts.oauth.TokenScopes",
    "PKCE_REQUIRED": True,
    "ACCESS_TOKEN_EXPIRE_SECONDS": 3600,
    "AUTHORIZATION_CODE_EXPIRE_SECONDS": 60,
    "ROTATE_REFRESH_TOKEN": True,
    "REFRESH_TOKEN_REUSE_PROTECTION": True,
    # RFC 9700: no "plain" PKCE, no implicit or password grant, tokens in headers only,
    # `iss` in the authorization response, tokens stored hashed, https redirects only.
    "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
    "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
    "COMPLIANT_BCP_RFC9700_TOKEN_STORAGE": True,
    "ALLOWED_REDIRECT_URI_SCHEMES": ["https"],
    "OAUTH2_RESPONSE_TYPES_SUPPORTED": ["code"],
    "OAUTH2_GRANT_TYPES_SUPPORTED": ["authorization_code", "refresh_token"],
}
SPECTACULAR_SETTINGS = {
    # The statuses an organizer sets himself, beside the event's whole set (StatusEnum).
    "ENUM_NAME_OVERRIDES": {
        "StatusEnum": "tournament.events.choices.Status",
        "StatusChangeEnum": "tournament.api.organize.STATUS_CHANGES",
    },
    # An app's OAuth 2.0 flow in the schema (the scopes come from OAUTH2_PROVIDER).
    "OAUTH2_FLOWS": ["authorizationCode"],
    "OAUTH2_AUTHORIZATION_URL": "/oauth/authorize/",
    "OAUTH2_TOKEN_URL": "/oauth/token/",
    "OAUTH2_REFRESH_URL": "/oauth/token/",
    # Path ids are integers, as the objects' own ids (the converter caps them at 18 digits).
    "PATH_CONVERTER_OVERRIDES": {
        "row": {"type": "integer", "minimum": 0, "maximum": 999_999_999_999_999_999}
    },
    "TITLE": "Spellfire Tournament Manager API",
    "DESCRIPTION": (
        "Published events, rounds, seating, brackets, standings, decklists, leagues and the "
        "ranking for anyone; with a personal token (Authorization: Bearer), writes through "
        "the pages' own rules: creating and running events (rounds, closing, finishing, the "
        "scoring form), registrations and drops (scope organize), results, confirmations and "
        "check-in (judge), a player's own reports and decklist (read)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and ReDoc come from the installed sidecar package: the docs work offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tournament.api.schema.document_errors",
    ],
}

# The API may be used from any site (overlays, bots); it sets no cookies.
CORS_URLS_REGEX = r"^/api/v1/.*$"
CORS_ALLOW_ALL_ORIGINS = True
# Writes need a token (a header, never a cookie): a page elsewhere can use one it was given.
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS", "POST"]
CORS_EXPOSE_HEADERS = ["ETag", "Last-Modified", "Cache-Control", "Retry-After"]
# The documented writes send Idempotency-Key: a browser's preflight must be told it may.
CORS_ALLOW_HEADERS = (*default_cors_headers, "idempotency-key")

# Public address of the site, for absolute links in webhook payloads (e.g. https://x.org).
SITE_URL = os.environ.get("SITE_URL", "")
# Webhooks may target loopback/private addresses only when allowed (development, tests).
WEBHOOKS_ALLOW_PRIVATE_HOSTS = env_flag("WEBHOOKS_ALLOW_PRIVATE_HOSTS", DEBUG)
# Content-Security-Policy: scripts only from our own static files (htmx included), no inline
# script or event handler. The API's interactive docs load their viewer from a CDN and are
# left out.
CONTENT_SECURITY_POLICY = {
    "EXCLUDE_URL_PREFIXES": ["/api/v1/docs/", "/api/v1/redoc/"],
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        # htmx adds its indicator style element; templates use no inline style otherwise.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'self'"],
    },
}

# The card data set: the facts shipped in carddata/ (no texts), or a folder with texts.
CARD_DATA_DIR = Path(os.environ.get("SPELLFIRE_CARD_DATA", BASE_DIR / "carddata"))

if PRODUCTION:
    SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", True)
    # No SECURE_PROXY_SSL_HEADER: the scheme is gunicorn's (wsgi.url_scheme), which honours
    # X-Forwarded-Proto only from FORWARDED_ALLOW_IPS (the proxy). Django reading the header
    # itself would believe any client that reaches gunicorn directly and claims HTTPS.
    # Container and load-balancer probes speak plain HTTP to the app.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"

LOG_FORMAT = os.environ.get("LOG_FORMAT", "json" if PRODUCTION else "plain")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "tournament.logformat.JsonFormatter"},
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "filters": {
        "production": {"()": "django.utils.log.RequireDebugFalse"},
        # Reset, confirmation and unsubscribe links and ?code= never logged (redact.py).
        "redact": {"()": "tournament.redact.RedactingFilter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "json" if LOG_FORMAT == "json" else "plain",
            "filters": ["redact"],
        },
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["production", "redact"],
        },
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        "django.request": {"handlers": ["mail_admins"], "level": "ERROR"},
        "tournament": {"level": os.environ.get("LOG_LEVEL", "INFO")},
    },
}

# Error reports (the admins' e-mail, the debug page) without the secrets of an address.
DEFAULT_EXCEPTION_REPORTER = "tournament.redact.Reporter"
DEFAULT_EXCEPTION_REPORTER_FILTER = "tournament.redact.ReporterFilter"

SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
if SENTRY_DSN:
    import sentry_sdk

    from tournament.redact import sentry_before_send

    # The Django and Celery integrations are enabled automatically; no personal data is sent.
    sentry_sdk.init(
        dsn=SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT", "production" if PRODUCTION else "dev"),
        traces_sample_rate=float(os.environ.get("SENTRY_TRACES_RATE", "0")),
        send_default_pii=False,
        before_send=sentry_before_send,
    )
