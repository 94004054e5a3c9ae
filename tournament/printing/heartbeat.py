"""A render's heartbeat: how a lost render is told from a slow one within a minute.

While a worker renders a document, a thread of the task writes "alive" and "started" to the
cache every `BEAT_SECONDS`, "alive" with a lifetime of `ALIVE_SECONDS`. A render whose worker
was killed (`kill -9`, the OOM killer, a lost pool process) stops beating: "started" without
"alive" means lost, and the document is sent again at once, instead of after the task's whole
time limit.

A document is also marked "queued" when its task is handed to the broker. A document never
started is waiting in the queue, which may be long while the workers are busy: that case
keeps the long timeout (`services.PENDING_TIMEOUT`). But the broker is the same Redis as the
cache: when Redis loses its data (restarted empty, flushed) the queued task and the running
render's acknowledgement are lost with it, and so are these marks. Keys also carry the cache
generation (`tournament.core.cache`), which starts anew when Redis comes back after lost
writes. So a pending document with no mark at all while the cache answers was queued or
started in an older generation of Redis: its task is gone. That is only believed once the
marks stay missing for `VANISHED_SECONDS` (longer than a beat, so that a render still at work
writes them again first, and the moment between saving a document and queueing it is never
taken for a loss). While the cache is down nothing is known and the long timeout applies.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum

from django.core.cache import cache

from tournament.core.cache import RETRY_AFTER

BEAT_SECONDS = 5
ALIVE_SECONDS = 20  # four beats missed: the render is gone
STARTED_SECONDS = 6 * 3600  # longer than any render and its retries (and any wait in the queue)
# Marks missing this long are lost with Redis' data: more than a beat, plus the cache's
# pause after an error during which a beat is dropped, plus a margin. With the sweep every 5 s
# (beat's `printing.recover_stuck`), the look 15 s after the first to find them missing sends
# the document again.
VANISHED_SECONDS = BEAT_SECONDS + RETRY_AFTER + 2


class RenderState(StrEnum):
    ALIVE = "alive"
    LOST = "lost"  # started, then stopped beating
    VANISHED = "vanished"  # every mark gone for VANISHED_SECONDS: lost with Redis' data
    NOT_STARTED = "not-started"  # waiting in the queue, or unknown (the cache is down)


def _alive(doc_id: int) -> str:
    return f"printing:alive:{doc_id}"


def _started(doc_id: int) -> str:
    return f"printing:started:{doc_id}"


def _queued(doc_id: int) -> str:
    return f"printing:queued:{doc_id}"


def _missing(doc_id: int) -> str:
    """When the document was first seen with no mark at all (wall clock, shared by processes)."""
    return f"printing:missing:{doc_id}"


def queued(doc_id: int) -> None:
    """Mark the document as handed to the broker (its task waits in Redis' queue)."""
    cache.set(_queued(doc_id), True, STARTED_SECONDS)


@contextmanager
def beating(doc_id: int) -> Iterator[None]:
    """Keep the document's heartbeat going while the block runs (the render)."""

    def marks() -> None:
        # "started" again at every beat too: after Redis lost its data it is back in a beat.
        cache.set(_started(doc_id), True, STARTED_SECONDS)
        cache.set(_alive(doc_id), True, ALIVE_SECONDS)

    marks()  # alive from the first moment
    stop = threading.Event()

    def beat() -> None:
        while not stop.wait(BEAT_SECONDS):
            marks()

    thread = threading.Thread(target=beat, name=f"printing-heartbeat-{doc_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        forget(doc_id)


def is_beating(doc_id: int) -> bool:
    """Whether the document's render beat within the last ALIVE_SECONDS: a read only (unlike
    `state`, which notes missing marks), for whoever watches a render from outside."""
    return cache.get(_alive(doc_id)) is not None


def _cache_answered() -> bool:
    """Whether the last cache call reached the cache (the fail-safe Redis cache serves misses
    while Redis is down and says so; other backends always answer)."""
    return bool(getattr(cache, "is_available", True))


def state(doc_id: int) -> RenderState:
    """Whether the document's render is beating, stopped, lost with Redis' data, or waiting."""
    keys = [_alive(doc_id), _started(doc_id), _queued(doc_id), _missing(doc_id)]
    found = cache.get_many(keys)
    if not _cache_answered():
        return RenderState.NOT_STARTED  # nothing is known: the long timeout applies
    missing_since = found.get(_missing(doc_id))
    marked = any(key in found for key in keys[:3])
    if marked and missing_since is not None:
        cache.delete(_missing(doc_id))  # the marks were only late (a beat, the queueing)
    if _alive(doc_id) in found:
        return RenderState.ALIVE
    if _started(doc_id) in found:
        return RenderState.LOST
    if marked:
        return RenderState.NOT_STARTED
    now = time.time()
    if missing_since is None:
        cache.add(_missing(doc_id), now, STARTED_SECONDS)
        return RenderState.NOT_STARTED
    if now - float(missing_since) >= VANISHED_SECONDS:
        return RenderState.VANISHED
    return RenderState.NOT_STARTED


def forget(doc_id: int) -> None:
    """Clear the document's marks (the render ended, or it is sent again)."""
    cache.delete_many([_alive(doc_id), _started(doc_id), _queued(doc_id), _missing(doc_id)])
