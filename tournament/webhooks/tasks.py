"""Celery tasks: send a delivery (retried with back-off) and pick up deliveries left pending."""

from celery import shared_task

from tournament.webhooks import services
from tournament.webhooks.models import Delivery


@shared_task(bind=True, name="tournament.webhooks.tasks.deliver", max_retries=None)
def deliver(self, delivery_id: int) -> str:
    delivery = Delivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None or delivery.state != Delivery.State.PENDING:
        return "gone"
    services.attempt(delivery)
    if delivery.state == Delivery.State.PENDING and not self.request.is_eager:
        # In-process (eager) runs must not block the request: the beat job retries those.
        raise self.retry(countdown=services.retry_delay(delivery.attempts))
    return delivery.state


@shared_task(name="tournament.webhooks.tasks.retry_stale")
def retry_stale() -> int:
    """Queue deliveries that are due again (run by Celery beat)."""
    ids = list(services.due_deliveries().values_list("pk", flat=True)[:500])
    for delivery_id in ids:
        deliver.delay(delivery_id)
    return len(ids)
