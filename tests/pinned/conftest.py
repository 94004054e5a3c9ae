"""Fixtures of the pinned-rule tests: passwords hashed cheaply, as in the results tests (the
results and standings fixtures they use are shared: `tests/plugins/`)."""

import pytest


@pytest.fixture(autouse=True)
def fast_passwords(fast_passwords):
    """Every test here: the shared `fast_passwords`, automatically."""
    return fast_passwords
