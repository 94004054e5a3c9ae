"""Work out what the engine computes for a one-on-one event (SPEC §11, `scoring.swiss`),
written by `writing.py`.

The one-on-one half of the recompute pipeline (`recompute.refresh_event` calls it for an
event whose structure is one-on-one): each match's state and winner, each seat's games and
realms, and every player's standing — final place, match points, OMW, GW, OGW, unrazed
realms and record — exactly as `scoring.swiss.standings.score_swiss_event` states them.
One-on-one events are never scored for the ranking (two-player games, SPEC §2 and §11).
"""

from __future__ import annotations

from scoring.points import one_on_one_eligibility
from scoring.swiss import model as sw
from scoring.swiss.figures import match_seat_figures, standing_figures
from scoring.swiss.standings import score_swiss_event
from tournament.events.models import Bracket, Event, Round
from tournament.events.to_engine import engine_id, swiss_event_of, swiss_participants
from tournament.standings import figures as declared
from tournament.standings import writing
from tournament.standings.figures import StandingStatus
from tournament.standings.writing import seat_figures_changes, set_changed

# The one-on-one figures the bracket figures do not already carry (stored from `SwissRow`).
SWISS_ONLY = tuple(
    f for f in declared.SWISS_FIGURES if f.name not in declared.names(declared.STANDING_FIGURES)
)


def match_state(score: sw.MatchScore) -> str:
    """A match's bracket state: waiting for its first game, being played, or decided."""
    if score.decided:
        return Bracket.State.COMPLETE
    return Bracket.State.IN_PROGRESS if score.played else Bracket.State.WAITING


def _store_matches(event: sw.SwissEvent, rounds: list[Round]) -> dict[str, int]:
    """Store every match's state, winner and seat figures; each player's games won in the
    event (what the standing totals)."""
    brackets, seats = [], []
    games_won: dict[str, int] = {}
    for rnd, engine_round in zip(rounds, event.rounds, strict=True):
        for bracket, match in zip(rnd.brackets.all(), engine_round.matches, strict=True):
            score = sw.score_match(match, event.best_of, cut=rnd.is_cut)
            winner = int(score.winner) if score.decided and score.winner else None
            if set_changed(bracket, {"state": match_state(score), "winner_id": winner}):
                brackets.append(bracket)
            for player, wins in score.wins.items():
                games_won[player] = games_won.get(player, 0) + wins
            for seat in bracket.seats.all():
                player = engine_id(seat.registration.player_id)
                row = seat_figures_changes(
                    seat, match_seat_figures(match, score, player, cut=rnd.is_cut)
                )
                if row is not None:
                    seats.append(row)
    # Only what changed is written: one result touches one match (a whole event's rows
    # rewritten on every confirmation cost seconds at a thousand players).
    writing.save_matches(brackets)
    writing.save_seat_figures(seats)
    return games_won


def _standing_rows(
    engine: sw.SwissEvent, event: Event, registrations: list, games: dict[str, int]
) -> list:
    standings = score_swiss_event(engine)
    by_player = {engine_id(r.player_id): r for r in registrations}
    dropped_in = {player: r.dropped_in_round for player, r in by_player.items()}
    figures = standing_figures(engine, standings, dropped_in, games)
    return [
        writing.new_standing(
            event=event,
            registration=by_player[row.id],
            player_id=by_player[row.id].player_id,
            place=row.place,
            **declared.stored_values(declared.STANDING_FIGURES, figures[row.id]),
            **declared.stored_values(SWISS_ONLY, row),
        )
        for row in standings.players
    ]


STANDING_FIELDS = ["place", *declared.names(declared.stored_figures())]


def store_swiss_event(event: Event, rounds: list[Round]) -> sw.SwissEvent:
    """Recompute and store every figure of a one-on-one event; returns the engine's event.

    `rounds` come from `rounds_queryset`. Called inside the recompute's transaction."""
    registrations = swiss_participants(event)
    engine = swiss_event_of(event, rounds, registrations)
    games = _store_matches(engine, rounds)
    rows = _standing_rows(engine, event, registrations, games)
    writing.sync_standings(event, rows, STANDING_FIELDS)
    winner = next((r.player_id for r in rows if r.status == StandingStatus.WINNER), None)
    verdict = one_on_one_eligibility()
    writing.store_scoring(
        event,
        eligible=verdict.scored,
        reasons=[{"code": code} for code in verdict.codes],
        participants=len(engine.participants),
        rounds=len(rounds),
        winner_id=winner,
        standings_count=len(rows),
        officials=[],
        wildcards={},
    )
    return engine
