"""With a broker, an entry waiting queues a delayed check of its round: one a round a minute,
however many judges enter at once (the minute's later entries are due within a minute of
that check, and the sweep runs every minute: docs/notifications.md)."""

import pytest
from django.core.cache import cache

from tournament.core import queueing
from tournament.notifications import waiting


@pytest.fixture
def queued(settings, monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    cache.clear()
    calls = []
    monkeypatch.setattr(queueing, "enqueue", lambda name, *args, **kw: calls.append((name, args)))
    yield calls
    cache.clear()


def test_one_check_a_round_a_minute(queued):
    for _ in range(50):
        waiting.schedule(7)
    waiting.schedule(8)
    assert queued == [(waiting.ENTRIES_WAITING_TASK, (7,)), (waiting.ENTRIES_WAITING_TASK, (8,))]


def test_the_next_minute_queues_again(queued):
    waiting.schedule(7)
    cache.delete(waiting.SCHEDULED_KEY.format(round_id=7))  # the minute has passed
    waiting.schedule(7)
    assert len(queued) == 2


def test_a_broker_down_leaves_the_round_to_the_sweep_and_the_next_entry(settings, monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    cache.clear()

    def refuse(name, *args, **kw):
        raise ConnectionError("broker down")

    monkeypatch.setattr(queueing, "enqueue", refuse)
    waiting.schedule(7)
    # Nothing was queued: the next entry of the round tries again.
    assert cache.get(waiting.SCHEDULED_KEY.format(round_id=7)) is None
