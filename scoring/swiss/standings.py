"""Standings of a one-on-one event (SPEC §11): match points and tie-breakers, final places.

Order of the Swiss standing: match points; OMW (the average over a player's opponents of
each one's match points ÷ 3 per round he played, each at least 1/3); GW (game points — a
game won 3, drawn 1 — ÷ 3 per game played, at least 1/3); OGW (the average of the
opponents' GW, each at least 1/3); total unrazed realms in his games; then the draw.
These figures count the Swiss rounds only. A bye is a match won with the games a match
needs (2–0, 1–0 in best of 1) in the player's own figures and is never an opponent. A
no-show loses 0–2 (0–1 in best of 1). A match with no result yet counts nowhere.

Percentages are exact fractions here; ``score_swiss_event`` rounds them for printing.
Final places: top-cut players by the cut round they lost in (the winner first, players
still in the cut before those who lost), within a round by Swiss standing; then everyone
else by Swiss standing. Players never paired come last, in the players list's order.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.swiss.model import (
    DRAW_POINTS,
    GAME_DRAW_POINTS,
    GAME_WIN_POINTS,
    WIN_POINTS,
    SwissEvent,
    games_to_win,
    score_match,
)
from scoring.swiss.topcut import CutRound, cut_bracket

__all__ = [
    "FLOOR",
    "Figures",
    "SwissRow",
    "SwissStandings",
    "cut_rounds",
    "figures",
    "score_swiss_event",
    "swiss_standing",
    "swiss_standings_json",
]

FLOOR = Fraction(1, 3)
PLACES = 4  # decimals of the printed percentages


@dataclass(slots=True)
class Figures:
    """A player's Swiss figures (tie-breakers filled in by ``figures``)."""

    player: str
    match_points: int = 0
    rounds: int = 0  # Swiss rounds played, byes included
    game_points: int = 0
    games: int = 0
    unrazed: int = 0
    opponents: list[str] = field(default_factory=list)
    byes: int = 0
    wins: int = 0  # matches, byes included
    losses: int = 0
    draws: int = 0
    omw: Fraction = Fraction(0)
    gw: Fraction = Fraction(0)
    ogw: Fraction = Fraction(0)

    @property
    def mw(self) -> Fraction:
        """Match-win percentage: match points ÷ 3 per round played, at least 1/3."""
        if not self.rounds:
            return FLOOR
        return max(FLOOR, Fraction(self.match_points, WIN_POINTS * self.rounds))


def figures(event: SwissEvent, through: int | None = None) -> dict[str, Figures]:
    """Every participant's figures over the Swiss rounds (the first ``through`` only)."""
    rounds = event.swiss if through is None else event.swiss[:through]
    table: dict[str, Figures] = {}

    def of(player: str) -> Figures:
        return table.setdefault(player, Figures(player))

    need = games_to_win(event.best_of)
    for rnd in rounds:
        for player in rnd.byes:
            row = of(player)
            row.byes += 1
            row.rounds += 1
            row.wins += 1
            row.match_points += WIN_POINTS
            row.games += need
            row.game_points += GAME_WIN_POINTS * need
        for match in rnd.matches:
            score = score_match(match, event.best_of)
            if not score.played:
                continue
            for player in match.players:
                row = of(player)
                other = match.opponent(player)
                row.rounds += 1
                row.opponents.append(other)
                row.games += score.games
                row.game_points += (
                    GAME_WIN_POINTS * score.wins[player] + GAME_DRAW_POINTS * score.drawn_games
                )
                row.unrazed += score.unrazed[player]
                if score.winner is None:
                    row.draws += 1
                    row.match_points += DRAW_POINTS
                elif score.winner == player:
                    row.wins += 1
                    row.match_points += WIN_POINTS
                else:
                    row.losses += 1
    for row in table.values():
        if row.games:
            row.gw = max(FLOOR, Fraction(row.game_points, GAME_WIN_POINTS * row.games))
    for row in table.values():
        if row.opponents:
            n = len(row.opponents)
            row.omw = sum((table[o].mw for o in row.opponents), Fraction(0)) / n
            row.ogw = sum((max(FLOOR, table[o].gw) for o in row.opponents), Fraction(0)) / n
    return table


def draw_rank(event: SwissEvent) -> dict[str, tuple[int, str]]:
    """The draw's key of every player: the recorded draw's order first, then a seeded hash."""
    recorded = {p: i for i, p in enumerate(event.draw)}
    seed = event.draw_seed

    def key(player: str) -> tuple[int, str]:
        if player in recorded:
            return (recorded[player], "")
        digest = hashlib.sha256(f"{seed}|standing|{player}".encode()).hexdigest()
        return (len(recorded), digest)

    return {p.id: key(p.id) for p in event.players}


def swiss_standing(
    event: SwissEvent, through: int | None = None, table: dict[str, Figures] | None = None
) -> tuple[str, ...]:
    """Participants of the (first ``through``) Swiss rounds, best first."""
    table = figures(event, through) if table is None else table
    draw = draw_rank(event)
    return tuple(
        sorted(
            table,
            key=lambda p: (
                -table[p].match_points,
                -table[p].omw,
                -table[p].gw,
                -table[p].ogw,
                -table[p].unrazed,
                draw.get(p, (len(draw), p)),
            ),
        )
    )


def cut_seeds(event: SwissEvent, standing: Sequence[str]) -> tuple[str, ...]:
    """The Swiss standing less players who dropped during the Swiss rounds."""
    dropped = {p for r in event.swiss for p in r.dropped}
    return tuple(p for p in standing if p not in dropped)


