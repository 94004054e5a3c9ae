"""The event-wide re-rank of the places after a confirmation (docs/recompute.md).

Without a broker (tests, development) a confirmation re-ranks the places in its own
transaction. With one, the confirmation stores its players' figures, marks the event's
standings stale in its transaction (a mark in the database: nothing is lost when the broker
or the worker is down) and queues one re-rank per event after the commit; the beat's sweep
re-ranks a mark the queue left older than the grace, and the whole-event recompute of a
round's close clears it. Readers never write.

Expected places are worked out from the final-place order (SPEC §6, docs/recompute.md): the
tournament winner, then total points, the last round reached, the place in that bracket,
unrazed realms in the event, games won. After one game of an unfinished round-1 bracket
nobody has points or a bracket place yet: the game's winner (6 unrazed realms, 1 game won)
is 1st, his two opponents (3 unrazed realms each) share 2nd, the six players who have not
played share 4th.
"""

import datetime
import uuid

import pytest
from celery import current_app
from django.urls import reverse
from django.utils import timezone

from tournament.core import queueing
from tournament.events.models import Seat
from tournament.events.to_engine import engine_id
from tournament.results import services as results
from tournament.rounds.services.rounds import close_round
from tournament.standings import recompute, tasks
from tournament.standings.models import EventScoring, EventStanding


def play(bracket, judges, number: int = 1, winner_seat: int = 0, losers: tuple = (3, 3)):
    """Two judges enter the same game (seat `winner_seat` wins with 6 unrazed realms, the
    others keep `losers` in seat order): the second entry confirms it."""
    seats = list(bracket.seats.order_by("position"))
    winner = seats[winner_seat].registration.player_id
    others = [s.registration.player_id for s in seats if s.registration.player_id != winner]
    unrazed = {engine_id(p): count for p, count in zip(others, losers, strict=True)}
    unrazed[engine_id(winner)] = 6
    data = results.GameData(winner=winner, ended_by="victory", unrazed=unrazed)
    results.submit_entry(bracket, data, judges[0], uuid.uuid4(), number=number)
    outcome = results.submit_entry(bracket, data, judges[1], uuid.uuid4(), number=number)
    assert outcome.entry.status == "confirmed"
    return [s.registration.player_id for s in seats]


def places(event) -> dict[int, int]:
    return dict(EventStanding.objects.filter(event=event).values_list("player_id", "place"))


def expected_after_one_game(event, seated: list[int]) -> dict[int, int]:
    """The module docstring's places: winner 1st, his opponents 2nd, everyone else 4th."""
    winner, *opponents = seated
    others = set(places(event)) - set(seated)
    return {winner: 1} | dict.fromkeys(opponents, 2) | dict.fromkeys(others, 4)


def stale_since(event):
    return EventScoring.objects.get(event=event).standings_stale_since


@pytest.fixture
def judges(judge, second_judge):
    return judge, second_judge


@pytest.fixture
def broker(monkeypatch):
    """As with a real broker: tasks are queued (the re-ranks recorded here), not run."""
    eager = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = False
    queued = []
    real = queueing.enqueue

    def enqueue(name, *args, **options):
        if name != recompute.RERANK_TASK:
            return real(name, *args, **options)
        queued.append(args)
        return None

    monkeypatch.setattr(queueing, "enqueue", enqueue)
    yield queued
    current_app.conf.task_always_eager = eager


@pytest.fixture
def broker_down(broker, monkeypatch):
    """The broker refuses every re-rank task."""

    def refuse(name, *args, **options):
        raise ConnectionError("broker down")

    monkeypatch.setattr(queueing, "enqueue", refuse)


def test_without_a_broker_the_confirmation_ranks_in_its_transaction(event, round1, judges):
    bracket = round1.brackets.order_by("table").first()
    seated = play(bracket, judges)
    assert stale_since(event) is None
    assert places(event) == expected_after_one_game(event, seated)


