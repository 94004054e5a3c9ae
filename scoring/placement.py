"""Placement inside one bracket (SPEC §5 timed brackets, §6 placement, §4 drops)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from scoring.model import Bracket, BracketOutcome, EndedBy, Placement, PlayerTotals

__all__ = ["finished_by", "game_wins", "place_bracket", "tally"]

Key = Callable[[str], tuple[int, ...]]


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


def _groups(players: Iterable[str], key: Key, order: Sequence[str] | None) -> list[list[str]]:
    """Sort players best-first by key; split ties by the judge's order when it covers them."""
    ranked = sorted(players, key=key, reverse=True)  # stable: seat order inside a tie
    groups: list[list[str]] = []
    for player in ranked:
        if groups and key(groups[-1][0]) == key(player):
            groups[-1].append(player)
        else:
            groups.append([player])
    resolved: list[list[str]] = []
    for group in groups:
        if len(group) > 1 and order is not None and set(group) <= set(order):
            resolved.extend([p] for p in sorted(group, key=order.index))
        else:
            resolved.append(group)
    return resolved


def _pending(bracket: Bracket, totals: dict[str, PlayerTotals]) -> BracketOutcome:
    places = tuple(Placement(p, None) for p in bracket.players)
    return BracketOutcome(bracket.table, False, None, places, totals)


def place_bracket(bracket: Bracket) -> BracketOutcome:
    """Winner, places and totals of a bracket, saying when a judge decision is needed."""
    totals = tally(bracket)
    reason = finished_by(bracket)
    if reason is None:
        return _pending(bracket, totals)
    order = bracket.tiebreak_order
    active = bracket.active
    winner_key: Key = lambda p: (totals[p].wins, totals[p].unrazed)  # noqa: E731
    rank_key: Key = lambda p: (totals[p].unrazed, totals[p].wins, totals[p].best)  # noqa: E731
    two_wins = [p for p in active if totals[p].wins >= 2]
    if two_wins:
        head = [[two_wins[0]]]
    elif active:
        # Timed bracket, or the two-win player dropped: most wins, then most unrazed realms.
        head = _groups(active, winner_key, order)[:1]
    else:
        head = []
    if head and len(head[0]) > 1:
        # The winner itself is undecided: every other place depends on that decision.
        places = tuple(Placement(p, None) for p in bracket.players)
        return BracketOutcome(
            bracket.table, True, None, places, totals, True, (tuple(head[0]),), reason
        )
    winner = head[0][0] if head else None
    rest = [p for p in active if p != winner]
    groups = head + _groups(rest, rank_key, order)
    # Dropped players rank last, among themselves by the same criteria.
    groups += _groups([p for p in bracket.players if p in bracket.dropped], rank_key, order)
    places: list[Placement] = []
    tied: list[tuple[str, ...]] = []
    for group in groups:
        place = len(places) + 1 if len(group) == 1 else None
        places.extend(Placement(p, place) for p in group)
        if len(group) > 1:
            tied.append(tuple(group))
    return BracketOutcome(
        bracket.table, True, winner, tuple(places), totals, bool(tied), tuple(tied), reason
    )
