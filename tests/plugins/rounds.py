"""Shared fixtures: round 1 of the shared 9-player event, seated and published, its first
bracket and that bracket's players; the same round played."""

import random

import pytest

from tournament.rounds.services import rounds as round_service
from tournament.rounds.services.rounds import publish_round, seat_next_round
from tournament.rounds.simulate import play_round


@pytest.fixture
def round1(event, registered_players):
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    return rnd


@pytest.fixture
def bracket(round1):
    return round1.brackets.order_by("table").first()


@pytest.fixture
def seated(bracket):
    """The bracket's players in seat order."""
    return [s.registration.player for s in bracket.seats.order_by("position")]


@pytest.fixture
def seated_round(event, registered_players):
    """Round 1 of the 9-player event, seated but not played."""
    rnd = round_service.seat_next_round(event, seed=7)
    round_service.publish_round(rnd)
    return rnd


@pytest.fixture
def played_round(seated_round):
    """Round 1 with every bracket played (simulated results)."""
    play_round(seated_round, random.Random(3))
    seated_round.refresh_from_db()
    return seated_round
