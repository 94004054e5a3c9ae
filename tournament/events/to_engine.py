"""Database rows as the pure rules engine's records (`scoring.model`).

Player ids in engine records are ``str(Player.pk)``; Team Spirit teams are ``t<Team.pk>``.
Storing what the engine computes is `tournament.standings.store`'s job.
"""

from collections.abc import Iterable

from django.db.models import Prefetch, Q

from scoring import model as m
from scoring.figures import entrant_bracket
from scoring.swiss import model as sw
from scoring.teams import seated_as_teams
from tournament.events.models import FORMAT_FIELDS, Bracket, Event, Round, Seat, Team

TeamsByPlayer = dict[str, m.Team]


def engine_id(player_id: int) -> str:
    """The engine's id of a player."""
    return str(player_id)


def team_engine_id(team_id: int) -> str:
    """The engine's id of a Team Spirit team."""
    return f"t{team_id}"


def teams_by_player(event: Event) -> TeamsByPlayer:
    """The complete teams of a Team Spirit event by member id (empty for other events)."""
    if not event.shape.teams:
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
        Prefetch("seats", queryset=Seat.objects.select_related("registration", "figures")),
        "games",
    )
    return event.rounds.order_by("number").prefetch_related(Prefetch("brackets", brackets))


def _official(player, role: m.Role, played: bool) -> m.Official:
    return m.Official(player.name, player.player_number, played, role)


def _officials(event: Event, playing: set[int]) -> dict:
    """The coordinator and judges, each saying whether he played (``playing``: player ids)."""
    return {
        "coordinator": _official(
            event.organizer, m.Role.COORDINATOR, event.organizer_id in playing
        ),
        "judges": tuple(
            _official(j, m.Role.JUDGE, j.pk in playing) for j in event.judges.order_by("name")
        ),
    }


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
        **_officials(event, playing),
        players=players,
        rounds=tuple(
            m.Round(r.number, tuple(engine_bracket(b) for b in r.brackets.all())) for r in rounds
        ),
        seed=draw_seed(event),
        teams=tuple({t.id: t for t in teams.values()}.values()),
    )


def draw_seed(event: Event) -> str | None:
    """The stored seed of the event's wildcard draw (SPEC §6), the one its event file
    exports: an imported event keeps its file's (None: the engine's "<name>|<date>"), an
    event run on the site has ``event-<pk>``."""
    imported = getattr(event, "imported_from", None)  # the eventfile app's ImportedEvent
    return imported.seed if imported is not None else f"event-{event.pk}"


# --- one-on-one events (SPEC §11) ---------------------------------------------------------


def match_of(bracket: Bracket, games: Iterable | None = None) -> sw.Match:
    """The engine's view of a one-on-one match (a two-seat bracket; prefetched rows)."""
    seats = sorted(bracket.seats.all(), key=lambda s: s.position)
    games = sorted(bracket.games.all() if games is None else games, key=lambda g: g.number)
    return sw.Match(
        table=bracket.table,
        players=tuple(engine_id(s.registration.player_id) for s in seats),
        games=tuple(game_of(g) for g in games),
        no_show=engine_id(bracket.no_show_id) if bracket.no_show_id else None,
    )


def swiss_participants(event: Event) -> list:
    """Registrations of a one-on-one event's players: everyone not on the waiting list who
    checked in or was paired (a registration that never came is no participant)."""
    paired = Seat.objects.filter(bracket__round__event=event).values("registration_id")
    return list(
        event.registrations.filter(waitlisted=False)
        .filter(Q(checked_in=True) | Q(pk__in=paired))
        .exclude(dropped_in_round=0)
        .select_related("player")
        .order_by("pk")
    )


def swiss_rounds_of(event: Event, players: int) -> int:
    """The Swiss rounds the event plays: the organizer's number, else SPEC §11's default."""
    return event.swiss_rounds or sw.default_swiss_rounds(players)


def swiss_event_of(
    event: Event, rounds: Iterable[Round] | None = None, registrations: list | None = None
) -> sw.SwissEvent:
    """The whole one-on-one event as the engine's SwissEvent (rounds from `rounds_queryset`,
    registrations from `swiss_participants` when the caller has read them)."""
    registrations = swiss_participants(event) if registrations is None else registrations
    dropped: dict[int, list[str]] = {}
    for r in registrations:
        if r.dropped_in_round:
            dropped.setdefault(r.dropped_in_round, []).append(engine_id(r.player_id))
    rounds = rounds_queryset(event) if rounds is None else rounds
    playing = set(event.registrations.values_list("player_id", flat=True))
    return sw.SwissEvent(
        format=format_of(event),
        name=event.name,
        date=event.date,
        venue=event.venue,
        **_officials(event, playing),
        players=tuple(
            m.PlayerRef(engine_id(r.player_id), r.player.name, r.player.player_number)
            for r in registrations
        ),
        best_of=event.best_of,
        swiss_rounds=swiss_rounds_of(event, len(registrations)),
        top_cut=event.top_cut,
        rounds=tuple(
            sw.SwissRound(
                number=r.number,
                matches=tuple(match_of(b) for b in r.brackets.all()),
                byes=tuple(engine_id(p) for p in r.byes or ()),
                dropped=tuple(dropped.get(r.number, ())),
                cut=r.is_cut,
            )
            for r in rounds
        ),
        seed=draw_seed(event),
        draw=swiss_draw(event),
    )


def swiss_draw(event: Event) -> tuple[str, ...]:
    """The recorded draw of an imported one-on-one event (engine ids; empty otherwise)."""
    imported = getattr(event, "imported_from", None)  # the eventfile app's ImportedEvent
    return tuple(engine_id(pk) for pk in getattr(imported, "draw", None) or ())
