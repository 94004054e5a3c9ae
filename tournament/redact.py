"""Secrets that travel in addresses never reach a log or an error report.

A password-reset link (`/accounts/reset/<uid>/<token>/`), an address confirmation
(`/accounts/confirm/<token>/`) and an unsubscribe link (`/notifications/stop/<token>/`) carry
their secret in the path; an OAuth redirect (`?code=…`) and the like carry it in the query.
Whoever reads the log could use the link. Every place that writes an address down goes
through `redact_path` / `redact_query` / `redact_url`:

- gunicorn's access log (`AccessLogger`, `gunicorn.conf.py`: path, query, request line,
  Referer);
- Django's log records (`RedactingFilter` on every handler: "Not Found: /accounts/reset/…",
  and the request the record carries, for the admins' e-mail);
- error reports: Django's (`ReporterFilter`: the request's path, query, META and the view's
  variables) and Sentry's (`sentry_before_send`).

No Django import at module level: gunicorn's configuration loads this before Django.
"""

from __future__ import annotations

import logging
import re
from typing import Any
from urllib.parse import parse_qsl, urlencode

REDACTED = "[redacted]"
# Path segments that are secrets: (prefix, secret segment). The uid of a reset link is no
# secret (an account number in base 64); its token is. Django's second reset address,
# `/accounts/reset/<uid>/set-password/`, holds no token (it is in the session by then).
_SECRET_PATHS = [
    re.compile(r"(/accounts/reset/[^/?#\s]+/)(?!set-password(?:[/?#\s]|$))([^/?#\s\"]+)"),
    re.compile(r"(/accounts/confirm/)([^/?#\s\"]+)"),
    re.compile(r"(/notifications/stop/)([^/?#\s\"]+)"),
]
# Query parameters that are secrets wherever they appear (OAuth's authorization code and
# tokens, and the usual names of others).
SECRET_PARAMETERS = frozenset(
    {
        "code",
        "token",
        "access_token",
        "refresh_token",
        "id_token",
        "client_secret",
        "password",
        "secret",
        "key",
    }
)
_SECRET_QUERY = re.compile(
    r"(?i)(?<![\w-])(" + "|".join(sorted(SECRET_PARAMETERS)) + r")=([^&\s#\"']*)"
)


def redact_path(path: str) -> str:
    """The path with its secret segments replaced by `[redacted]`."""
    for pattern in _SECRET_PATHS:
        path = pattern.sub(lambda m: m.group(1) + REDACTED, path)
    return path


def redact_query(query: str) -> str:
    """A query string with the values of secret parameters replaced."""
    return _SECRET_QUERY.sub(lambda m: f"{m.group(1)}={REDACTED}", query)


def redact_url(text: str) -> str:
    """Any text that may hold addresses (a URL, a request line, a log message)."""
    return redact_query(redact_path(text))


def redact_pairs(items: Any) -> list[tuple[str, str]]:
    """(name, value) pairs of a query with the secret ones' values replaced."""
    return [
        (name, REDACTED if name.lower() in SECRET_PARAMETERS else value) for name, value in items
    ]


def redact_query_string(query: str) -> str:
    return urlencode(redact_pairs(parse_qsl(query, keep_blank_values=True)))


def _redact_value(value: Any) -> Any:
    if isinstance(value, str):
        return redact_url(value)
    if isinstance(value, tuple | list):
        return type(value)(_redact_value(v) for v in value)
    if isinstance(value, dict):
        return {k: _redact_value(v) for k, v in value.items()}
    return value


# ----------------------------------------------------------------------------- gunicorn


def access_logger_class():
    """gunicorn's logger whose access-log atoms carry no secret (its `logger_class`)."""
    from gunicorn.glogging import Logger

    class AccessLogger(Logger):
        def atoms(self, resp, req, environ, request_time):
            atoms = super().atoms(resp, req, environ, request_time)
            for key in ("r", "U", "q", "f", "{referer}i", "{raw_uri}e", "{path_info}e"):
                if isinstance(atoms.get(key), str):
                    atoms[key] = redact_url(atoms[key])
            return atoms

    return AccessLogger


