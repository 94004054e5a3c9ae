"""Placement inside one bracket (SPEC §5 timed brackets, §6 placement, §4 drops)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import permutations

from scoring.model import Bracket, BracketOutcome, EndedBy, Placement, PlayerTotals

__all__ = ["absent", "drop_point", "finished_by", "game_wins", "place_bracket", "tally"]

Key = Callable[[str], tuple[int, ...]]
# Orders a tied group best-first, or returns None when nobody has decided it yet.
Resolver = Callable[[list[str]], list[str] | None]


def drop_point(bracket: Bracket, player: str) -> int | None:
    """How many of the bracket's games a dropped player took part in (None: he did not drop).

    The site records it when the player drops (``dropped_after``). An event file does not:
    there a dropped player took part in the games up to the first one without his count
    (SPEC §4: a dropped player has no count in the games recorded after his drop).
    """
    if player not in bracket.dropped:
        return None
    if player in bracket.dropped_after:
        return bracket.dropped_after[player]
    return next(
        (i for i, game in enumerate(bracket.games) if player not in game.unrazed),
        len(bracket.games),
    )


def absent(bracket: Bracket, index: int) -> frozenset[str]:
    """Players who had dropped before game ``index`` (0-based) of the bracket: they take no
    part in it, have no count and cannot win it (SPEC §4)."""
    return frozenset(
        p
        for p in bracket.dropped
        if (point := drop_point(bracket, p)) is not None and point <= index
    )


def game_wins(bracket: Bracket, upto: int | None = None) -> dict[str, int]:
    """Games won by each seated player in the first ``upto`` games (all by default)."""
    wins = dict.fromkeys(bracket.players, 0)
    for game in bracket.games[:upto]:
        if game.winner in wins:
            wins[game.winner] += 1
    return wins


def tally(bracket: Bracket) -> dict[str, PlayerTotals]:
    """Total unrazed realms, games won and best single game for every seated player."""
    wins = game_wins(bracket)
    totals = {}
    for player in bracket.players:
        # A dropped player may have no count in later games: those count as 0.
        counts = [g.unrazed.get(player, 0) for g in bracket.games]
        totals[player] = PlayerTotals(sum(counts), wins[player], max(counts, default=0))
    return totals


def finished_by(bracket: Bracket) -> str | None:
    """Why the bracket is over ("two-wins", "time", "drops"), or None if play goes on."""
    if any(w >= 2 for w in game_wins(bracket).values()):
        return "two-wins"
    if any(g.ended_by is EndedBy.TIME for g in bracket.games):
        # Timed events: when time is called the bracket ends with this game.
        return "time"
    if len(bracket.active) <= 1:
        # Nobody is left to play against: the last remaining player advances.
        return "drops"
    return None


def _groups(players: Iterable[str], key: Key, resolve: Resolver) -> list[list[str]]:
    """Sort players best-first by key; split a tie when the resolver orders it."""
    ranked = sorted(players, key=key, reverse=True)  # stable: seat order inside a tie
    groups: list[list[str]] = []
    for player in ranked:
        if groups and key(groups[-1][0]) == key(player):
            groups[-1].append(player)
        else:
            groups.append([player])
    resolved: list[list[str]] = []
    for group in groups:
        ordered = resolve(group) if len(group) > 1 else None
        if ordered is None:
            resolved.append(group)
        else:
            resolved.extend([p] for p in ordered)
    return resolved


def _by_order(order: Sequence[str] | None) -> Resolver:
    """The judge's recorded order, for the ties it covers."""

    def resolve(group: list[str]) -> list[str] | None:
        if order is None or not set(group) <= set(order):
            return None
        return sorted(group, key=order.index)

    return resolve


def _recorded_then(order: Sequence[str] | None, fallback: Sequence[str]) -> Resolver:
    """The judge's recorded order where it decides; ``fallback`` (one possible decision)
    for every tie still open."""
    recorded = _by_order(order)

    def resolve(group: list[str]) -> list[str] | None:
        return recorded(group) or sorted(group, key=fallback.index)

    return resolve


def _pending(bracket: Bracket, totals: dict[str, PlayerTotals]) -> BracketOutcome:
    places = tuple(Placement(p, None) for p in bracket.players)
    return BracketOutcome(bracket.table, False, None, places, totals)


def _ranked(
    bracket: Bracket, totals: dict[str, PlayerTotals], resolve: Resolver
) -> tuple[str | None, list[list[str]]]:
    """The bracket winner (None while undecided) and the groups of equal place, best first."""
    active = bracket.active
    winner_key: Key = lambda p: (totals[p].wins, totals[p].unrazed)  # noqa: E731
    rank_key: Key = lambda p: (totals[p].unrazed, totals[p].wins, totals[p].best)  # noqa: E731
    # A player with two wins won the bracket, even if he dropped after winning (SPEC §4).
    two_wins = [p for p in bracket.players if totals[p].wins >= 2]
    if two_wins:
        head = [[two_wins[0]]]
    elif active:
        # Timed bracket, or the two-win player dropped: most wins, then most unrazed realms.
        head = _groups(active, winner_key, resolve)[:1]
    else:
        head = []
    winner = head[0][0] if head and len(head[0]) == 1 else None
    first = set(head[0]) if head else set()
    rest = [p for p in active if p not in first]
    groups = head + _groups(rest, rank_key, resolve)
    # Dropped players rank last, among themselves by the same criteria.
    left = [p for p in bracket.players if p in bracket.dropped and p not in first]
    return winner, groups + _groups(left, rank_key, resolve)


def _places(groups: list[list[str]]) -> dict[str, int | None]:
    places: dict[str, int | None] = {}
    for group in groups:
        place = len(places) + 1 if len(group) == 1 else None
        places.update(dict.fromkeys(group, place))
    return places


def _decided_places(bracket: Bracket, totals: dict[str, PlayerTotals]) -> dict[str, int | None]:
    """Places that every possible decision of the judge leaves as they are (SPEC §6).

    A bracket seats at most four, so every order of its players (24 at most) stands for
    every decision the judge could still record, later ties included.
    """
    possible = [
        _places(_ranked(bracket, totals, _recorded_then(bracket.tiebreak_order, order))[1])
        for order in permutations(bracket.players)
    ]
    return {
        p: possible[0][p] if all(places[p] == possible[0][p] for places in possible) else None
        for p in bracket.players
    }


def place_bracket(bracket: Bracket) -> BracketOutcome:
    """Winner, places and totals of a bracket, saying when a judge decision is needed.

    While a tie waits for the judge, a place is given when every possible decision leaves
    the player in it (SPEC §6), also when the tie is for the win itself.
    """
    totals = tally(bracket)
    reason = finished_by(bracket)
    if reason is None:
        return _pending(bracket, totals)
    winner, groups = _ranked(bracket, totals, _by_order(bracket.tiebreak_order))
    tied = tuple(tuple(group) for group in groups if len(group) > 1)
    places = _places(groups)
    if tied:
        places = _decided_places(bracket, totals)
    return BracketOutcome(
        bracket.table,
        True,
        winner,
        tuple(Placement(p, places[p]) for p in _in_order(groups)),
        totals,
        bool(tied),
        tied,
        reason,
    )


def _in_order(groups: list[list[str]]) -> list[str]:
    return [p for group in groups for p in group]
