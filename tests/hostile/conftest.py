"""Tasks run in-process here, as in the printing tests (the seated and played rounds they use
are shared: `tests/plugins/rounds.py`)."""

import pytest


@pytest.fixture(autouse=True)
def eager_celery(eager_celery):
    """Every test here: the shared `eager_celery`, automatically."""
    return eager_celery
