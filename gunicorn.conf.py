"""gunicorn settings shared by the image's CMD and docker-compose (one place for the options).

Environment: PORT (8000), WEB_CONCURRENCY (workers, default CPUs + 1, at most 8),
GUNICORN_THREADS (4 a worker), CONN_MAX_AGE (60: Django keeps a worker thread's database
connection between requests), GUNICORN_TIMEOUT (seconds, 60: PDF pages render in the request only
when small), HOST (0.0.0.0), BIND (overrides HOST:PORT), GUNICORN_CONTROL_SOCKET (off),
FORWARDED_ALLOW_IPS (127.0.0.1,::1: the proxy, the one peer whose X-Forwarded-* headers count;
Django reads the same variable for the client address, `tournament/core/client_ip.py`).
"""

import multiprocessing
import os

bind = os.environ.get(
    "BIND", f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
)
# A request spends much of its time waiting for PostgreSQL and Redis: a few threads a
# worker keep the cores busy meanwhile (fifty judges entering results through the API,
# `bench/bench_writes.py`), with fewer processes than one a request.
workers = int(os.environ.get("WEB_CONCURRENCY", min(multiprocessing.cpu_count() + 1, 8)))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# A new PostgreSQL connection for every request (Django's default) costs the database a
# process start and authentication each time; a thread keeps its connection for a minute
# (checked before reuse: `conn_health_checks`). Read by Django in the workers.
os.environ.setdefault("CONN_MAX_AGE", "60")
# gunicorn's own refusals (bad request line or header, 414, 431) in the API's JSON shape on
# /api/ paths (`tournament/gunicorn_worker.py`; the threaded worker, as `threads` asks).
worker_class = "tournament.gunicorn_worker.JsonErrorsWorker"
# The request line and headers gunicorn reads at most (its defaults, said here): past them it
# answers 414 and 431 itself. Bodies are limited by Django (DATA_UPLOAD_MAX_MEMORY_SIZE) and
# the API's parser (API_MAX_BODY_BYTES), 413 in both.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "60"))
graceful_timeout = 30
keepalive = 5
# The application is loaded once, in the master, before the workers are forked: a worker
# recycled below starts at once instead of importing Django again (a second of CPU taken
# from the requests on the same cores), and the workers share the loaded code's memory.
preload_app = True
# Recycle workers now and then so a slow leak cannot grow for ever: at the busiest (fifty
# judges entering results, `bench/bench_writes.py`) about every five minutes a worker.
max_requests = 5000
max_requests_jitter = 500
# Reset, confirmation and unsubscribe links and ?code= are written down redacted.
logger_class = "tournament.redact.AccessLogger"
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
access_log_format = (
    'peer=%(h)s remote=%({x-forwarded-for}i)s method=%(m)s path="%(U)s" query="%(q)s" '
    'status=%(s)s bytes=%(B)s duration_ms=%(M)s agent="%(a)s"'
)
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")


def on_starting(server):
    """Refuse to start where a client could forge its address: Django's startup check of the
    proxy settings (`tournament/core/checks.py`), before any worker starts."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    from tournament.core.checks import proxy_trust_problems

    problems = proxy_trust_problems()
    for problem in problems:
        server.log.error("%s: %s %s", problem.id, problem.msg, problem.hint)
    if problems:
        raise SystemExit(1)


def pre_fork(server, worker):
    """In the master, before each worker is forked from the loaded application: no database
    connection is handed down to share (Django opens one per worker thread when needed),
    and the loaded objects are set aside from the garbage collector's rounds (`gc.freeze`:
    the workers neither scan nor copy them)."""
    import gc

    from django.conf import settings
    from django.db import connections

    if settings.configured:  # the application is loaded (`preload_app`)
        connections.close_all()
    gc.freeze()


# gunicornc's control socket: off unless GUNICORN_CONTROL_SOCKET names a path (its default
# place, the home directory, is not writable by the image's user).
if os.environ.get("GUNICORN_CONTROL_SOCKET"):
    control_socket = os.environ["GUNICORN_CONTROL_SOCKET"]
else:
    control_socket_disable = True
