"""Every declared figure (`standings/figures.py`) is stored, stored right and shown where it is
declared: a figure added to the declaration and forgotten in one place fails here.

For each declared figure: (a) the model has its field, the field the declaration gives;
(b) on a random event played through the site, the store wrote the engine's value for it,
the engine scoring the games of the exported event file (never a constant); (c) each reader
named in its `shown_in` shows it, and no other reader does."""

from __future__ import annotations

import csv
import dataclasses
import datetime
import io
import random
import uuid

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from scoring.eventfile import parse_event, read_any_event
from scoring.figures import (
    SeatFigures,
    SeatInRound,
    StandingFigures,
    bracket_figures,
    standing_figures,
)
from scoring.model import PointsMode
from scoring.swiss.standings import SwissRow, score_swiss_event
from tests.support.events import add_players, build_event
from tournament.api.serializers import StandingSerializer, api_rows
from tournament.eventfile.services import export_text, file_ids
from tournament.events.models import Event, Seat
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.scoring_form import scoring_form_columns, scoring_form_context
from tournament.printing.documents.swiss_scoring_form import swiss_form_context
from tournament.printing.models import Kind
from tournament.results.services import GameData, confirm_entry, submit_entry
from tournament.rounds.services import rounds as round_service
from tournament.standings.figures import (
    API,
    SCORING_FORM,
    SEAT_FIGURES,
    STANDING_FIGURES,
    SWISS_FIGURES,
    TABLE,
    Figure,
    names,
    shown_in,
    stored_figures,
)
from tournament.standings.models import EventStanding
from tournament.standings.models import SeatFigures as StoredSeatFigures
from tournament.standings.rows import reader_figures, standing_rows
from tournament.standings.tables import StandingsTable, SwissStandingsTable

