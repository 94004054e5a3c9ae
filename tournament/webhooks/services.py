"""Queue and send webhook deliveries; nothing here may fail the request that triggered it."""

import datetime
import logging
from collections.abc import Callable

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.core import queueing, transport
from tournament.core.memo import forget, remembered
from tournament.events.models import Event
from tournament.webhooks import formats, signing
from tournament.webhooks.models import Delivery, Kind, Webhook

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
FIRST_RETRY_SECONDS = 30  # then ×4: 30 s, 2 min, 8 min, 32 min
# A pending delivery whose queued task did not run this long after it was due lost its task
# (Redis lost its data, a worker died): the sweep (Celery beat, every 15 s) queues it again.
# A delivery claimed by a task cannot be sent twice (`claim`), so the margin is short.
STALE_AFTER = datetime.timedelta(seconds=30)
# How long a claimed attempt may take: the transport's whole deadline for an attempt, its
# redirects included (`transport.DEADLINE_SECONDS`), and a margin. A worker that dies mid-send
# (or whose task is cancelled when it loses the broker) leaves the delivery due again after
# this, at the next sweep: an expired claim needs no STALE_AFTER grace, its task had its turn.
CLAIM_SECONDS = 20
CLAIM = datetime.timedelta(seconds=CLAIM_SECONDS)
# Recorded on a delivery whose task could not be queued (the broker was down): the sweep
# queues it as soon as the broker answers again, without waiting for STALE_AFTER.
NOT_QUEUED = "not queued: the task queue was unavailable"
USER_AGENT = "SpellfireTournamentManager-Webhook/1"
# The task that sends one delivery (`tasks.deliver`), queued by its name.
DELIVER_TASK = "tournament.webhooks.tasks.deliver"


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
        if kind.value not in listened_kinds(event_id):
            return  # no hook of the event listens: nothing read (a result's busy path)
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


# A delivery asked for by the organizer to check his receiver; no happening sends it, so it
# is no `Kind` a hook listens to.
TEST_KIND = "webhook.test"


def send_test(hook: Webhook) -> Delivery:
    """Queue one signed delivery of `TEST_KIND` to the hook, as a real one is sent (its
    format, signature and retries), whatever kinds it listens to."""
    event = hook.event
    content = _("A test notification from %(event)s.") % {"event": event.name}
    delivery = Delivery.objects.create(
        webhook=hook, kind=TEST_KIND, payload=payload(event, TEST_KIND, content)
    )
    transaction.on_commit(lambda: enqueue(delivery))
    return delivery


def listened_kinds(event_id: int) -> frozenset[str]:
    """The kinds the event's active hooks listen to, kept in the cache until a hook of the
    event is saved or deleted (`hook_changed`; `core/memo.py`)."""
    return remembered(
        _kinds_fact(event_id),
        lambda: frozenset(
            kind
            for kinds in Webhook.objects.filter(event_id=event_id, active=True).values_list(
                "kinds", flat=True
            )
            for kind in kinds
        ),
    )


def hook_changed(sender, instance: Webhook, **kwargs) -> None:
    """A hook saved or deleted (any code or the admin): its event's kinds are read again."""
    forget(_kinds_fact(instance.event_id))


def _kinds_fact(event_id: int) -> str:
    return f"webhook-kinds:{event_id}"


def enqueue(delivery: Delivery) -> None:
    try:
        queueing.enqueue(DELIVER_TASK, delivery.pk)
    except Exception:
        # broker down: the delivery stays pending and the beat job sends it once it is back
        logger.exception("webhook delivery %s could not be queued", delivery.pk)
        Delivery.objects.filter(pk=delivery.pk, state=Delivery.State.PENDING).update(
            error=NOT_QUEUED
        )


def claim(delivery_id: int) -> Delivery | None:
    """The delivery, claimed for one attempt; None when it is not pending, or not due (a
    retry is scheduled for later, or another task is sending it now).

    The claim moves `next_attempt_at` CLAIM_SECONDS ahead in one conditional update: of two
    tasks for the same delivery (its own retry and the sweep's) only one sends it."""
    now = timezone.now()
    due = Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now)
    claimed = Delivery.objects.filter(due, pk=delivery_id, state=Delivery.State.PENDING).update(
        next_attempt_at=now + CLAIM, last_attempt_at=now
    )
    if not claimed:
        return None
    return Delivery.objects.select_related("webhook").get(pk=delivery_id)


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


def due_deliveries(now: datetime.datetime | None = None, grace: datetime.timedelta = STALE_AFTER):
    """Pending deliveries whose queued attempt is overdue (lost broker message, dead worker),
    and those that could not be queued at all (at once).

    The grace period leaves time to the task already queued or scheduled, so that the queue is
    not filled with copies (a copy would find the delivery claimed or sent, and do nothing).
    """
    now = now or timezone.now()
    overdue = now - grace
    pending = Delivery.objects.filter(state=Delivery.State.PENDING)
    return pending.filter(
        Q(next_attempt_at__lte=overdue)
        | Q(next_attempt_at__isnull=True, created_at__lte=overdue)
        | Q(error=NOT_QUEUED)
        # a claim that expired: the attempt began (`claim`) and never recorded an outcome
        | Q(next_attempt_at__lte=now, last_attempt_at=F("next_attempt_at") - CLAIM)
    )


def take_due(limit: int = 500, grace: datetime.timedelta = STALE_AFTER) -> list[int]:
    """The due deliveries' ids, each marked as queued now (the sweep queues them): one is
    due again only STALE_AFTER later if its task is lost too, and one that was not queued
    becomes an ordinary pending delivery. `grace` 0: every delivery due now (a worker that
    just reconnected to the broker cannot tell which tasks Redis kept)."""
    now = timezone.now()
    ids = list(due_deliveries(now, grace).values_list("pk", flat=True)[:limit])
    Delivery.objects.filter(pk__in=ids, error=NOT_QUEUED).update(error="")
    Delivery.objects.filter(pk__in=ids, state=Delivery.State.PENDING).filter(
        Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now)
    ).update(next_attempt_at=now)
    return ids
