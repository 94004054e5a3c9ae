"""Signatures of webhook deliveries: two schemes on every delivery, with one shared secret.

**Standard Webhooks** (https://www.standardwebhooks.com, symmetric scheme): the headers
`webhook-id` (the delivery's id, the same on every retry), `webhook-timestamp` (unix seconds
of the attempt) and `webhook-signature: v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>`.
The key is the hook's secret as bytes; receivers are given it serialized the standard way,
`whsec_` followed by the base64 of those bytes (`standard_secret`), which any Standard
Webhooks library accepts. `verify_standard` is the check for a receiver written in Python.

**X-Spellfire** (the site's first scheme, kept for existing receivers): the signed text is
`<timestamp>.<body>`: the X-Spellfire-Timestamp header, a dot and the raw request body; the
X-Spellfire-Signature header carries `sha256=<hex digest>` keyed with the secret as text.

Receivers should refuse a timestamp more than a few minutes away from their clock (replays)
and may use the id to process a delivery once.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import time
from collections.abc import Mapping

SIGNATURE_HEADER = "X-Spellfire-Signature"
TIMESTAMP_HEADER = "X-Spellfire-Timestamp"

ID_HEADER = "webhook-id"
STANDARD_TIMESTAMP_HEADER = "webhook-timestamp"
STANDARD_SIGNATURE_HEADER = "webhook-signature"
SECRET_PREFIX = "whsec_"
TOLERANCE_SECONDS = 5 * 60


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """The X-Spellfire-Signature of a body."""
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + digest.hexdigest()


def verify(secret: str, timestamp: str, body: bytes, header: str) -> bool:
    """Whether an X-Spellfire-Signature header is the body's (the timestamp is not checked)."""
    return hmac.compare_digest(signature(secret, timestamp, body), header)


def standard_secret(secret: str) -> str:
    """A hook's secret as a Standard Webhooks receiver is given it: `whsec_` + base64."""
    return SECRET_PREFIX + base64.b64encode(secret.encode()).decode("ascii")


def _key(secret: str) -> bytes:
    """The key bytes of a `whsec_…` secret (the prefix may be left out)."""
    encoded = secret.removeprefix(SECRET_PREFIX)
    # Some secrets are written without their base64 padding: b64decode ignores extra "=".
    return base64.b64decode(encoded + "==")


def standard_signature(secret: str, msg_id: str, timestamp: str, body: bytes) -> str:
    """The `v1,<base64>` signature of a body, keyed with a `whsec_…` secret."""
    signed = f"{msg_id}.{timestamp}.".encode() + body
    digest = hmac.new(_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode("ascii")


def standard_headers(secret: str, msg_id: str, timestamp: str, body: bytes) -> dict[str, str]:
    """The three Standard Webhooks headers of one attempt (`secret` as `whsec_…`)."""
    return {
        ID_HEADER: msg_id,
        STANDARD_TIMESTAMP_HEADER: timestamp,
        STANDARD_SIGNATURE_HEADER: standard_signature(secret, msg_id, timestamp, body),
    }


def verify_standard(
    secret: str,
    headers: Mapping[str, str],
    body: bytes,
    *,
    tolerance: int = TOLERANCE_SECONDS,
    now: float | None = None,
) -> bool:
    """For receivers: whether a request carries a valid Standard Webhooks signature.

    `secret` is the `whsec_…` secret shown on the event's webhooks page; `headers` the request
    headers (any case); `body` the raw body, exactly as received (not parsed and re-encoded).
    False when a header is missing, the timestamp is more than `tolerance` seconds from `now`
    (replays), or no `v1` signature of the space-separated list matches.
    """
    found = {name.lower(): value for name, value in headers.items()}
    msg_id = found.get(ID_HEADER)
    timestamp = found.get(STANDARD_TIMESTAMP_HEADER, "")
    signatures = found.get(STANDARD_SIGNATURE_HEADER)
    if not (msg_id and signatures and timestamp.isascii() and timestamp.isdigit()):
        return False
    if abs((time.time() if now is None else now) - int(timestamp)) > tolerance:
        return False
    try:
        expected = standard_signature(secret, msg_id, timestamp, body)
    except (binascii.Error, ValueError):
        return False
    # each candidate compared whole ("v1," included): another scheme's signature never matches
    return any(
        hmac.compare_digest(expected.encode(), candidate.encode())
        for candidate in signatures.split(" ")
    )
