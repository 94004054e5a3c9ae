"""Fixtures of the round tests: events with any number of checked-in players, timed, of teams."""

import datetime
import random

import pytest

from tests.support.events import add_players
from tournament.events.models import Event


@pytest.fixture
def event_with(event):
    """event_with(n) → the shared `event` with n checked-in players."""

    def _make(count: int) -> Event:
        add_players(event, count)
        return event

    return _make


@pytest.fixture
def timed_event(organizer) -> Event:
    return Event.objects.create(
        name="Timed Open",
        date=datetime.date(2026, 12, 5),
        venue="Truro",
        organizer=organizer,
        status="registration",
        time_limit_minutes=50,
    )


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261121)


@pytest.fixture
def team_event(event):
    event.tournament_type = "team-spirit"
    event.victory = "enhanced"
    event.save()
    return event
