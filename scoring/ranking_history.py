"""The ranking over a season, event by event (SPEC §9: a player's ranking points are the sum of
his accepted events' points): after each accepted event in date order, every player's running
total and his competition rank among all players ranked so far (equal totals share a rank,
the next rank skips: 1, 1, 3), as the ranking table ranks them.

Pure: events in, steps out, deterministic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Player = int | str


@dataclass(frozen=True, slots=True)
class CountedEvent:
    """One accepted event: its id and the ranking points each player earned in it."""

    event: int | str
    points: Mapping[Player, int]


@dataclass(frozen=True, slots=True)
class Step:
    """A player's standing right after an event he took part in."""

    event: int | str
    player: Player
    points: int  # this event's points
    total: int  # running total after it
    rank: int  # rank after it, among every player ranked so far


def competition_ranks(totals: Mapping[Player, int]) -> dict[Player, int]:
    """Rank by total, highest first; equal totals share a rank and the next one skips."""
    ranks: dict[Player, int] = {}
    previous, rank = None, 0
    ordered = sorted(totals.items(), key=lambda item: -item[1])
    for position, (player, total) in enumerate(ordered, 1):
        if total != previous:
            rank, previous = position, total
        ranks[player] = rank
    return ranks


def history(events: Sequence[CountedEvent]) -> list[Step]:
    """Every participant's step after each event, in the events' order (the caller sorts
    them: by date, then id). Players with 0 points in an event still took part in it."""
    totals: dict[Player, int] = {}
    steps: list[Step] = []
    for counted in events:
        for player, points in counted.points.items():
            totals[player] = totals.get(player, 0) + points
        ranks = competition_ranks({p: t for p, t in totals.items() if t > 0})
        for player, points in sorted(counted.points.items(), key=lambda item: str(item[0])):
            steps.append(Step(counted.event, player, points, totals[player], ranks.get(player, 0)))
    return steps


def ranks_before_last(events: Sequence[CountedEvent]) -> dict[Player, int]:
    """Everyone's rank before the latest event: the ranking table's movement is the
    difference with the rank now."""
    totals: dict[Player, int] = {}
    for counted in events[:-1]:
        for player, points in counted.points.items():
            totals[player] = totals.get(player, 0) + points
    return competition_ranks({p: t for p, t in totals.items() if t > 0})
