"""The API's request limits, counted atomically.

DRF's rate throttles read a client's request history from the cache, decide, then write it
back: concurrent requests all read the same history, and 300 requests at once let 148
through a limit of 120. These count each fixed window with the cache's atomic `incr` (Redis
INCRBY) and, for a window's first request, `add` (SET NX), so a limit of N lets exactly N
through per window however the requests interleave. A fixed window may let up to 2N through
across its boundary; the rates are set with that in mind.

While the cache is down the limits are off (as the site's other limits, `core.ratelimit`):
nobody is refused because Redis is, and the window closes with Redis' return (its breaker
retries after a few seconds).
"""

from __future__ import annotations

from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from tournament.core.client_ip import rate_limit_ip


class AtomicWindow:
    """A mixin for DRF's SimpleRateThrottle classes: same rates, scopes and keys."""

    window_ends: float = 0.0

    def get_ident(self, request) -> str:
        # The client address of the lockouts and the site's other limits (`core.client_ip`):
        # X-Forwarded-For counts only on a connection from the trusted proxy, which DRF's own
        # `NUM_PROXIES` reading does not check.
        return rate_limit_ip(request)

    def allow_request(self, request, view) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        window = int(self.timer() // self.duration)
        self.window_ends = (window + 1) * self.duration
        key = f"{self.key}:w{window}"
        # INCR first: a client's window exists after its first request, so one round trip
        try:
            count = self.cache.incr(key)
        except ValueError:  # the window's first request, or the cache is down (fail-open)
            if self.cache.add(key, 1, self.duration + 1):
                return self.num_requests >= 1
            try:
                count = self.cache.incr(key)  # another request opened the window meanwhile
            except ValueError:
                return True
        return count <= self.num_requests

    def wait(self) -> float:
        return max(0.0, self.window_ends - self.timer())


class AnonThrottle(AtomicWindow, AnonRateThrottle):
    """Anonymous clients, by address (the trusted client address, `NUM_PROXIES`)."""


class UserThrottle(AtomicWindow, UserRateThrottle):
    """Signed-in clients and tokens, by account."""
