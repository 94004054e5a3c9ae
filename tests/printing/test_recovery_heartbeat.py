"""A render lost with Redis' data (restarted empty, flushed) is sent again at the next sweeps,
not after PRINTING_PENDING_SECONDS: its queued task and its heartbeat went with the data, and
marks that stay missing while the cache answers tell it."""

import datetime as dt
import time

import pytest
from django.core.cache import cache
from django.utils import timezone

from tournament.core.cache import FailSafeRedisCache
from tournament.printing import heartbeat, services, tasks
from tournament.printing.models import CachedDocument

pytestmark = pytest.mark.django_db


class Clock:
    """The wall clock the heartbeat reads, moved by hand."""

    def __init__(self) -> None:
        self.now = time.time()

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(heartbeat, "time", fake)
    return fake


def queued_document(event, rnd, age: dt.timedelta) -> CachedDocument:
    """A bracket-sheet document pending for `age`, its task handed to the broker."""
    doc = services.request_document(
        services.DocumentRequest(kind="brackets", event=event, paper="A4", round=rnd)
    )
    CachedDocument.objects.filter(pk=doc.pk).update(
        state=CachedDocument.State.PENDING, created=timezone.now() - age, generated_at=None
    )
    doc.refresh_from_db()
    heartbeat.queued(doc.pk)
    return doc


def test_a_document_waiting_in_the_queue_keeps_the_long_timeout(event, played_round, clock):
    doc = queued_document(event, played_round, dt.timedelta(minutes=2))
    for _ in range(3):
        assert heartbeat.state(doc.pk) is heartbeat.RenderState.NOT_STARTED
        clock.now += heartbeat.VANISHED_SECONDS
    assert services.recover_if_stuck(doc).state == CachedDocument.State.PENDING


def test_a_queue_lost_with_redis_is_sent_again_at_the_second_look(event, played_round, clock):
    doc = queued_document(event, played_round, dt.timedelta(minutes=2))
    assert dt.timedelta(minutes=2) < services.PENDING_TIMEOUT  # the long timeout is far off
    cache.clear()  # Redis restarted empty: the task and every mark are gone
    # First look (a sweep): the marks are missing; that alone is not believed yet.
    assert services.recover_if_stuck(doc).state == CachedDocument.State.PENDING
    clock.now += heartbeat.VANISHED_SECONDS - 1
    assert services.recover_if_stuck(doc).state == CachedDocument.State.PENDING
    # Still missing VANISHED_SECONDS after the first look: sent again (rendered in-process).
    clock.now += 1
    assert heartbeat.state(doc.pk) is heartbeat.RenderState.VANISHED
    assert services.recover_if_stuck(doc).state == CachedDocument.State.DONE


def test_a_render_lost_with_redis_is_sent_again_by_the_sweep(event, played_round, clock):
    doc = queued_document(event, played_round, dt.timedelta(minutes=3))
    cache.set(f"printing:started:{doc.pk}", True)  # the render had begun ...
    cache.set(f"printing:alive:{doc.pk}", True)
    cache.clear()  # ... when Redis lost its data (and the worker its task)
    assert tasks.recover_stuck() == 1
    clock.now += heartbeat.VANISHED_SECONDS
    assert tasks.recover_stuck() == 1
    doc.refresh_from_db()
    assert doc.state == CachedDocument.State.DONE


def test_a_render_still_at_work_writes_its_marks_again_in_time(event, played_round, clock):
    doc = queued_document(event, played_round, dt.timedelta(minutes=3))
    cache.clear()  # flushed while the render goes on
    assert heartbeat.state(doc.pk) is heartbeat.RenderState.NOT_STARTED  # first look
    clock.now += heartbeat.BEAT_SECONDS
    cache.set(f"printing:started:{doc.pk}", True)  # its next beat
    cache.set(f"printing:alive:{doc.pk}", True)
    assert heartbeat.state(doc.pk) is heartbeat.RenderState.ALIVE
    # The earlier look is forgotten: marks that vanish later count from then on.
    cache.delete_many([f"printing:started:{doc.pk}", f"printing:alive:{doc.pk}"])
    clock.now += heartbeat.VANISHED_SECONDS
    assert heartbeat.state(doc.pk) is heartbeat.RenderState.NOT_STARTED
    assert services.recover_if_stuck(doc).state == CachedDocument.State.PENDING


