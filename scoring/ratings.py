"""Ratings: how strong every player is, from every game he played (SPEC §12).

Pure and deterministic: the same events in the same order give the same numbers. The model
is `openskill`'s Weng–Lin Plackett–Luce with its default parameters; the engine's part is
which games count and how each game ranks its sides:

- a game ranks its **sides** (a player, or a Team Spirit team of two rated together): the
  winner first, the others by unrazed realms (more is better), equal counts tied; a drawn
  game (no winner) ranks everyone by unrazed realms (:func:`game_ranks`);
- a bracket game has the 3 or 4 players still in it (a player who dropped before it takes
  no part, SPEC §4), a one-on-one game its 2 players; a bye and a no-show are no games
  (:func:`event_games`);
- events in SPEC §12's order (the caller's: by date, then id), and inside an event by
  round, table, game.

An event whose record does not pass the engine's own check of an event file, or has a game
without a count for a side that played it, is not rated: :func:`event_games` returns its
issues and no game, and :func:`rate` leaves every rating as the other events made it.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce
from openskill.models.weng_lin.common import _unwind

from scoring.model import EventRecord, Game, Issue, IssueCode, issue
from scoring.placement import absent
from scoring.swiss.model import SwissEvent
from scoring.swiss.validation import validate_swiss_event
from scoring.teams import team_bracket, validate_any_event

__all__ = [
    "PROVISIONAL_GAMES",
    "PlayerRating",
    "RatedEvent",
    "RatedGame",
    "event_games",
    "first_to",
    "game_ranks",
    "rate",
    "win_chances",
]

# Below this many games a rating is shown as provisional (SPEC §12).
PROVISIONAL_GAMES = 10

# One model for every call: openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300).
MODEL = PlackettLuce()
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game as the model sees it: its sides (each a tuple of player ids: one player,
    or a team's members) and each side's rank (1 is best; equal ranks are a tie)."""

    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RatedEvent:
    """An event's games in play order; ``key`` names the event in each player's history."""

    key: Hashable
    games: tuple[RatedGame, ...]


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's rating: the model's mean and uncertainty, the games rated, and the
    conservative value (``ordinal``, μ − 3σ) after each event he played, in order."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    games: int = 0
    history: tuple[tuple[Hashable, float], ...] = field(default=())

    @property
    def ordinal(self) -> float:
        """The value shown: μ − 3σ (openskill's ``ordinal``)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def game_ranks(winner: str | None, counts: Mapping[str, int]) -> dict[str, int]:
    """Each side's rank in one game (SPEC §12): the winner 1, the others by unrazed realms
    (more is better), equal counts sharing a rank; with no winner everyone by realms.

    Ranks are competition ranks: one more than the number of sides placed strictly above.
    """
    ranks = {}
    for side, count in counts.items():
        if side == winner:
            ranks[side] = 1
            continue
        above = sum(1 for other, c in counts.items() if other != winner and c > count)
        ranks[side] = 1 + above + (1 if winner in counts else 0)
    return ranks


def _rated_game(
    game: Game, sides: Mapping[str, tuple[str, ...]], path: str
) -> tuple[RatedGame | None, list[Issue]]:
    """The game over the sides that played it (``sides``: side id → member ids)."""
    counts: dict[str, int] = {}
    members: dict[str, tuple[str, ...]] = {}
    for side, players in sides.items():
        present = tuple(p for p in players if p in game.unrazed)
        if not present:
            return None, [
                issue(
                    f"{path}.unrazed",
                    IssueCode.COUNT_MISSING,
                    "no unrazed count for %(player)s",
                    "unrazed",
                    side,
                    player=side,
                )
            ]
        counts[side] = sum(game.unrazed[p] for p in present)
        members[side] = present
    ranks = game_ranks(game.winner, counts)
    order = list(sides)
    return RatedGame(tuple(members[s] for s in order), tuple(ranks[s] for s in order)), []


def event_games(event: EventRecord | SwissEvent) -> tuple[tuple[RatedGame, ...], list[Issue]]:
    """Every rated game of an event in play order (round, table, game), or no game and the
    issues when the record fails the engine's check of an event file or a game lacks a count.

    A Team Spirit record (brackets listing team ids, counts by member) rates each team as
    one side of its two members; a one-on-one record's no-shows and byes are no games.
    """
    if isinstance(event, SwissEvent):
        issues = validate_swiss_event(event)
    else:
        issues = validate_any_event(event)
    if issues:
        return (), issues
    teams = {t.id: t for t in getattr(event, "teams", ())}
    games: list[RatedGame] = []
    found: list[Issue] = []
    for r, rnd in enumerate(sorted(event.rounds, key=lambda x: x.number)):
        tables = rnd.matches if isinstance(event, SwissEvent) else rnd.brackets
        for table in sorted(tables, key=lambda x: x.table):
            kind = "matches" if isinstance(event, SwissEvent) else "brackets"
            where = f"rounds[{r}].{kind}[table {table.table}]"
            # Who had dropped before a game is read at the entrants' level: a team's count
            # is its members' sum (a team-listed bracket keys its counts by member).
            seen = team_bracket(table, teams) if teams else table
            for g, game in enumerate(table.games):
                gone = () if isinstance(event, SwissEvent) else absent(seen, g)
                sides = {
                    s: teams[s].players if s in teams else (s,)
                    for s in table.players
                    if s not in gone
                }
                rated, problems = _rated_game(game, sides, f"{where}.games[{g}]")
                found.extend(problems)
                if rated is not None:
                    games.append(rated)
    if found:
        return (), found
    return tuple(games), []


_TAU_SQUARED = MODEL.tau * MODEL.tau


def _rate_in_place(teams: list[list], ranks: Sequence[int]) -> None:
    """openskill's `PlackettLuce.rate(teams, ranks=ranks)` with its defaults, step for step
    (σ widened by τ, the teams sorted by rank, `_compute`), on the ratings themselves: `rate`
    deep-copies every rating first, and each copy draws a new random id, two thirds of the
    time of a recompute. `tests/scoring/test_ratings.py` holds the two to the same numbers,
    and `requirements.txt` pins the version this follows."""
    for team in teams:
        for player in team:
            player.sigma = math.sqrt(player.sigma * player.sigma + _TAU_SQUARED)
    ordered, _ = _unwind(list(ranks), teams)
    MODEL._compute(teams=ordered, ranks=sorted(ranks))


def rate(
    events: Iterable[RatedEvent], start: Mapping[str, PlayerRating] | None = None
) -> dict[str, PlayerRating]:
    """Every player's rating after the events, in the order given (SPEC §12: by date, then
    id), each starting from ``start`` (default: openskill's new rating)."""
    state: dict[str, list] = {}
    for pid, r in (start or {}).items():
        state[pid] = [MODEL.create_rating([r.mu, r.sigma]), r.games, list(r.history)]
    for event in events:
        played: set[str] = set()
        for game in event.games:
            for side in game.sides:
                for p in side:
                    if p not in state:  # a new rating only for a new player (it costs)
                        state[p] = [MODEL.rating(), 0, []]
            _rate_in_place([[state[p][0] for p in side] for side in game.sides], game.ranks)
            for side in game.sides:
                for p in side:
                    state[p][1] += 1
                    played.add(p)
        for p in sorted(played):
            entry = state[p]
            entry[2].append((event.key, entry[0].ordinal()))
    return {
        p: PlayerRating(r.mu, r.sigma, games, tuple(history))
        for p, (r, games, history) in state.items()
    }


def win_chances(
    sides: Sequence[Sequence[PlayerRating | None]],
) -> tuple[float, ...]:
    """The model's chance of each side to win a game of these sides (SPEC §12: "chance to
    win"): the Plackett–Luce probability of ranking first, exp(μ_i / c) ÷ Σ exp(μ_j / c),
    with a side's μ and σ² its members' sums and c² = Σ (σ² + β²), the same c the update
    uses. A player without a rating counts as a new one."""
    mus, variances = [], []
    for side in sides:
        members = [r or PlayerRating() for r in side]
        mus.append(math.fsum(r.mu for r in members))
        variances.append(math.fsum(r.sigma**2 for r in members))
    c = math.sqrt(math.fsum(v + MODEL.beta**2 for v in variances))
    top = max(mus, default=0.0)
    weights = [math.exp((mu - top) / c) for mu in mus]  # shifted: no overflow
    total = math.fsum(weights)
    return tuple(w / total for w in weights)


def first_to(chances: Sequence[float], wins: int) -> tuple[float, ...]:
    """Each side's chance to be the first to win ``wins`` games (a bracket: 2, SPEC §5; a
    best-of-3 match: 2), when each game is won by side i with probability ``chances[i]``
    independently of the others (the model predicts no draw)."""
    n = len(chances)
    result = [0.0] * n
    # Walk every score (games won by each side, none at ``wins`` yet) with its probability.
    states: dict[tuple[int, ...], float] = {(0,) * n: 1.0}
    while states:
        following: dict[tuple[int, ...], float] = {}
        for score, p in states.items():
            for i, c in enumerate(chances):
                if score[i] + 1 == wins:
                    result[i] += p * c
                    continue
                nxt = (*score[:i], score[i] + 1, *score[i + 1 :])
                following[nxt] = following.get(nxt, 0.0) + p * c
        states = following
    return tuple(result)
