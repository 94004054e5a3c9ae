"""The one place that sends a webhook over HTTP (tests replace or point it at 127.0.0.1)."""

import ipaddress
import socket
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from django.conf import settings

TIMEOUT_SECONDS = 5


class RefusedDestination(Exception):
    """The URL points into the server's own network (loopback, private, link-local)."""


def _check_destination(url: str) -> None:
    if getattr(settings, "WEBHOOKS_ALLOW_PRIVATE_HOSTS", False):
        return
    host = urlsplit(url).hostname or ""
    for info in socket.getaddrinfo(host, None):
        address = ipaddress.ip_address(info[4][0])
        if not address.is_global:
            raise RefusedDestination(f"{host} resolves to a non-public address")


def post(url: str, body: bytes, headers: dict[str, str]) -> int:
    """POST the body; return the HTTP status (an HTTP error status is returned, not raised).

    Network failures raise OSError (URLError, timeouts) or RefusedDestination.
    """
    _check_destination(url)
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
