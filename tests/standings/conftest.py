"""Fixtures of the standings tests: finished events played by the simulator."""

import datetime
import random

import pytest

from tests.conftest import make_player
from tournament.accounts.models import Player
from tournament.events.models import Event, Registration
from tournament.rounds.simulate import run_event
from tournament.standings.recompute import refresh_event


def build_event(organizer: Player, n: int, seed: int = 7, **fields) -> Event:
    """An event of n checked-in players (created without accounts), played to the finish."""
    defaults = {"name": f"Open {n}", "date": datetime.date(2026, 3, 14), "venue": "Halifax"}
    event = Event.objects.create(organizer=organizer, status="registration", **(defaults | fields))
    start = Player.objects.count()
    players = Player.objects.bulk_create(
        Player(
            player_number=f"T{start + i:05d}",
            name=f"Player {start + i:04d}",
            club=f"Club {i % 3}",
            country="CA" if i % 2 else "BR",
        )
        for i in range(n)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in players
    )
    run_event(event, random.Random(seed))
    refresh_event(event)
    return event


@pytest.fixture
def finished_event(event, registered_players) -> Event:
    """The shared 9-player event, played to the finish with seed 7, standings refreshed."""
    run_event(event, random.Random(7))
    refresh_event(event)
    event.refresh_from_db()
    return event


@pytest.fixture
def big_event(organizer) -> Event:
    return build_event(organizer, 100, seed=11, name="Big Open")


@pytest.fixture
def fan(db) -> Player:
    return make_player("fan", "Fay Fan", country="CA")
