"""Seat a round's active players into brackets of 3 (4s for the remainder), SPEC §4.

Pure and deterministic: the same players, history, options and seed always give the same
seating, whatever order the inputs come in.

Quality, in priority order (a lexicographic cost):
1. fewest *repeat pairs*: two players in one bracket who already shared a bracket;
2. with ``spread_clubs``, fewest pairs of players of the same club;
3. with ``seed_by_ranking``, ranked players are split into tiers of k (k = number of
   brackets): the k best lead k different brackets, the next k are spread too, and so on;
4. everything else is random from the seed.

Table numbers run 1..k; brackets of 3 come first and **4-player brackets take the last
table numbers**. With ``seed_by_ranking`` tables (within one bracket size) are ordered by
their best-ranked player and each bracket lists its players best-ranked first; otherwise
table order and seat order are random from the seed.

Small rounds (at most ``_EXACT_MAX`` players) are solved exactly by branch and bound; larger
rounds use a random start (or a tiered start when seeding) improved by pairwise swaps between
brackets with incremental cost deltas, a bounded number of passes and evaluations, and
iterated local search ("kicks") for medium sizes.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise

from scoring.brackets import SeatingError, bracket_sizes, is_seatable

__all__ = [
    "History",
    "SeatedBracket",
    "Seating",
    "SeatingError",
    "SeatingPlayer",
    "history_from_brackets",
    "seat_players",
]

History = Mapping[frozenset[str], int] | Iterable[Iterable[str]]

_EXACT_MAX = 12  # 12 players = 15,400 partitions at most: branch and bound stays well < 1 s
_FULL_SCAN_BRACKETS = 64  # up to this many brackets a swap search looks at every bracket
_SAMPLE_BRACKETS = 32  # beyond it, a random sample of brackets per attempt
_MAX_PASSES = 12  # improvement passes over the conflicting players
_SIDEWAYS_PASSES = 3  # passes allowed to make equal-cost swaps to leave a plateau
_KICK_MAX_PLAYERS = 300  # rounds up to this size get iterated local search ("kicks")
_KICKS_MAX = 80
_KICK_WORK = 2400  # kicks = _KICK_WORK // players (capped): about constant total work
_KICK_SIZE = 3  # players shaken per kick
_KICKS_STALE = 60  # give up after this many kicks in a row without progress
_EVAL_BUDGET = 150_000  # swap evaluations per seating: bounds the hopeless cases to ~1 s


@dataclass(frozen=True, slots=True)
class SeatingPlayer:
    """An active player to seat; a higher ranking means a better-ranked player."""

    id: str
    club: str | None = None
    ranking: float | None = None


@dataclass(frozen=True, slots=True)
class SeatedBracket:
    """One bracket: its table number (from 1) and its players in seat order."""

    table: int
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Seating:
    """A round's seating, the seed that produced it and its quality figures."""

    brackets: tuple[SeatedBracket, ...]
    seed: int
    repeat_pairs: int  # pairs seated together who already shared a bracket in this event
    club_pairs: int  # pairs seated together who belong to the same club

    def table_of(self) -> dict[str, int]:
        """Map every seated player id to its table number."""
        return {pid: b.table for b in self.brackets for pid in b.players}


def history_from_brackets(brackets: Iterable[Iterable[str]]) -> dict[frozenset[str], int]:
    """Count, for every pair of players, how many of the given brackets they shared."""
    counts: dict[frozenset[str], int] = {}
    for bracket in brackets:
        ids = sorted(set(_ids(bracket)))
        for a, b in combinations(ids, 2):
            pair = frozenset((a, b))
            counts[pair] = counts.get(pair, 0) + 1
    return counts


def seat_players(
    players: Sequence[SeatingPlayer],
    *,
    history: History = (),
    seed: int,
    spread_clubs: bool = False,
    seed_by_ranking: bool = False,
) -> Seating:
    """Seat every player exactly once into brackets of 3 and 4, best quality first."""
    ordered = _canonical_players(players)
    n = len(ordered)
    _check_seatable(n)
    sizes = sorted(bracket_sizes(n))
    rng = random.Random(seed)
    index = {p.id: i for i, p in enumerate(ordered)}
    rank_pos = _rank_positions(ordered, rng) if seed_by_ranking else None
    problem = _problem(ordered, index, history, len(sizes), spread_clubs, rank_pos)
    if n <= _EXACT_MAX:
        order = list(range(n))
        rng.shuffle(order)
        groups = _exact(problem, sizes, order)
    else:
        groups = _search(problem, sizes, rng, rank_pos)
    return _finish(ordered, groups, problem, seed, rng, rank_pos)


# --- input -----------------------------------------------------------------------------


