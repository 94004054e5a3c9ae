"""What the round services announce (`core/happenings.py`); a player's drop is
`events.happenings.Dropped`."""

from __future__ import annotations

from dataclasses import dataclass

from tournament.core.happenings import Happening
from tournament.events.models import Event, Round


@dataclass(frozen=True)
class RoundSeated(Happening):
    """A round was seated (or re-seated, or a one-on-one round paired): not public yet."""

    round: Round


@dataclass(frozen=True)
class RoundPublished(Happening):
    """A round's seating was published: its players may see where they sit."""

    round: Round


@dataclass(frozen=True)
class TimeCalled(Happening):
    """Time was called in a timed round."""

    round: Round


@dataclass(frozen=True)
class RoundClosed(Happening):
    """A round was closed (its advancement stored)."""

    round: Round


@dataclass(frozen=True)
class EventFinished(Happening):
    """The event was finished: its final standings are stored."""

    event: Event
