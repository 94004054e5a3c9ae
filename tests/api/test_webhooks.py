"""Webhooks: signed deliveries to a local HTTP server, retries, the log page, permissions."""

import hashlib
import hmac
import http.server
import json
import threading
from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.core import transport
from tournament.core.happenings import announce
from tournament.rounds.happenings import EventFinished
from tournament.rounds.services import rounds as round_service
from tournament.webhooks import services
from tournament.webhooks.models import Delivery, Kind, Webhook
from tournament.webhooks.tasks import retry_stale

pytestmark = pytest.mark.django_db


class Receiver(http.server.BaseHTTPRequestHandler):
    """Records every POST; answers the status at the head of `statuses` (then 200)."""

    received: list[tuple[dict, bytes]]
    statuses: list[int]

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.received.append((dict(self.headers), body))
        self.send_response(self.statuses.pop(0) if self.statuses else 200)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def receiver(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = True
    handler = type("Handler", (Receiver,), {"received": [], "statuses": []})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    handler.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    yield handler
    server.shutdown()
    server.server_close()


@pytest.fixture
def hook(event, organizer, receiver) -> Webhook:
    return Webhook.objects.create(
        event=event, url=receiver.url, kinds=Kind.values, created_by=organizer, secret="s3cret"
    )


def test_seating_and_publishing_a_round_are_signed_posts(
    hook, receiver, event, registered_players, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        rnd = round_service.seat_next_round(event, seed=3)
    with django_capture_on_commit_callbacks(execute=True):
        round_service.publish_round(rnd)
    kinds = [headers["X-Spellfire-Event"] for headers, _ in receiver.received]
    assert kinds == ["round.seated", "round.published"]
    headers, body = receiver.received[1]
    # Worked by hand from the documented scheme: HMAC-SHA256(secret, "<timestamp>.<body>").
    signed = headers["X-Spellfire-Timestamp"].encode() + b"." + body
    expected = "sha256=" + hmac.new(b"s3cret", signed, hashlib.sha256).hexdigest()
    assert headers["X-Spellfire-Signature"] == expected
    data = json.loads(body)
    assert data["type"] == "round.published"
    assert data["event"]["id"] == event.pk
    assert data["round"]["number"] == 1 and data["round"]["published"] is True
    assert "round 1" in data["content"]
    assert set(Delivery.objects.values_list("state", flat=True)) == {"delivered"}


def test_time_called_and_event_finished(
    hook, receiver, event, registered_players, django_capture_on_commit_callbacks
):
    event.time_limit_minutes = 60
    event.save()
    rnd = round_service.seat_next_round(event, seed=3)
    round_service.start_timer(rnd)
    with django_capture_on_commit_callbacks(execute=True):
        round_service.call_time(rnd)
    headers, body = receiver.received[-1]
    assert headers["X-Spellfire-Event"] == "round.time_called"
    assert json.loads(body)["round"]["time_called_at"] is not None
    event.status = "finished"
    with django_capture_on_commit_callbacks(execute=True):
        event.save(update_fields=["status"])
        announce(EventFinished(event))  # what the finishing service announces
    assert receiver.received[-1][0]["X-Spellfire-Event"] == "event.finished"


def test_a_hook_gets_only_the_kinds_it_chose(
    hook, receiver, event, registered_players, django_capture_on_commit_callbacks
):
    hook.kinds = [Kind.ROUND_PUBLISHED]
    hook.save()
    with django_capture_on_commit_callbacks(execute=True):
        rnd = round_service.seat_next_round(event, seed=3)
        round_service.publish_round(rnd)
    assert [h["X-Spellfire-Event"] for h, _ in receiver.received] == ["round.published"]


def test_failures_are_logged_retried_and_never_break_the_request(
    hook, receiver, event, registered_players, django_capture_on_commit_callbacks
):
    receiver.statuses = [500]
    with django_capture_on_commit_callbacks(execute=True):
        rnd = round_service.seat_next_round(event, seed=3)  # must not raise
    delivery = Delivery.objects.get()
    assert delivery.state == "pending" and delivery.attempts == 1
    assert delivery.response_status == 500 and delivery.error == "HTTP 500"
    assert delivery.next_attempt_at > timezone.now()
    # not yet overdue: the beat job leaves it to the retry already scheduled
    assert retry_stale() == 0
    Delivery.objects.update(next_attempt_at=timezone.now() - timedelta(minutes=6))
    assert retry_stale() == 1
    delivery.refresh_from_db()
    assert delivery.state == "delivered" and delivery.attempts == 2
    assert rnd.pk


def test_gives_up_after_the_last_attempt(hook, receiver):
    receiver.statuses = [503] * services.MAX_ATTEMPTS
    delivery = Delivery.objects.create(webhook=hook, kind="event.finished", payload={})
    for _ in range(services.MAX_ATTEMPTS):
        services.attempt(delivery)
    assert delivery.state == "failed" and delivery.next_attempt_at is None
    assert [services.retry_delay(n) for n in (1, 2, 3)] == [30, 120, 480]


def test_unreachable_receiver_is_recorded(event, organizer, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = True
    hook = Webhook.objects.create(event=event, url="http://127.0.0.1:9/x", kinds=Kind.values)
    delivery = Delivery.objects.create(webhook=hook, kind="event.finished", payload={})
    assert services.attempt(delivery) is False
    assert delivery.error and delivery.response_status is None


def test_private_destinations_are_refused_in_production(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = False
    for url in ["http://127.0.0.1/x", "http://10.0.0.5/x", "http://[::1]/x"]:
        with pytest.raises(transport.RefusedDestination):
            transport.post(url, b"{}", {})


def test_organizer_registers_a_hook_and_reads_the_log(
    client_as, organizer, judge, event, hook, fake_dns
):
    fake_dns["discord.example"] = ["93.184.216.34"]  # a public address
    client = client_as(judge)
    assert client.get(f"/events/{event.pk}/webhooks/").status_code == 403
    client = client_as(organizer)
    response = client.post(
        f"/events/{event.pk}/webhooks/",
        {"url": "https://discord.example/api/webhooks/1/abc", "kinds": ["event.finished"]},
    )
    assert response.status_code == 302
    new = Webhook.objects.get(url__startswith="https://discord.example")
    assert new.kinds == ["event.finished"] and len(new.secret) >= 32
    bad = client.post(f"/events/{event.pk}/webhooks/", {"url": "not a url", "kinds": []})
    assert bad.status_code == 200 and Webhook.objects.count() == 2
    Delivery.objects.create(
        webhook=hook, kind="round.seated", payload={}, state="failed", error="HTTP 500"
    )
    log = client.get(f"/events/{event.pk}/webhooks/deliveries/").content.decode()
    assert "Round seated" in log and "HTTP 500" in log
