"""Celery application; runs tasks eagerly in-process when no broker is configured.

A worker that (re)connects to the broker queues the recovery sweeps at once (`SweepOnConnect`):
after an outage of Redis, what could not be queued (webhook deliveries, e-mails) goes out as
soon as the broker answers, and a document lost with Redis' data is looked at, instead of
waiting for beat's next tick.
"""

import logging
import os

from celery import Celery, bootsteps

from tournament import broker

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
# Before anything connects: the Redis transport that survives a broker lost mid-task.
broker.install()

logger = logging.getLogger(__name__)

app = Celery("tournament")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Idempotent sweeps (every one claims what it sends): several workers may queue them at once.
RECOVERY_SWEEPS = (
    ("printing.recover_stuck", {}),
    ("tournament.webhooks.tasks.retry_stale", {"reconnected": True}),
    ("notifications.send_due", {}),
    ("standings.rerank_stale", {}),
)


class SweepOnConnect(bootsteps.StartStopStep):
    """Queue the recovery sweeps whenever the worker's consumer (re)connects to the broker:
    Celery restarts the consumer's steps after a lost connection, so this runs once Redis is
    back."""

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def start(self, consumer) -> None:
        # The webhook sweep again once the claims of attempts cut off by the lost connection
        # have expired (their tasks were cancelled): those go out then, not a sweep later.
        from tournament.webhooks.services import CLAIM_SECONDS

        later = [("tournament.webhooks.tasks.retry_stale", {}, CLAIM_SECONDS + 1)]
        for name, kwargs, countdown in [(n, k, None) for n, k in RECOVERY_SWEEPS] + later:
            try:
                consumer.app.send_task(name, kwargs=kwargs, countdown=countdown)
            except Exception as error:  # never stop the consumer: beat sends them anyway
                logger.warning("could not queue %s after connecting: %s", name, error)
                return


app.steps["consumer"].add(SweepOnConnect)
