"""`Idempotency-Key` as the IETF HTTPAPI draft writes it
(draft-ietf-httpapi-idempotency-key-header): a key is the client's, per account; the first
request with it is run, its answer kept, and a retry with the same key and the same body gets
that answer again (`Idempotent-Replayed: true`). The same key with another body is a 422, a
key whose first request is still running a 409, and a key that is not a UUID a 400, as the
schema says.

The answers are kept in the cache (`KEPT_SECONDS`). Nothing rests on the cache alone: the
results services keep each entry's key in the database (`GameEntry.idempotency_key`), so a
retry after the cache lost its copy still records nothing twice, and the view compares the
stored entry with the body sent (`differs_from`).
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable

from django.core.cache import cache
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import exceptions
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from tournament.api.errors import Conflict

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
# A retry comes within seconds or, from a device that was offline, within a day.
KEPT_SECONDS = 24 * 3600
# How long a first request may hold its key: longer than any write takes.
PROCESSING_SECONDS = 60
PROCESSING = "processing"


class KeyReused(exceptions.APIException):
    """422: the key was already used for a request with another body."""

    status_code = 422
    default_code = "idempotency_key_reused"
    default_detail = gettext_lazy(
        "This Idempotency-Key was already used with another request body: "
        "send a new key for a new request."
    )


def parse_key(request) -> uuid.UUID:
    """The request's key; a missing or non-UUID key is a 400 naming the header."""
    raw = request.headers.get(HEADER, "")
    try:
        return uuid.UUID(raw)
    except ValueError:
        raise ValidationError({HEADER: [_("Send a UUID in this header.")]}) from None


def fingerprint(request) -> str:
    """What makes two requests "the same": method, path and the body's JSON value (key order
    and spacing do not count)."""
    try:
        body = json.dumps(request.data, sort_keys=True, separators=(",", ":"), default=str)
    except TypeError:
        body = repr(request.data)
    return hashlib.sha256(f"{request.method} {request.path}\n{body}".encode()).hexdigest()


def _slot(request, key: uuid.UUID) -> str:
    return f"api-idempotency:{request.user.pk}:{key}"


def _answer_to_kept(slot: str, mark: str, kept: dict | None) -> Response | None:
    if kept is None:
        return None
    if kept["fingerprint"] != mark:
        raise KeyReused()
    if kept["state"] == PROCESSING:
        raise Conflict(_("A request with this Idempotency-Key is still being processed."))
    answer = Response(kept["body"], status=kept["status"])
    answer[REPLAYED_HEADER] = "true"
    return answer


def run_once(request, key: uuid.UUID, write: Callable[[], Response]) -> Response:
    """Runs `write` once per key and body; see the module's docstring."""
    slot, mark = _slot(request, key), fingerprint(request)
    replay = _answer_to_kept(slot, mark, cache.get(slot))
    if replay is not None:
        return replay
    if not cache.add(slot, {"fingerprint": mark, "state": PROCESSING}, PROCESSING_SECONDS):
        replay = _answer_to_kept(slot, mark, cache.get(slot))
        if replay is not None:
            return replay
        # The cache keeps nothing (down): the services' stored keys still hold.
    try:
        answer = write()
    except Exception:
        cache.delete(slot)  # a refusal is not kept: the same key may be sent again, fixed
        raise
    if 200 <= answer.status_code < 300:
        kept = {"fingerprint": mark, "state": "done", "status": answer.status_code}
        cache.set(slot, {**kept, "body": answer.data}, KEPT_SECONDS)
    else:
        cache.delete(slot)
    return answer
