"""Signal receivers that turn saves made by the event services into webhook notifications.

The services save with `update_fields`, which tells what changed without touching them.
"""

from django.db.models.signals import post_save

from tournament.events.choices import Status
from tournament.events.models import Event, Round
from tournament.events.signals import results_changed
from tournament.webhooks.models import Kind
from tournament.webhooks.services import notify


def round_data(rnd: Round) -> dict:
    from tournament.events.services.rounds import timer_ends_at

    def stamp(value):
        return value.isoformat() if value else None

    return {
        "number": rnd.number,
        "is_final": rnd.is_final,
        "published": rnd.published,
        "started_at": stamp(rnd.started_at),
        "time_called_at": stamp(rnd.time_called_at),
        "ends_at": stamp(timer_ends_at(rnd)),
    }


def _round_saved(sender, instance: Round, created: bool, update_fields=None, raw=False, **kw):
    if raw:
        return
    changed = set(update_fields or ())
    event, number = instance.event, instance.number
    if created:
        notify(
            event,
            Kind.ROUND_SEATED,
            f"{event.name}: round {number} seated",
            round=round_data(instance),
        )
    if "published" in changed and instance.published:
        text = f"{event.name}: round {number} seating published"
        notify(event, Kind.ROUND_PUBLISHED, text, round=round_data(instance))
    if "time_called_at" in changed and instance.time_called_at:
        text = f"{event.name}: time called in round {number}"
        notify(event, Kind.TIME_CALLED, text, round=round_data(instance))


def _results_changed(sender, event: Event, **kwargs) -> None:
    notify(event, Kind.RESULTS_CONFIRMED, f"{event.name}: results updated")


def _event_saved(sender, instance: Event, created: bool, update_fields=None, raw=False, **kw):
    if raw or created or "status" not in (update_fields or ()):
        return
    if instance.status == Status.FINISHED:
        notify(instance, Kind.EVENT_FINISHED, f"{instance.name}: event finished")


def connect() -> None:
    post_save.connect(_round_saved, sender=Round, dispatch_uid="webhooks-round")
    post_save.connect(_event_saved, sender=Event, dispatch_uid="webhooks-event")
    results_changed.connect(_results_changed, dispatch_uid="webhooks-results")
