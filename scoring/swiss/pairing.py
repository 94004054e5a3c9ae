"""Pair a round of a one-on-one event (SPEC §11): Swiss pairing with byes.

Pure and deterministic: the same players, history and seed always give the same pairing.

* **The bye** (an odd number of players) goes to the lowest-ranked player who has not had
  one (everyone has had one: the lowest-ranked). In round 1 (everyone level, no history)
  the ranking is a random order drawn from the seed, so the bye is random too.
* **The pairs** are the best pairing by the rules, in priority order (a lexicographic cost):
  1. no repeat pairing while any pairing of the round avoids it (fewest repeats);
  2. with ``spread_clubs`` (round 1), fewest pairs of the same club;
  3. players with equal match points meet: fewest pairs across match points (pair-downs),
     then the smallest gaps (sum of squared differences of match points);
  4. everything else random from the seed.
  It is a maximum-weight perfect matching (``networkx.max_weight_matching``) whose edge
  weights encode that order, never a greedy pass.

"Restricted to the pairs worth considering": an exact matching over every pair costs
O(n³) in pure Python, so large rounds are cut into small independent parts whose best
matchings together reach the bounds below, which proves them best for the whole round:

* every group of equal match points, shuffled by the seed, is cut into parts of at most
  ``_PART`` players, all of even size except, in a group with an odd count, one part;
* the groups with an odd count are taken in match-point order and linked in twos (1st
  with 2nd, 3rd with 4th): the odd parts of two linked groups form one part together, the
  only place a player pairs down;
* if every part is paired perfectly with no repeat (and no club pair when spreading), the
  round has no repeat, the fewest pair-downs (one per link: each odd group must send or
  take one player) and the smallest gaps (linking neighbours in order is best), so it is
  optimal (``method`` "parts").

When the parts cannot prove it (typically a small group whose players already met, so the
round needs more pair-downs than the bound), the round is paired **by regions**: groups of
at least ``_BIG`` players are large; every small group, with ``_EDGE`` random players lent
by each large group, forms one region solved exactly over every pair in it, and the rest
of each large group is paired within the group by parts (``method`` "regions"). This
restricts the matching to the pairs worth considering: repeats and floaters (across large
groups too) are settled in the region, and the tests check it against the exact matching.
If a large group's rest cannot be paired without a repeat, and always for rounds of up to
``_EXACT_MAX`` players, the round is solved exactly over every pair (``method`` "exact";
O(n³): about 1 s for 100 players, 10 s for 200, which only late rounds of large events
whose groups are all small reach).

Tables: 1 for the best-ranked pair, and so on; the bye has no table.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import networkx as nx

from scoring.swiss.model import SwissEvent
from scoring.swiss.standings import cut_rounds, cut_seeds, figures, swiss_standing
from scoring.swiss.topcut import cut_pairs, next_cut_pairs

__all__ = [
    "PairedMatch",
    "Pairing",
    "PairingError",
    "PairingPlayer",
    "pair_next_cut_round",
    "pair_next_round",
    "pair_round",
]

_EXACT_MAX = 32  # up to this many players every pair is considered (≈ 0.05 s)
_PART = 16  # players in one part of a large round (≈ 5 ms a part)
_BIG = 2 * _PART  # a group of at least this many players is large (by regions)
_EDGE = 8  # players a large group lends to each region beside it
_RANDOM = 1 << 10  # range of the random weight that orders otherwise equal pairings


class PairingError(ValueError):
    """The players cannot be paired (none, or a player listed twice)."""


@dataclass(frozen=True, slots=True)
class PairingPlayer:
    """An active player to pair; ``match_points`` so far, ``club`` for round 1."""

    id: str
    match_points: int = 0
    club: str | None = None


@dataclass(frozen=True, slots=True)
class PairedMatch:
    """One match: its table (from 1) and its two players, the better-ranked first."""

    table: int
    players: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round's pairing, the seed that produced it and its quality figures."""

    matches: tuple[PairedMatch, ...]
    bye: str | None
    seed: int
    repeat_pairs: int  # pairs who already met in this event
    club_pairs: int  # pairs of the same club (counted only when spreading clubs)
    pair_downs: int  # pairs whose match points differ
    method: str  # "exact" (every pair), "parts" (proved by the bounds) or "regions"

    @property
    def exact(self) -> bool:
        """Solved over every pair of the round."""
        return self.method == "exact"

    def table_of(self) -> dict[str, int]:
        """Map every paired player id to its table number."""
        return {p: m.table for m in self.matches for p in m.players}


