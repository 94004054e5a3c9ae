"""The one place that sends over HTTP to an address someone typed in (a webhook's URL, a
browser's push endpoint): to a vetted public address, never further.

A destination is vetted when it is saved (the model field's validator) and again at every
send: http or https only, its host looked up once, every address it resolves to public
(not loopback, private, link-local such as cloud metadata, shared or reserved), and the
connection made to the very address that was checked, so a DNS answer that changes between
the check and the connection cannot lead inside. `WEBHOOKS_ALLOW_PRIVATE_HOSTS` (development
and tests) lets private addresses through; nothing else is relaxed.

`post` makes one request: a 3xx is its answer. `send` (what deliveries use) follows at most
`MAX_REDIRECTS` redirects, each Location vetted like the hook's own URL and connected to the
same pinned way; a Location that fails the check, a step from https down to http, or one
redirect too many ends the delivery attempt with `RefusedRedirect`. Only the statuses that
keep the method (307, 308) or that clients commonly repeat a POST for (301, 302) are
followed, with the same body and headers; 303 asks for a GET, which carries no notification,
so it is the answer.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

import requests
from django.conf import settings
from requests.adapters import HTTPAdapter

TIMEOUT_SECONDS = 5
# The whole of one `send`, its redirects included: each connection's timeout is cut to what
# is left of it (a delivery's claim, `webhooks.services.CLAIM_SECONDS`, outlasts it).
DEADLINE_SECONDS = 12
SCHEMES = ("http", "https")
MAX_REDIRECTS = 3
FOLLOWED = frozenset({301, 302, 307, 308})


class RefusedDestination(ValueError):
    """The URL may not receive notifications; `code` says why (for the translated message)."""

    def __init__(self, code: str, message: str, **params: str):
        super().__init__(message)
        self.code, self.params = code, params


class RefusedRedirect(RefusedDestination):
    """A receiver's redirect that is not followed (recorded as the delivery's error)."""


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


# Every block of IANA's special-purpose address registries (IPv4: RFC 6890 and its updates;
# IPv6: RFC 6890, 8190 and later) that is not "globally reachable", and the blocks outside
# them that are no destination on the internet (multicast, deprecated forms). Python's
# `ipaddress.is_global` misses some of them, and which depends on its version (`::/96`, the
# IPv4-compatible form of `::127.0.0.1`, passes in 3.11): this table is the rule.
_REFUSED = tuple(
    ipaddress.ip_network(block)
    for block in (
        # IPv4
        "0.0.0.0/8",  # "this network" (RFC 791)
        "10.0.0.0/8",  # private (RFC 1918)
        "100.64.0.0/10",  # shared address space, carrier-grade NAT (RFC 6598)
        "127.0.0.0/8",  # loopback (RFC 1122)
        "169.254.0.0/16",  # link-local, cloud metadata (RFC 3927)
        "172.16.0.0/12",  # private (RFC 1918)
        "192.0.0.0/24",  # IETF protocol assignments (RFC 6890): DS-Lite, NAT64 discovery
        "192.0.2.0/24",  # documentation, TEST-NET-1 (RFC 5737)
        "192.88.99.0/24",  # 6to4 relay anycast, deprecated (RFC 7526)
        "192.168.0.0/16",  # private (RFC 1918)
        "198.18.0.0/15",  # benchmarking (RFC 2544)
        "198.51.100.0/24",  # documentation, TEST-NET-2 (RFC 5737)
        "203.0.113.0/24",  # documentation, TEST-NET-3 (RFC 5737)
        "224.0.0.0/4",  # multicast (RFC 5771)
        "240.0.0.0/4",  # reserved (RFC 1112), and the limited broadcast 255.255.255.255
        # IPv6
        "::/96",  # unspecified, loopback and IPv4-compatible, deprecated (RFC 4291)
        "::ffff:0:0/96",  # IPv4-mapped (RFC 4291)
        "64:ff9b:1::/48",  # local-use NAT64: the operator's own gateway (RFC 8215)
        "100::/64",  # discard-only (RFC 6666)
        "100:0:0:1::/64",  # dummy prefix (RFC 9780)
        "2001::/23",  # IETF protocol assignments (RFC 2928): Teredo, benchmarking, ORCHID
        "2001:db8::/32",  # documentation (RFC 3849)
        "3fff::/20",  # documentation (RFC 9637)
        "5f00::/16",  # segment routing SIDs (RFC 9602)
        "fc00::/7",  # unique local (RFC 4193)
        "fe80::/10",  # link-local (RFC 4291)
        "fec0::/10",  # site-local, deprecated (RFC 3879)
        "ff00::/8",  # multicast (RFC 4291)
    )
)
# IPv6's global unicast space (RFC 4291): nothing outside it is an internet destination,
# except the NAT64 well-known prefix, which leads to the IPv4 address inside it (RFC 6052).
_GLOBAL_UNICAST = ipaddress.ip_network("2000::/3")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")


def _embedded_ipv4(address: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address leads to (6to4, NAT64; mapped and Teredo forms are
    refused whole)."""
    found = [a for a in (address.ipv4_mapped, address.sixtofour) if a is not None]
    if address in _NAT64:
        found.append(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
    return found


def is_public_address(text: str) -> bool:
    """A unicast address on the public internet, also once any IPv4 inside it is unwrapped:
    in no block of `_REFUSED`, and for IPv6 in the global unicast space (or NAT64)."""
    address = ipaddress.ip_address(text)
    if any(address in block for block in _REFUSED if block.version == address.version):
        return False
    if isinstance(address, ipaddress.IPv6Address):
        if address not in _GLOBAL_UNICAST and address not in _NAT64:
            return False
        return all(is_public_address(str(inner)) for inner in _embedded_ipv4(address))
    return True


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
            if not is_public_address(address):
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

    def __init__(self, destination: Destination, timeout: float = TIMEOUT_SECONDS):
        super().__init__(destination.host, destination.port, timeout=timeout)
        self.address = destination.address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """HTTPS to the vetted address; the certificate is checked against the host name."""

    def __init__(self, destination: Destination, timeout: float = TIMEOUT_SECONDS):
        context = ssl.create_default_context()
        super().__init__(destination.host, destination.port, timeout=timeout, context=context)
        self.address = destination.address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def _request(
    destination: Destination,
    body: bytes,
    headers: dict[str, str],
    timeout: float = TIMEOUT_SECONDS,
):
    """POST to a vetted destination: (status, Location header or None)."""
    pinned = _PinnedHTTPS if destination.scheme == "https" else _PinnedHTTP
    connection = pinned(destination, timeout)
    try:
        connection.request("POST", destination.target, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.getheader("Location")
    finally:
        connection.close()


def post(url: str, body: bytes, headers: dict[str, str]) -> int:
    """POST the body once; return the HTTP status (an error or a redirect status is returned).

    Network failures raise OSError or http.client.HTTPException; a destination that may not
    receive notifications raises RefusedDestination."""
    return _request(vet(url), body, headers)[0]


def _shown(url: str) -> str:
    return url if len(url) <= 120 else url[:117] + "..."


def send(url: str, body: bytes, headers: dict[str, str], redirects: int = MAX_REDIRECTS) -> int:
    """POST the body, following at most `redirects` vetted redirects; the final status.

    Raises what `post` raises, and RefusedRedirect for a redirect that may not be followed."""
    destination, followed = vet(url), 0
    deadline = time.monotonic() + DEADLINE_SECONDS
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no answer within {DEADLINE_SECONDS} s")
        status, location = _request(destination, body, headers, min(TIMEOUT_SECONDS, left))
        if status not in FOLLOWED or not location:
            return status
        if followed == redirects:
            raise RefusedRedirect(
                "redirects", f"HTTP {status}: more than {redirects} redirects, not followed"
            )
        target = urljoin(url, location.strip())
        try:
            following = vet(target)
        except RefusedDestination as refusal:
            raise RefusedRedirect(
                "redirect", f"HTTP {status}: redirect to {_shown(target)} refused: {refusal}"
            ) from refusal
        if destination.scheme == "https" and following.scheme != "https":
            raise RefusedRedirect(
                "downgrade", f"HTTP {status}: redirect from https to {_shown(target)} refused"
            )
        url, destination, followed = target, following, followed + 1


class PinnedAdapter(HTTPAdapter):
    """A `requests` transport to one vetted destination, for clients that bring their own
    HTTP (pywebpush): it connects to `destination.address`, never resolving the host again,
    while the Host header and the TLS certificate check still name the host."""

    def __init__(self, destination: Destination):
        self.destination = destination
        super().__init__(max_retries=0)

    def build_connection_pool_key_attributes(self, request, verify, cert=None):
        host_params, pool_kwargs = super().build_connection_pool_key_attributes(
            request, verify, cert
        )
        host_params["host"] = self.destination.address
        if host_params["scheme"] == "https":
            pool_kwargs["server_hostname"] = self.destination.host
            pool_kwargs["assert_hostname"] = self.destination.host
        return host_params, pool_kwargs

    def add_headers(self, request, **kwargs) -> None:
        request.headers["Host"] = urlsplit(request.url).netloc


def pinned_session(session: requests.Session, url: str) -> Destination:
    """Vet `url` and route the session's requests for its origin to the vetted address."""
    destination = vet(url)
    parts = urlsplit(url)
    session.mount(f"{parts.scheme}://{parts.netloc}/", PinnedAdapter(destination))
    return destination
