"""Celery tasks: send one message, sweep up the ones left pending, tell officials of entries
that wait for their confirmation."""

from celery import shared_task

from tournament.notifications import handlers, reminders, services, waiting


@shared_task(name="notifications.deliver", ignore_result=True)
def deliver(message_id: int) -> str:
    return services.deliver(message_id)


@shared_task(name="notifications.sweep", ignore_result=True)
def sweep() -> int:
    """Tell officials of entries that waited long enough (and players of a table's result
    whose announcement was lost), then send what is still pending:
    queued while the broker was down, failed and retried, or held by a worker that died
    (run by Celery beat every minute)."""
    waiting.check()
    handlers.untold_results()
    return send_due()


@shared_task(name="notifications.send_due", ignore_result=True)
def send_due() -> int:
    """Send every message still pending, the time-critical ones first (run by Celery beat
    every 15 s, so that what was queued while the broker was down goes out within a minute
    of its return)."""
    ids = list(services.sweep_order().values_list("pk", flat=True)[:500])
    for message_id in ids:
        services.deliver(message_id)
    return len(ids)


@shared_task(name="notifications.entries_waiting", ignore_result=True)
def entries_waiting(round_id: int) -> int:
    """Tell officials of a round's entries still waiting (scheduled after an entry)."""
    return waiting.check(round_id=round_id)


@shared_task(name="notifications.decklist_reminders", ignore_result=True)
def decklist_reminders() -> int:
    """Remind players whose list is missing or not legal before the lists close (beat)."""
    return reminders.decklist_reminders()