def pair_round(
    players: Sequence[PairingPlayer],
    *,
    met: Iterable[Collection[str]] = (),
    had_bye: Collection[str] = (),
    seed: int,
    spread_clubs: bool = False,
) -> Pairing:
    """Pair the active players, given best-ranked first (the Swiss standing).

    ``met`` lists the pairs who already played each other in this event; ``had_bye`` the
    players who already had a bye. Round 1 (everyone on 0 points, nobody met) ignores the
    given order and ranks players in a random order from the seed.
    """
    ids = [p.id for p in players]
    if not ids:
        raise PairingError("There are no active players to pair: check players in first.")
    if len(set(ids)) != len(ids):
        twice = next(p for p in ids if ids.count(p) > 1)
        raise PairingError(
            f"Player {twice!r} is listed twice among the active players: remove the "
            "duplicate entry before pairing."
        )
    rng = random.Random(seed)
    met_pairs = {frozenset(pair) for pair in met if len(set(pair)) == 2}
    ranked = list(players)
    if not met_pairs and len({p.match_points for p in players}) == 1:
        ranked = sorted(players, key=lambda p: p.id)  # round 1: a random order from the seed
        rng.shuffle(ranked)
    bye = _bye(ranked, set(had_bye))
    rest = [p for p in ranked if p.id != bye]
    problem = _Problem(rest, met_pairs, spread_clubs, rng)
    method, pairs = "exact", None
    if len(rest) > _EXACT_MAX:
        method, pairs = "parts", _by_parts(problem)
        if pairs is None:
            method, pairs = "regions", _by_regions(problem)
    if pairs is None:
        method, pairs = "exact", problem.solve(list(range(len(rest))))
    return _finish(problem, pairs, bye, seed, method)


def _bye(ranked: Sequence[PairingPlayer], had_bye: set[str]) -> str | None:
    if len(ranked) % 2 == 0:
        return None
    fresh = [p.id for p in ranked if p.id not in had_bye]
    return (fresh or [p.id for p in ranked])[-1]


def _club(club: str | None) -> str | None:
    key = club.strip().casefold() if club else ""
    return key or None


