"""Many judges confirming at once in one event (real row locks: PostgreSQL).

100 confirmations across 50 brackets run from 10 clients at a time: all succeed, none
answers 500, and afterwards the stored figures equal a whole-event recompute (nothing lost
to a race between brackets). The latency goal is measured by `bench/bench_entry.py`.
"""

from __future__ import annotations

import statistics
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.support.results import victory
from tournament.accounts.models import Player
from tournament.events.models import Registration, Seat
from tournament.results import services as results
from tournament.results.models import Game, GameEntry
from tournament.rounds.services.rounds import publish_round, seat_next_round
from tournament.standings.models import EventScoring, EventStanding
from tournament.standings.recompute import refresh_event

pytestmark = [pytest.mark.postgres]
BRACKETS = 50
CLIENTS = 10


@pytest.fixture
def pg(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (row locks); set DATABASE_URL to a postgres database")


def snapshot(event) -> tuple:
    """Every stored figure of the event that a confirmation may change."""
    standings = sorted(
        EventStanding.objects.filter(event=event).values_list(
            "player_id", "place", "points", "last_round", "last_place", "status", "games_won"
        )
    )
    seats = sorted(
        Seat.objects.filter(bracket__round__event=event).values_list(
            "pk",
            "figures__place",
            "figures__points",
            "figures__unrazed_total",
            "figures__games_won",
            "bracket__state",
        )
    )
    scoring = EventScoring.objects.filter(event=event).values_list("winner_id", "eligible")
    return standings, seats, list(scoring)


def test_parallel_confirmations_in_one_event(pg, event, judge, second_judge):
    people = Player.objects.bulk_create(
        Player(player_number=f"PC{i:04d}", name=f"Parallel {i:04d}") for i in range(BRACKETS * 3)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in people
    )
    rnd = seat_next_round(event, seed=11)
    publish_round(rnd)
    brackets = list(rnd.brackets.order_by("table"))
    assert len(brackets) == BRACKETS
    firsts = {}
    for bracket in brackets:
        a, b, c = [s.registration.player for s in bracket.seats.order_by("position")]
        data = victory(a, {a: 6, b: 4, c: 3})
        firsts[bracket.pk] = results.submit_entry(bracket, data, judge, uuid.uuid4(), number=1)
    latencies: list[float] = []
    codes: list[int] = []
    lock = threading.Lock()

    def confirm(client: Client, bracket, entry_id: int) -> None:
        url = reverse("results:confirm", args=[event.pk, bracket.pk, entry_id])
        start = time.perf_counter()
        code = client.post(url).status_code
        with lock:
            latencies.append(time.perf_counter() - start)
            codes.append(code)

    def play(bracket) -> None:
        """Second judge confirms game 1; first judge enters game 2; second confirms it."""
        try:
            entering, confirming = Client(), Client()
            entering.force_login(judge.user)
            confirming.force_login(second_judge.user)
            confirm(confirming, bracket, firsts[bracket.pk].entry.pk)
            a, b, c = [s.registration.player for s in bracket.seats.order_by("position")]
            data = victory(a, {a: 7, b: 2, c: 5})
            second = results.submit_entry(bracket, data, judge, uuid.uuid4(), number=2)
            confirm(confirming, bracket, second.entry.pk)
        finally:
            connection.close()  # each thread had its own connection

    with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
        list(pool.map(play, brackets))

    assert len(codes) == 2 * BRACKETS
    assert 500 not in codes and set(codes) == {302}
    assert Game.objects.filter(bracket__round=rnd).count() == 2 * BRACKETS
    assert GameEntry.objects.filter(status="confirmed").count() == 2 * BRACKETS
    # Latency is a benchmark figure (bench/bench_entry.py --parallel), not asserted here.
    p95 = statistics.quantiles(latencies, n=20)[-1]
    print(f"{CLIENTS} clients: p50 {statistics.median(latencies):.3f}s p95 {p95:.3f}s")
    stored = snapshot(event)
    refresh_event(event)
    assert snapshot(event) == stored
