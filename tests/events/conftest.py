"""Fixtures of the round tests: events with any number of checked-in players."""

import datetime
import random

import pytest

from tests.conftest import make_player
from tournament.accounts.models import Player
from tournament.events.models import Event, Registration, Team
from tournament.events.services.teams import pair_players


def add_players(event: Event, count: int, prefix: str = "r") -> list[Player]:
    """`count` checked-in players (accounts included), named so they sort by number."""
    players = []
    for i in range(1, count + 1):
        player = make_player(f"{prefix}{i}", f"Player {i:03d}", club=f"Club {i % 4}")
        Registration.objects.create(event=event, player=player, checked_in=True)
        players.append(player)
    return players


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


def paired(event, n_teams: int) -> list[Team]:
    """n_teams teams of two checked-in players, paired by the organizer."""
    players = add_players(event, 2 * n_teams)
    regs = {r.player_id: r for r in event.registrations.all()}
    return [
        pair_players(
            event, regs[players[2 * i].pk], regs[players[2 * i + 1].pk], f"Team {i + 1:02d}"
        )
        for i in range(n_teams)
    ]
