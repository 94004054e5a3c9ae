"""Every figure the site stores, as the engine computes it (SPEC §6, §10).

The site stores these figures and never derives them itself: per seat (place, points, the
bracket's totals), per bracket (state, winner), per player in the event (status and the
final-place key). Team Spirit is decided here too: a team bracket is placed team by team,
every member's seat carries his team's figures, and the stored winner of a team bracket is
the winning team's first player.

``teams`` arguments map a member's id to his `Team` (empty outside Team Spirit).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from scoring.model import Bracket, BracketOutcome, Format, Game, Issue, PlayerTotals, Team
from scoring.placement import place_bracket
from scoring.points import bracket_scores
from scoring.teams import (
    recorded_winner,
    seated_as_teams,
    team_bracket,
    validate_team_bracket,
    validate_team_game,
)
from scoring.validation import validate_bracket, validate_game

__all__ = [
    "UNDECIDED_PLACE",
    "BracketFigures",
    "BracketState",
    "FinalPlaceKey",
    "PlayerStatus",
    "SeatFigures",
    "SeatInRound",
    "StandingFigures",
    "bracket_figures",
    "bracket_state",
    "bracket_winner",
    "entrant_bracket",
    "final_place_key",
    "final_places",
    "player_status",
    "standing_figures",
    "validate_entrant_bracket",
    "validate_entrant_game",
]

# A player whose place in his last bracket is still undecided ranks after every decided
# place (brackets seat at most 4 players, so any larger number works).
UNDECIDED_PLACE = 99

TeamsByPlayer = Mapping[str, Team]


class BracketState(StrEnum):
    """A bracket's stored state."""

    WAITING = "waiting"
    IN_PROGRESS = "in_progress"
    NEEDS_DECISION = "needs_decision"
    COMPLETE = "complete"


class PlayerStatus(StrEnum):
    """A player's stored status in the event."""

    ACTIVE = "active"
    ELIMINATED = "eliminated"
    DROPPED = "dropped"
    WINNER = "winner"
    # One-on-one (SPEC §11): outside the top cut, placed by the Swiss standing; never
    # "eliminated" in a round he did not play.
    MISSED_CUT = "missed-cut"


@dataclass(frozen=True, slots=True)
class SeatFigures:
    """What a seat stores: its place and points in the bracket, and its entrant's totals."""

    place: int | None
    points: int | None
    unrazed_total: int
    games_won: int
    best_game: int


@dataclass(frozen=True, slots=True)
class BracketFigures:
    """What a bracket stores (state, winner as a player id) and its seats' figures by player."""

    state: BracketState
    winner: str | None
    seats: Mapping[str, SeatFigures]
    outcome: BracketOutcome


def entrant_bracket(bracket: Bracket, teams: TeamsByPlayer | None = None) -> Bracket:
    """The bracket as placement sees it: its players, or in Team Spirit one entrant per team
    whose count in a game is its members' sum (SPEC §10)."""
    if not teams:
        return bracket
    return team_bracket(seated_as_teams(bracket, teams), {t.id: t for t in teams.values()})


def bracket_winner(outcome: BracketOutcome, teams: TeamsByPlayer | None = None) -> str | None:
    """The stored winner of a placed bracket: a player id (a team's first player)."""
    if outcome.winner is None or not teams:
        return outcome.winner
    by_id = {t.id: t for t in teams.values()}
    return recorded_winner(by_id[outcome.winner])


def bracket_state(outcome: BracketOutcome, games_played: int) -> BracketState:
    """Waiting, in progress, waiting for a judge's decision, or complete."""
    if outcome.complete and outcome.needs_decision:
        return BracketState.NEEDS_DECISION
    if outcome.complete:
        return BracketState.COMPLETE
    return BracketState.IN_PROGRESS if games_played else BracketState.WAITING


def bracket_figures(
    bracket: Bracket,
    round_number: int,
    fmt: Format,
    *,
    final: bool = False,
    superseded: Collection[str] = (),
    teams: TeamsByPlayer | None = None,
) -> BracketFigures:
    """Every stored figure of one bracket (players' ids; ``superseded``: the players seated
    in a later round, for "last-bracket" points).

    A decided place earns its points at once (SPEC §6); an undecided place stores no points.
    In Team Spirit each member's seat stores his team's place, points and totals."""
    entrants = entrant_bracket(bracket, teams)
    entrant_of = {p: teams[p].id if teams else p for p in bracket.players}
    if teams:
        superseded = {teams[p].id for p in superseded if p in teams}
    outcome = place_bracket(entrants)
    scores = bracket_scores(
        entrants, outcome, round_number, fmt, final=final, superseded=superseded
    )
    seats = {}
    for player in bracket.players:
        entrant = entrant_of[player]
        score, totals = scores[entrant], outcome.totals.get(entrant, PlayerTotals())
        seats[player] = SeatFigures(
            place=score.place,
            points=score.points if score.place is not None else None,
            unrazed_total=totals.unrazed,
            games_won=totals.wins,
            best_game=totals.best,
        )
    return BracketFigures(
        bracket_state(outcome, len(entrants.games)), bracket_winner(outcome, teams), seats, outcome
    )


