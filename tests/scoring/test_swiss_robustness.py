"""A damaged one-on-one file never crashes the reader or score_event: it is refused or scored."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.eventfile import read_any_event
from scoring.standings import standings_json

FIXTURES = Path(__file__).resolve().parents[1] / "eventfile" / "one_on_one"
FILES = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(FIXTURES.glob("*.json"))]

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.sampled_from(["p1", "p2", "q1", "a1", "time", "victory", "", "x"]),
    st.just([]),
    st.just({}),
    st.lists(st.sampled_from(["p1", "p2", "p3", "q2", "a8"]), max_size=3),
)


def _places(value, path=()):
    """Every (container, key) of a decoded JSON document."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield value, key
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield value, index
            yield from _places(item, (*path, index))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, len(FILES) - 1),
    st.lists(st.tuples(st.integers(0, 10**6), VALUES), max_size=3),
)
def test_damaged_files_are_refused_or_scored_never_crash(which, changes):
    data = copy.deepcopy(FILES[which])
    for where, value in changes:
        places = list(_places(data))
        container, key = places[where % len(places)]
        container[key] = value
    event, issues = read_any_event(data)
    if event is not None and not issues:
        result = standings_json(event)
        assert result["scored"] is False
    else:
        assert issues
        assert all(issue.path and issue.message for issue in issues)
