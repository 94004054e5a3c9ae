"""The client's address, as far as this site can trust it.

Behind ``TRUSTED_PROXY_COUNT`` reverse proxies (settings; 0 by default) each proxy appends
the address it saw to ``X-Forwarded-For``: the client is the entry that many places from
the right. Anything further left was written by the client and is never trusted, so a forged
header changes neither the login lockouts (django-axes) nor the rate limits (the API's
throttles and `core.ratelimit` ask this module too).

The header counts only on a connection from the proxy itself: a peer address in
``FORWARDED_ALLOW_IPS`` (the variable gunicorn reads for the same decision about
``X-Forwarded-Proto``; addresses or networks, comma-separated). Anyone else who reaches the
server (the host, another container) is the client, whatever header he sends.

The address is worked out once a request, at the door (`ClientAddressMiddleware`, before
anything reads it): what stores it (an entry's address) reads ``request.client_ip``, and the
lockouts, limits and throttles asking `client_ip` get the same answer.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def allowed_networks(value: str) -> tuple[Network, ...] | None:
    """The networks of a FORWARDED_ALLOW_IPS value; None for "*" (anyone). Entries that are
    no address are left out (the startup check names them)."""
    entries = [e.strip() for e in value.split(",") if e.strip()]
    if "*" in entries:
        return None
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            continue
    return tuple(networks)


def from_trusted_proxy(remote: str | None) -> bool:
    """Whether the connection came from a trusted proxy. A connection without an address (a
    Unix socket, only reachable on the machine) is, as gunicorn has it."""
    networks = allowed_networks(settings.FORWARDED_ALLOW_IPS)
    if networks is None or not remote:
        return True
    try:
        address = ipaddress.ip_address(remote)
    except ValueError:
        return False
    return any(address in network for network in networks)


def client_ip(request: HttpRequest) -> str | None:
    """The client address: REMOTE_ADDR, or the trusted proxies' entry of X-Forwarded-For when
    the connection came from the proxy (the middleware's, once it has run)."""
    if "client_ip" in request.__dict__:
        return request.client_ip
    return _worked_out(request)


def _worked_out(request: HttpRequest) -> str | None:
    remote = request.META.get("REMOTE_ADDR") or None
    count = settings.TRUSTED_PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if count <= 0 or not forwarded or not from_trusted_proxy(remote):
        return remote
    entries = [e.strip() for e in forwarded.split(",") if e.strip()]
    if not entries:
        return remote
    return entries[-min(count, len(entries))]


def rate_limit_ip(request: HttpRequest) -> str:
    """The client address the rate limits count (`RATELIMIT_IP_META_KEY`); one shared key
    when the server saw no address at all."""
    return client_ip(request) or "0.0.0.0"


class ClientAddressMiddleware:
    """Sets ``request.client_ip`` (`client_ip`) for the rest of the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        request.client_ip = _worked_out(request)
        return self.get_response(request)
