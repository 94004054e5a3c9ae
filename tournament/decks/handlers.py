"""What makes cached metagame pages old: a list of a finished event saved or deleted, an
event saved or deleted (its publication, status, format or name), a finished event's places
recomputed, the card data imported again. Each bumps the metagame version (after commit,
`fragments.bump`).

`figures_stored` is subscribed to `standings.happenings.FiguresStored`; the others are model
signals (any code, the admin and the imports save these rows), connected in
`tournament/site/subscriptions.py` too."""

from tournament.core.fragments import bump
from tournament.decks.metagame import VERSION_SCOPE
from tournament.events.choices import Status
from tournament.events.models import Event


def lists_changed(sender, **kwargs) -> None:
    bump(VERSION_SCOPE)


def list_changed(sender, instance, **kwargs) -> None:
    # Only a finished event's lists can be public: the lists of upcoming events change
    # often and must not empty the metagame pages' caches each time.
    finished = Event.objects.filter(registrations=instance.registration_id, status=Status.FINISHED)
    if finished.exists():
        bump(VERSION_SCOPE)


def figures_stored(happening) -> None:
    # `standings.happenings.FiguresStored` (not imported: the standings build on the decks).
    # Only a finished event has public lists; a running one's results change every minute.
    if happening.event.status == Status.FINISHED:
        bump(VERSION_SCOPE)
