"""Facts kept in the cache until what they are read from changes (`core/memo.py`)."""

import pytest
from django.core.cache import cache

from tournament.core.memo import forget, remembered

pytestmark = pytest.mark.django_db  # forgetting is also done after the commit


class Reader:
    def __init__(self, value):
        self.value, self.reads = value, 0

    def __call__(self):
        self.reads += 1
        return self.value


def test_a_fact_is_read_once_then_kept():
    source = Reader(frozenset({1, 2}))
    assert remembered("fact:1", source) == frozenset({1, 2})
    assert remembered("fact:1", source) == frozenset({1, 2})
    assert source.reads == 1


def test_an_empty_fact_is_kept_too():
    source = Reader(frozenset())
    remembered("fact:2", source), remembered("fact:2", source)
    assert source.reads == 1


def test_forgetting_reads_the_new_fact():
    source = Reader("old")
    assert remembered("fact:3", source) == "old"
    source.value = "new"
    forget("fact:3")
    assert remembered("fact:3", source) == "new"


def test_a_fact_kept_by_a_reader_of_the_old_state_is_not_served_after_the_change(
    django_capture_on_commit_callbacks,
):
    # A reader that read before the writer's commit keeps the old fact; the commit's new
    # version leaves it behind.
    source = Reader("old")
    with django_capture_on_commit_callbacks(execute=True):
        forget("fact:4")  # the writer, before its commit
        assert remembered("fact:4", source) == "old"  # the database still says "old"
        source.value = "new"  # the commit
    assert remembered("fact:4", source) == "new"


def test_a_lost_version_never_brings_an_old_fact_back():
    source = Reader("old")
    remembered("fact:5", source)
    source.value = "new"
    forget("fact:5")
    remembered("fact:5", source)
    cache.delete("fact:5:version")  # evicted
    assert remembered("fact:5", source) == "new"
