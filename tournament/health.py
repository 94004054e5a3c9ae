"""`/healthz`: JSON 200 when the database, the cache and the Celery broker answer, else 503."""

from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _cache() -> None:
    cache.set("healthz", "ok", 10)
    if cache.get("healthz") != "ok":
        raise RuntimeError("cache did not return what was stored")


def _broker() -> None:
    if not settings.REDIS_URL:
        return  # tasks run in-process: there is no broker to reach
    from tournament.celery import app

    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)


CHECKS: dict[str, Callable[[], None]] = {"database": _database, "cache": _cache, "broker": _broker}


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """Each check reports "ok" or the error's class name (never details: this page is public)."""
    results = {}
    for name, check in CHECKS.items():
        try:
            check()
            results[name] = "ok"
        except Exception as error:  # a probe must answer, whatever failed
            results[name] = f"error: {type(error).__name__}"
    healthy = all(value == "ok" for value in results.values())
    return JsonResponse(
        {"status": "ok" if healthy else "error", "checks": results}, status=200 if healthy else 503
    )
