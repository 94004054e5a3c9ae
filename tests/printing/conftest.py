"""Fixtures of the printing tests: tasks in-process, the 9-player event played to the end.

The seated and played round 1 are shared (`tests/plugins/rounds.py`); the PDF text helpers
are in `tests/support/pdf.py`."""

import random

import pytest

from tournament.rounds.simulate import run_event


@pytest.fixture(autouse=True)
def eager_celery(eager_celery):
    """Every test here: the shared `eager_celery`, automatically."""
    return eager_celery


@pytest.fixture
def finished_event(event, registered_players):
    """The 9-player event played to the end."""
    run_event(event, random.Random(11))
    event.refresh_from_db()
    return event
