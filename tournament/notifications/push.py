"""Web Push, the outbox's second channel: a browser's subscription, checked when it is
stored, and one push to each of a person's subscriptions when a message is delivered.

Offered only when the VAPID keys are set (`WEBPUSH_VAPID_PUBLIC_KEY`,
`WEBPUSH_VAPID_PRIVATE_KEY`, `WEBPUSH_VAPID_SUBJECT`; `manage.py webpush_keys` makes a pair).
A push service's failure is recorded on the subscription and never stops the e-mail;
a subscription the push service calls gone (404, 410) is deleted. An endpoint is a URL the
browser chose: like a webhook, it must be https and resolve to public addresses only, when
stored and again before each push (`core.transport.vet`).
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import json
import logging
import re
from collections.abc import Iterable
from functools import lru_cache

import pywebpush
import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from py_vapid import Vapid

from tournament.core.transport import pinned_session, vet
from tournament.notifications.models import PushSubscription

logger = logging.getLogger(__name__)

TIMEOUT_SECONDS = 10
# Kept by the push service this long for a phone that is off; older news is not worth it.
TTL_SECONDS = 12 * 60 * 60
# The newest subscriptions a person keeps (each message is pushed to every one of them).
MAX_SUBSCRIPTIONS = 10
EXPIRED = (404, 410)
BODY_CHARS = 300  # a push payload is at most 4 KB; the first line of a body is short anyway
ENDPOINT_CHARS = PushSubscription._meta.get_field("endpoint").max_length
BASE64URL = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")


@dataclasses.dataclass(frozen=True)
class VapidKeys:
    public_key: str
    private_key: str
    subject: str


def vapid() -> VapidKeys | None:
    """The site's VAPID keys, or None: Web Push is not offered without all three."""
    names = ("WEBPUSH_VAPID_PUBLIC_KEY", "WEBPUSH_VAPID_PRIVATE_KEY", "WEBPUSH_VAPID_SUBJECT")
    values = [str(getattr(settings, name, "") or "").strip() for name in names]
    return VapidKeys(*values) if all(values) else None


def offered() -> bool:
    return vapid() is not None


def public_key() -> str:
    keys = vapid()
    return keys.public_key if keys else ""


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def from_b64url(text: str) -> bytes:
    """Bytes of a base64url string (padded or not); ValueError if it is not one."""
    if not BASE64URL.match(text):
        raise ValueError("not base64url")
    try:
        return base64.urlsafe_b64decode(text.rstrip("=") + "=" * (-len(text.rstrip("=")) % 4))
    except binascii.Error as error:
        raise ValueError("not base64url") from error


def new_keys() -> tuple[str, str]:
    """A new VAPID key pair: (public, private), base64url, as the settings hold them. The
    public key is the raw uncompressed P-256 point that `PushManager.subscribe()` takes."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(
        encoding=serialization.Encoding.X962,
        format=serialization.PublicFormat.UncompressedPoint,
    )
    return b64url(public), b64url(private)


class InvalidSubscription(ValueError):
    """What the browser sent is not a usable subscription; `field` names the bad part."""

    def __init__(self, field: str, message):
        super().__init__(str(message))
        self.field = field


def clean(data) -> dict[str, str]:
    """The endpoint and keys of a `PushSubscription.toJSON()`, checked; InvalidSubscription
    (naming the field) if anything is missing or wrong."""
    if not isinstance(data, dict):
        raise InvalidSubscription("body", _("Send the subscription as a JSON object."))
    endpoint = data.get("endpoint")
    if not isinstance(endpoint, str) or not endpoint.strip():
        raise InvalidSubscription("endpoint", _("The subscription has no endpoint."))
    endpoint = endpoint.strip()
    if len(endpoint) > ENDPOINT_CHARS:
        raise InvalidSubscription("endpoint", _("The endpoint is too long."))
    try:
        URLValidator(schemes=["https"])(endpoint)
    except ValidationError as error:
        raise InvalidSubscription(
            "endpoint", _("The endpoint must be an https:// address.")
        ) from error
    try:
        vet(endpoint)
    except ValueError as error:  # RefusedDestination, or a host urlsplit cannot read
        raise InvalidSubscription(
            "endpoint", _("The endpoint is not a push service this site can reach.")
        ) from error
    keys = data.get("keys")
    if not isinstance(keys, dict):
        raise InvalidSubscription("keys", _("The subscription has no keys."))
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if not isinstance(p256dh, str) or not _is_p256_point(p256dh):
        raise InvalidSubscription(
            "keys.p256dh", _("keys.p256dh is not a P-256 public key in base64url.")
        )
    if not isinstance(auth, str) or not _is_auth_secret(auth):
        raise InvalidSubscription("keys.auth", _("keys.auth is not a 16-byte secret in base64url."))
    return {"endpoint": endpoint, "p256dh": p256dh, "auth": auth}


def _is_p256_point(text: str) -> bool:
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), from_b64url(text))
    except ValueError:  # not base64url, not an uncompressed point, or not on the curve
        return False
    return True


def _is_auth_secret(text: str) -> bool:
    try:
        return len(from_b64url(text)) == 16
    except ValueError:
        return False


def subscribe(user, endpoint: str, p256dh: str, auth: str) -> PushSubscription:
    """Store this browser's subscription for `user`. An endpoint is one browser: subscribed
    again (maybe under another login on a shared phone) it moves to the newest subscriber.
    Only the newest `MAX_SUBSCRIPTIONS` of a person are kept."""
    try:
        with transaction.atomic():
            PushSubscription.objects.filter(endpoint=endpoint).delete()
            subscription = PushSubscription.objects.create(
                user=user, endpoint=endpoint, p256dh=p256dh, auth=auth
            )
    except IntegrityError:  # the same browser, stored by a request running at the same time
        return PushSubscription.objects.get(endpoint=endpoint)
    older = PushSubscription.objects.filter(user=user).order_by("-created_at", "-pk")
    stale = list(older.values_list("pk", flat=True)[MAX_SUBSCRIPTIONS:])
    if stale:
        PushSubscription.objects.filter(pk__in=stale).delete()
    return subscription


def unsubscribe(user, endpoint: str) -> bool:
    """Forget this browser for `user` (only his own); whether there was one."""
    deleted, _kinds = PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()
    return bool(deleted)


def payload(subject: str, body: str, url: str) -> str:
    """What the service worker shows: the title, the first line of the body, where a click
    leads."""
    first_line = body.strip().split("\n", 1)[0].strip()[:BODY_CHARS]
    return json.dumps({"title": subject, "body": first_line, "url": url})


class _NoRedirects(requests.Session):
    """A push service answers; it does not redirect. A 3xx is its (failed) answer, never
    followed to wherever it points (which nobody vetted)."""

    def request(self, *args, **kwargs):
        kwargs["allow_redirects"] = False
        return super().request(*args, **kwargs)


@lru_cache(maxsize=4)
def _signer(private_key: str) -> Vapid:
    return Vapid.from_string(private_key)


@dataclasses.dataclass
class Pushed:
    """How a message's push went: accepted by how many push services, and their errors."""

    delivered: int = 0
    expired: int = 0
    errors: list[str] = dataclasses.field(default_factory=list)


