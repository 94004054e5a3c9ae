"""What the ratings follow, subscribed in `tournament/site/subscriptions.py` (SPEC §12):
an event finished, a finished event's figures stored again (a result corrected, an event
file imported, a recompute), its date or status edited, a review's decision (an import
counts once accepted), an event deleted."""

from tournament.events.choices import Status
from tournament.ratings import services

_ORDER_FIELDS = frozenset({"date", "status"})


def event_finished(happening) -> None:
    services.follow_event(happening.event)


def figures_stored(happening) -> None:
    if happening.event.status == Status.FINISHED:
        services.follow_event(happening.event)


def event_changed(happening) -> None:
    if _ORDER_FIELDS & set(happening.changed):
        services.follow_event(happening.event)


def review_decided(happening) -> None:
    """An imported event accepted (or its acceptance re-opened): it counts from now on."""
    if happening.event.status == Status.FINISHED:
        services.follow_event(happening.event)


def event_deleted(sender, instance, **kwargs) -> None:
    if instance.status == Status.FINISHED:
        services.follow_event(instance)