IDENTITY_COLUMNS = {"place", "name", "number", "club"}  # who, not a figure
HYPOTHESIS = settings(
    max_examples=3,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a failure reports its event at once
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


# -- (a) the model ----------------------------------------------------------------------


def _same_field(model, figure: Figure) -> bool:
    field = model._meta.get_field(figure.name)
    return field.deconstruct()[1:] == figure.field.deconstruct()[1:]


def test_every_standing_figure_has_its_declared_field():
    for figure in stored_figures():
        assert _same_field(EventStanding, figure), figure.name


def test_a_figure_of_both_declarations_declares_one_field():
    bracket = {f.name: f for f in STANDING_FIGURES}
    for figure in SWISS_FIGURES:
        if figure.name in bracket:
            assert figure.field.deconstruct() == bracket[figure.name].field.deconstruct()


def test_every_seat_figure_is_returned_by_the_engine_and_has_its_field_on_the_seat():
    assert names(SEAT_FIGURES) == [f.name for f in dataclasses.fields(SeatFigures)]
    for figure in SEAT_FIGURES:
        assert _same_field(StoredSeatFigures, figure), figure.name
    # The seat keeps none of them: they are the standings' row (`seat.figures`).
    seat_fields = {f.name for f in Seat._meta.get_fields()}
    assert not seat_fields & set(names(SEAT_FIGURES))


def test_a_seat_without_a_stored_row_reads_the_defaults():
    """A seat nothing was played in yet has no figures row: it reads the field defaults."""
    figures = Seat().figures
    assert figures._state.adding
    assert (figures.place, figures.points) == (None, None)
    assert (figures.unrazed_total, figures.games_won, figures.best_game) == (0, 0, 0)


def test_every_standing_figure_is_an_attribute_of_the_engines_figures():
    engine = {f.name for f in dataclasses.fields(StandingFigures)}
    assert {f.engine or f.name for f in STANDING_FIGURES} == engine
    row = {f.name for f in dataclasses.fields(SwissRow)}
    row |= {name for name, value in vars(SwissRow).items() if isinstance(value, property)}
    for figure in SWISS_FIGURES:
        if figure.name not in names(STANDING_FIGURES):  # stored from the engine's row
            assert (figure.engine or figure.name) in row, figure.name


# -- (b) the store writes the engine's values --------------------------------------------


def engine_figures(event: Event):
    """Every seat's and every player's figures as the engine states them, from the event's
    exported file alone: each bracket placed and scored (`bracket_figures`), each player's
    seats added up in round order (`standing_figures`)."""
    record = parse_event(export_text(event))
    pk_of = {file_id: pk for pk, file_id in file_ids(event).items()}
    last_bracket = record.format.points_mode == PointsMode.LAST_BRACKET
    seats: dict[str, list[SeatInRound]] = {}
    seat_figures: dict[tuple[int, int], SeatFigures] = {}
    for index, rnd in enumerate(record.rounds):
        later = record.rounds[index + 1 :]
        superseded = {p for r in later for p in r.players} if last_bracket else set()
        advancing = later[0].players if later else ()
        for bracket in rnd.brackets:
            figures = bracket_figures(
                bracket, rnd.number, record.format, final=rnd.is_final, superseded=superseded
            )
            for player in bracket.players:
                seat_figures[(pk_of[player], rnd.number)] = figures.seats[player]
                seats.setdefault(player, []).append(
                    SeatInRound(
                        rnd.number,
                        rnd.is_final,
                        bool(later),
                        advancing,
                        figures.winner,
                        figures.seats[player],
                    )
                )
    dropped = {p: rnd.number for rnd in record.rounds for p in rnd.withdrawn}
    standings = {
        pk_of[player]: standing_figures(player, played, dropped.get(player))
        for player, played in seats.items()
    }
    return standings, seat_figures


@HYPOTHESIS
@given(
    players=st.integers(9, 14),
    last_bracket=st.booleans(),
    double=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_the_store_writes_the_engines_value_of_every_declared_figure(
    organizer, players, last_bracket, double, seed
):
    event = build_event(
        organizer,
        players,
        seed=seed,
        name=f"Registry {seed}",
        points_mode="last-bracket" if last_bracket else "cumulative",
        event_multiplier=2 if double else 1,
    )
    standings, seats = engine_figures(event)
    stored = {s.player_id: s for s in EventStanding.objects.filter(event=event)}
    assert set(stored) == set(standings)
    for player_id, figures in standings.items():
        for figure in STANDING_FIGURES:
            assert getattr(stored[player_id], figure.name) == figure.stored(figures), (
                f"{figure.name} of player {player_id}"
            )
    stored_seats = Seat.objects.filter(bracket__round__event=event).select_related(
        "bracket__round", "registration"
    )
    assert len(stored_seats) == len(seats)
    for seat in stored_seats:
        figures = seats[(seat.registration.player_id, seat.bracket.round.number)]
        for figure in SEAT_FIGURES:
            assert getattr(seat.figures, figure.name) == figure.stored(figures), figure.name


def one_on_one_event(organizer, judges: list, players: int, swiss_rounds: int) -> Event:
    """A new one-on-one event (best of 1) of `players` checked-in players."""
    event = Event.objects.create(
        name=f"Swiss {Event.objects.count()}",
        date=datetime.date(2026, 11, 21),
        venue="Halifax",
        organizer=organizer,
        status="registration",
        structure="one-on-one",
        best_of=1,
        swiss_rounds=swiss_rounds,
    )
    event.judges.set(judges)
    add_players(event, players, prefix=f"s{event.pk}-")
    return event


def play_swiss(event: Event, rng: random.Random, judges: list) -> None:
    """Every Swiss round of a one-on-one event seated and played through the services: in
    each match a random player wins one game 6 realms to 0–5."""
    for _ in range(event.swiss_rounds):
        rnd = round_service.seat_next_round(event, seed=rng.randrange(2**32))
        for bracket in rnd.brackets.order_by("table"):
            players = [s.registration.player for s in bracket.seats.select_related("registration")]
            winner = rng.choice(players)
            unrazed = {str(p.pk): 6 if p == winner else rng.randint(0, 5) for p in players}
            first, second = rng.sample(judges, 2)
            data = GameData(winner=winner.pk, ended_by="victory", unrazed=unrazed)
            outcome = submit_entry(bracket, data, first, uuid.uuid4(), number=1)
            confirm_entry(outcome.entry, second)
        round_service.close_round(rnd)


@HYPOTHESIS
@given(players=st.integers(5, 9), seed=st.integers(0, 2**32))
def test_a_one_on_one_event_stores_the_engines_value_of_every_swiss_figure(
    organizer, judge, second_judge, players, seed
):
    event = one_on_one_event(organizer, [judge, second_judge], players, swiss_rounds=3)
    play_swiss(event, random.Random(seed), [organizer, judge, second_judge])
    swiss, issues = read_any_event(export_text(event))
    assert not issues
    pk_of = {file_id: pk for pk, file_id in file_ids(event).items()}
    stored = {s.player_id: s for s in EventStanding.objects.filter(event=event)}
    rows = score_swiss_event(swiss).players
    assert set(stored) == {pk_of[row.id] for row in rows}
    for row in rows:
        standing = stored[pk_of[row.id]]  # (the place is no figure: a full tie is drawn)
        for figure in SWISS_FIGURES:
            if figure.name == "status":  # the site's word for the engine's winner and cut
                continue
            assert getattr(standing, figure.name) == figure.stored(row), figure.name


# -- (c) the readers --------------------------------------------------------------------


def _csv(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_the_standings_table_and_its_csv_show_exactly_their_figures():
    table = StandingsTable([], rounds=2)
    shown = [name for name in table.sequence if name not in IDENTITY_COLUMNS]
    per_round = ["round_1", "round_2"]  # round_points: one column per round
    others = [n for n in names(shown_in(STANDING_FIGURES, TABLE)) if n != "round_points"]
    assert shown == per_round + others
    swiss = SwissStandingsTable([])
    assert [n for n in swiss.sequence if n not in IDENTITY_COLUMNS] == names(
        shown_in(SWISS_FIGURES, TABLE)
    )


def test_the_api_shows_exactly_its_figures():
    fields = StandingSerializer.Meta.fields
    declared = {f.name for f in (*STANDING_FIGURES, *SWISS_FIGURES) if API in f.shown_in}
    assert {name for name in fields if name in names(stored_figures())} == declared


@pytest.mark.django_db
def test_the_scoring_form_prints_exactly_its_figures():
    columns = scoring_form_columns([1, 2])
    declared = names(shown_in(STANDING_FIGURES, SCORING_FORM))
    printed = [c["figure"] for c in columns]
    assert printed == ["round_points", "round_points", "points"]
    assert set(printed) | {"status"} == set(declared)  # the status is the "dropped" tag


@pytest.mark.django_db
def test_each_reader_shows_the_stored_value_of_its_figures(organizer, client):
    event = build_event(organizer, 10, seed=3, name="Readers")
    stored = {s.player_id: s for s in EventStanding.objects.filter(event=event)}
    words = {s.player_id: s.status_label for s in stored.values()}
    rounds = event.scoring.rounds

    # the table's CSV: one column per figure (per round for a per-round figure)
    body = _csv(client.get(reverse("standings:event", args=[event.pk]), {"_export": "csv"}))
    header, lines = body[0], body[1:]
    by_number = {line[header.index("Player number")]: line for line in lines}
    for standing in stored.values():
        line = by_number[standing.player.player_number]
        for figure in shown_in(STANDING_FIGURES, TABLE):
            value = getattr(standing, figure.name)
            if figure.type is dict:
                for n in range(1, rounds + 1):
                    assert line[header.index(f"R{n}")] == str(value.get(str(n), "")), figure.name
            elif figure.name == "status":
                # (a wildcard's row adds why he was picked)
                assert line[header.index(str(figure.label))].startswith(words[standing.player_id])
            else:
                assert line[header.index(str(figure.label))] == str(value), figure.name

    # the API: one key per figure, the stored value
    data = client.get(f"/api/v1/events/{event.pk}/standings/").json()["results"]
    by_number = {row["player_number"]: row for row in data}
    for standing in stored.values():
        row = by_number[standing.player.player_number]
        for figure in reader_figures(API):
            assert row[figure.name] == getattr(standing, figure.name), figure.name

    # the printed form: a column per figure (per round), the status as the row's words
    context = scoring_form_context(DocumentRequest(kind=Kind.SCORING_FORM, paper="a4", event=event))
    by_number = {row["number"]: row for row in context["rows"]}
    for standing in stored.values():
        row = by_number[standing.player.player_number]
        cells = dict(
            zip(
                [(c["figure"], c.get("key")) for c in context["columns"]],
                [value for value, _total in row["cells"]],
                strict=True,
            )
        )
        for figure in shown_in(STANDING_FIGURES, SCORING_FORM):
            value = getattr(standing, figure.name)
            if figure.type is dict:
                for key, points in value.items():
                    assert cells[(figure.name, key)] == points
            elif figure.name == "status":
                assert row["status"] == words[standing.player_id]
                assert row["dropped"] == (standing.status == EventStanding.Status.DROPPED)
            else:
                assert cells[(figure.name, None)] == value, figure.name


def test_the_rows_of_every_reader_carry_its_figures():
    for reader in (TABLE, API, SCORING_FORM):
        for one_on_one in (False, True):
            declared = SWISS_FIGURES if one_on_one and reader != API else STANDING_FIGURES
            assert set(names(shown_in(declared, reader))) <= set(
                names(reader_figures(reader, one_on_one))
            )


@pytest.mark.django_db
def test_a_swiss_form_and_the_api_rows_read_the_same_rows(swiss_played, client):
    event = swiss_played
    rows = list(standing_rows(event, SCORING_FORM))
    form = swiss_form_context(DocumentRequest(kind=Kind.SCORING_FORM, paper="a4", event=event))
    assert [r["number"] for r in form["rows"]] == [r.player_number for r in rows]
    api = api_rows(standing_rows(event, API))
    assert [r["player_number"] for r in api] == [r.player_number for r in rows]


@pytest.fixture
def swiss_played(organizer, judge, second_judge) -> Event:
    event = one_on_one_event(organizer, [judge, second_judge], 6, swiss_rounds=2)
    play_swiss(event, random.Random(4), [organizer, judge, second_judge])
    return event


# -- (d) every declared figure is computed ------------------------------------------------


def _left_at_default(figures: tuple[Figure, ...], rows: list) -> list[str]:
    """The figures whose stored value is the model field's default on every row: a figure
    the engine never computes (declared, stored, shown, and always its default)."""
    assert rows
    return [
        figure.name
        for figure in figures
        if all(getattr(row, figure.name) == figure.field.get_default() for row in rows)
    ]


@HYPOTHESIS
@given(players=st.integers(9, 14), one_on_one_players=st.integers(5, 9), seed=st.integers(0, 2**32))
def test_no_declared_figure_is_left_at_its_default_on_every_row(
    organizer, players, one_on_one_players, seed
):
    """On random events played by the simulator (a bracket event and a one-on-one event,
    each to the finish), every declared standing and seat figure differs from its model
    default on at least one stored row. The comparison with the engine above cannot see a
    figure the engine never fills: the engine and the store then agree on the default."""
    bracket = build_event(organizer, players, seed=seed, name=f"Computed {seed}")
    swiss = build_event(
        organizer,
        one_on_one_players,
        seed=seed,
        name=f"Computed Swiss {seed}",
        structure="one-on-one",
        best_of=3,
        swiss_rounds=3,
    )
    standings = list(EventStanding.objects.filter(event=bracket))
    assert _left_at_default(STANDING_FIGURES, standings) == []
    assert _left_at_default(SWISS_FIGURES, list(EventStanding.objects.filter(event=swiss))) == []
    seats = list(StoredSeatFigures.objects.filter(seat__bracket__round__event=bracket))
    assert _left_at_default(SEAT_FIGURES, seats) == []
