"""The bridge between database rows and the pure rules engine in `scoring`.

Player ids in engine records are ``str(Player.pk)``. Pages never call the engine per
request: `refresh_results` stores what the engine computed (places, points, totals, bracket
state) on seats and brackets whenever a result, drop or decision changes.
"""

from collections.abc import Iterable

from django.db import transaction
from django.db.models import Prefetch

from scoring import model as m
from scoring.placement import place_bracket
from scoring.points import round_scores
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.events.signals import results_changed


def key(player_id: int) -> str:
    """The engine's id of a player."""
    return str(player_id)


def format_of(event: Event) -> m.Format:
    return m.Format(
        deck_size=event.deck_size,
        deck_rules=event.deck_rules,
        tournament_type=event.tournament_type,
        victory=event.victory,
        scored=event.scored,
        event_multiplier=event.event_multiplier,
        points_mode=event.points_mode,
        variants=tuple(event.variants or ()),
        time_limit_minutes=event.time_limit_minutes,
        no_xs_digit=event.no_xs_digit,
        rules_edition=event.rules_edition,
    )


def engine_game(
    winner_id: int | None, ended_by: str, unrazed: dict, razed: dict | None, holdings: dict | None
) -> m.Game:
    """An engine Game from stored values (counts keyed by engine player ids)."""
    return m.Game(
        winner=key(winner_id) if winner_id else None,
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
        players=tuple(key(s.registration.player_id) for s in seats),
        games=tuple(game_of(g) for g in games),
        tiebreak_order=tuple(bracket.tiebreak_order) if bracket.tiebreak_order else None,
        dropped=tuple(key(s.registration.player_id) for s in seats if s.dropped),
    )


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
        m.PlayerRef(key(r.player_id), r.player.name, r.player.player_number) for r in registrations
    )
    playing = {r.player_id for r in registrations}
    rounds = rounds_queryset(event) if rounds is None else rounds
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
            m.Round(r.number, tuple(bracket_of(b) for b in r.brackets.all())) for r in rounds
        ),
        seed=f"event-{event.pk}",
    )


def bracket_state(outcome: m.BracketOutcome, games_played: int) -> str:
    if outcome.complete and outcome.needs_decision:
        return Bracket.State.NEEDS_DECISION
    if outcome.complete:
        return Bracket.State.COMPLETE
    return Bracket.State.IN_PROGRESS if games_played else Bracket.State.WAITING


def _seat_figures(seat: Seat, outcome: m.BracketOutcome, score) -> dict:
    totals = outcome.totals.get(key(seat.registration.player_id), m.PlayerTotals())
    return {
        "place": outcome.place_of(key(seat.registration.player_id)) if outcome.decided else None,
        "points": score.points if outcome.decided else None,
        "unrazed_total": totals.unrazed,
        "games_won": totals.wins,
        "best_game": totals.best,
    }


def _changed(obj, values: dict) -> bool:
    changed = False
    for name, value in values.items():
        if getattr(obj, name) != value:
            setattr(obj, name, value)
            changed = True
    return changed


@transaction.atomic
def refresh_results(event: Event) -> m.EventRecord:
    """Recompute every bracket of the event and store places, points and states."""
    rounds = list(rounds_queryset(event))
    record = event_record(event, rounds)
    scores = round_scores(record)
    seats_to_save, brackets_to_save = [], []
    for rnd in rounds:
        for bracket in rnd.brackets.all():
            outcome = place_bracket(bracket_of(bracket))
            winner_id = int(outcome.winner) if outcome.decided and outcome.winner else None
            state = bracket_state(outcome, len(bracket.games.all()))
            if _changed(bracket, {"state": state, "winner_id": winner_id}):
                brackets_to_save.append(bracket)
            for seat in bracket.seats.all():
                score = next(
                    s for s in scores[key(seat.registration.player_id)] if s.round == rnd.number
                )
                if _changed(seat, _seat_figures(seat, outcome, score)):
                    seats_to_save.append(seat)
    Bracket.objects.bulk_update(brackets_to_save, ["state", "winner"])
    Seat.objects.bulk_update(
        seats_to_save, ["place", "points", "unrazed_total", "games_won", "best_game"]
    )
    from tournament.standings.services import refresh_standings  # standings import this module

    refresh_standings(event, rounds, record)  # the rounds above carry the new figures
    results_changed.send(sender=Event, event=event)
    return record


def registration_of(event: Event, player_key: str) -> Registration:
    return event.registrations.get(player_id=int(player_key))
