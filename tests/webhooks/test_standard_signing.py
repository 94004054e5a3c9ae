"""Standard Webhooks signatures (https://www.standardwebhooks.com, spec "Signature scheme" and
"Webhook headers"): `webhook-id`, `webhook-timestamp` (integer unix seconds) and
`webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, the key being the
base64 after the `whsec_` prefix of the secret; the X-Spellfire headers stay beside them."""

import base64
import hashlib
import hmac
import json
import uuid

import pytest
from django.utils import timezone
from standardwebhooks.webhooks import Webhook as StandardWebhook

from tournament.webhooks import services, signing
from tournament.webhooks.models import Delivery, Kind, Webhook

pytestmark = pytest.mark.django_db

# The test vector of the Standard Webhooks reference library (standard-webhooks repository,
# libraries/python/tests/test_webhooks.py, test_sign_function): published expected value.
VECTOR_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
VECTOR_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek"
VECTOR_TIMESTAMP = "1614265330"
VECTOR_BODY = b'{"test": 2432232314}'
VECTOR_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="


def vector_headers(**changed) -> dict:
    headers = {
        "webhook-id": VECTOR_ID,
        "webhook-timestamp": VECTOR_TIMESTAMP,
        "webhook-signature": VECTOR_SIGNATURE,
    }
    return headers | changed


def test_the_published_test_vector_is_signed_as_published():
    signed = signing.standard_signature(VECTOR_SECRET, VECTOR_ID, VECTOR_TIMESTAMP, VECTOR_BODY)
    assert signed == VECTOR_SIGNATURE
    # the prefix is optional for the key (the reference library accepts both)
    bare = VECTOR_SECRET.removeprefix("whsec_")
    assert signing.standard_signature(bare, VECTOR_ID, VECTOR_TIMESTAMP, VECTOR_BODY) == signed


def test_verify_accepts_the_vector_and_refuses_any_change():
    now = int(VECTOR_TIMESTAMP)
    assert signing.verify_standard(VECTOR_SECRET, vector_headers(), VECTOR_BODY, now=now)
    # header names in any case (HTTP header names are case-insensitive)
    upper = {k.upper(): v for k, v in vector_headers().items()}
    assert signing.verify_standard(VECTOR_SECRET, upper, VECTOR_BODY, now=now)
    # one byte of the body, the id, the timestamp or the secret changed
    assert not signing.verify_standard(
        VECTOR_SECRET, vector_headers(), b'{"test": 2432232315}', now=now
    )
    assert not signing.verify_standard(
        VECTOR_SECRET, vector_headers(**{"webhook-id": "msg_other"}), VECTOR_BODY, now=now
    )
    assert not signing.verify_standard(
        VECTOR_SECRET,
        vector_headers(**{"webhook-timestamp": "1614265331"}),
        VECTOR_BODY,
        now=now,
    )
    assert not signing.verify_standard(
        "whsec_" + base64.b64encode(b"another key of 24 bytes!").decode(),
        vector_headers(),
        VECTOR_BODY,
        now=now,
    )


def test_verify_refuses_old_and_future_timestamps():
    """Spec, "Verifying signatures": the timestamp within a tolerance of the current time."""
    ts = int(VECTOR_TIMESTAMP)
    headers = vector_headers()
    assert signing.verify_standard(VECTOR_SECRET, headers, VECTOR_BODY, now=ts + 300)
    assert signing.verify_standard(VECTOR_SECRET, headers, VECTOR_BODY, now=ts - 300)
    assert not signing.verify_standard(VECTOR_SECRET, headers, VECTOR_BODY, now=ts + 301)
    assert not signing.verify_standard(VECTOR_SECRET, headers, VECTOR_BODY, now=ts - 301)
    assert signing.verify_standard(
        VECTOR_SECRET, headers, VECTOR_BODY, now=ts + 3600, tolerance=3600
    )


def test_verify_takes_any_matching_v1_signature_of_the_list():
    """Spec, "Webhook headers": a space-delimited list (secret rotation); only `v1` is HMAC."""
    other = "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc="
    listed = f"{other} v1a,{VECTOR_SIGNATURE[3:]} {VECTOR_SIGNATURE}"
    now = int(VECTOR_TIMESTAMP)
    headers = vector_headers(**{"webhook-signature": listed})
    assert signing.verify_standard(VECTOR_SECRET, headers, VECTOR_BODY, now=now)
    # the right digest under another version identifier is not accepted
    wrong_version = vector_headers(**{"webhook-signature": f"v1a,{VECTOR_SIGNATURE[3:]}"})
    assert not signing.verify_standard(VECTOR_SECRET, wrong_version, VECTOR_BODY, now=now)


