"""Celery application; runs tasks eagerly in-process when no broker is configured.

After Redis was away or lost its data, the recovery sweeps run at once instead of at beat's
next tick: a worker that (re)connects to the broker queues them (`SweepOnConnect`), and so
does `broker.check_data` (beat, every 5 s) when the broker's Redis lost its data with no
connection lost (a `FLUSHALL`, a restart quicker than the workers noticed). What could not be
queued (webhook deliveries, e-mails) then goes out as soon as the broker answers, and a
document lost with Redis' data is looked at.
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


def queue_recovery_sweeps(celery_app: Celery) -> int:
    """Queue the recovery sweeps; how many were queued (it stops at the first broker error:
    beat sends them anyway)."""
    # The webhook and mail sweeps again once the claims of attempts cut off by a lost
    # connection have expired (their tasks were cancelled): those go out then, not a sweep
    # later.
    from tournament.notifications.services import STALE_CLAIM
    from tournament.webhooks.services import CLAIM_SECONDS

    later = [
        ("tournament.webhooks.tasks.retry_stale", {}, CLAIM_SECONDS + 1),
        ("notifications.send_due", {}, STALE_CLAIM.total_seconds() + 1),
    ]
    sent = 0
    for name, kwargs, countdown in [(n, k, None) for n, k in RECOVERY_SWEEPS] + later:
        try:
            celery_app.send_task(name, kwargs=kwargs, countdown=countdown)
        except Exception as error:  # never stop the caller (the consumer, a sweep)
            logger.warning("could not queue %s: %s", name, error)
            break
        sent += 1
    return sent


class SweepOnConnect(bootsteps.StartStopStep):
    """Queue the recovery sweeps whenever the worker's consumer (re)connects to the broker:
    Celery restarts the consumer's steps after a lost connection, so this runs once Redis is
    back."""

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def start(self, consumer) -> None:
        queue_recovery_sweeps(consumer.app)


app.steps["consumer"].add(SweepOnConnect)


@app.task(name="broker.check_data", ignore_result=True)
def check_data() -> bool:
    """Queue the recovery sweeps if the broker's Redis lost its data since the last check
    (run by beat every 5 s): the tasks queued then are gone, and no worker reconnected."""
    with app.pool.acquire(block=True) as connection:  # a pooled connection, not a new one
        lost = broker.lost_data(connection.default_channel)
    if lost:
        logger.warning("broker: no data mark (Redis lost its data, or a first start): sweeping")
        queue_recovery_sweeps(app)
    return lost
