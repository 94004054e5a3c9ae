"""Webhook deliveries after an outage: one that could not be queued goes out at the first
sweep once the broker answers; one whose task was lost (Redis lost its data) within
STALE_AFTER; and two tasks for one delivery never send it twice."""

import datetime
import http.server
import threading
from unittest import mock

import pytest
from django.utils import timezone
from kombu.exceptions import OperationalError

from tournament.webhooks import services, tasks
from tournament.webhooks.models import Delivery, Kind, Webhook

pytestmark = pytest.mark.django_db


class Receiver(http.server.BaseHTTPRequestHandler):
    received: list[bytes]

    def do_POST(self):
        self.received.append(self.rfile.read(int(self.headers["Content-Length"])))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def hook(event, organizer, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = True
    handler = type("Handler", (Receiver,), {"received": []})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    hook = Webhook.objects.create(event=event, url=url, kinds=Kind.values, created_by=organizer)
    hook.received = handler.received
    yield hook
    server.shutdown()
    server.server_close()


def new_delivery(hook, age: datetime.timedelta = datetime.timedelta(0), **fields) -> Delivery:
    delivery = Delivery.objects.create(webhook=hook, kind="event.finished", payload={}, **fields)
    Delivery.objects.filter(pk=delivery.pk).update(created_at=timezone.now() - age)
    delivery.refresh_from_db()
    return delivery


def test_a_delivery_that_could_not_be_queued_goes_out_at_the_first_sweep(hook):
    delivery = new_delivery(hook)
    with mock.patch.object(tasks.deliver, "delay", side_effect=OperationalError("refused")):
        services.enqueue(delivery)  # the broker is down: nothing raised
    delivery.refresh_from_db()
    assert delivery.state == "pending" and delivery.error == services.NOT_QUEUED
    # A second old: due at once, without waiting STALE_AFTER.
    assert list(services.due_deliveries()) == [delivery]
    assert tasks.retry_stale() == 1  # the broker answers again: the sweep sends it
    delivery.refresh_from_db()
    assert delivery.state == "delivered" and delivery.attempts == 1 and delivery.error == ""
    assert len(hook.received) == 1


def test_a_queued_delivery_lost_with_redis_is_due_after_stale_after(hook):
    young = new_delivery(hook, services.STALE_AFTER - datetime.timedelta(seconds=5))
    old = new_delivery(hook, services.STALE_AFTER + datetime.timedelta(seconds=1))
    assert list(services.due_deliveries()) == [old]
    assert young.pk not in services.take_due()


def test_the_sweep_queues_a_delivery_once_per_stale_after(hook):
    lost = new_delivery(hook, datetime.timedelta(minutes=1))
    with mock.patch.object(tasks.deliver, "delay") as delay:
        assert tasks.retry_stale() == 1
        assert tasks.retry_stale() == 0  # queued now: not again at the next sweep
    delay.assert_called_once_with(lost.pk)
    lost.refresh_from_db()
    assert lost.state == "pending" and lost.attempts == 0


def test_two_tasks_for_one_delivery_send_it_once(hook):
    delivery = new_delivery(hook)
    claimed = services.claim(delivery.pk)
    assert claimed is not None
    assert services.claim(delivery.pk) is None  # the other task: someone is sending it
    assert tasks.deliver.apply(args=[delivery.pk]).get() == "gone"
    services.attempt(claimed)
    assert tasks.deliver.apply(args=[delivery.pk]).get() == "gone"  # delivered
    assert len(hook.received) == 1


def test_a_copy_leaves_a_scheduled_retry_alone(hook):
    later = timezone.now() + datetime.timedelta(seconds=services.FIRST_RETRY_SECONDS)
    delivery = new_delivery(hook, attempts=1, next_attempt_at=later)
    assert tasks.deliver.apply(args=[delivery.pk]).get() == "gone"
    assert hook.received == []
    Delivery.objects.filter(pk=delivery.pk).update(next_attempt_at=timezone.now())
    assert tasks.deliver.apply(args=[delivery.pk]).get() == "delivered"  # its retry, on time


def test_a_worker_that_died_mid_send_leaves_it_due_again(hook):
    delivery = new_delivery(hook, datetime.timedelta(minutes=5))
    assert services.claim(delivery.pk) is not None  # ... and the worker is killed
    assert list(services.due_deliveries()) == []
    # Due once the claim expires (20 s), with no STALE_AFTER grace on top: its task had its
    # turn. Not a second earlier: another worker may still be sending it.
    claimed_until = Delivery.objects.get(pk=delivery.pk).next_attempt_at
    early = claimed_until - datetime.timedelta(seconds=1)
    assert list(services.due_deliveries(early)) == []
    assert list(services.due_deliveries(claimed_until)) == [delivery]
    assert claimed_until - timezone.now() <= datetime.timedelta(seconds=20)


def test_a_failed_attempt_waits_for_its_retry_not_the_claim(hook, settings):
    delivery = new_delivery(hook)
    Webhook.objects.filter(pk=hook.pk).update(url="http://127.0.0.1:9/closed")
    claimed = services.claim(delivery.pk)
    assert services.attempt(claimed) is False  # refused: the retry is due in 30 s
    claimed.refresh_from_db()
    retry_at = claimed.next_attempt_at
    assert list(services.due_deliveries(retry_at)) == []  # the retry task's own turn
    assert list(services.due_deliveries(retry_at + services.STALE_AFTER)) == [claimed]


def test_the_organizers_retry_sends_a_delivery_whose_retry_is_scheduled(
    hook, client_as, organizer, event
):
    from django.urls import reverse

    later = timezone.now() + datetime.timedelta(minutes=8)
    delivery = new_delivery(hook, attempts=2, next_attempt_at=later, error="HTTP 500")
    url = reverse("webhooks:retry", args=[event.pk, delivery.pk])
    assert client_as(organizer).post(url).status_code == 302
    delivery.refresh_from_db()
    assert delivery.state == "delivered" and delivery.attempts == 3
