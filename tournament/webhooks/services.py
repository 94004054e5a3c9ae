"""Queue and send webhook deliveries; nothing here may fail the request that triggered it."""

import datetime
import logging
from collections.abc import Callable

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from tournament.events.models import Event
from tournament.webhooks import formats, signing, transport
from tournament.webhooks.models import Delivery, Kind, Webhook

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
FIRST_RETRY_SECONDS = 30  # then ×4: 30 s, 2 min, 8 min, 32 min
STALE_AFTER = datetime.timedelta(minutes=5)
USER_AGENT = "SpellfireTournamentManager-Webhook/1"


def retry_delay(attempts: int) -> int:
    """Seconds to wait after the given number of failed attempts."""
    return FIRST_RETRY_SECONDS * 4 ** (attempts - 1)


def _link(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def payload(event: Event, kind: str, content: str, **data: object) -> dict:
    """The JSON body: `type`, the event, any extra data, and a `content` line for chat hooks."""
    return {
        "type": kind,
        "event": {
            "id": event.pk,
            "name": event.name,
            "status": event.status,
            "page": _link(event.get_absolute_url()),
            "api": _link(reverse("api-v1:event", args=[event.pk])),
        },
        **data,
        "content": content,  # Discord and Slack-style hooks show this text
    }


# Builds a notification's text line and extra payload data from its (freshly loaded) event.
Describe = Callable[[Event], tuple[str, dict]]


def notify(event_id: int, kind: Kind, describe: Describe) -> None:
    """After the current transaction commits, queue one delivery per webhook listening.

    Nothing is loaded or built unless a hook listens (rounds are created in bulk by imports).
    """
    transaction.on_commit(lambda: _queue(event_id, kind, describe))


def _queue(event_id: int, kind: Kind, describe: Describe) -> None:
    try:
        # An event has a handful of hooks; SQLite has no JSON containment lookup.
        hooks = Webhook.objects.filter(event_id=event_id, active=True)
        listening = [hook for hook in hooks if kind.value in hook.kinds]
        if not listening:
            return
        event = Event.objects.get(pk=event_id)
        content, data = describe(event)
        body = payload(event, kind.value, content, **data)
        for hook in listening:
            delivery = Delivery.objects.create(webhook=hook, kind=kind.value, payload=body)
            enqueue(delivery)
    except Exception:
        logger.exception("webhook deliveries for event %s could not be queued", event_id)


def enqueue(delivery: Delivery) -> None:
    from tournament.webhooks.tasks import deliver

    try:
        deliver.delay(delivery.pk)
    except Exception:
        # broker down: the delivery stays pending and the beat job sends it later
        logger.exception("webhook delivery %s could not be queued", delivery.pk)


def attempt(delivery: Delivery) -> bool:
    """Send once and record the outcome; True when the receiver answered 2xx."""
    hook = delivery.webhook
    body = formats.body(delivery)
    timestamp = str(int(timezone.now().timestamp()))
    msg_id = str(delivery.uid)  # the same on every retry: receivers process a delivery once
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Spellfire-Event": delivery.kind,
        "X-Spellfire-Delivery": msg_id,
        signing.TIMESTAMP_HEADER: timestamp,
        signing.SIGNATURE_HEADER: signing.signature(hook.secret, timestamp, body),
        **signing.standard_headers(hook.standard_secret, msg_id, timestamp, body),
    }
    now = timezone.now()
    delivery.attempts += 1
    delivery.last_attempt_at = now
    try:
        # redirects are followed only to vetted public addresses; a refusal is the error
        status = transport.send(hook.url, body, headers)
        delivery.response_status, delivery.error = status, ""
        ok = 200 <= status < 300
        if not ok:
            delivery.error = f"HTTP {status}"
    except Exception as error:  # network errors, refused destinations, timeouts
        delivery.response_status, delivery.error, ok = None, str(error)[:300], False
    if ok:
        delivery.state, delivery.next_attempt_at = Delivery.State.DELIVERED, None
    elif delivery.attempts >= MAX_ATTEMPTS:
        delivery.state, delivery.next_attempt_at = Delivery.State.FAILED, None
    else:
        delay = datetime.timedelta(seconds=retry_delay(delivery.attempts))
        delivery.state, delivery.next_attempt_at = Delivery.State.PENDING, now + delay
    delivery.save()
    logger.info(
        "webhook delivery",
        extra={"delivery": delivery.pk, "kind": delivery.kind, "state": delivery.state},
    )
    return ok


def due_deliveries(now: datetime.datetime | None = None):
    """Pending deliveries whose queued attempt is overdue (lost broker message, dead worker).

    The grace period leaves time to the retry Celery already scheduled, so nothing is sent twice.
    """
    overdue = (now or timezone.now()) - STALE_AFTER
    pending = Delivery.objects.filter(state=Delivery.State.PENDING)
    return pending.filter(next_attempt_at__lte=overdue) | pending.filter(
        next_attempt_at__isnull=True, created_at__lte=overdue
    )