def cut_rounds(event: SwissEvent, standing: Sequence[str] | None = None) -> tuple[CutRound, ...]:
    """The recorded top cut followed through its bracket (empty without a cut)."""
    if not event.top_cut or not event.cut:
        return ()
    standing = swiss_standing(event) if standing is None else standing
    seeds = cut_seeds(event, standing)
    return cut_bracket(event.cut, seeds, event.top_cut, event.best_of)


@dataclass(frozen=True, slots=True)
class SwissRow:
    """One line of the printed standings."""

    id: str
    name: str
    place: int
    match_points: int
    omw: Fraction
    gw: Fraction
    ogw: Fraction
    unrazed: int
    wins: int
    losses: int
    draws: int

    @property
    def record(self) -> str:
        """Matches won, lost and drawn over the whole event ("W-L-D"), byes as wins."""
        return f"{self.wins}-{self.losses}-{self.draws}"


@dataclass(frozen=True, slots=True)
class SwissStandings:
    """Final places and the winner; one-on-one events are never scored (SPEC §11)."""

    players: tuple[SwissRow, ...]
    winner: str | None
    scored: bool = False
    # Player id → the top-cut round he lost.
    eliminated: Mapping[str, int] = field(default_factory=dict)
    # The players outside the top cut, once it is paired (SPEC §11: "missed the cut", shown
    # by their Swiss place, never eliminated in a round they did not play).
    missed_cut: frozenset[str] = frozenset()


def _final_order(event: SwissEvent, standing: Sequence[str], cut: Sequence[CutRound]) -> list[str]:
    if not cut:
        return list(standing)
    position = {p: i for i, p in enumerate(standing)}
    first = cut[0]
    in_cut = [p for pair in first.pairs for p in pair]
    lost_in: dict[str, int] = {}
    for depth, rnd in enumerate(cut):
        for pair, winner in zip(rnd.pairs, rnd.winners, strict=True):
            if winner is not None:
                lost_in[pair[0] if winner == pair[1] else pair[1]] = depth
    alive = len(cut) + 1  # not eliminated: still in, or the winner
    ordered = sorted(in_cut, key=lambda p: (-lost_in.get(p, alive), position[p]))
    cut_players = set(in_cut)
    return ordered + [p for p in standing if p not in cut_players]


def _winner(event: SwissEvent, order: Sequence[str], cut: Sequence[CutRound]) -> str | None:
    if event.top_cut:
        if cut and len(cut[-1].pairs) == 1 and cut[-1].complete:
            return cut[-1].winners[0]
        return None
    swiss = event.swiss
    if len(swiss) < event.swiss_rounds or not order:
        return None
    if any(not score_match(m, event.best_of).played for m in swiss[-1].matches):
        return None
    return order[0]


def _missed_cut(event: SwissEvent, cut: Sequence[CutRound]) -> frozenset[str]:
    if not cut:
        return frozenset()
    in_cut = {p for pair in cut[0].pairs for p in pair}
    return frozenset(p.id for p in event.players if p.id not in in_cut)


def _eliminated(cut: Sequence[CutRound]) -> dict[str, int]:
    out: dict[str, int] = {}
    for rnd in cut:
        for pair, winner in zip(rnd.pairs, rnd.winners, strict=True):
            if winner is not None:
                out[pair[0] if winner == pair[1] else pair[1]] = rnd.number
    return out


def score_swiss_event(event: SwissEvent) -> SwissStandings:
    """Final places of a (validated) one-on-one event with every player's figures."""
    table = figures(event)
    standing = swiss_standing(event, table=table)
    cut = cut_rounds(event, standing)
    order = _final_order(event, standing, cut)
    record = {p: [row.wins, row.losses, row.draws] for p, row in table.items()}
    for rnd in cut:
        for pair, winner in zip(rnd.pairs, rnd.winners, strict=True):
            if winner is not None:
                loser = pair[0] if winner == pair[1] else pair[1]
                record[winner][0] += 1
                record[loser][1] += 1
    placed = set(order)
    order += [p.id for p in event.players if p.id not in placed]
    names = {p.id: p.name for p in event.players}
    rows = []
    for place, player in enumerate(order, start=1):
        row = table.get(player)
        wins, losses, draws = record.get(player, (0, 0, 0))
        rows.append(
            SwissRow(
                player,
                names.get(player, player),
                place,
                row.match_points if row else 0,
                row.omw if row else Fraction(0),
                row.gw if row else Fraction(0),
                row.ogw if row else Fraction(0),
                row.unrazed if row else 0,
                wins,
                losses,
                draws,
            )
        )
    return SwissStandings(
        tuple(rows),
        _winner(event, order, cut),
        False,
        _eliminated(cut),
        _missed_cut(event, cut),
    )


def _percent(value: Fraction) -> float:
    return round(float(value), PLACES)


def swiss_standings_json(event: SwissEvent) -> dict:
    """The standings as the SPEC §11 JSON object (what ``score_event`` prints)."""
    standings = score_swiss_event(event)
    return {
        "players": [
            {
                "id": row.id,
                "name": row.name,
                "place": row.place,
                "match_points": row.match_points,
                "omw": _percent(row.omw),
                "gw": _percent(row.gw),
                "ogw": _percent(row.ogw),
                "unrazed": row.unrazed,
                "record": row.record,
            }
            for row in standings.players
        ],
        "scored": standings.scored,
        "winner": standings.winner,
    }
