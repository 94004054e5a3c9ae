"""Store what the rules engine computes: each bracket's state and winner and each seat's
figures (`scoring.figures.bracket_figures`), written only when they changed.

Pages never call the engine per request: `store_results` (a whole event) and
`store_bracket_results` (one bracket) are called by the recompute pipeline
(`tournament.standings.recompute`) only.
"""

from django.db import connection
from django.db.models import Prefetch

from scoring import model as m
from scoring.figures import bracket_figures
from scoring.points import round_multiplier
from tournament.events.models import Bracket, Event, Round, Seat
from tournament.events.to_engine import (
    TeamsByPlayer,
    bracket_of,
    engine_id,
    event_record,
    format_of,
    teams_by_player,
)
from tournament.results.models import Game
from tournament.standings import figures as declared
from tournament.standings.figures import names
from tournament.standings.models import SeatFigures


def set_changed(obj, values: dict) -> bool:
    """Set these values on the row; whether any differed (only changed rows are written)."""
    changed = False
    for name, value in values.items():
        if getattr(obj, name) != value:
            setattr(obj, name, value)
            changed = True
    return changed


def update_rows(model, rows: list, fields: list[str]) -> None:
    """Write these fields of many rows in one prepared statement run for each row (Django's
    bulk_update builds a CASE per field and row, which costs seconds for a thousand rows)."""
    if not rows:
        return
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in columns)
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
    params = [
        [f.get_db_prep_save(getattr(row, f.attname), connection) for f in columns] + [row.pk]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)


SEAT_FIGURES = names(declared.SEAT_FIGURES)  # the declared figures stored per seat
BRACKET_FIGURES = ["state", "winner"]


def seat_figures_changes(seat: Seat, engine_result: object) -> SeatFigures | None:
    """Set the engine's figures of a seat on its figures row (`seat.figures`: the stored
    row, or an unsaved one with the defaults); the row if any figure changed."""
    row = seat.figures
    changed = set_changed(row, declared.stored_values(declared.SEAT_FIGURES, engine_result))
    return row if changed else None


def save_seat_figures(rows: list[SeatFigures]) -> None:
    """Write the changed figures rows in one statement: a seat's first figures create its
    row, later ones update it (an insert that updates on the seat's conflict)."""
    if not rows:
        return
    SeatFigures.objects.bulk_create(
        rows, update_conflicts=True, unique_fields=["seat"], update_fields=SEAT_FIGURES
    )


def _bracket_changes(
    bracket: Bracket,
    rnd: Round,
    fmt: m.Format,
    superseded: set[str],
    teams: TeamsByPlayer | None = None,
    games: list[Game] | None = None,
) -> tuple[bool, list[SeatFigures]]:
    """Set the engine's figures (`scoring.figures.bracket_figures`) on a bracket (prefetched
    seats and games) and its seats' figures. Returns whether the bracket row changed and
    the figures rows of the seats that did."""
    figures = bracket_figures(
        bracket_of(bracket, games),
        rnd.number,
        fmt,
        final=rnd.is_final,
        superseded=superseded,
        teams=teams,
    )
    winner_id = int(figures.winner) if figures.winner else None
    bracket_changed = set_changed(bracket, {"state": str(figures.state), "winner_id": winner_id})
    rows = []
    for seat in bracket.seats.all():
        row = seat_figures_changes(seat, figures.seats[engine_id(seat.registration.player_id)])
        if row is not None:
            rows.append(row)
    return bracket_changed, rows


def store_round_multipliers(event: Event, rounds: list[Round]) -> None:
    """Each round's points multiplier as the engine states it (`round_multiplier`), stored
    for the pages and sheets that print it; only changed rounds are written."""
    changed = []
    for rnd in rounds:
        value = round_multiplier(rnd.number, event.event_multiplier)
        if rnd.multiplier != value:
            rnd.multiplier = value
            changed.append(rnd)
    if changed:
        Round.objects.bulk_update(changed, ["multiplier"])


def store_results(event: Event, rounds: list[Round]) -> m.EventRecord:
    """Recompute every bracket of the event and store places, points and states.

    `rounds` come from `rounds_queryset` and carry the new figures afterwards."""
    record = event_record(event, rounds)
    teams = teams_by_player(event)
    seats_to_save, brackets_to_save = [], []
    later: set[str] = set()
    for rnd in reversed(rounds):
        for bracket in rnd.brackets.all():
            bracket_changed, seats = _bracket_changes(bracket, rnd, record.format, later, teams)
            if bracket_changed:
                brackets_to_save.append(bracket)
            seats_to_save += seats
        later |= {
            engine_id(s.registration.player_id) for b in rnd.brackets.all() for s in b.seats.all()
        }
    Bracket.objects.bulk_update(brackets_to_save, BRACKET_FIGURES)
    save_seat_figures(seats_to_save)
    return record


def store_bracket_results(
    bracket: Bracket, games: list[Game] | None = None
) -> tuple[list[Seat], list[Game]]:
    """Recompute one bracket and store its places, points and state; its seats and games
    (the stored rows it was computed from).

    Touches only this bracket: a confirmation costs the same in any size of event. A caller
    holding the bracket as `results.lock_bracket` returns it (its seats read with their
    registrations and figures) passes its accepted ``games``, and nothing is read again."""
    if games is None:
        bracket = (
            Bracket.objects.select_related("round__event")
            .prefetch_related(
                Prefetch("seats", Seat.objects.select_related("registration", "figures")),
                "games",
            )
            .get(pk=bracket.pk)
        )
        games = list(bracket.games.all())
    rnd, event = bracket.round, bracket.round.event
    superseded: set[str] = set()
    if event.points_mode == m.PointsMode.LAST_BRACKET:
        registrations = [s.registration_id for s in bracket.seats.all()]
        superseded = {
            engine_id(player_id)
            for player_id in Seat.objects.filter(
                registration_id__in=registrations, bracket__round__number__gt=rnd.number
            ).values_list("registration__player_id", flat=True)
        }
    bracket_changed, seats = _bracket_changes(
        bracket, rnd, format_of(event), superseded, teams_by_player(event), games
    )
    if bracket_changed:
        bracket.save(update_fields=BRACKET_FIGURES)
    save_seat_figures(seats)
    return list(bracket.seats.all()), list(games)