def player_status(
    *,
    final: bool,
    final_winner: str | None,
    player: str,
    place: int | None,
    closed: bool,
    advancing: Collection[str],
) -> tuple[PlayerStatus, bool]:
    """A player's status after his latest bracket, and whether he is out in its round.

    The final's winner is the tournament winner as soon as he is known, even while the other
    places of the final wait for a judge's decision (SPEC §6); in Team Spirit both members of
    the winning team are (both are 1st). A closed round eliminates whoever does not advance."""
    if final and final_winner is not None:
        if final_winner == player or place == 1:
            return PlayerStatus.WINNER, False
        return PlayerStatus.ELIMINATED, True
    if closed and player not in advancing:
        return PlayerStatus.ELIMINATED, True
    return PlayerStatus.ACTIVE, False


@dataclass(frozen=True, slots=True)
class SeatInRound:
    """One of a player's stored seats (its `SeatFigures`), with what his status after it
    depends on: the round (its number, whether it is the final, closed, who advances) and
    the bracket's stored winner."""

    round_number: int
    final: bool
    closed: bool
    advancing: Collection[str]
    bracket_winner: str | None
    figures: SeatFigures


@dataclass(frozen=True, slots=True)
class StandingFigures:
    """What a player's seats add up to in the event (stored per standing; the final place
    is ranked from these by `final_place_key`)."""

    round_points: dict[str, int] = field(default_factory=dict)
    points: int = 0
    brackets_played: int = 0
    last_round: int = 0
    last_place: int | None = None
    unrazed_total: int = 0
    games_won: int = 0
    status: PlayerStatus = PlayerStatus.ACTIVE
    eliminated_in_round: int | None = None


def standing_figures(
    player: str, seats: Sequence[SeatInRound], dropped_in_round: int | None = None
) -> StandingFigures:
    """A player's event figures from his seats in round order (SPEC §6): points and realms
    add up, the latest bracket decides the status and the last round and place. A player
    who dropped is "dropped" in his drop round, unless he already won the tournament (a
    winner keeps his title and points, SPEC §4)."""
    status, out_in = PlayerStatus.ACTIVE, None
    for seat in seats:
        status, out = player_status(
            final=seat.final,
            final_winner=seat.bracket_winner,
            player=player,
            place=seat.figures.place,
            closed=seat.closed,
            advancing=seat.advancing,
        )
        out_in = seat.round_number if out else None
    if dropped_in_round is not None and status != PlayerStatus.WINNER:
        status, out_in = PlayerStatus.DROPPED, dropped_in_round
    last = seats[-1] if seats else None
    figures = [seat.figures for seat in seats]
    return StandingFigures(
        points=sum(f.points or 0 for f in figures),
        round_points={str(seat.round_number): seat.figures.points or 0 for seat in seats},
        brackets_played=len(seats),
        last_round=last.round_number if last else 0,
        last_place=last.figures.place if last else None,
        unrazed_total=sum(f.unrazed_total for f in figures),
        games_won=sum(f.games_won for f in figures),
        status=status,
        eliminated_in_round=out_in,
    )


FinalPlaceKey = tuple[int, int, int, int, int, int]


def final_place_key(
    *,
    winner: bool,
    points: int,
    last_round: int,
    last_place: int | None,
    unrazed_total: int,
    games_won: int,
) -> FinalPlaceKey:
    """The final-place order of the event ([decision], smaller sorts first): the tournament
    winner; then total points, the last round reached (later is better), the place in that
    last bracket, unrazed realms in the event, games won."""
    return (
        0 if winner else 1,
        -points,
        -last_round,
        UNDECIDED_PLACE if last_place is None else last_place,
        -unrazed_total,
        -games_won,
    )


def final_places(keys: Iterable[FinalPlaceKey]) -> list[int]:
    """The place of each key, in the given order: equal keys share a place (1, 2, 2, 4)."""
    keys = list(keys)
    ordered = sorted(keys)
    first = {}
    for index, key in enumerate(ordered, start=1):
        first.setdefault(key, index)
    return [first[key] for key in keys]


def _unique_teams(teams: TeamsByPlayer) -> list[Team]:
    return list({t.id: t for t in teams.values()}.values())


def validate_entrant_game(
    game: Game, bracket: Bracket, fmt: Format, teams: TeamsByPlayer | None = None
) -> list[Issue]:
    """Check one game recorded with players' ids (the winner a player): by the game rules
    (SPEC §5), or in Team Spirit by the team game rules (§10: the winner's team wins)."""
    if not teams:
        return validate_game(game, bracket, fmt)
    listed = seated_as_teams(bracket, teams)
    seated = [t for t in _unique_teams(teams) if t.id in listed.players]
    winner = teams[game.winner].id if game.winner in teams else game.winner
    as_team = Game(winner, game.ended_by, game.unrazed, game.razed, game.holdings)
    return validate_team_game(as_team, listed, seated, fmt)


def validate_entrant_bracket(
    bracket: Bracket, fmt: Format, teams: TeamsByPlayer | None = None
) -> list[Issue]:
    """Check a bracket's games in play order, player by player or team by team."""
    if not teams:
        return validate_bracket(bracket, fmt)
    return validate_team_bracket(seated_as_teams(bracket, teams), _unique_teams(teams), fmt)
