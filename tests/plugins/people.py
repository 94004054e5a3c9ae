"""Shared fixtures: users in every role of one event, and a client logged in as each."""

import pytest

from tests.support.players import make_player
from tournament.accounts.models import Player


@pytest.fixture
def organizer(db) -> Player:
    return make_player("organizer", "Ann Organiser")


@pytest.fixture
def judge(db) -> Player:
    return make_player("judge", "Bob Judge")


@pytest.fixture
def second_judge(db) -> Player:
    return make_player("judge2", "Cy Judge")


@pytest.fixture
def player(db) -> Player:
    return make_player("player", "Pat Player")


@pytest.fixture
def stranger(db) -> Player:
    return make_player("stranger", "Sam Stranger")


@pytest.fixture
def client_as(client):
    """client_as(player) → the test client logged in as that player (None: anonymous)."""

    def _as(player: Player | None):
        client.logout()
        if player is not None:
            client.force_login(player.user)
        return client

    return _as


@pytest.fixture
def fast_passwords(settings):
    # The shared fixtures create a dozen accounts per test: hash their passwords cheaply.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
