"""The one place that sends a webhook over HTTP: to a vetted public address, never further.

A destination is vetted when it is saved (the model field's validator) and again at every
send: http or https only, its host looked up once, every address it resolves to public
(not loopback, private, link-local such as cloud metadata, shared or reserved), and the
connection made to the very address that was checked, so a DNS answer that changes between
the check and the connection cannot lead inside. Redirects are not followed: a 3xx is the
receiver's answer, recorded like any other. `WEBHOOKS_ALLOW_PRIVATE_HOSTS` (development and
tests) lets private addresses through; nothing else is relaxed.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

TIMEOUT_SECONDS = 5
SCHEMES = ("http", "https")


class RefusedDestination(ValueError):
    """The URL may not receive notifications; `code` says why (for the translated message)."""

    def __init__(self, code: str, message: str, **params: str):
        super().__init__(message)
        self.code, self.params = code, params


@dataclass(frozen=True)
class Destination:
    """A vetted URL: where to connect (`address`) and what to ask for."""

    scheme: str
    host: str
    port: int
    target: str  # path and query
    address: str


def _port(parts) -> int:
    try:
        port = parts.port
    except ValueError as error:
        raise RefusedDestination("port", "the port is not a number from 1 to 65535") from error
    return port or (443 if parts.scheme == "https" else 80)


def _addresses(host: str, port: int) -> list[str]:
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise RefusedDestination("lookup", f"{host} could not be looked up", host=host) from error
    return list(dict.fromkeys(str(info[4][0]) for info in found))


def vet(url: str) -> Destination:
    """The destination of `url` if it may receive notifications; RefusedDestination if not."""
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES:
        raise RefusedDestination("scheme", f"{parts.scheme or 'no'} scheme; http or https only")
    host = parts.hostname
    if not host:
        raise RefusedDestination("host", "the address has no host name")
    port = _port(parts)
    addresses = _addresses(host, port)
    if not getattr(settings, "WEBHOOKS_ALLOW_PRIVATE_HOSTS", False):
        for address in addresses:
            if not ipaddress.ip_address(address).is_global:
                raise RefusedDestination(
                    "private",
                    f"{host} resolves to a non-public address ({address})",
                    host=host,
                    address=address,
                )
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Destination(parts.scheme, host, port, target, addresses[0])


class _PinnedHTTP(http.client.HTTPConnection):
    """HTTP to the vetted address (the Host header still names the host)."""

    def __init__(self, destination: Destination):
        super().__init__(destination.host, destination.port, timeout=TIMEOUT_SECONDS)
        self.address = destination.address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """HTTPS to the vetted address; the certificate is checked against the host name."""

    def __init__(self, destination: Destination):
        context = ssl.create_default_context()
        super().__init__(
            destination.host, destination.port, timeout=TIMEOUT_SECONDS, context=context
        )
        self.address = destination.address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def post(url: str, body: bytes, headers: dict[str, str]) -> int:
    """POST the body; return the HTTP status (an error or a redirect status is returned).

    Network failures raise OSError or http.client.HTTPException; a destination that may not
    receive notifications raises RefusedDestination."""
    destination = vet(url)
    pinned = _PinnedHTTPS if destination.scheme == "https" else _PinnedHTTP
    connection = pinned(destination)
    try:
        connection.request("POST", destination.target, body=body, headers=headers)
        return connection.getresponse().status
    finally:
        connection.close()
