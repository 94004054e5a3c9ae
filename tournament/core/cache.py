"""A Redis cache that behaves as an empty cache while Redis is unreachable.

Everything the site caches can be recomputed from the database, so losing Redis must only make
pages slower: reads miss, writes are dropped, and the error is logged instead of raised. After
a failure the backend skips Redis for `RETRY_AFTER` seconds rather than paying a connection
timeout on every call.

Writes dropped during an outage (a bumped version counter, a deleted key) would leave old
values in Redis that become visible again once it is back. So every key carries a
*generation* stored in Redis: the first process that reaches Redis again after losing a write
starts a new generation, which orphans every older key (they expire on their own timeouts).
Other processes re-read the generation every `GENERATION_TTL` seconds. `clear()` also starts a
new generation instead of flushing the database, which the Celery broker may share.
"""

import logging
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# Errors that mean "Redis is not answering as a cache should" (connection refused, timeout,
# still loading after a restart, out of memory): every one is served as a miss.
UNAVAILABLE = (RedisError, OSError)
RETRY_AFTER = 5.0
GENERATION_TTL = 2.0
GENERATION_KEY = "cache-generation"

MISSING = object()


class FailSafeRedisCache(RedisCache):
    """Django's Redis cache that degrades to "no cache" when Redis is down."""

    def __init__(self, server: str, params: dict) -> None:
        super().__init__(server, params)
        self._down_until = 0.0
        self._lost_writes = False
        self._generation: int | None = None
        self._generation_read_at = 0.0

    # -- keys carry the generation ------------------------------------------------------------

    def make_key(self, key: str, version: int | None = None) -> str:
        return super().make_key(f"g{self._generation or 0}:{key}", version)

    def _raw_client(self, write: bool = False):
        return self._cache.get_client(write=write)

    def _sync_generation(self) -> None:
        """Start a new generation after lost writes; else re-read it when it is old."""
        now = time.monotonic()
        if self._lost_writes:
            self._generation = int(self._raw_client(write=True).incr(GENERATION_KEY))
            self._lost_writes = False
            self._generation_read_at = now
            logger.warning("cache: Redis is back; new cache generation %s", self._generation)
        elif self._generation is None or now - self._generation_read_at > GENERATION_TTL:
            stored = self._raw_client().get(GENERATION_KEY)
            self._generation = int(stored) if stored is not None else 0
            self._generation_read_at = now

    # -- every call goes through the breaker --------------------------------------------------

    @property
    def is_available(self) -> bool:
        """False while Redis is known to be down (no call is attempted then)."""
        return time.monotonic() >= self._down_until

    def _call(self, operation: Callable[..., Any], fallback: Any, *args, write: bool = False):
        if not self.is_available:
            self._lost_writes = self._lost_writes or write
            return fallback
        try:
            self._sync_generation()
            return operation(*args)
        except UNAVAILABLE as error:  # also RedisError's "LOADING" while Redis restarts
            self._mark_down(error, write)
            return fallback

    def _mark_down(self, error: Exception, write: bool) -> None:
        logger.warning("cache: Redis unavailable (%s); serving without cache", error)
        self._down_until = time.monotonic() + RETRY_AFTER
        self._lost_writes = self._lost_writes or write
        self._generation = None

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call(super().add, False, key, value, timeout, version, write=True)

    def get(self, key, default=None, version=None):
        return self._call(super().get, default, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call(super().set, None, key, value, timeout, version, write=True)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call(super().touch, False, key, timeout, version, write=True)

    def delete(self, key, version=None):
        return self._call(super().delete, False, key, version, write=True)

    def get_many(self, keys, version=None):
        return self._call(super().get_many, {}, keys, version)

    def has_key(self, key, version=None):
        return self._call(super().has_key, False, key, version)

    def incr(self, key, delta=1, version=None):
        result = self._call(super().incr, MISSING, key, delta, version, write=True)
        if result is MISSING:  # Redis down: callers treat it like a missing key
            raise ValueError(f"Key '{key}' not found (cache unavailable)")
        return result

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call(super().set_many, list(data), data, timeout, version, write=True)

    def delete_many(self, keys, version=None):
        return self._call(super().delete_many, None, keys, version, write=True)

    def clear(self) -> None:
        """Orphan every key (new generation) rather than FLUSHDB, which would empty the queue."""
        self._lost_writes = True
        self._call(lambda: None, None)

    def ping(self) -> bool:
        """True when Redis answers now (used by the health check; ignores the breaker)."""
        try:
            return bool(self._raw_client().ping())
        except UNAVAILABLE:
            return False
