"""What the standings announce (`core/happenings.py`)."""

from __future__ import annotations

from dataclasses import dataclass

from tournament.core.happenings import Happening
from tournament.events.models import Event


@dataclass(frozen=True)
class FiguresStored(Happening):
    """The recompute pipeline stored new figures of the event (places, points, standings):
    what reads them (documents, cached pages) is old once the transaction commits."""

    event: Event


@dataclass(frozen=True)
class FiguresChanged(Happening):
    """A finished event's figures were stored again, or its status, scored flag or date
    changed: its accepted ranking figures may no longer match (SPEC §9)."""

    event: Event
