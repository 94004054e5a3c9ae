"""Work out what the rules engine computes for the brackets: each bracket's state and winner
and each seat's figures (`scoring.figures.bracket_figures`), written (by `writing.py`) only
when they changed.

Pages never call the engine per request: `store_results` (a whole event) and
`store_bracket_results` (one bracket) are called by the recompute pipeline
(`tournament.standings.recompute`) only.
"""

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
from tournament.standings import writing
from tournament.standings.writing import seat_figures_changes, set_changed


def _bracket_changes(
    bracket: Bracket,
    rnd: Round,
    fmt: m.Format,
    superseded: set[str],
    teams: TeamsByPlayer | None = None,
    games: list[Game] | None = None,
) -> tuple[bool, list]:
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
    writing.save_multipliers(changed)


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
    writing.save_brackets(brackets_to_save)
    writing.save_seat_figures(seats_to_save)
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
        writing.save_bracket(bracket)
    writing.save_seat_figures(seats)
    return list(bracket.seats.all()), list(games)