def send(subscriptions: Iterable[PushSubscription], data: str) -> Pushed:
    """Push `data` to each subscription, once. Never raises: a failure is recorded on its
    subscription (`last_error`), an expired subscription (404, 410) is deleted."""
    keys = vapid()
    result = Pushed()
    with _NoRedirects() as session:
        for subscription in subscriptions:
            outcome, problem = _push(subscription, data, keys, session)
            if outcome == SENT:
                result.delivered += 1
                if subscription.last_error:
                    subscription.last_error = ""
                    subscription.save(update_fields=["last_error"])
            elif outcome == GONE:
                subscription.delete()
                result.expired += 1
            else:
                subscription.last_error = problem[:500]
                subscription.save(update_fields=["last_error"])
                result.errors.append(problem)
    return result


SENT, GONE, FAILED = "sent", "gone", "failed"


def _push(
    subscription: PushSubscription, data: str, keys: VapidKeys | None, session
) -> tuple[str, str]:
    """Push to one subscription: (SENT, ""), (GONE, "") when the push service says the
    subscription expired, or (FAILED, what went wrong)."""
    try:
        if keys is None:
            raise RuntimeError("the VAPID settings are not set")
        # Vetted again (a DNS answer can change after it was stored) and connected to the
        # very address that was checked: pywebpush must not resolve the host a second time.
        pinned_session(session, subscription.endpoint)
        pywebpush.webpush(
            subscription.info(),
            data=data,
            vapid_private_key=_signer(keys.private_key),
            # A new dict each time: pywebpush writes the endpoint's origin ("aud") in it.
            vapid_claims={"sub": keys.subject},
            timeout=TIMEOUT_SECONDS,
            ttl=TTL_SECONDS,
            requests_session=session,
        )
    except pywebpush.WebPushException as error:
        if error.status_code in EXPIRED:
            return GONE, ""
        return FAILED, str(error.message).split("\n", 1)[0]
    except Exception as error:  # network, bad key material: never the e-mail's problem
        logger.warning("push to subscription %s failed", subscription.pk, exc_info=True)
        return FAILED, f"{type(error).__name__}: {error}"
    return SENT, ""


def configuration_problems() -> list[str]:
    """What is wrong with the VAPID settings (empty when all three are unset, or right)."""
    names = ("WEBPUSH_VAPID_PUBLIC_KEY", "WEBPUSH_VAPID_PRIVATE_KEY", "WEBPUSH_VAPID_SUBJECT")
    missing = [name for name in names if not str(getattr(settings, name, "") or "").strip()]
    if len(missing) == len(names):
        return []
    if missing:
        return [f"{', '.join(missing)} not set: Web Push is not offered"]
    keys = vapid()
    problems = []
    if not keys.subject.startswith(("mailto:", "https://")):
        problems.append("WEBPUSH_VAPID_SUBJECT must start with mailto: or https://")
    try:
        derived = Vapid.from_string(keys.private_key).public_key.public_bytes(
            encoding=serialization.Encoding.X962,
            format=serialization.PublicFormat.UncompressedPoint,
        )
    except Exception:  # py_vapid raises whatever its decoder raises
        return [*problems, "WEBPUSH_VAPID_PRIVATE_KEY is not a VAPID private key"]
    if b64url(derived) != keys.public_key.rstrip("="):
        problems.append("WEBPUSH_VAPID_PUBLIC_KEY is not the public key of the private key")
    return problems
