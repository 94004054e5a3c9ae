"""Rendered result tables, cached until the data under them changes.

Keys carry what the data depends on: an event's stored `EventScoring.refreshed_at`, and
version counters bumped when the ranking totals or any shown player field change. A page
therefore never shows an old table. The counters live in the cache itself, so several web
processes need a shared cache (REDIS_URL) — the production set-up has one.
"""

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from contextlib import suppress
from typing import Generic, TypeVar

from django.core.cache import cache
from django.db import transaction
from django.utils.translation import get_language

TIMEOUT = 60 * 60  # a day-long event re-renders each table at most once an hour

V = TypeVar("V")


class RecentlyUsed(Generic[V]):
    """An in-process memo of at most ``size`` values; the least recently used goes first.

    For values that depend only on their key (HTML of a header, a list parsed at a given
    save time), so they never go stale."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[Hashable, V] = OrderedDict()

    def get(self, key: Hashable) -> V | None:
        value = self._values.get(key)
        if value is not None:
            # dropped by another thread in between: the value is still a valid one
            with suppress(KeyError):
                self._values.move_to_end(key)
        return value

    def put(self, key: Hashable, value: V) -> None:
        # Threads of one process share the memo: an entry another thread just dropped is
        # simply not there, never an error.
        self._values[key] = value
        with suppress(KeyError):
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def clear(self) -> None:
        self._values.clear()

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        value = self.get(key)
        if value is None:
            value = make()
            self.put(key, value)
        return value


def version(scope: str) -> int:
    """The current version of a scope ("players", "ranking")."""
    return cache.get_or_set(f"results-version:{scope}", 1, timeout=None)


def bump(scope: str) -> None:
    """Invalidate every fragment that depends on this scope, once the transaction commits.

    Bumping before the commit would let a request in between cache the old data under the
    new version."""
    transaction.on_commit(lambda: _increment(scope))


def _increment(scope: str) -> None:
    try:
        cache.incr(f"results-version:{scope}")
    except ValueError:  # not set yet (or evicted): any new value differs from the old keys
        cache.set(f"results-version:{scope}", 2, timeout=None)


def fragment_key(name: str, *parts: object, query: str = "") -> str:
    """A cache key for one rendering: its data stamps, the language and the query string."""
    digest = hashlib.sha256(query.encode()).hexdigest()[:24]
    stamp = ":".join(str(part) for part in parts)
    return f"fragment:{name}:{stamp}:{version('players')}:{get_language()}:{digest}"


def cached(key: str, render: Callable[[], object]) -> object:
    """The cached value for key, rendering and storing it on a miss."""
    value = cache.get(key)
    if value is None:
        value = render()
        cache.set(key, value, TIMEOUT)
    return value
