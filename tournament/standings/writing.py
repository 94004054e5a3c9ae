"""Writes of the stored event figures made from outside the recompute pipeline.

The ranking's acceptance marks an event ranked (`mark_ranked`); the pipeline's own writes
are in `recompute.py`, `services.py`, `store.py` and `swiss_store.py`.
"""

from __future__ import annotations

from tournament.events.models import Event
from tournament.standings.models import EventScoring


def mark_ranked(event: Event, year: int | None) -> None:
    """Whether (and for which year) the ranking totals hold the event's accepted figures:
    ``year`` None when acceptance stored no figures of it (SPEC §9)."""
    EventScoring.objects.filter(event=event).update(ranked=year is not None, ranked_year=year)
