"""gunicorn's worker (threads, as `gunicorn.conf.py` runs it) whose own error answers — a
request gunicorn refuses before Django sees it: a bad header byte (400), a request line over
`limit_request_line` (414), headers over `limit_request_fields` / `limit_request_field_size`
(431) — are the API's JSON shape, `{"detail", "code"}`, on `/api/` paths and wherever the
path could not be read (a request line too long has none); other pages keep gunicorn's
plain HTML."""

from __future__ import annotations

import json
import threading

from gunicorn import util
from gunicorn.workers.gthread import ThreadWorker

_html_error = util.write_error
_current = threading.local()  # the path of the request whose error is being written
# The API's codes for the statuses gunicorn answers (tournament/core/views.API_ERROR_CODES
# names the ones Django answers).
CODES = {400: "invalid", 403: "permission_denied", 414: "uri_too_long", 431: "headers_too_large"}


def _path(req, exc) -> str | None:
    for source in (req, getattr(exc, "req", None)):
        path = getattr(source, "path", None)
        if path:
            return path
    return None


def wants_json(path: str | None) -> bool:
    return path is None or path.startswith("/api/")


def write_error(sock, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's `util.write_error`, in JSON for the API (see the module's docstring)."""
    if not wants_json(getattr(_current, "path", "")):
        return _html_error(sock, status_int, reason, mesg)
    body = json.dumps(
        {"detail": f"{reason}: {mesg}" if mesg else reason, "code": CODES.get(status_int, "error")}
    ).encode()
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode("latin1")
    util.write_nonblock(sock, head + body)


util.write_error = write_error


class JsonErrorsWorker(ThreadWorker):
    def handle_error(self, req, client, addr, exc):
        _current.path = _path(req, exc)
        try:
            super().handle_error(req, client, addr, exc)
        finally:
            _current.path = ""
