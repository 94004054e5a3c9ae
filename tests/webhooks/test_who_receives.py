"""Which hooks get a delivery (docs/webhooks.md: an event's active hooks, each only for the
kinds it subscribed to) and the legacy signature check (`X-Spellfire-Signature`: HMAC-SHA256
of "timestamp.body" with the hook's secret, worked out here with hashlib)."""

import hashlib
import hmac

import pytest

from tournament.webhooks import services, signing
from tournament.webhooks.models import Delivery, Kind, Webhook


def hook(event, organizer, kinds, active=True) -> Webhook:
    return Webhook.objects.create(
        event=event,
        url="https://hooks.example.org/x",
        kinds=[k.value for k in kinds],
        active=active,
        created_by=organizer,
    )


def test_only_active_hooks_of_the_kind_get_a_delivery(event, organizer, monkeypatch):
    monkeypatch.setattr(services, "enqueue", lambda delivery: None)  # no sending here
    listening = hook(event, organizer, [Kind.ROUND_SEATED, Kind.EVENT_FINISHED])
    hook(event, organizer, [Kind.ROUND_SEATED], active=False)
    hook(event, organizer, [Kind.EVENT_FINISHED])
    services._queue(event.pk, Kind.ROUND_SEATED, lambda e: ("Round 1 is seated", {}))
    assert list(Delivery.objects.values_list("webhook_id", "kind")) == [
        (listening.pk, Kind.ROUND_SEATED.value)
    ]


def test_no_hook_listening_means_no_delivery(event, organizer, monkeypatch):
    monkeypatch.setattr(services, "enqueue", lambda delivery: None)
    hook(event, organizer, [Kind.ROUND_SEATED], active=False)
    hook(event, organizer, [Kind.EVENT_FINISHED])
    services._queue(event.pk, Kind.ROUND_SEATED, lambda e: ("Round 1 is seated", {}))
    assert not Delivery.objects.exists()


@pytest.mark.parametrize(
    ("header", "valid"),
    [
        (
            "sha256=" + hmac.new(b"s3cret", b"1700000000.{}", hashlib.sha256).hexdigest(),
            True,
        ),
        ("sha256=" + "0" * 64, False),
        ("", False),
        ("sha256=" + hmac.new(b"other", b"1700000000.{}", hashlib.sha256).hexdigest(), False),
    ],
)
def test_the_legacy_signature_check_accepts_only_the_bodys_signature(header, valid):
    assert signing.verify("s3cret", "1700000000", b"{}", header) is valid
