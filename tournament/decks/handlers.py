"""What a list contributes to the metagame, written again when it moves (`decks/facts.py`): a
list saved (`list_saved`), a finished event saved (`event_saved`: its format, its status).
Model signals, like the caches' below: any code, the admin and the imports save these rows.

What makes cached metagame pages old: a list of a finished event saved or deleted, an
event saved or deleted (its publication, status, format or name), a finished event's places
recomputed, the card data imported again. Each bumps the metagame version (after commit,
`fragments.bump`). Those that may move a public list also move the stored summaries' stamp
on, in their own transaction (`summaries.bump_stamp`): a finished event's list saved or
deleted, its places stored, the event finished, edited by the editing service
(`EventChanged`) or deleted; the card data imported; a player saved (a league's lists
follow its countries' players). The organizer's page, the API and the admin all edit an
event through the editing service; a row saved any other way (a script) moves the cached
pages only.

`figures_stored` is subscribed to `standings.happenings.FiguresStored`; the others are model
signals (any code, the admin and the imports save these rows), connected in
`tournament/site/subscriptions.py` too."""

from tournament.core.fragments import bump
from tournament.decks import facts
from tournament.decks.metagame import VERSION_SCOPE
from tournament.decks.summaries import bump_stamp
from tournament.events.choices import Status
from tournament.events.models import RULE_FIELDS, Event


def public_lists_moved() -> None:
    """Cached metagame pages go, and stored summaries are checked again when next read."""
    bump(VERSION_SCOPE)
    bump_stamp()


def lists_changed(sender, **kwargs) -> None:
    """The card data imported or removed: every list counts its cards anew."""
    public_lists_moved()


def event_saved_or_gone(sender, **kwargs) -> None:
    """An event saved or deleted: the cached pages name events (the stored summaries follow
    what the services announce, and a finished event's deletion)."""
    bump(VERSION_SCOPE)


def finished_event_gone(sender, instance, **kwargs) -> None:
    """A finished event deleted: its lists leave the stored summaries."""
    if instance.status == Status.FINISHED:
        bump_stamp()


def player_saved(sender, instance, **kwargs) -> None:
    """A league's lists are its countries' players': a player's country may move them."""
    bump_stamp()


def list_changed(sender, instance, **kwargs) -> None:
    # Only a finished event's lists can be public: the lists of upcoming events change
    # often and must not empty the metagame pages' caches each time.
    finished = Event.objects.filter(registrations=instance.registration_id, status=Status.FINISHED)
    if finished.exists():
        public_lists_moved()


def figures_stored(happening) -> None:
    # `standings.happenings.FiguresStored` (not imported: the standings build on the decks).
    # Only a finished event has public lists; a running one's results change every minute.
    if happening.event.status == Status.FINISHED:
        public_lists_moved()


def list_saved(sender, instance, **kwargs) -> None:
    # Whatever its event's status: a list saved while the event runs counts once it is over,
    # and its facts are then read already.
    facts.refresh_list(instance)


def event_finished(happening) -> None:
    """A finished event's lists are read for the metagame (their format or the card data may
    have moved since they were saved) and are public from now on."""
    facts.refresh_event(happening.event)
    bump_stamp()


def event_changed(happening) -> None:
    """A finished event edited (its name, date, publication, format) moves its lists in the
    stored summaries; one whose format was changed has its lists read again."""
    if happening.event.status != Status.FINISHED:
        return
    bump_stamp()
    if happening.changed & set(RULE_FIELDS):
        facts.refresh_event(happening.event)
