"""Two officials acting on the same game at the same instant (real row locks: PostgreSQL)."""

import threading
import uuid

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.support.results import bracket_url, game_post
from tournament.results.models import EntryStatus, Game, GameEntry
from tournament.rounds.services.rounds import publish_round, seat_next_round

pytestmark = [pytest.mark.postgres]


@pytest.fixture
def pg(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (row locks); set DATABASE_URL to a postgres database")


def fire(requests) -> list[int]:
    """Run (player, url, data) POSTs in threads released at the same moment; status codes."""
    barrier = threading.Barrier(len(requests))
    codes: list[int] = [0] * len(requests)

    def run(i, player, url, data):
        client = Client(raise_request_exception=False)
        client.force_login(player.user)
        try:
            barrier.wait()
            codes[i] = client.post(url, data).status_code
        finally:
            connection.close()  # each thread had its own connection

    threads = [threading.Thread(target=run, args=(i, *r)) for i, r in enumerate(requests)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return codes


@pytest.fixture
def running(pg, event, registered_players):
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    bracket = rnd.brackets.order_by("table").first()
    players = [s.registration.player for s in bracket.seats.order_by("position")]
    return event, bracket, players


def test_simultaneous_submissions_single_entry(running, judge, second_judge, organizer):
    event, bracket, (a, b, c) = running
    event.single_entry = True
    event.save(update_fields=["single_entry"])
    url = bracket_url(bracket)
    codes = fire(
        [
            (judge, url, game_post([a, b, c], [6, 4, 4], a)),
            (second_judge, url, game_post([a, b, c], [4, 6, 4], b)),
            (organizer, url, game_post([a, b, c], [4, 4, 6], c)),
        ]
    )
    assert 500 not in codes and all(code in (200, 302) for code in codes)
    assert GameEntry.objects.filter(status=EntryStatus.CONFIRMED).count() == 1
    assert Game.objects.count() == 1
    assert codes.count(302) == 1  # the others were told the game was recorded meanwhile


def test_simultaneous_confirmations(running, judge, second_judge, organizer):
    event, bracket, (a, b, c) = running
    client = Client()
    client.force_login(judge.user)
    client.post(bracket_url(bracket), game_post([a, b, c], [6, 4, 4], a, key=uuid.uuid4()))
    entry = GameEntry.objects.get()
    url = reverse("results:confirm", args=[event.pk, bracket.pk, entry.pk])
    codes = fire([(second_judge, url, {}), (organizer, url, {}), (second_judge, url, {})])
    assert codes == [302, 302, 302]
    assert GameEntry.objects.filter(status=EntryStatus.CONFIRMED).count() == 1
    assert Game.objects.count() == 1


def test_same_key_twice_at_once(running, judge):
    _event, bracket, (a, b, c) = running
    data = game_post([a, b, c], [6, 4, 4], a)
    codes = fire([(judge, bracket_url(bracket), data), (judge, bracket_url(bracket), data)])
    assert codes == [302, 302]
    assert GameEntry.objects.count() == 1
