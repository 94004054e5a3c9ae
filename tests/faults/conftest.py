"""The fault suite: a real site (gunicorn), a real Celery worker, real PostgreSQL and Redis.

Run by `.ci/faults.sh` (SPELLFIRE_FAULTS=1) after `manage.py migrate`; skipped otherwise. The
tests stop and start Redis, kill the worker and restart PostgreSQL, so they never run in an
ordinary test run. Everything talks to the database DATABASE_URL names (the server and the
worker cannot see pytest-django's test database); the data of each run carries a fresh tag.

Environment: DATABASE_URL (PostgreSQL), REDIS_URL, FAULT_REDIS_PORT (the Redis this suite may
stop), FAULT_PG_RESTART (a shell command that restarts PostgreSQL).
"""

import pytest

from tests.support.faults import ENABLED, Processes


def pytest_collection_modifyitems(config, items):
    if ENABLED:
        return
    skip = pytest.mark.skip(reason="fault suite: run .ci/faults.sh (SPELLFIRE_FAULTS=1)")
    for item in items:
        if item.get_closest_marker("faults") is not None:
            item.add_marker(skip)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    processes = Processes(tmp_path_factory.mktemp("faults"))
    processes.start_server()
    processes.start_worker()
    yield processes
    processes.stop()
    print(processes.logs())  # shown with -rA or on failure


@pytest.fixture(scope="module")
def orm(django_db_blocker):
    """ORM access to the real database (no test database is ever set up by this suite)."""
    from django.db import connections

    with django_db_blocker.unblock():
        yield
        connections.close_all()