# ----------------------------------------------------------------------------- logging


class _RedactedRequest:
    """What log formatters and Django's reports read of a request, redacted."""

    def __init__(self, request: Any) -> None:
        self._request = request

    def __getattr__(self, name: str) -> Any:
        return getattr(self._request, name)

    @property
    def path(self) -> str:
        return redact_path(self._request.path)

    @property
    def path_info(self) -> str:
        return redact_path(self._request.path_info)

    def get_full_path(self, *args: Any, **kwargs: Any) -> str:
        return redact_url(self._request.get_full_path(*args, **kwargs))

    def build_absolute_uri(self, *args: Any, **kwargs: Any) -> str:
        return redact_url(self._request.build_absolute_uri(*args, **kwargs))

    def get_raw_uri(self) -> str:
        return self.build_absolute_uri()


class RedactingFilter(logging.Filter):
    """On every handler: the record's message, its arguments and the request it carries
    (Django's "Not Found: /accounts/reset/…") lose their secrets."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact_url(record.msg)
        if record.args:
            record.args = _redact_value(record.args)
        request = getattr(record, "request", None)
        if hasattr(request, "path_info") and not isinstance(request, _RedactedRequest):
            record.request = _RedactedRequest(request)
        return True


# ----------------------------------------------------------------------------- reports


def reporter_filter_class():
    """Django's exception-report filter (`DEFAULT_EXCEPTION_REPORTER_FILTER`) that also
    takes secrets out of the request's address, META and the views' variables."""
    from django.views.debug import SafeExceptionReporterFilter

    class ReporterFilter(SafeExceptionReporterFilter):
        hidden_settings = re.compile(
            r"API|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE|CODE|UIDB64", flags=re.I
        )

        def get_safe_request_meta(self, request):
            meta = super().get_safe_request_meta(request)
            return {k: _redact_value(v) for k, v in meta.items()}

        def get_traceback_frame_variables(self, request, tb_frame):
            cleansed = []
            for name, value in super().get_traceback_frame_variables(request, tb_frame):
                if self.hidden_settings.search(name):
                    value = self.cleansed_substitute
                elif isinstance(value, dict):
                    value = self.cleanse_setting(name, value)
                cleansed.append((name, _redact_value(value)))
            return cleansed

    return ReporterFilter


def reporter_class():
    """Django's exception reporter (`DEFAULT_EXCEPTION_REPORTER`) for a request whose
    address is redacted: the report's path, full address and GET parameters."""
    from django.views.debug import ExceptionReporter

    class Reporter(ExceptionReporter):
        def __init__(self, request, *args, **kwargs):
            if request is not None and not isinstance(request, _RedactedRequest):
                request = _RedactedRequest(request)
            super().__init__(request, *args, **kwargs)

        def get_traceback_data(self):
            data = super().get_traceback_data()
            if "request_GET_items" in data:
                data["request_GET_items"] = redact_pairs(data["request_GET_items"])
            for key in ("request_insecure_uri", "request_path"):
                if isinstance(data.get(key), str):
                    data[key] = redact_url(data[key])
            return data

    return Reporter


def sentry_before_send(event: dict, hint: dict) -> dict:
    """Sentry's `before_send`: the request's address, query, headers and every breadcrumb
    and message without the secrets an address may carry."""
    return _redact_value(event)


_LAZY = {
    "AccessLogger": access_logger_class,
    "ReporterFilter": reporter_filter_class,
    "Reporter": reporter_class,
}
_made: dict[str, type] = {}


def __getattr__(name: str) -> type:
    """`tournament.redact.AccessLogger`, `.ReporterFilter`, `.Reporter`: the classes above,
    made on first use (by gunicorn's and Django's settings, which name them)."""
    if name not in _LAZY:
        raise AttributeError(name)
    if name not in _made:
        _made[name] = _LAZY[name]()
    return _made[name]
