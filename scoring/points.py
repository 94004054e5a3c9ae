"""Points: placement x round x event multiplier, officials' points, scored eligibility (§6)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from scoring.model import (
    Bracket,
    BracketOutcome,
    EventRecord,
    Format,
    Official,
    PointsMode,
    Role,
    Round,
)
from scoring.placement import place_bracket

__all__ = [
    "FINAL_WINNER_POINTS",
    "MIN_SCORED_PARTICIPANTS",
    "PLACE_POINTS",
    "Eligibility",
    "OfficialPoints",
    "RoundScore",
    "bracket_points",
    "bracket_scores",
    "eligibility",
    "official_points",
    "place_points",
    "player_points",
    "round_multiplier",
    "round_scores",
]

PLACE_POINTS = {1: 4, 2: 3, 3: 2, 4: 1}
FINAL_WINNER_POINTS = 5  # "Tournament winner 5" replaces the bracket winner's 4 in the final
MIN_SCORED_PARTICIPANTS = 9
# 000 RUNNING A TOURNAMENT: "only three-player-or-more games count toward rankings".
MIN_GAME_PLAYERS = 3
# Eligibility reason codes (stable: stored by the site, translated when shown).
UNSCORED = "unscored"
TOO_FEW_PARTICIPANTS = "too-few-participants"
TWO_PLAYER_GAMES_ONLY = "two-player-games-only"
ONE_ON_ONE_EVENT = "one-on-one"


@dataclass(frozen=True, slots=True)
class RoundScore:
    """A player's result in one round: table, place (None = undecided) and points."""

    round: int
    table: int
    place: int | None
    points: int


@dataclass(frozen=True, slots=True)
class OfficialPoints:
    """Coordinator or judge points; ``forfeited`` when the official also played."""

    name: str
    role: Role
    points: int
    forfeited: bool = False


@dataclass(frozen=True, slots=True)
class Eligibility:
    """Whether the event's points enter the rankings, and why not.

    ``reasons`` are English sentences; ``codes`` name the same reasons, in the same order
    (``unscored``, ``too-few-participants``, ``two-player-games-only``).
    """

    scored: bool
    reasons: tuple[str, ...] = ()
    codes: tuple[str, ...] = ()


def place_points(place: int | None, *, final_winner: bool = False) -> int:
    """Placement points before multipliers: 4/3/2/1, or 5 for the final's winner."""
    if final_winner:
        return FINAL_WINNER_POINTS
    return PLACE_POINTS.get(place, 0) if place is not None else 0


def round_multiplier(round_number: int, event_multiplier: int) -> int:
    """What a place's points are multiplied by in a round: round number x event multiplier
    (SPEC §6). The one place the multiplier is computed; sheets print it."""
    return round_number * event_multiplier


def bracket_points(
    outcome: BracketOutcome, round_number: int, *, final: bool = False, multiplier: int = 1
) -> dict[str, int]:
    """Points of every seated player of a bracket (0 while places are undecided)."""
    points = {}
    for placement in outcome.places:
        is_winner = final and placement.player == outcome.winner
        base = place_points(placement.place, final_winner=is_winner)
        points[placement.player] = base * round_multiplier(round_number, multiplier)
    return points


def bracket_scores(
    bracket: Bracket,
    outcome: BracketOutcome,
    round_number: int,
    fmt: Format,
    *,
    final: bool = False,
    superseded: Collection[str] = (),
) -> dict[str, RoundScore]:
    """Every seated player's score in one bracket, from its outcome (SPEC §6).

    A decided place earns its points at once, even while other places of the bracket wait
    for a judge's decision. In "last-bracket" mode a bracket a player later moved on from
    (``superseded``: the players seated in a later round) keeps its place but scores 0, so
    the printed rounds always add up to the total.
    """
    points = bracket_points(outcome, round_number, final=final, multiplier=fmt.event_multiplier)
    last_only = fmt.points_mode is PointsMode.LAST_BRACKET
    return {
        player: RoundScore(
            round_number,
            bracket.table,
            outcome.place_of(player),
            0 if last_only and player in superseded else points[player],
        )
        for player in bracket.players
    }


def round_scores(event: EventRecord, upto: int | None = None) -> dict[str, list[RoundScore]]:
    """Each player's per-round scores through round ``upto`` (all rounds by default)."""
    rounds = [r for r in event.rounds if upto is None or r.number <= upto]
    scores: dict[str, list[RoundScore]] = {p.id: [] for p in event.players}
    later: set[str] = set()  # players seated in a round after the one being scored
    by_round: list[tuple[Round, set[str]]] = []
    for rnd in reversed(rounds):
        by_round.append((rnd, set(later)))
        later |= set(rnd.players)
    for rnd, superseded in reversed(by_round):
        for bracket in rnd.brackets:
            outcome = place_bracket(bracket)
            row = bracket_scores(
                bracket,
                outcome,
                rnd.number,
                event.format,
                final=rnd.is_final,
                superseded=superseded,
            )
            for player in bracket.players:
                scores.setdefault(player, []).append(row[player])
    return scores


def player_points(event: EventRecord, upto: int | None = None) -> dict[str, int]:
    """Total playing points per player through round ``upto``."""
    return {p: sum(s.points for s in rows) for p, rows in round_scores(event, upto).items()}


def _played(official: Official, event: EventRecord) -> bool:
    # The played flag is authoritative; a matching player number also reveals a player.
    numbers = {p.player_number for p in event.players if p.player_number}
    return official.played or (bool(official.player_number) and official.player_number in numbers)


def official_points(event: EventRecord) -> tuple[OfficialPoints, ...]:
    """Coordinator 1 per participant, each judge 1 per 2 (rounded down); 0 if they played."""
    count = len(event.participants)
    result = []
    for official, role, points in [(event.coordinator, Role.COORDINATOR, count)] + [
        (judge, Role.JUDGE, count // 2) for judge in event.judges
    ]:
        played = _played(official, event)
        result.append(OfficialPoints(official.name, role, 0 if played else points, played))
    return tuple(result)


def took_part(game_counts: Mapping[str, int]) -> int:
    """Players who took part in a game: those with a count (a player who dropped before it
    has none)."""
    return len(game_counts)


def eligibility(event: EventRecord) -> Eligibility:
    """Scored flag AND at least 9 participants AND some game of three or more players.

    SPEC §2 [decision]: a game counts as a three-player game when at least three players
    took part in it; an event whose games were all two-player games is not eligible.
    """
    reasons: list[tuple[str, str]] = []
    if not event.format.scored:
        reasons.append((UNSCORED, "the event is unscored"))
    count = len(event.participants)
    if count < MIN_SCORED_PARTICIPANTS:
        reasons.append(
            (
                TOO_FEW_PARTICIPANTS,
                f"only {count} participants; scored events need at least {MIN_SCORED_PARTICIPANTS}",
            )
        )
    games = [g for r in event.rounds for b in r.brackets for g in b.games]
    if games and all(took_part(g.unrazed) < MIN_GAME_PLAYERS for g in games):
        reasons.append(
            (
                TWO_PLAYER_GAMES_ONLY,
                "every game was a two-player game; only games of three or more players count "
                "toward the rankings",
            )
        )
    return Eligibility(
        not reasons, tuple(text for _, text in reasons), tuple(code for code, _ in reasons)
    )


def one_on_one_eligibility() -> Eligibility:
    """A one-on-one event is never scored for the ranking (SPEC §11: its games are
    two-player games, which the seeds' ranking does not count)."""
    text = "one-on-one events are never scored for the ranking (two-player games)"
    return Eligibility(False, (text,), (ONE_ON_ONE_EVENT,))
