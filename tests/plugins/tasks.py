"""Shared fixture: Celery tasks run in-process, their files in the test's own media folder.

Not automatic: a folder whose tests all need it asks for it in its `conftest.py`, a module
with `pytest.mark.usefixtures("eager_celery")`."""

import pytest
from celery import current_app


@pytest.fixture
def eager_celery(request, settings, tmp_path):
    """Run tasks in-process (CI also runs this suite with REDIS_URL set but no worker)."""
    if "celery_worker" in request.keywords:
        yield
        return
    settings.MEDIA_ROOT = tmp_path / "media"
    conf = current_app.conf
    saved = conf.task_always_eager
    conf.task_always_eager = True
    yield
    conf.task_always_eager = saved


@pytest.fixture
def rerank_deferred(monkeypatch):
    """As with a broker: a confirmation marks the places stale and leaves the re-rank to the
    worker (never queued here), as in production (docs/recompute.md)."""
    from tournament.standings import recompute

    saved = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = False
    monkeypatch.setattr(recompute, "queue_rerank", lambda event_id: False)
    yield
    current_app.conf.task_always_eager = saved
