"""The declared figures (`standings/figures.py`) match what is stored, what the engine
returns and what the readers show: a figure added in one place and forgotten in another
fails here."""

import dataclasses

from scoring.figures import SeatFigures
from tournament.events.models import Seat
from tournament.standings.api.serializers import STANDING_COLUMNS, StandingSerializer
from tournament.standings.figures import SEAT_FIGURES, STANDING_FIGURES, names
from tournament.standings.models import EventStanding
from tournament.standings.tables import StandingsTable

IDENTITY_COLUMNS = {"place", "name", "number", "club"}  # who, not a figure


def test_every_seat_figure_is_returned_by_the_engine_and_stored_on_the_seat():
    assert names(SEAT_FIGURES) == [f.name for f in dataclasses.fields(SeatFigures)]
    seat_fields = {f.name for f in Seat._meta.get_fields()}
    assert set(names(SEAT_FIGURES)) <= seat_fields


def test_every_standing_figure_is_a_stored_field():
    stored = {f.name for f in EventStanding._meta.get_fields()}
    assert set(names(STANDING_FIGURES)) <= stored


def test_the_api_shows_every_public_figure():
    public = {f.name for f in STANDING_FIGURES if f.public}
    assert public <= set(StandingSerializer.Meta.fields)
    assert public <= set(STANDING_COLUMNS)


def test_the_standings_table_and_its_csv_show_only_declared_figures():
    shown = set(StandingsTable.base_columns) - IDENTITY_COLUMNS
    assert shown <= set(names(STANDING_FIGURES))
