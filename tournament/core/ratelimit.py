"""Limits on actions a stranger could repeat to guess something: sign-ups, password resets,
venue check-in codes (django-ratelimit, counters in the cache).

While the cache is down the limits are off (`RATELIMIT_FAIL_OPEN`): nobody is refused
because Redis is. Rates are in `settings.RATE_LIMITS` ("5/h": five an hour).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage, is_ratelimited

Key = str | Callable[[str, HttpRequest], str]


def over_limit(request: HttpRequest, group: str, key: Key = "ip", *, count: bool = True) -> bool:
    """Whether this request goes over the group's rate (`count`: it counts as one more try;
    False only asks). ``key``: "ip" (the client address, `core.client_ip`), "user", or a
    function of (group, request)."""
    rate = settings.RATE_LIMITS[group]
    if count:
        return is_ratelimited(request, group=group, key=key, rate=rate, increment=True)
    usage = get_usage(request, group=group, key=key, rate=rate)
    return usage is not None and usage["count"] >= usage["limit"]  # one more would be over


def posted_email(_group: str, request: HttpRequest) -> str:
    """The e-mail address a form posted, as one key whatever its case."""
    return request.POST.get("email", "").strip().casefold()
