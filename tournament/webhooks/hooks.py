"""Signal receivers that turn saves made by the event services into webhook notifications.

The services save with `update_fields`, which tells what changed without touching them.
"""

from django.db.models.signals import post_save

from tournament.events.choices import Status
from tournament.events.models import Event, Round
from tournament.events.signals import results_confirmed
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
    number = instance.number

    def describe(text: str):
        return lambda event: (f"{event.name}: {text}", {"round": round_data(instance)})

    if created:
        notify(instance.event_id, Kind.ROUND_SEATED, describe(f"round {number} seated"))
    if "published" in changed and instance.published:
        text = f"round {number} seating published"
        notify(instance.event_id, Kind.ROUND_PUBLISHED, describe(text))
    if "time_called_at" in changed and instance.time_called_at:
        text = f"time called in round {number}"
        notify(instance.event_id, Kind.TIME_CALLED, describe(text))


def _results_confirmed(sender, event: Event, **kwargs) -> None:
    notify(event.pk, Kind.RESULTS_CONFIRMED, lambda e: (f"{e.name}: results updated", {}))


def _event_saved(sender, instance: Event, created: bool, update_fields=None, raw=False, **kw):
    if raw or created or "status" not in (update_fields or ()):
        return
    if instance.status == Status.FINISHED:
        notify(instance.pk, Kind.EVENT_FINISHED, lambda e: (f"{e.name}: event finished", {}))


def connect() -> None:
    post_save.connect(_round_saved, sender=Round, dispatch_uid="webhooks-round")
    post_save.connect(_event_saved, sender=Event, dispatch_uid="webhooks-event")
    results_confirmed.connect(_results_confirmed, dispatch_uid="webhooks-results")
