"""A render's heartbeat: how a lost render is told from a slow one within a minute.

While a worker renders a document, a thread of the task writes "alive" to the cache every
`BEAT_SECONDS`, with a lifetime of `ALIVE_SECONDS`; "started" is written once when the render
begins. A render whose worker was killed (`kill -9`, the OOM killer, a lost pool process)
stops beating: "started" without "alive" means lost, and the document is sent again at once,
instead of after the task's whole time limit. A document never started is waiting in the
queue, which may be long while the workers are busy: that case keeps the long timeout
(`services.PENDING_TIMEOUT`). While the cache is down nothing is known and the long timeout
applies too.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum

from django.core.cache import cache

BEAT_SECONDS = 10
ALIVE_SECONDS = 40  # four beats missed: the render is gone
STARTED_SECONDS = 6 * 3600  # longer than any render and its retries


class RenderState(StrEnum):
    ALIVE = "alive"
    LOST = "lost"
    NOT_STARTED = "not-started"  # or unknown (the cache was down)


def _alive(doc_id: int) -> str:
    return f"printing:alive:{doc_id}"


def _started(doc_id: int) -> str:
    return f"printing:started:{doc_id}"


@contextmanager
def beating(doc_id: int) -> Iterator[None]:
    """Keep the document's heartbeat going while the block runs (the render)."""
    cache.set(_started(doc_id), True, STARTED_SECONDS)
    cache.set(_alive(doc_id), True, ALIVE_SECONDS)  # alive from the first moment
    stop = threading.Event()

    def beat() -> None:
        while not stop.wait(BEAT_SECONDS):
            cache.set(_alive(doc_id), True, ALIVE_SECONDS)

    thread = threading.Thread(target=beat, name=f"printing-heartbeat-{doc_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        forget(doc_id)


def state(doc_id: int) -> RenderState:
    """Whether the document's render is beating, was started and stopped, or never started."""
    found = cache.get_many([_alive(doc_id), _started(doc_id)])
    if _alive(doc_id) in found:
        return RenderState.ALIVE
    if _started(doc_id) in found:
        return RenderState.LOST
    return RenderState.NOT_STARTED


def forget(doc_id: int) -> None:
    """Clear the document's heartbeat (the render ended, or it is sent again)."""
    cache.delete_many([_alive(doc_id), _started(doc_id)])
