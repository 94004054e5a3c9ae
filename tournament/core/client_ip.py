"""The client's address, as far as this site can trust it.

Behind ``TRUSTED_PROXY_COUNT`` reverse proxies (settings; 0 by default) each proxy appends
the address it saw to ``X-Forwarded-For``: the client is the entry that many places from
the right. Anything further left was written by the client and is never trusted, so a forged
header changes neither the login lockouts (django-axes) nor the API's rate limits (DRF's
``NUM_PROXIES`` is the same count).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    """The client address: REMOTE_ADDR, or the trusted proxies' entry of X-Forwarded-For."""
    remote = request.META.get("REMOTE_ADDR") or None
    count = settings.TRUSTED_PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if count <= 0 or not forwarded:
        return remote
    entries = [e.strip() for e in forwarded.split(",") if e.strip()]
    if not entries:
        return remote
    return entries[-min(count, len(entries))]


def rate_limit_ip(request: HttpRequest) -> str:
    """The client address the rate limits count (`RATELIMIT_IP_META_KEY`); one shared key
    when the server saw no address at all."""
    return client_ip(request) or "0.0.0.0"
