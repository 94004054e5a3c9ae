"""What makes cached metagame pages old: a list saved or deleted, an event saved or deleted
(its publication, status, format or name), a finished event's places recomputed, the card
data imported again. Each bumps the metagame version (after commit, `fragments.bump`)."""

from tournament.decks.metagame import VERSION_SCOPE
from tournament.events.choices import Status
from tournament.standings.fragments import bump


def lists_changed(sender, **kwargs) -> None:
    bump(VERSION_SCOPE)


def results_changed(sender, event, **kwargs) -> None:
    # Only a finished event has public lists; a running one's results change every minute.
    if event.status == Status.FINISHED:
        bump(VERSION_SCOPE)
