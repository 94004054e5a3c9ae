"""Event standings in the shape printed by ``score_event`` (SPEC §8)."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.advancement import tournament_winner
from scoring.model import EventRecord
from scoring.points import (
    Eligibility,
    OfficialPoints,
    RoundScore,
    eligibility,
    official_points,
    round_scores,
)
from scoring.swiss.model import SwissEvent
from scoring.swiss.standings import SwissStandings, score_swiss_event, swiss_standings_json
from scoring.teams import team_of, team_round_scores, team_winner

__all__ = ["PlayerStanding", "Standings", "score_event", "standings_json"]


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    """A player's total and per-round scores."""

    id: str
    name: str
    points: int
    rounds: tuple[RoundScore, ...]
    team: str | None = None  # the team id in a Team Spirit event


@dataclass(frozen=True, slots=True)
class Standings:
    """Everything the scoring form needs: players, officials, eligibility and the winner."""

    players: tuple[PlayerStanding, ...]
    officials: tuple[OfficialPoints, ...]
    eligibility: Eligibility
    winner: str | None
    participants: int

    @property
    def scored(self) -> bool:
        """Whether the points enter the rankings."""
        return self.eligibility.scored


def score_event(event: EventRecord | SwissEvent) -> Standings | SwissStandings:
    """Score a (validated) event: players by points desc, then name, then id.

    In a Team Spirit event each member scores his team's points and the winner is a team.
    A one-on-one event (SPEC §11) gives its final places (``scoring.swiss.standings``).
    """
    if isinstance(event, SwissEvent):
        return score_swiss_event(event)
    scores = team_round_scores(event) if event.teams else round_scores(event)
    teams = team_of(event.teams)
    rows = [
        PlayerStanding(
            p.id,
            p.name,
            sum(s.points for s in scores[p.id]),
            tuple(scores[p.id]),
            teams[p.id].id if p.id in teams else None,
        )
        for p in event.players
    ]
    rows.sort(key=lambda r: (-r.points, r.name, r.id))
    return Standings(
        tuple(rows),
        official_points(event),
        eligibility(event),
        team_winner(event) if event.teams else tournament_winner(event),
        len(event.participants),
    )


def standings_json(event: EventRecord | SwissEvent) -> dict:
    """The standings as the SPEC §8 JSON object (§11's for a one-on-one event)."""
    if isinstance(event, SwissEvent):
        return swiss_standings_json(event)
    standings = score_event(event)
    return {
        "players": [
            {
                "id": row.id,
                "name": row.name,
                **({"team": row.team} if event.teams else {}),
                "points": row.points,
                "rounds": [
                    {"round": s.round, "table": s.table, "place": s.place, "points": s.points}
                    for s in row.rounds
                ],
            }
            for row in standings.players
        ],
        "officials": [
            {"name": o.name, "role": str(o.role), "points": o.points} for o in standings.officials
        ],
        "scored": standings.scored,
        "winner": standings.winner,
    }
