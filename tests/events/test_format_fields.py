"""The event's format is declared once (`events/models.py`): its groups cover the engine's
`Format` exactly, so a rule field added to the engine and forgotten on the site (or the
other way round) fails here."""

import dataclasses

from scoring.model import Format
from tournament.events.models import (
    CLOCK_FIELDS,
    FORMAT_FIELDS,
    POINTS_FIELDS,
    RULE_FIELDS,
    Event,
)


def test_the_format_groups_are_the_engines_format_with_no_field_twice():
    assert len(FORMAT_FIELDS) == len(set(FORMAT_FIELDS))
    assert set(FORMAT_FIELDS) == {f.name for f in dataclasses.fields(Format)}
    assert set(RULE_FIELDS) | set(POINTS_FIELDS) | set(CLOCK_FIELDS) == set(FORMAT_FIELDS)


def test_every_format_field_is_stored_on_the_event():
    stored = {f.name for f in Event._meta.get_fields()}
    assert set(FORMAT_FIELDS) <= stored
