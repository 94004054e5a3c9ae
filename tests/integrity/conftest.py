"""Fixtures of the integrity tests: a seated round 1 of the shared 9-player event."""

import uuid

import pytest

from tournament.events.to_engine import engine_id
from tournament.results import services as results
from tournament.rounds.services.rounds import publish_round, seat_next_round


@pytest.fixture
def round1(event, registered_players):
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    return rnd


def victory(winner, counts: dict) -> results.GameData:
    """A game won by the victory condition; counts keyed by Player."""
    return results.GameData(
        winner=winner.pk,
        ended_by="victory",
        unrazed={engine_id(p.pk): n for p, n in counts.items()},
    )


def record(bracket, number: int, data: results.GameData, first, second) -> None:
    """Enter a game and have a second official confirm it."""
    outcome = results.submit_entry(bracket, data, first, uuid.uuid4(), number=number)
    results.confirm_entry(outcome.entry, second)


def seated(bracket) -> list:
    return [s.registration.player for s in bracket.seats.order_by("position")]
