"""What the event services announce (`core/happenings.py`), and the registration checks
that apps above the events add (declared in `tournament/site/subscriptions.py`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tournament.core.happenings import Happening
from tournament.events.models import Event, Registration


@dataclass(frozen=True)
class Registered(Happening):
    """A player was registered (by himself, or by an official: `registration.registered_by`)."""

    registration: Registration


@dataclass(frozen=True)
class Waitlisted(Happening):
    """A player was registered on the waiting list (the event was full)."""

    registration: Registration


@dataclass(frozen=True)
class MovedUp(Happening):
    """A player on the waiting list got a place."""

    registration: Registration


@dataclass(frozen=True)
class Dropped(Happening):
    """A player dropped (by his own hand or an official's) in `registration.dropped_in_round`."""

    registration: Registration


@dataclass(frozen=True)
class EventChanged(Happening):
    """An event's own fields were saved by the editing service: `changed` names them
    ("judges" when its judges were replaced)."""

    event: Event
    changed: frozenset[str]


# A registration check: None when the player may register, else the refusal to show him.
RegistrationCheck = Callable[[Event, object], "str | None"]

# Checks apps above the events add (a league's championship takes only its qualified
# players); filled by `tournament/site/subscriptions.py`, asked in order by `register`.
registration_checks: list[RegistrationCheck] = []
