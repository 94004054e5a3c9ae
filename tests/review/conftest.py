"""Fixtures of the ranking review tests: a hand-made event file whose points are known."""

from __future__ import annotations

import pytest

from tests.support.hand_event import hand_event_file
from tests.support.players import make_player
from tests.support.ranking import ranking_officer
from tournament.accounts.models import Player
from tournament.eventfile.services import import_event
from tournament.events.models import Event


@pytest.fixture
def officer(db):
    return ranking_officer()


@pytest.fixture
def importer(db) -> Player:
    return make_player("importer", "Ivo Importer")


@pytest.fixture
def hand_event(importer) -> Event:
    """The hand-made event, imported by a plain player (its organizer)."""
    return import_event(hand_event_file(), importer)
