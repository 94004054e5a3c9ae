"""The event's standings lock (`standings/writing.py: share_standings`, `hold_standings`;
docs/locking.md), on real PostgreSQL: bracket writers share it, an event's writer (the
re-rank, a whole-event refresh) holds it alone, and a bracket writer that comes while an
event's writer waits queues behind it (no re-rank starved by a stream of results)."""

import threading
import uuid

import pytest
from celery import current_app
from django.db import OperationalError, connection, transaction

from tournament.events.to_engine import engine_id
from tournament.results import services as results
from tournament.results.models import Game
from tournament.rounds.services.rounds import publish_round, seat_next_round
from tournament.standings import recompute
from tournament.standings.models import EventScoring
from tournament.standings.writing import hold_standings, share_standings

pytestmark = [pytest.mark.postgres]

BLOCKED = "blocked"


@pytest.fixture
def pg(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (advisory locks); set DATABASE_URL to a postgres database")


class Holder(threading.Thread):
    """A transaction of its own that takes the lock and keeps it until released."""

    def __init__(self, take, event_id: int):
        super().__init__(daemon=True)
        self.take, self.event_id = take, event_id
        self.taken, self.release = threading.Event(), threading.Event()

    def run(self):
        try:
            with transaction.atomic():
                self.take(self.event_id)
                self.taken.set()
                self.release.wait(10)
        finally:
            connection.close()


def attempt(take, event_id: int, wait_ms: int = 300) -> str:
    """Take the lock in another connection, giving up after `wait_ms`: "taken" or BLOCKED."""
    outcome: list[str] = []

    def run():
        try:
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute(f"SET LOCAL lock_timeout = '{wait_ms}ms'")
                try:
                    take(event_id)
                    outcome.append("taken")
                except OperationalError:  # lock_timeout: still waiting when it ran out
                    outcome.append(BLOCKED)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(10)
    return outcome[0]


@pytest.fixture
def holder(pg):
    started: list[Holder] = []

    def start(take, event_id: int = 7) -> Holder:
        thread = Holder(take, event_id)
        thread.start()
        assert thread.taken.wait(10)
        started.append(thread)
        return thread

    yield start
    for thread in started:
        thread.release.set()
        thread.join(10)


def test_bracket_writers_do_not_wait_for_each_other(holder):
    holder(share_standings)
    assert attempt(share_standings, 7) == "taken"


def test_an_events_writer_waits_for_the_bracket_writers_in_flight(holder):
    holder(share_standings)
    assert attempt(hold_standings, 7) == BLOCKED


def test_a_bracket_writer_waits_while_an_events_writer_holds(holder):
    holder(hold_standings)
    assert attempt(share_standings, 7) == BLOCKED


def test_other_events_are_not_held(holder):
    holder(hold_standings, event_id=7)
    assert attempt(share_standings, 8) == "taken"


def test_a_waiting_rerank_is_not_starved_by_new_results(holder):
    """A bracket writer in flight, a re-rank waiting for it: a result that comes now queues
    behind the re-rank instead of joining the writers and keeping it waiting."""
    holder(share_standings)
    waiting = threading.Thread(target=attempt, args=(hold_standings, 7, 3000))
    waiting.start()
    try:
        threading.Event().wait(0.3)  # the re-rank is in the lock's queue now
        assert attempt(share_standings, 7) == BLOCKED
    finally:
        waiting.join(10)


# --- the writers that take it -------------------------------------------------------------


def confirm(bracket, judges, wait_ms: int = 300) -> str:
    """Two judges enter game 1 of the bracket in another connection (the second entry
    confirms it), giving up after `wait_ms` of waiting for a lock: "taken" or BLOCKED."""
    seats = list(bracket.seats.order_by("position"))
    winner = seats[0].registration.player_id
    unrazed = {engine_id(s.registration.player_id): 3 for s in seats} | {engine_id(winner): 6}
    data = results.GameData(winner=winner, ended_by="victory", unrazed=unrazed)

    def take(_event_id):
        for judge in judges:
            results.submit_entry(bracket, data, judge, uuid.uuid4(), number=1)

    return attempt(take, bracket.round.event_id, wait_ms)


@pytest.fixture
def deferred(pg, monkeypatch):
    """As with a broker: the confirmation marks the places stale; the re-rank is not run."""
    eager = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = False
    monkeypatch.setattr(recompute, "queue_rerank", lambda event_id: False)
    yield
    current_app.conf.task_always_eager = eager


@pytest.fixture
def brackets(event, registered_players):
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    return list(rnd.brackets.order_by("table"))


def test_a_result_waits_for_an_events_writer(deferred, holder, brackets, judge, second_judge):
    holder(hold_standings, brackets[0].round.event_id)
    assert confirm(brackets[0], (judge, second_judge)) == BLOCKED


def test_a_result_does_not_wait_for_another_brackets_result(
    deferred, holder, brackets, judge, second_judge
):
    holder(share_standings, brackets[0].round.event_id)  # a result of another table in flight
    assert confirm(brackets[1], (judge, second_judge)) == "taken"
    assert Game.objects.filter(bracket=brackets[1]).count() == 1
    assert EventScoring.objects.get(event_id=brackets[1].round.event_id).standings_stale_since