class _Problem:
    """The players to pair (indexes in ranking order) and the weight of each pair."""

    def __init__(
        self,
        players: list[PairingPlayer],
        met: set[frozenset[str]],
        spread_clubs: bool,
        rng: random.Random,
    ) -> None:
        self.players = players
        self.met = met
        self.clubs = [_club(p.club) if spread_clubs else None for p in players]
        self.rng = rng
        points = [p.match_points for p in players]
        self.points = points
        m = max(1, len(players) // 2)
        gap = (max(points) - min(points)) ** 2 if points else 0
        self.gap_max = gap
        # Each level outweighs everything below it summed over a whole pairing.
        self.w_gap = m * _RANDOM
        self.w_equal = self.w_gap * (m * gap + 1)
        self.w_club = self.w_equal * (m + 1)
        self.w_new = self.w_club * (m + 1)

    def repeat(self, i: int, j: int) -> bool:
        return frozenset((self.players[i].id, self.players[j].id)) in self.met

    def same_club(self, i: int, j: int) -> bool:
        return self.clubs[i] is not None and self.clubs[i] == self.clubs[j]

    def weight(self, i: int, j: int) -> int:
        gap = (self.points[i] - self.points[j]) ** 2
        return (
            self.w_new * (not self.repeat(i, j))
            + self.w_club * (not self.same_club(i, j))
            + self.w_equal * (gap == 0)
            + self.w_gap * (self.gap_max - gap)
            + self.rng.randrange(_RANDOM)
        )

    def solve(self, part: list[int]) -> list[tuple[int, int]]:
        """The maximum-weight perfect matching of ``part`` over every pair in it."""
        graph = nx.Graph()
        graph.add_nodes_from(part)
        for i, j in combinations(part, 2):
            graph.add_edge(i, j, weight=self.weight(i, j))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        return sorted(tuple(sorted(pair)) for pair in matching)


def _by_parts(problem: _Problem) -> list[tuple[int, int]] | None:
    """Pair a large round part by part; None when the parts cannot prove it optimal."""
    groups: dict[int, list[int]] = {}
    for i, points in enumerate(problem.points):
        groups.setdefault(points, []).append(i)
    order = sorted(groups, reverse=True)
    for points in order:
        problem.rng.shuffle(groups[points])
    odd = [points for points in order if len(groups[points]) % 2]
    upper = set(odd[0::2])  # sends its odd part down to the next odd group
    parts: list[list[int]] = []
    links: dict[int, list[int]] = {}
    for points in order:
        members = groups[points]
        if points in upper:
            lone, even = members[-_odd_size(len(members)) :], members[: -_odd_size(len(members))]
            links[points] = lone
        elif len(members) % 2:
            lone, even = members[: _odd_size(len(members))], members[_odd_size(len(members)) :]
            above = odd[odd.index(points) - 1]
            parts.append(links.pop(above) + lone)
        else:
            even = members
        parts += _chunks(even)
    pairs: list[tuple[int, int]] = []
    for part in parts:
        found = problem.solve(part)
        if 2 * len(found) != len(part):
            return None
        pairs += found
    bad = sum(problem.repeat(i, j) or problem.same_club(i, j) for i, j in pairs)
    downs = sum(problem.points[i] != problem.points[j] for i, j in pairs)
    return None if bad or downs != len(odd) // 2 else pairs


def _odd_size(count: int) -> int:
    """Size of the odd part of a group of ``count`` players (an odd count)."""
    return min(count, _PART - 1)


def _chunks(members: list[int]) -> list[list[int]]:
    """Even parts of at most ``_PART`` players (``members`` has an even count)."""
    count = len(members)
    if not count:
        return []
    pieces = max(1, -(-count // _PART))
    size = -(-count // pieces)
    size += size % 2
    return [members[k : k + size] for k in range(0, count, size) if members[k : k + size]]


def _by_regions(problem: _Problem) -> list[tuple[int, int]] | None:
    """Pair a large round whose parts could not prove it optimal: exactly where it matters.

    Groups of at least ``_BIG`` players are large. The region (every small group, and
    ``_EDGE`` random players of each large group, one more where the group's rest would be
    odd) is solved exactly over every pair in it: that is where repeats force pair-downs
    and where players float, across large groups too. The rest of each large group is
    paired within the group by parts. None when a rest cannot be paired without a repeat
    (the round is then solved exactly over every pair).
    """
    groups: dict[int, list[int]] = {}
    for i, points in enumerate(problem.points):
        groups.setdefault(points, []).append(i)
    region: list[int] = []
    rests: list[list[int]] = []
    for points in sorted(groups, reverse=True):
        members = groups[points]
        problem.rng.shuffle(members)
        if len(members) < _BIG:
            region += members
            continue
        lent = _EDGE + (len(members) - _EDGE) % 2  # leaves an even rest
        region += members[:lent]
        rests.append(members[lent:])
    pairs = problem.solve(region)
    if 2 * len(pairs) != len(region):
        return None
    for rest in rests:
        for part in _chunks(rest):
            found = problem.solve(part)
            if 2 * len(found) != len(part) or any(problem.repeat(i, j) for i, j in found):
                return None
            pairs += found
    return pairs


def _finish(
    problem: _Problem, pairs: list[tuple[int, int]], bye: str | None, seed: int, method: str
) -> Pairing:
    ranked = sorted(pairs)  # indexes are ranking positions: the better-ranked first
    matches = tuple(
        PairedMatch(table, (problem.players[i].id, problem.players[j].id))
        for table, (i, j) in enumerate(ranked, start=1)
    )
    return Pairing(
        matches=matches,
        bye=bye,
        seed=seed,
        repeat_pairs=sum(problem.repeat(i, j) for i, j in pairs),
        club_pairs=sum(problem.same_club(i, j) for i, j in pairs),
        pair_downs=sum(problem.points[i] != problem.points[j] for i, j in pairs),
        method=method,
    )


def pair_next_round(
    event: SwissEvent, *, seed: int, clubs: Mapping[str, str | None] | None = None
) -> Pairing:
    """Pair the next Swiss round of a (validated) one-on-one event from its rounds so far.

    Round 1 pairs every listed player (spreading ``clubs`` when given); later rounds pair
    the players who have not dropped, ranked by the Swiss standing, never a player twice
    against the same opponent while avoidable, the bye to the lowest ranked without one.
    """
    if not event.rounds:
        clubs = clubs or {}
        players = [PairingPlayer(p.id, 0, clubs.get(p.id)) for p in event.players]
        return pair_round(players, seed=seed, spread_clubs=bool(clubs))
    table = figures(event)
    dropped = {p for rnd in event.rounds for p in rnd.dropped}
    standing = [p for p in swiss_standing(event, table=table) if p not in dropped]
    met = [(p, o) for p in standing for o in table[p].opponents]
    had_bye = [p for p in standing if table[p].byes]
    players = [PairingPlayer(p, table[p].match_points) for p in standing]
    return pair_round(players, met=met, had_bye=had_bye, seed=seed)


def pair_next_cut_round(event: SwissEvent) -> tuple[PairedMatch, ...]:
    """The next top-cut round's matches in bracket order (tables 1, 2, …), or () when
    there is none to pair: no cut, Swiss rounds still to play, a cut match undecided, or
    the final played. The first round takes the Swiss standing's first ``top_cut``
    players who did not drop (1 v 8, 4 v 5, 2 v 7, 3 v 6); later rounds the winners."""
    if not event.top_cut or len(event.swiss) < event.swiss_rounds:
        return ()
    standing = swiss_standing(event)
    seeds = cut_seeds(event, standing)
    if len(seeds) < event.top_cut:
        return ()
    played = cut_rounds(event, standing)
    if not played:
        pairs = cut_pairs(seeds, event.top_cut)
    elif not played[-1].complete or len(played[-1].pairs) == 1:
        return ()
    else:
        pairs = next_cut_pairs([w for w in played[-1].winners if w is not None])
    return tuple(PairedMatch(table, pair) for table, pair in enumerate(pairs, start=1))
