"""HMAC-SHA256 signatures of webhook payloads (receivers verify them with the shared secret).

The signed text is `<timestamp>.<body>`: the X-Spellfire-Timestamp header, a dot and the raw
request body; the X-Spellfire-Signature header carries `sha256=<hex digest>`. Receivers should
refuse a timestamp older than a few minutes (replays).
"""

import hashlib
import hmac

SIGNATURE_HEADER = "X-Spellfire-Signature"
TIMESTAMP_HEADER = "X-Spellfire-Timestamp"


def signature(secret: str, timestamp: str, body: bytes) -> str:
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + digest.hexdigest()


def verify(secret: str, timestamp: str, body: bytes, header: str) -> bool:
    return hmac.compare_digest(signature(secret, timestamp, body), header)
