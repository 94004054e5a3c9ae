"""The declared figures (`standings/figures.py`) match what is stored, what the engine
returns and what the readers show: a figure added in one place and forgotten in another
fails here."""

import dataclasses

import pytest

from scoring.figures import SeatFigures, StandingFigures
from tournament.api.serializers import STANDING_COLUMNS, StandingSerializer
from tournament.events.models import Seat
from tournament.printing.documents import scoring_form_columns
from tournament.standings.figures import (
    API,
    SCORING_FORM,
    SEAT_FIGURES,
    STANDING_FIGURES,
    TABLE,
    names,
    shown_in,
)
from tournament.standings.models import EventStanding
from tournament.standings.tables import StandingsTable

IDENTITY_COLUMNS = {"place", "name", "number", "club"}  # who, not a figure


def test_every_seat_figure_is_returned_by_the_engine_and_stored_on_the_seat():
    assert names(SEAT_FIGURES) == [f.name for f in dataclasses.fields(SeatFigures)]
    seat_fields = {f.name for f in Seat._meta.get_fields()}
    assert set(names(SEAT_FIGURES)) <= seat_fields


def test_every_standing_figure_is_returned_by_the_engine_and_stored():
    assert names(STANDING_FIGURES) == [f.name for f in dataclasses.fields(StandingFigures)]
    stored = {f.name for f in EventStanding._meta.get_fields()}
    assert set(names(STANDING_FIGURES)) <= stored


def test_the_api_shows_exactly_its_figures():
    declared = names(shown_in(STANDING_FIGURES, API))
    fields = StandingSerializer.Meta.fields
    assert [name for name in fields if name in names(STANDING_FIGURES)] == declared
    assert set(declared) <= set(STANDING_COLUMNS)


def test_the_standings_table_and_its_csv_show_exactly_their_figures():
    table = StandingsTable([], rounds=2)
    shown = [name for name in table.sequence if name not in IDENTITY_COLUMNS]
    per_round = ["round_1", "round_2"]  # round_points: one column per round
    others = [n for n in names(shown_in(STANDING_FIGURES, TABLE)) if n != "round_points"]
    assert shown == per_round + others


@pytest.mark.django_db
def test_the_scoring_form_prints_exactly_its_figures():
    columns = scoring_form_columns([1, 2])
    declared = names(shown_in(STANDING_FIGURES, SCORING_FORM))
    printed = [c["figure"] for c in columns]
    assert printed == ["round_points", "round_points", "points"]
    assert set(printed) | {"status"} == set(declared)  # the status is the "dropped" tag
