"""Shared fixtures: the one event of the tests, its nine players, played to the finish, or
made one-on-one."""

import datetime
import random

import pytest

from tests.support.one_on_one import one_on_one
from tests.support.players import make_player
from tournament.accounts.models import Player
from tournament.events.models import Event, Registration
from tournament.rounds.simulate import run_event
from tournament.standings.recompute import refresh_event


@pytest.fixture
def event(organizer, judge, second_judge) -> Event:
    event = Event.objects.create(
        name="Autumn Open",
        date=datetime.date(2026, 11, 21),
        venue="Halifax",
        organizer=organizer,
        status="registration",
    )
    event.judges.set([judge, second_judge])
    return event


@pytest.fixture
def registered_players(event) -> list[Player]:
    """Nine registered, checked-in players (the scored minimum)."""
    players = [make_player(f"p{i}", f"Player {i:02d}", club=f"Club {i % 3}") for i in range(1, 10)]
    for p in players:
        Registration.objects.create(event=event, player=p, checked_in=True)
    return players


@pytest.fixture
def finished_event(event, registered_players) -> Event:
    """The shared 9-player event, played to the finish with seed 7, standings refreshed."""
    run_event(event, random.Random(7))
    refresh_event(event)
    event.refresh_from_db()
    return event


@pytest.fixture
def swiss_event(event):
    """swiss_event(players, **fields) → the shared event, one-on-one."""

    def make(players: int, **fields) -> Event:
        return one_on_one(event, players, **fields)

    return make
