"""Site-wide pages: error pages in the site's layout, and the health check."""

import logging
import re
import sys

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from tournament.core.locking import is_lock_timeout
from tournament.version import release

logger = logging.getLogger(__name__)

# What a request meets while PostgreSQL restarts or is unreachable.
DATABASE_DOWN = (OperationalError, InterfaceError)

# Messages Django itself puts in Http404 (get_object_or_404, generic views): not for users.
INTERNAL_REASON = re.compile(r"^No .+ (matches the given query|found matching the query)\.?$")


def user_facing_reason(exception: BaseException | None) -> str:
    """The message the code gave with a 403/404 ("This needs the judge of the event."), or ""."""
    if exception is None or not exception.args:
        return ""
    reason = exception.args[0]
    if not isinstance(reason, str) or INTERNAL_REASON.match(reason):
        return ""  # Resolver404 carries a dict of tried patterns; ORM lookups name models
    return reason


# The API's error codes (its one error shape, docs/api.md) for answers made outside its views.
API_ERROR_CODES = {
    400: "invalid",
    403: "permission_denied",
    404: "not_found",
    500: "error",
    503: "unavailable",
}


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def _page(request: HttpRequest, status: int, title: str, explanation: str, reason: str = ""):
    """The error in the site's layout; under /api/ the API's JSON shape instead, so a client
    reads every answer the same way (middleware refusals and server errors included)."""
    if is_api(request):
        detail = f"{explanation} {reason}".strip()
        return JsonResponse({"detail": detail, "code": API_ERROR_CODES[status]}, status=status)
    context = {"title": title, "explanation": explanation, "reason": reason}
    try:
        body = loader.render_to_string("errors/error.html", context, request)
    except Exception:  # the layout itself may need what failed (e.g. the database)
        logger.exception("error page %s could not use the site layout", status)
        body = f"<!doctype html><title>{title}</title><h1>{title}</h1><p>{explanation}</p>"
    return HttpResponse(body, status=status)


def bad_request(
    request: HttpRequest, exception: BaseException | None = None, reason: str = ""
) -> HttpResponse:
    return _page(
        request,
        400,
        _("Bad request"),
        _("The request could not be understood. Check the address or the form and try again."),
        reason,
    )


def permission_denied(request: HttpRequest, exception: BaseException | None = None):
    return _page(
        request,
        403,
        _("Not allowed"),
        _("You are not allowed to see or do this."),
        user_facing_reason(exception),
    )


def page_not_found(request: HttpRequest, exception: BaseException | None = None):
    return _page(
        request,
        404,
        _("Page not found"),
        _("There is nothing at this address, or it is not public."),
        user_facing_reason(exception),
    )


def server_error(request: HttpRequest) -> HttpResponse:
    """500, or 503 when the database is unreachable (restarting) or a write waited too long
    for its lock (`core/locking.py`): neither is a bug, nothing was saved, and the same
    request may be sent again (an idempotency key makes a repeated result harmless)."""
    error = sys.exc_info()[1]
    if error is not None and is_lock_timeout(error):
        response = _page(
            request,
            503,
            _("Busy, try again"),
            _(
                "Someone else is changing the same thing right now. Nothing was saved: send "
                "it again in a moment."
            ),
        )
        response["Retry-After"] = "2"
        return response
    if isinstance(error, DATABASE_DOWN):
        response = _page(
            request,
            503,
            _("Briefly unavailable"),
            _("The database is not answering right now. Try again in a moment."),
        )
        response["Retry-After"] = "10"
        return response
    return _page(
        request,
        500,
        _("Something went wrong"),
        _("The error was recorded. Nothing was half saved: try again in a moment."),
    )


def _check_database() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        return cursor.fetchone() == (1,)


def _check_cache() -> bool:
    ping = getattr(cache, "ping", None)
    if ping is not None:  # the Redis cache: ask Redis itself, not the fail-safe wrapper
        return ping()
    cache.set("healthz", "ok", 10)
    return cache.get("healthz") == "ok"


def _check_broker() -> bool | None:
    if current_app.conf.task_always_eager:
        return None  # no broker: tasks run in-process
    with current_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=0, timeout=settings.CELERY_BROKER_CONNECTION_TIMEOUT)
    return True


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """JSON: each dependency "ok", "down" or "not used", and the release running; 200 when
    none is down, else 503."""
    checks = {"database": _check_database, "cache": _check_cache, "broker": _check_broker}
    result = {}
    for name, check in checks.items():
        try:
            state = check()
        except Exception as error:
            logger.warning("healthz: %s is down: %s", name, error)
            state = False
        result[name] = "not used" if state is None else ("ok" if state else "down")
    healthy = "down" not in result.values()
    return JsonResponse(
        {"status": "ok" if healthy else "down", **result, "release": release()},
        status=200 if healthy else 503,
    )
