"""A one-on-one event's figures in the shape of a bracket event's (SPEC §11).

The site stores the same figures for every event (`scoring.figures.SeatFigures` per seat,
`StandingFigures` per standing) so that pages, files and the API read one shape. This
module states them for a one-on-one event, from its matches and its Swiss standing: a
decided match's winner takes place 1 and the match points of a win, the loser place 2; a
drawn Swiss match gives both place 1 and a draw's points; a top-cut match carries no points.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.figures import PlayerStatus, SeatFigures, StandingFigures
from scoring.swiss.model import (
    DRAW_POINTS,
    LOSS_POINTS,
    WIN_POINTS,
    Match,
    MatchScore,
    SwissEvent,
)
from scoring.swiss.standings import SwissRow, SwissStandings


def match_seat_figures(match: Match, score: MatchScore, player: str, *, cut: bool) -> SeatFigures:
    """One player's figures at a match (``score``: `score_match` of it)."""
    if not score.decided:
        place = points = None
    elif score.winner is None:  # a drawn Swiss match
        place, points = 1, DRAW_POINTS
    else:
        won = score.winner == player
        place, points = (1, WIN_POINTS) if won else (2, LOSS_POINTS)
    return SeatFigures(
        place=place,
        points=None if cut else points,
        unrazed_total=score.unrazed.get(player, 0),
        games_won=score.wins.get(player, 0),
        best_game=max((g.unrazed.get(player, 0) for g in match.games), default=0),
    )


def rounds_played(event: SwissEvent) -> dict[str, list[int]]:
    """Each player's rounds, in order: the rounds he was paired in or had a bye."""
    rounds: dict[str, list[int]] = {}
    for rnd in event.rounds:
        for player in (*rnd.players, *rnd.byes):
            rounds.setdefault(player, []).append(rnd.number)
    return rounds


def player_status(
    row: SwissRow, standings: SwissStandings, dropped_in: int | None
) -> tuple[PlayerStatus, int | None]:
    """Winner, dropped (in his round), eliminated (in the top-cut round he lost), outside
    the top cut (no round: he lost no match of it) or still active; with the round it
    happened in."""
    if row.id == standings.winner:
        return PlayerStatus.WINNER, None
    if dropped_in:
        return PlayerStatus.DROPPED, dropped_in
    if row.id in standings.eliminated:
        return PlayerStatus.ELIMINATED, standings.eliminated[row.id]
    if row.id in standings.missed_cut:
        return PlayerStatus.MISSED_CUT, None
    return PlayerStatus.ACTIVE, None


def standing_figures(
    event: SwissEvent,
    standings: SwissStandings,
    dropped_in: Mapping[str, int | None],
    games_won: Mapping[str, int],
) -> dict[str, StandingFigures]:
    """Each player's standing figures: his points are his match points, his brackets the
    rounds he played, his games won those of every match (``games_won``, summed from the
    match scores by the caller that already has them)."""
    played = rounds_played(event)
    figures = {}
    for row in standings.players:
        status, round_number = player_status(row, standings, dropped_in.get(row.id))
        rounds = played.get(row.id, [])
        figures[row.id] = StandingFigures(
            points=row.match_points,
            brackets_played=len(rounds),
            last_round=max(rounds, default=0),
            unrazed_total=row.unrazed,
            games_won=games_won.get(row.id, 0),
            status=status,
            eliminated_in_round=round_number,
        )
    return figures