def _ids(group: Iterable[str]) -> Iterable[str]:
    # A bare string is iterable too; treating "p12" as players "p", "1", "2" would be silent.
    if isinstance(group, str):
        raise TypeError(f"a history group must be a collection of player ids, not {group!r}")
    return group


def _canonical_players(players: Sequence[SeatingPlayer]) -> list[SeatingPlayer]:
    # Sorting by id first makes every random draw independent of the caller's order.
    ordered = sorted(players, key=lambda p: p.id)
    for a, b in pairwise(ordered):
        if a.id == b.id:
            raise SeatingError(
                f"Player {a.id!r} is listed twice among the active players: "
                "remove the duplicate entry before seating."
            )
    return ordered


def _check_seatable(n: int) -> None:
    if is_seatable(n):
        return
    if n == 0:
        raise SeatingError("There are no active players to seat: check players in first.")
    if n == 5:
        raise SeatingError(
            "5 players cannot be seated in brackets of 3 and 4: add a late player so that "
            "6 play in two brackets of 3 (later rounds add a wildcard instead)."
        )
    raise SeatingError(
        f"{n} player{'s' if n > 1 else ''} cannot be seated: a bracket needs at least 3 "
        "players. Add late players or wait for more check-ins before seating."
    )


def _rank_positions(ordered: list[SeatingPlayer], rng: random.Random) -> list[int]:
    """Position of each player in the ranking order (0 = best); ties and unranked by seed."""
    draw = [rng.random() for _ in ordered]  # tie-breaker, drawn in canonical order
    by_rank = sorted(
        range(len(ordered)),
        key=lambda i: (ordered[i].ranking is None, -(ordered[i].ranking or 0.0), draw[i]),
    )
    pos = [0] * len(ordered)
    for p, i in enumerate(by_rank):
        pos[i] = p
    return pos


def _normal_club(club: str | None) -> str | None:
    # "Halifax Club " and "halifax club" are the same club to an organizer.
    key = club.strip().casefold() if club else ""
    return key or None


def _problem(
    ordered: list[SeatingPlayer],
    index: dict[str, int],
    history: History,
    k: int,
    spread_clubs: bool,
    rank_pos: list[int] | None,
) -> _Problem:
    n = len(ordered)
    clubs: dict[str, int] = {}
    club = [-1] * n
    for i, p in enumerate(ordered):
        key = _normal_club(p.club)
        if key is not None:
            club[i] = clubs.setdefault(key, len(clubs))
    tier = [-1] * n
    if rank_pos is not None:
        for i, p in enumerate(ordered):
            if p.ranking is not None:  # unranked players need no spreading
                tier[i] = rank_pos[i] // k
    weight = 6 * k + 1  # more than the pairs in any seating: keeps the cost lexicographic
    problem = _Problem(
        met=_met_sets(index, history),
        club=club,
        tier=tier,
        w_met=weight * weight,
        w_club=weight if spread_clubs else 0,
        evals_left=_EVAL_BUDGET,
    )
    if n <= _KICK_MAX_PLAYERS:
        problem.build_rows()
    return problem


def _met_sets(index: dict[str, int], history: History) -> list[set[int]]:
    met: list[set[int]] = [set() for _ in index]
    groups: Iterable[Iterable[str]]
    if isinstance(history, Mapping):
        groups = (g for g, count in history.items() if count > 0)
    else:
        groups = history
    get = index.get
    for group in groups:
        # Players no longer active (dropped, eliminated) simply do not matter here.
        present = [i for i in map(get, _ids(group)) if i is not None]
        if len(present) == 2:  # the usual case (pair counts): skip combinations()
            a, b = present
            met[a].add(b)
            met[b].add(a)
            continue
        for a, b in combinations(present, 2):
            met[a].add(b)
            met[b].add(a)
    for i, mates in enumerate(met):
        mates.discard(i)  # a group listing a player twice must not make him meet himself
    return met


# --- cost ------------------------------------------------------------------------------


