"""Redis losing its data (flushed, restarted empty) with no worker losing its connection: no
worker reconnects, so `SweepOnConnect` never runs; `broker.check_data` (beat, every 5 s)
sees the broker's mark gone and queues the recovery sweeps at once, instead of leaving a
delivery whose task was lost for its 30 s grace and the next sweep (docs/reliability.md)."""

import pytest

from tournament import broker
from tournament import celery as celery_module
from tournament.celery import RECOVERY_SWEEPS, check_data, queue_recovery_sweeps


class FakeRedis:
    """`SET key value NX` as Redis answers it: True when set, None when the key was there."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def set(self, key, value, nx=False):
        if nx and key in self.data:
            return None
        self.data[key] = value
        return True

    def flushall(self) -> None:
        self.data.clear()


def redis_channel(client: FakeRedis) -> broker.Channel:
    channel = object.__new__(broker.Channel)  # no connection: `client` is all it is asked
    channel.__dict__["client"] = client  # kombu's cached property
    return channel


def test_the_mark_tells_a_loss_once():
    redis = FakeRedis()
    channel = redis_channel(redis)
    assert broker.lost_data(channel) is True  # the first look: no mark yet
    assert broker.lost_data(channel) is False
    assert broker.lost_data(channel) is False
    redis.flushall()
    assert broker.lost_data(channel) is True
    # several workers at once: only the first of them is told
    assert [broker.lost_data(channel) for _ in range(3)] == [False, False, False]


def test_no_redis_broker_never_lost_anything():
    assert broker.lost_data(object()) is False


class Recorder:
    """A Celery app's `send_task`, recorded; fails from call `fail_at` on (0-based)."""

    def __init__(self, fail_at: int | None = None) -> None:
        self.sent: list[tuple] = []
        self.fail_at = fail_at

    def send_task(self, name, kwargs=None, countdown=None):
        if self.fail_at is not None and len(self.sent) >= self.fail_at:
            raise ConnectionError("broker down")
        self.sent.append((name, kwargs, countdown))


def test_the_sweeps_queued_after_a_loss():
    app = Recorder()
    assert queue_recovery_sweeps(app) == 6
    assert app.sent == [
        ("printing.recover_stuck", {}, None),
        ("tournament.webhooks.tasks.retry_stale", {"reconnected": True}, None),
        ("notifications.send_due", {}, None),
        ("standings.rerank_stale", {}, None),
        # once the claims of attempts cut off have expired: a webhook's (20 s + 1 s) and a
        # mail's (24 s + 1 s), both inside the 30 s a lost broker may delay them
        ("tournament.webhooks.tasks.retry_stale", {}, 21),
        ("notifications.send_due", {}, 25),
    ]


def test_a_broker_error_stops_the_sweeps_without_raising():
    app = Recorder(fail_at=2)
    assert queue_recovery_sweeps(app) == 2
    assert [name for name, _k, _c in app.sent] == [name for name, _k in RECOVERY_SWEEPS[:2]]


@pytest.mark.parametrize("lost", [True, False])
def test_check_data_sweeps_only_after_a_loss(monkeypatch, lost):
    swept = []
    monkeypatch.setattr(broker, "lost_data", lambda channel: lost)
    monkeypatch.setattr(celery_module, "queue_recovery_sweeps", swept.append)
    assert check_data.apply().get() is lost
    assert len(swept) == (1 if lost else 0)


def test_check_data_runs_on_the_beat_every_5_seconds():
    from django.conf import settings

    (entry,) = [
        e for e in settings.CELERY_BEAT_SCHEDULE.values() if e["task"] == "broker.check_data"
    ]
    assert float(entry["schedule"]) == 5.0
