"""The races of the hostile suite with real simultaneous requests (row locks: PostgreSQL)."""

import threading

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.hostile.test_races import signup_data
from tournament.accounts.models import Player
from tournament.events.models import Round
from tournament.rounds.services import rounds as round_service

pytestmark = [pytest.mark.postgres]


@pytest.fixture
def pg(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (row locks); set DATABASE_URL to a postgres database")


def at_once(count: int, request) -> list[int]:
    """Run request(i, client) in `count` threads released together; the status codes."""
    barrier = threading.Barrier(count)
    codes = [0] * count

    def run(i: int) -> None:
        client = Client(raise_request_exception=False)
        try:
            barrier.wait()
            codes[i] = request(i, client)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return codes


def test_ten_simultaneous_reseats(pg, organizer, event, registered_players):
    round_service.seat_next_round(event, seed=1)
    url = reverse("rounds:reseat", args=[event.pk, 1])

    def reseat(i, client):
        client.force_login(organizer.user)
        return client.post(url).status_code

    codes = at_once(10, reseat)
    assert codes == [302] * 10  # each one seated again, or told the round just changed
    rnd = Round.objects.get(event=event)
    assert rnd.brackets.count() == 3 and sum(b.seats.count() for b in rnd.brackets.all()) == 9


def test_twenty_simultaneous_signups_get_distinct_numbers(pg, settings):
    # one test client address for all twenty: the sign-up rate limit is not what is tested
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": "1000/h"}

    def sign_up(i, client):
        return client.post(reverse("accounts:signup"), signup_data(f"u{i}", f"u{i}@example.org"))

    codes = at_once(20, lambda i, c: sign_up(i, c).status_code)
    assert codes == [302] * 20
    numbers = list(Player.objects.values_list("player_number", flat=True))
    assert len(numbers) == len(set(numbers)) == 20


def test_ten_simultaneous_signups_with_one_address_make_one_account(pg):
    def sign_up(i, client):
        data = signup_data(f"same{i}", "Same@Example.org" if i % 2 else "same@example.org")
        return client.post(reverse("accounts:signup"), data).status_code

    codes = at_once(10, sign_up)
    assert codes == [302] * 10  # the same answer to all: whether it was taken is mailed
    assert User.objects.filter(email__iexact="same@example.org").count() == 1