@dataclass(slots=True)
class _Problem:
    met: list[set[int]]  # met[i]: players i already shared a bracket with
    club: list[int]  # club number, -1 for none
    tier: list[int]  # ranking tier when seeding, -1 for none
    w_met: int
    w_club: int  # 0 when clubs are not spread: club pairs are then only reported
    rows: list[list[int]] | None = None  # pair cost matrix, built for small/medium rounds
    evals_left: int = 0  # swap evaluations the search may still spend (bounds hopeless cases)

    def pair(self, i: int, j: int) -> int:
        """Cost of seating players i and j in one bracket."""
        if self.rows is not None:
            return self.rows[i][j]
        cost = self.w_met if j in self.met[i] else 0
        c = self.club[i]
        if c >= 0 and c == self.club[j]:
            cost += self.w_club
        t = self.tier[i]
        if t >= 0 and t == self.tier[j]:
            cost += 1
        return cost

    def against(self, i: int, group: list[int], skip: int) -> int:
        """Cost of player i with everybody in group except i and skip."""
        total = 0
        if self.rows is not None:
            row = self.rows[i]  # row[i] is 0, so i itself needs no test
            for j in group:
                if j != skip:
                    total += row[j]
            return total
        pair = self.pair
        for j in group:
            if j != i and j != skip:
                total += pair(i, j)
        return total

    def group(self, group: Sequence[int]) -> int:
        """Total cost of one bracket."""
        return sum(self.pair(a, b) for a, b in combinations(group, 2))

    def build_rows(self) -> None:
        """Tabulate every pair cost: many cheap look-ups beat recomputing in small rounds."""
        n = len(self.met)
        rows = [[0] * n for _ in range(n)]
        for i, mates in enumerate(self.met):
            row = rows[i]
            for j in mates:
                row[j] += self.w_met
        for labels, weight in ((self.club, self.w_club), (self.tier, 1)):
            members: dict[int, list[int]] = {}
            for i, label in enumerate(labels):
                if label >= 0:
                    members.setdefault(label, []).append(i)
            for same in members.values():
                for a, b in combinations(same, 2):
                    rows[a][b] += weight
                    rows[b][a] += weight
        self.rows = rows


# --- exact search (small rounds) -------------------------------------------------------


def _exact(problem: _Problem, sizes: list[int], order: list[int]) -> list[list[int]]:
    """Optimal partition by branch and bound; order (shuffled) decides among equal optima."""
    best: list[list[int]] = []
    best_cost = [float("inf")]

    def extend(free: list[int], sizes_left: list[int], groups: list[list[int]], cost: int):
        if cost >= best_cost[0]:
            return
        if not free:
            best[:] = [list(g) for g in groups]
            best_cost[0] = cost
            return
        # The first free player always opens the next bracket: each partition is seen once.
        first, rest = free[0], free[1:]
        for size in sorted(set(sizes_left)):
            left = list(sizes_left)
            left.remove(size)
            for mates in combinations(rest, size - 1):
                group = [first, *mates]
                taken = set(mates)
                groups.append(group)
                extend(
                    [p for p in rest if p not in taken],
                    left,
                    groups,
                    cost + problem.group(group),
                )
                groups.pop()
                if best_cost[0] == 0:
                    return

    extend(order, sizes, [], 0)
    return best


# --- local search (larger rounds) ------------------------------------------------------


