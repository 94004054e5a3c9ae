"""Small facts read from the database and kept in the cache until what they are read from
changes: an event's judges, the kinds of webhook an event's hooks listen to. Read on every
result a judge enters, changed a few times an event.

Each fact has a version (a cache key of its own) and is kept under it. A writer that changes
what the fact is read from calls `forget`: a new version at once, and another after its
commit. A reader that read the database before the commit kept the old fact under a version
nobody asks for once the commit is done, so no reader is ever served an old fact after the
change is committed. A new version is always one never used before (a clock reading): a
version key lost from the cache never brings an old fact back. While Redis is away every
read goes to the database (`core/cache.py`), and a cache that lost writes meanwhile starts a
new generation when Redis is back.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.db import transaction

T = TypeVar("T")
KEPT_SECONDS = 3600
_MISSING = object()


def remembered(name: str, read: Callable[[], T]) -> T:
    """The fact ``name``: from the cache, or ``read`` from the database and kept."""
    version = cache.get(f"{name}:version")
    if version is None:
        fresh = time.time_ns()
        version = (
            fresh
            if cache.add(f"{name}:version", fresh, None)
            else cache.get(f"{name}:version", fresh)
        )
    key = f"{name}:{version}"
    fact = cache.get(key, _MISSING)
    if fact is _MISSING:
        fact = read()
        cache.set(key, fact, KEPT_SECONDS)
    return fact


def forget(name: str) -> None:
    """What ``name`` is read from is changing: read it again from now on and after the
    commit (call in the writer's transaction)."""
    _new_version(name)
    transaction.on_commit(lambda: _new_version(name), robust=True)


def _new_version(name: str) -> None:
    cache.set(f"{name}:version", time.time_ns(), None)
