"""Data types of a one-on-one event (SPEC §11): matches, Swiss rounds, the top cut.

Immutable and free of Django, like ``scoring.model``, whose ``Game``, ``Format``,
``PlayerRef`` and ``Official`` a one-on-one event shares. A match seats two players and
records its games (§5's form, two players); a round has matches, byes and the players who
dropped after it; top-cut rounds say ``cut``.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass

from scoring.model import EndedBy, Format, Game, Official, PlayerRef

__all__ = [
    "BEST_OF",
    "DRAW_POINTS",
    "GAME_DRAW_POINTS",
    "GAME_WIN_POINTS",
    "LOSS_POINTS",
    "ONE_ON_ONE",
    "TOP_CUTS",
    "WIN_POINTS",
    "Match",
    "MatchScore",
    "SwissEvent",
    "SwissRound",
    "default_swiss_rounds",
    "games_to_win",
    "score_match",
]

ONE_ON_ONE = "one-on-one"
BEST_OF = (1, 3)
TOP_CUTS = (0, 2, 4, 8)
# Match points (SPEC §11): win 3, draw 1, loss 0; game points: a game won 3, drawn 1.
WIN_POINTS, DRAW_POINTS, LOSS_POINTS = 3, 1, 0
GAME_WIN_POINTS, GAME_DRAW_POINTS = 3, 1


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)


def default_swiss_rounds(players: int) -> int:
    """SPEC §11's default number of Swiss rounds: ⌈log₂ players⌉ (at least one)."""
    return max(1, math.ceil(math.log2(players))) if players > 1 else 1


def games_to_win(best_of: int) -> int:
    """Games a player must win to take a match: 2 of 3, 1 of 1."""
    return best_of // 2 + 1


@dataclass(frozen=True, slots=True)
class Match:
    """Two players at a table and their games in play order.

    ``no_show`` names a player who did not come: he loses the match without games (0–2,
    or 0–1 in best of 1), and ``games`` is empty.
    """

    table: int
    players: tuple[str, ...]
    games: tuple[Game, ...] = ()
    no_show: str | None = None

    def __post_init__(self) -> None:
        _set(self, "players", tuple(self.players))
        _set(self, "games", tuple(self.games))

    def opponent(self, player: str) -> str:
        """The other player of the match."""
        return self.players[1] if self.players[0] == player else self.players[0]


@dataclass(frozen=True, slots=True)
class SwissRound:
    """A round: its matches, the byes, and who left the event after it (``dropped``).

    ``cut`` marks a round of the single-elimination top cut.
    """

    number: int
    matches: tuple[Match, ...]
    byes: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    cut: bool = False

    def __post_init__(self) -> None:
        _set(self, "matches", tuple(self.matches))
        _set(self, "byes", tuple(self.byes))
        _set(self, "dropped", tuple(self.dropped))

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone paired in this round (byes not included), table by table."""
        return tuple(p for m in self.matches for p in m.players)


@dataclass(frozen=True, slots=True)
class SwissEvent:
    """A one-on-one event (the event file with ``"structure": "one-on-one"``).

    ``swiss_rounds`` is how many Swiss rounds the event plays; ``top_cut`` (0, 2, 4 or 8)
    how many players the single-elimination cut takes. ``draw`` is the recorded draw that
    orders players still level after every other tie-breaker (first listed ranks higher);
    players it does not list are ordered by a draw seeded from ``seed`` (or name and date).
    """

    format: Format
    name: str
    date: dt.date
    venue: str
    coordinator: Official
    judges: tuple[Official, ...] = ()
    players: tuple[PlayerRef, ...] = ()
    best_of: int = 3
    swiss_rounds: int = 1
    top_cut: int = 0
    rounds: tuple[SwissRound, ...] = ()
    seed: str | None = None
    draw: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _set(self, "judges", tuple(self.judges))
        _set(self, "players", tuple(self.players))
        _set(self, "rounds", tuple(self.rounds))
        _set(self, "draw", tuple(self.draw))

    @property
    def structure(self) -> str:
        """The event file's ``structure``: always one-on-one."""
        return ONE_ON_ONE

    @property
    def swiss(self) -> tuple[SwissRound, ...]:
        """The Swiss rounds, in order."""
        return tuple(r for r in self.rounds if not r.cut)

    @property
    def cut(self) -> tuple[SwissRound, ...]:
        """The top-cut rounds, in order."""
        return tuple(r for r in self.rounds if r.cut)

    @property
    def draw_seed(self) -> str:
        """Seed of the draw that orders players the recorded draw does not list."""
        return self.seed if self.seed is not None else f"{self.name}|{self.date.isoformat()}"

    @property
    def participants(self) -> tuple[str, ...]:
        """Ids of players paired or given a bye at least once (players-list order)."""
        seen = {p for r in self.rounds for p in (*r.players, *r.byes)}
        return tuple(p.id for p in self.players if p.id in seen)


@dataclass(frozen=True, slots=True)
class MatchScore:
    """What a match's games say: games won and drawn, realms, and whether it is over.

    ``decided`` means no further game may be recorded (a player has the games to win;
    in the Swiss rounds also a game ended by time, or the one game of a best of 1).
    ``winner`` is the player with more games won (None: level, a drawn match in the Swiss
    rounds, undecided in the cut). ``played`` is False for a match with neither games nor
    a no-show: it has no result yet.
    """

    wins: dict[str, int]
    drawn_games: int
    unrazed: dict[str, int]
    decided: bool
    winner: str | None
    played: bool

    @property
    def games(self) -> int:
        """Games the match counts (a no-show's: the games the winner needed)."""
        return sum(self.wins.values()) + self.drawn_games


def score_match(match: Match, best_of: int, *, cut: bool = False) -> MatchScore:
    """Score a match from its games (SPEC §11); a no-show loses 0–2 (0–1 in best of 1)."""
    need = games_to_win(best_of)
    a, b = match.players[0], match.players[-1]
    if match.no_show is not None and match.no_show in match.players:
        other = match.opponent(match.no_show)
        return MatchScore({other: need, match.no_show: 0}, 0, {a: 0, b: 0}, True, other, True)
    wins = {a: 0, b: 0}
    unrazed = {a: 0, b: 0}
    drawn = 0
    decided = False
    for game in match.games:
        if game.winner in wins:
            wins[game.winner] += 1
        else:
            drawn += 1
        for player in unrazed:
            unrazed[player] += game.unrazed.get(player, 0)
        decided = _over(wins, need, game, best_of, cut)
    winner = None if wins[a] == wins[b] else max(wins, key=wins.__getitem__)
    return MatchScore(wins, drawn, unrazed, decided, winner, bool(match.games))


def _over(wins: dict[str, int], need: int, last: Game, best_of: int, cut: bool) -> bool:
    if max(wins.values()) >= need:
        return True
    if cut:
        return False  # a top-cut match goes on until someone wins (SPEC §11)
    # Time called ends a Swiss match; a best of 1 is its one game (a draw is a drawn match).
    return last.ended_by is EndedBy.TIME or best_of == 1