def _search(
    problem: _Problem, sizes: list[int], rng: random.Random, rank_pos: list[int] | None
) -> list[list[int]]:
    """Swap-based local search from a random start, then kicks for medium rounds."""
    n = len(problem.met)
    groups = _start(n, sizes, rng, rank_pos)
    cost = _improve(problem, groups, rng)
    # Iterated local search: shake a few conflicted players and improve again. Medium
    # rounds afford it and their constrained histories need it; large ones rarely do.
    kicks = min(_KICKS_MAX, _KICK_WORK // n) if n <= _KICK_MAX_PLAYERS else 0
    stale = 0
    while kicks and cost and problem.evals_left > 0 and stale < _KICKS_STALE:
        kicks -= 1
        candidate = [list(g) for g in groups]
        _kick(problem, candidate, rng)
        candidate_cost = _improve(problem, candidate, rng)
        stale = 0 if candidate_cost < cost else stale + 1
        if candidate_cost <= cost:  # equal moves too: drifting along a plateau helps
            groups, cost = candidate, candidate_cost
    return groups


def _kick(problem: _Problem, groups: list[list[int]], rng: random.Random) -> None:
    """Swap a few conflicted players with random players of other brackets."""
    bad = _conflicted(problem, groups)
    where = {p: b for b, g in enumerate(groups) for p in g}
    for p in rng.sample(bad, min(_KICK_SIZE, len(bad))):
        a, b = where[p], rng.randrange(len(groups))
        if a == b:
            continue
        q = rng.choice(groups[b])
        groups[a][groups[a].index(p)] = q
        groups[b][groups[b].index(q)] = p
        where[p], where[q] = b, a


def _start(
    n: int, sizes: list[int], rng: random.Random, rank_pos: list[int] | None
) -> list[list[int]]:
    """Random brackets, or one player per ranking tier and bracket when seeding."""
    if rank_pos is None:
        order = list(range(n))
        rng.shuffle(order)
        groups, at = [], 0
        for size in sizes:
            groups.append(order[at : at + size])
            at += size
        return groups
    by_rank = sorted(range(n), key=rank_pos.__getitem__)
    k = len(sizes)
    groups = [[] for _ in sizes]
    for at in range(0, n, k):
        # Each tier of k goes to distinct brackets; the last, partial tier to the 4s.
        open_ = [b for b in range(k) if len(groups[b]) < sizes[b]]
        rng.shuffle(open_)
        for player, b in zip(by_rank[at : at + k], open_, strict=False):
            groups[b].append(player)
    return groups


def _improve(problem: _Problem, groups: list[list[int]], rng: random.Random) -> int:
    """Improve groups in place by swaps between brackets; return the final total cost."""
    where = [0] * len(problem.met)
    for b, group in enumerate(groups):
        for p in group:
            where[p] = b
    sideways = _SIDEWAYS_PASSES
    for _ in range(_MAX_PASSES):
        bad = _conflicted(problem, groups)
        if not bad or problem.evals_left <= 0:
            break
        rng.shuffle(bad)
        improved = False
        for p in bad:
            delta = _try_swap(problem, groups, where, p, rng, allow_equal=sideways > 0)
            improved = improved or delta < 0
        if not improved:
            if sideways == 0:
                break
            sideways -= 1
    return sum(problem.group(g) for g in groups)


def _conflicted(problem: _Problem, groups: list[list[int]]) -> list[int]:
    """Players with a non-zero cost in their bracket, in canonical order."""
    bad: set[int] = set()
    pair = problem.pair
    for group in groups:
        for i, j in combinations(group, 2):
            if pair(i, j):
                bad.add(i)
                bad.add(j)
    return sorted(bad)


def _try_swap(
    problem: _Problem,
    groups: list[list[int]],
    where: list[int],
    p: int,
    rng: random.Random,
    *,
    allow_equal: bool,
) -> int:
    """Swap p with a player of another bracket if that helps; return the cost delta.

    Few brackets: the best swap over all of them. Many: the first improving swap in a
    random sample, since with sparse conflicts almost any bracket will do.
    """
    a = where[p]
    home = groups[a]
    p_now = problem.against(p, home, p)
    if p_now == 0 or problem.evals_left <= 0:
        return 0
    first_improvement = len(groups) > _FULL_SCAN_BRACKETS
    pair = problem.pair
    best_delta, best_q = 0, -1
    for b in _candidate_brackets(len(groups), a, rng):
        if first_improvement and best_delta < 0:
            break
        away = groups[b]
        problem.evals_left -= len(away)
        p_vs = [pair(p, j) for j in away]
        p_all = sum(p_vs)
        for x, q in enumerate(away):
            # Delta of exchanging p and q: only pairs involving p or q change.
            delta = (
                p_all - p_vs[x] + problem.against(q, home, p) - p_now - problem.against(q, away, q)
            )
            if delta < best_delta or (allow_equal and delta == 0 and best_q < 0):
                best_delta, best_q = delta, q
    if best_q < 0:
        return 0
    b = where[best_q]
    home[home.index(p)] = best_q
    groups[b][groups[b].index(best_q)] = p
    where[p], where[best_q] = b, a
    return best_delta


def _candidate_brackets(k: int, skip: int, rng: random.Random) -> Iterable[int]:
    """Brackets to try a swap with: all of them when few, else a random sample."""
    if k <= _FULL_SCAN_BRACKETS:
        start = rng.randrange(k)  # a random rotation so ties do not favour table 1
        return (b % k for b in range(start, start + k) if b % k != skip)
    return (b for b in (rng.randrange(k) for _ in range(_SAMPLE_BRACKETS)) if b != skip)


# --- output ----------------------------------------------------------------------------


def _finish(
    ordered: list[SeatingPlayer],
    groups: list[list[int]],
    problem: _Problem,
    seed: int,
    rng: random.Random,
    rank_pos: list[int] | None,
) -> Seating:
    seated = []
    for group in groups:
        if rank_pos is None:
            seats = list(group)
            rng.shuffle(seats)
            key = rng.random()
        else:
            seats = sorted(group, key=rank_pos.__getitem__)  # best-ranked player leads
            key = rank_pos[seats[0]]
        seated.append((len(seats), key, seats))
    seated.sort(key=lambda s: (s[0], s[1]))  # 4-player brackets take the last tables
    brackets = tuple(
        SeatedBracket(table=t, players=tuple(ordered[i].id for i in seats))
        for t, (_, _, seats) in enumerate(seated, start=1)
    )
    repeats = clubs = 0
    for group in groups:
        for i, j in combinations(group, 2):
            repeats += j in problem.met[i]
            clubs += problem.club[i] >= 0 and problem.club[i] == problem.club[j]
    return Seating(brackets=brackets, seed=seed, repeat_pairs=repeats, club_pairs=clubs)
