"""Fixtures of the results tests: a seated, published round 1 and helpers to post games."""

import uuid

import pytest
from django.urls import reverse

from tournament.rounds.services.rounds import publish_round, seat_next_round


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
def single_entry(event):
    event.single_entry = True
    event.save(update_fields=["single_entry"])
    return event


def bracket_url(bracket) -> str:
    return reverse("results:bracket", args=[bracket.round.event_id, bracket.pk])


def game_post(players, counts, winner=None, ended_by="victory", number=1, key=None, **extra):
    """POST data of the result form; `winner` a player (None → draw), counts in seat order."""
    data = {
        "key": str(key or uuid.uuid4()),
        "number": number,
        "winner": str(winner.pk) if winner is not None else "draw",
        "ended_by": ended_by,
    }
    for player, count in zip(players, counts, strict=True):
        data[f"unrazed_{player.pk}"] = "" if count is None else str(count)
    for name in ("razed", "holdings"):
        for player, count in zip(players, extra.get(name) or [], strict=False):
            data[f"{name}_{player.pk}"] = str(count)
    return data


def post_game(client, bracket, players, counts, **kwargs):
    return client.post(bracket_url(bracket), game_post(players, counts, **kwargs))


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # The shared fixtures create a dozen accounts per test: hash their passwords cheaply.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
