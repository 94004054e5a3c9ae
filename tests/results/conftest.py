"""Fixtures of the results tests: a single-entry event, passwords hashed cheaply.

The seated, published round 1 (`round1`, `bracket`, `seated`) is shared:
`tests/plugins/rounds.py`; the helpers that post games are in `tests/support/results.py`."""

import pytest


@pytest.fixture
def single_entry(event):
    event.single_entry = True
    event.save(update_fields=["single_entry"])
    return event


@pytest.fixture
def reporting(event):
    """Players report their games; a judge confirms them (SPEC §5 decision)."""
    event.players_report_results = True
    event.save(update_fields=["players_report_results"])
    return event


@pytest.fixture(autouse=True)
def fast_passwords(fast_passwords):
    """Every test here: the shared `fast_passwords`, automatically."""
    return fast_passwords
