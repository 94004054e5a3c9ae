"""The bridge between database rows and the pure rules engine in `scoring`.

Player ids in engine records are ``str(Player.pk)``. Pages never call the engine per
request: `store_results` (a whole event) and `store_bracket_results` (one bracket) store what
the engine computed (places, points, totals, bracket state) on seats and brackets. Only the
recompute pipeline (`tournament.standings.recompute`) calls them.
"""

from collections.abc import Iterable

from django.db.models import Prefetch

from scoring import model as m
from scoring.figures import bracket_figures, entrant_bracket
from scoring.teams import seated_as_teams
from tournament.events.choices import TournamentType
from tournament.events.models import FORMAT_FIELDS, Bracket, Event, Round, Seat, Team
from tournament.results.models import Game
from tournament.standings import figures as declared
from tournament.standings.figures import names

TeamsByPlayer = dict[str, m.Team]


def engine_id(player_id: int) -> str:
    """The engine's id of a player."""
    return str(player_id)


def team_engine_id(team_id: int) -> str:
    """The engine's id of a Team Spirit team."""
    return f"t{team_id}"


def teams_by_player(event: Event) -> TeamsByPlayer:
    """The complete teams of a Team Spirit event by member id (empty for other events)."""
    if event.tournament_type != TournamentType.TEAM_SPIRIT:
        return {}
    rows = Team.objects.filter(event=event, accepted=True, second__isnull=False).values_list(
        "pk", "name", "first__player_id", "second__player_id"
    )
    result: TeamsByPlayer = {}
    for pk, name, first, second in rows:
        team = m.Team(team_engine_id(pk), name, (engine_id(first), engine_id(second)))
        result[engine_id(first)] = result[engine_id(second)] = team
    return result


def format_of(event: Event) -> m.Format:
    """The engine's format of an event (its `FORMAT_FIELDS`)."""
    fields = {name: getattr(event, name) for name in FORMAT_FIELDS}
    return m.Format(**fields | {"variants": tuple(event.variants or ())})


def engine_game(
    winner_id: int | None, ended_by: str, unrazed: dict, razed: dict | None, holdings: dict | None
) -> m.Game:
    """An engine Game from stored values (counts keyed by engine player ids)."""
    return m.Game(
        winner=engine_id(winner_id) if winner_id else None,
        ended_by=ended_by,
        unrazed=unrazed,
        razed=razed or None,
        holdings=holdings or None,
    )


def game_of(game) -> m.Game:
    return engine_game(game.winner_id, game.ended_by, game.unrazed, game.razed, game.holdings)


def bracket_of(bracket: Bracket, games: Iterable | None = None) -> m.Bracket:
    """The engine's view of a bracket (uses prefetched seats/games when present)."""
    seats = sorted(bracket.seats.all(), key=lambda s: s.position)
    games = sorted(bracket.games.all() if games is None else games, key=lambda g: g.number)
    return m.Bracket(
        table=bracket.table,
        players=tuple(engine_id(s.registration.player_id) for s in seats),
        games=tuple(game_of(g) for g in games),
        tiebreak_order=tuple(bracket.tiebreak_order) if bracket.tiebreak_order else None,
        dropped=tuple(engine_id(s.registration.player_id) for s in seats if s.dropped),
        dropped_after={
            engine_id(s.registration.player_id): s.dropped_after_games
            for s in seats
            if s.dropped and s.dropped_after_games is not None
        },
    )


def placement_bracket(
    bracket: Bracket, games: Iterable | None = None, teams: TeamsByPlayer | None = None
) -> m.Bracket:
    """The bracket as placement sees it (`scoring.figures.entrant_bracket`)."""
    return entrant_bracket(bracket_of(bracket, games), teams)


def rounds_queryset(event: Event):
    """Rounds with everything the engine needs, in a constant number of queries."""
    brackets = Bracket.objects.order_by("table").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("registration")), "games"
    )
    return event.rounds.order_by("number").prefetch_related(Prefetch("brackets", brackets))


def _official(player, role: m.Role, played: bool) -> m.Official:
    return m.Official(player.name, player.player_number, played, role)


def event_record(event: Event, rounds: Iterable[Round] | None = None) -> m.EventRecord:
    """The whole event as the engine's EventRecord."""
    registrations = list(event.registrations.select_related("player"))
    players = tuple(
        m.PlayerRef(engine_id(r.player_id), r.player.name, r.player.player_number)
        for r in registrations
    )
    playing = {r.player_id for r in registrations}
    rounds = rounds_queryset(event) if rounds is None else rounds
    teams = teams_by_player(event)

    def engine_bracket(bracket: Bracket) -> m.Bracket:
        seated = bracket_of(bracket)
        return seated_as_teams(seated, teams) if teams else seated

    return m.EventRecord(
        format=format_of(event),
        name=event.name,
        date=event.date,
        venue=event.venue,
        coordinator=_official(event.organizer, m.Role.COORDINATOR, event.organizer_id in playing),
        judges=tuple(
            _official(j, m.Role.JUDGE, j.pk in playing) for j in event.judges.order_by("name")
        ),
        players=players,
        rounds=tuple(
            m.Round(r.number, tuple(engine_bracket(b) for b in r.brackets.all())) for r in rounds
        ),
        seed=f"event-{event.pk}",
        teams=tuple({t.id: t for t in teams.values()}.values()),
    )


def _changed(obj, values: dict) -> bool:
    changed = False
    for name, value in values.items():
        if getattr(obj, name) != value:
            setattr(obj, name, value)
            changed = True
    return changed


SEAT_FIGURES = names(declared.SEAT_FIGURES)  # the declared figures stored on a seat
BRACKET_FIGURES = ["state", "winner"]


def _bracket_changes(
    bracket: Bracket,
    rnd: Round,
    fmt: m.Format,
    superseded: set[str],
    teams: TeamsByPlayer | None = None,
) -> tuple[bool, list[Seat]]:
    """Set the engine's figures (`scoring.figures.bracket_figures`) on a bracket (prefetched
    seats and games) and its seats. Returns whether the bracket row changed and the seats
    that did."""
    figures = bracket_figures(
        bracket_of(bracket),
        rnd.number,
        fmt,
        final=rnd.is_final,
        superseded=superseded,
        teams=teams,
    )
    winner_id = int(figures.winner) if figures.winner else None
    bracket_changed = _changed(bracket, {"state": str(figures.state), "winner_id": winner_id})
    seats = []
    for seat in bracket.seats.all():
        seat_figures = figures.seats[engine_id(seat.registration.player_id)]
        if _changed(seat, {name: getattr(seat_figures, name) for name in SEAT_FIGURES}):
            seats.append(seat)
    return bracket_changed, seats


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
    Seat.objects.bulk_update(seats_to_save, SEAT_FIGURES)
    return record


def store_bracket_results(bracket: Bracket) -> tuple[list[Seat], list[Game]]:
    """Recompute one bracket and store its places, points and state; its seats and games
    (the stored rows it was computed from).

    Touches only this bracket: a confirmation costs the same in any size of event."""
    bracket = (
        Bracket.objects.select_related("round__event")
        .prefetch_related(Prefetch("seats", Seat.objects.select_related("registration")), "games")
        .get(pk=bracket.pk)
    )
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
        bracket, rnd, format_of(event), superseded, teams_by_player(event)
    )
    if bracket_changed:
        bracket.save(update_fields=BRACKET_FIGURES)
    Seat.objects.bulk_update(seats, SEAT_FIGURES)
    return list(bracket.seats.all()), list(bracket.games.all())
