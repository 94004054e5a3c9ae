"""A document of many sheets is sent with time limits that grow with its sheets, so all
decklists of a large event (or a huge round's sheets) do not fail on the task's default
time limit; never beyond what the broker allows before it hands the task out again."""

import pytest
from django.utils import timezone

from tournament.printing import services, tasks
from tournament.printing.models import CachedDocument, Kind

from .test_large_decklists import register_lists

pytestmark = pytest.mark.django_db


@pytest.fixture
def limits(settings):
    """The defaults: soft 240 s, hard 300 s (60 s of grace), visibility 600 s."""
    settings.CELERY_TASK_SOFT_TIME_LIMIT = 240
    settings.CELERY_TASK_TIME_LIMIT = 300
    settings.CELERY_VISIBILITY_TIMEOUT = 600
    return settings


def all_decklists(event) -> CachedDocument:
    return CachedDocument.objects.create(
        kind=Kind.ALL_DECKLISTS,
        event=event,
        paper="A4",
        expires=timezone.now() + services.LIFETIME,
    )


def test_200_lists_get_two_seconds_a_sheet(event, limits):
    """200 sheets × 2 s = 400 s soft, + 60 s of grace = 460 s hard (below 600 − 60 − 60)."""
    register_lists(event, 200)
    doc = all_decklists(event)
    assert services.time_limits(doc) == {"soft_time_limit": 400, "time_limit": 460}


def test_a_document_within_the_default_keeps_it(event, limits):
    """120 sheets × 2 s = 240 s: the default soft limit already covers them."""
    register_lists(event, 120)
    assert services.time_limits(all_decklists(event)) == {}


def test_the_limit_stays_below_the_brokers_visibility_timeout(event, limits):
    """Visibility 400 s: at most 400 − 60 (grace) − 60 (margin) = 280 s soft, 340 s hard."""
    limits.CELERY_VISIBILITY_TIMEOUT = 400
    register_lists(event, 200)
    assert services.time_limits(all_decklists(event)) == {
        "soft_time_limit": 280,
        "time_limit": 340,
    }


def test_the_task_is_sent_with_the_limits(event, limits, monkeypatch):
    register_lists(event, 200)
    big = all_decklists(event)
    small = CachedDocument.objects.create(
        kind=Kind.SCORING_FORM, event=event, paper="A4", expires=big.expires
    )
    sent = []
    monkeypatch.setattr(
        tasks.render_document, "apply_async", lambda args, **kw: sent.append((args, kw))
    )
    monkeypatch.setattr(tasks.render_document, "delay", lambda *args: sent.append((args, {})))
    services._send(big.pk)
    services._send(small.pk)
    assert sent == [
        ((big.pk,), {"soft_time_limit": 400, "time_limit": 460}),
        ((small.pk,), {}),
    ]