def test_with_a_broker_the_confirmation_marks_and_one_task_reranks(
    event, round1, judges, broker, django_capture_on_commit_callbacks
):
    first, second = round1.brackets.order_by("table")[:2]
    before = places(event)
    refreshed = EventScoring.objects.get(event=event).refreshed_at
    with django_capture_on_commit_callbacks(execute=True):
        seated = play(first, judges)
    with django_capture_on_commit_callbacks(execute=True):
        play(second, judges, winner_seat=1)
    # Stored at once: the game and its seats' figures; left for the task: the players'
    # totals (marked) and every place.
    assert stale_since(event) is not None
    assert places(event) == before
    assert Seat.objects.get(bracket=first, registration__player_id=seated[0]).figures.games_won == 1
    winner = EventStanding.objects.get(event=event, player_id=seated[0])
    assert (winner.unrazed_total, winner.games_won, winner.totals_stale) == (0, 0, True)
    assert EventStanding.objects.filter(event=event, totals_stale=True).count() == 6
    # One task for the event, however many confirmations before it starts.
    assert broker == [(event.pk,)]

    assert tasks.rerank(event.pk) is True
    # The winner's totals: 6 unrazed realms, one game won (the module's docstring).
    winner = EventStanding.objects.get(event=event, player_id=seated[0])
    assert (winner.unrazed_total, winner.games_won, winner.totals_stale) == (6, 1, False)
    assert not EventStanding.objects.filter(event=event, totals_stale=True).exists()
    scoring = EventScoring.objects.get(event=event)
    assert scoring.standings_stale_since is None
    assert scoring.refreshed_at > refreshed  # cached pages and documents follow
    # Two games of two brackets: both winners 1st (6 unrazed realms, one game won), their
    # four opponents 3rd (3 realms each), the three players still waiting 7th.
    stored = places(event)
    assert sorted(stored.values()) == [1, 1, 3, 3, 3, 3, 7, 7, 7]
    assert stored[seated[0]] == 1
    assert tasks.rerank(event.pk) is False  # nothing left to do

    # The queued task started: the next confirmation queues another.
    third = round1.brackets.order_by("table")[2]
    with django_capture_on_commit_callbacks(execute=True):
        play(third, judges)
    assert broker == [(event.pk,), (event.pk,)]


def test_a_broker_down_loses_nothing_the_sweep_reranks(
    event, round1, judges, broker_down, client, django_capture_on_commit_callbacks
):
    event.status = "running"
    event.save(update_fields=["status"])
    bracket = round1.brackets.order_by("table").first()
    before = places(event)
    with django_capture_on_commit_callbacks(execute=True):
        seated = play(bracket, judges)  # the write stands, with its mark
    assert stale_since(event) is not None
    url = reverse("standings:event", args=[event.pk])

    # The page shows the stored figures and says so; a fresh mark is the queue's, and the
    # sweep leaves it.
    page = client.get(url)
    assert "Places are updating" in page.content.decode()
    assert tasks.rerank_stale() == []
    assert places(event) == before

    # Past the grace the queue has not done it. A reader still never writes ...
    old = timezone.now() - recompute.STALE_GRACE - datetime.timedelta(seconds=1)
    EventScoring.objects.filter(event=event).update(standings_stale_since=old)
    client.get(url)
    assert stale_since(event) is not None
    assert places(event) == before
    # ... the beat's sweep re-ranks.
    assert tasks.rerank_stale() == [event.pk]
    assert stale_since(event) is None
    assert places(event) == expected_after_one_game(event, seated)
    assert "Places are updating" not in client.get(url).content.decode()


def test_the_sweep_runs_on_the_beat():
    from django.conf import settings

    beat = {entry["task"]: entry["schedule"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert beat["standings.rerank_stale"] <= recompute.STALE_GRACE.total_seconds()
    assert queueing.task_named("standings.rerank_stale").name == tasks.rerank_stale.name


def test_the_round_close_reranks_what_the_queue_left_stale(
    event, round1, judges, broker_down, django_capture_on_commit_callbacks
):
    # Every bracket decided by its first seat winning twice (two wins end a bracket), the
    # others keeping 4 and 2 realms: no tie waits for a judge.
    for bracket in round1.brackets.order_by("table"):
        for number in (1, 2):
            with django_capture_on_commit_callbacks(execute=True):
                play(bracket, judges, number=number, losers=(4, 2))
    assert stale_since(event) is not None
    stale = places(event)
    close_round(round1)
    assert stale_since(event) is None
    # Each bracket's winner, second and third alike in all three brackets: the three
    # winners share 1st, the seconds 4th, the thirds 7th.
    stored = places(event)
    assert stored != stale
    assert sorted(stored.values()) == [1, 1, 1, 4, 4, 4, 7, 7, 7]


def test_the_task_is_registered_under_the_name_the_confirmation_queues():
    assert queueing.task_named(recompute.RERANK_TASK).name == tasks.rerank.name


def test_a_reader_that_needs_exact_places_reranks_at_once(
    event, round1, judges, broker, django_capture_on_commit_callbacks
):
    bracket = round1.brackets.order_by("table").first()
    with django_capture_on_commit_callbacks(execute=True):
        seated = play(bracket, judges)
    assert recompute.ensure_ranked(event) is True  # however young the mark
    assert stale_since(event) is None
    assert places(event) == expected_after_one_game(event, seated)
    assert recompute.ensure_ranked(event) is False
