"""Celery tasks: send a delivery (retried with back-off) and pick up deliveries left pending."""

import datetime

from celery import shared_task

from tournament.webhooks import services
from tournament.webhooks.models import Delivery


@shared_task(bind=True, name="tournament.webhooks.tasks.deliver", max_retries=None)
def deliver(self, delivery_id: int) -> str:
    delivery = services.claim(delivery_id)
    if delivery is None:  # sent, failed, or another task's (a retry scheduled, a copy)
        return "gone"
    services.attempt(delivery)
    if delivery.state == Delivery.State.PENDING and not self.request.is_eager:
        # In-process (eager) runs must not block the request: the beat job retries those.
        raise self.retry(countdown=services.retry_delay(delivery.attempts))
    return delivery.state


@shared_task(name="tournament.webhooks.tasks.retry_stale")
def retry_stale(reconnected: bool = False) -> int:
    """Queue deliveries that are due again (run by Celery beat; `reconnected` by a worker
    that just reconnected to the broker: every delivery due now, with no grace, as Redis may
    have lost the tasks queued for them; a copy of a task it kept finds the delivery claimed)."""
    grace = datetime.timedelta(0) if reconnected else services.STALE_AFTER
    ids = services.take_due(grace=grace)
    for delivery_id in ids:
        deliver.delay(delivery_id)
    return len(ids)