def test_the_beat_writes_started_again(monkeypatch):
    monkeypatch.setattr(heartbeat, "BEAT_SECONDS", 0.01)
    with heartbeat.beating(42):
        cache.clear()  # Redis lost its data mid-render
        deadline = time.monotonic() + 5
        while cache.get("printing:started:42") is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert cache.get("printing:started:42") is True
        assert heartbeat.state(42) is heartbeat.RenderState.ALIVE
    assert cache.get_many(["printing:started:42", "printing:alive:42"]) == {}


def test_is_beating_reads_without_noting_missing_marks(event, played_round, clock):
    """The fault suite watches renders with `is_beating`: it must not count as a sweep's
    first look, or a lost document would be sent again sooner than the sweeps alone do."""
    doc = queued_document(event, played_round, dt.timedelta(minutes=3))
    cache.clear()  # Redis lost its data
    for _ in range(3):
        assert heartbeat.is_beating(doc.pk) is False
        clock.now += heartbeat.VANISHED_SECONDS
    assert heartbeat.state(doc.pk) is heartbeat.RenderState.NOT_STARTED  # the first look
    cache.set(f"printing:alive:{doc.pk}", True)  # a beat
    assert heartbeat.is_beating(doc.pk) is True


def test_is_beating_while_a_render_beats():
    with heartbeat.beating(43):
        assert heartbeat.is_beating(43) is True
    assert heartbeat.is_beating(43) is False


def test_nothing_is_concluded_while_the_cache_is_down(event, played_round, clock, monkeypatch):
    doc = queued_document(event, played_round, dt.timedelta(minutes=3))
    down = FailSafeRedisCache("redis://127.0.0.1:1/0", {"OPTIONS": {"socket_connect_timeout": 0.2}})
    monkeypatch.setattr(heartbeat, "cache", down)
    for _ in range(3):
        assert heartbeat.state(doc.pk) is heartbeat.RenderState.NOT_STARTED
        clock.now += heartbeat.VANISHED_SECONDS
    assert services.recover_if_stuck(doc).state == CachedDocument.State.PENDING


def test_the_sweep_runs_often_enough_for_30_seconds():
    """Worst case after Redis lost its data: a sweep finds the marks missing, the next one
    VANISHED_SECONDS later or more sends the document again; both within 30 s (every 5 s:
    the first look by 5 s, the re-send 15 s later, 20 s in all; the 15 s of before gave 45 s)."""
    from django.conf import settings

    (entry,) = [
        e for e in settings.CELERY_BEAT_SCHEDULE.values() if e["task"] == "printing.recover_stuck"
    ]
    every = float(entry["schedule"])
    first_look = every  # the first sweep after the loss
    second_look = first_look + every * -(-heartbeat.VANISHED_SECONDS // every)
    assert second_look <= 30


def test_a_resend_while_the_broker_is_down_stays_pending(event, played_round, monkeypatch):
    """The recovery's own re-send meets the broker down (the sweep ran during the outage):
    the document stays pending for a sweep after the broker's return, not failed with "try
    again in a minute", which would wait for someone to click."""
    from kombu.exceptions import OperationalError

    doc = queued_document(event, played_round, dt.timedelta(minutes=3))

    def refused(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(services.queueing, "enqueue", refused)
    services._send(doc.pk, recovering=True)
    doc.refresh_from_db()
    assert doc.state == CachedDocument.State.PENDING
    services._send(doc.pk)  # someone asked for it: told at once to try again
    doc.refresh_from_db()
    assert doc.state == CachedDocument.State.FAILED
    assert doc.error == "The print queue is not available right now. Try again in a minute."
