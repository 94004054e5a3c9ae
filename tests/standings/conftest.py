"""Fixtures of the standings tests: a big finished event played by the simulator, a fan."""

import pytest

from tests.support.events import build_event
from tests.support.players import make_player
from tournament.accounts.models import Player
from tournament.events.models import Event


@pytest.fixture
def big_event(organizer) -> Event:
    return build_event(organizer, 100, seed=11, name="Big Open")


@pytest.fixture
def fan(db) -> Player:
    return make_player("fan", "Fay Fan", country="CA")