@pytest.mark.parametrize(
    "missing", ["webhook-id", "webhook-timestamp", "webhook-signature"], ids=str
)
def test_verify_refuses_a_request_without_a_header(missing):
    headers = vector_headers()
    del headers[missing]
    assert not signing.verify_standard(
        VECTOR_SECRET, headers, VECTOR_BODY, now=int(VECTOR_TIMESTAMP)
    )


def test_verify_refuses_a_timestamp_that_is_not_unix_seconds():
    for value in ["hello", "1614265330.5", "-1614265330", "１６１４２６５３３０"]:
        headers = vector_headers(**{"webhook-timestamp": value})
        assert not signing.verify_standard(
            VECTOR_SECRET, headers, VECTOR_BODY, now=int(VECTOR_TIMESTAMP)
        ), value


def test_a_hooks_secret_is_shown_as_whsec_base64_of_its_bytes():
    # "s3cret" in base64, by hand: "s3c" → c z N j, "ret" → c m V 0.
    assert signing.standard_secret("s3cret") == "whsec_czNjcmV0"
    assert Webhook(secret="s3cret").standard_secret == "whsec_czNjcmV0"


@pytest.fixture
def receiver(serve, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = True  # the receiver runs on this machine
    return serve()


def test_a_delivery_carries_both_signatures(event, receiver):
    hook = Webhook.objects.create(
        event=event,
        url=f"http://127.0.0.1:{receiver.port}/hook",
        kinds=Kind.values,
        secret="s3cret",
    )
    delivery = Delivery.objects.create(webhook=hook, kind="event.finished", payload={"a": 1})
    before = int(timezone.now().timestamp())
    assert services.attempt(delivery) is True
    _path, headers, body = receiver.received[0]
    delivery.refresh_from_db()
    assert headers["webhook-id"] == str(delivery.uid)  # a UUID: never repeats after a restore
    assert uuid.UUID(headers["webhook-id"]).version == 4
    timestamp = headers["webhook-timestamp"]
    assert timestamp.isdigit() and before <= int(timestamp) <= before + 5
    # The receivers' own library accepts it (a Standard Webhooks receiver, unchanged).
    assert StandardWebhook(hook.standard_secret).verify(body, dict(headers)) == {
        "a": 1,
        "delivery": delivery.pk,
    }
    # By hand from the spec: key = the bytes behind whsec_ (here b"s3cret").
    signed = f"{delivery.uid}.{timestamp}.".encode() + body
    digest = hmac.new(b"s3cret", signed, hashlib.sha256).digest()
    assert headers["webhook-signature"] == "v1," + base64.b64encode(digest).decode()
    assert signing.verify_standard("whsec_czNjcmV0", headers, body, now=int(timestamp))
    # the X-Spellfire scheme is unchanged: HMAC-SHA256(secret, "<timestamp>.<body>") in hex
    legacy = hmac.new(b"s3cret", timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    assert headers["X-Spellfire-Signature"] == "sha256=" + legacy
    assert headers["X-Spellfire-Timestamp"] == timestamp
    assert headers["X-Spellfire-Delivery"] == str(delivery.uid)
    assert json.loads(body) == {"a": 1, "delivery": delivery.pk}


def test_the_id_stays_the_same_on_every_retry(event, receiver):
    """Spec, "Webhook metadata": the id remains the same however often a delivery is retried
    (receivers use it as an idempotency key)."""
    receiver.answers["/hook"] = 500
    hook = Webhook.objects.create(
        event=event, url=f"http://127.0.0.1:{receiver.port}/hook", kinds=Kind.values
    )
    delivery = Delivery.objects.create(webhook=hook, kind="event.finished", payload={})
    assert services.attempt(delivery) is False
    receiver.answers["/hook"] = 200
    assert services.attempt(delivery) is True
    ids = [headers["webhook-id"] for _path, headers, _body in receiver.received]
    assert ids == [str(delivery.uid), str(delivery.uid)]
    for _path, headers, body in receiver.received:
        assert signing.verify_standard(
            hook.standard_secret, headers, body, now=int(headers["webhook-timestamp"])
        )
        StandardWebhook(hook.standard_secret).verify(body, dict(headers))  # raises if wrong


def test_every_delivery_has_its_own_id_and_a_forged_body_is_refused_by_the_library(event, receiver):
    from standardwebhooks.webhooks import WebhookVerificationError

    hook = Webhook.objects.create(
        event=event, url=f"http://127.0.0.1:{receiver.port}/hook", kinds=Kind.values
    )
    for n in range(2):
        delivery = Delivery.objects.create(webhook=hook, kind="event.finished", payload={"n": n})
        assert services.attempt(delivery) is True
    (_p, first, body), (_q, second, _b) = receiver.received
    assert first["webhook-id"] != second["webhook-id"]
    with pytest.raises(WebhookVerificationError):
        StandardWebhook(hook.standard_secret).verify(body.replace(b"0", b"1"), dict(first))
