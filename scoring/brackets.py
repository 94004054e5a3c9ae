"""Bracket sizes for seating a round (SPEC §4): threes, with fours only to absorb the rest."""

from __future__ import annotations

__all__ = ["SeatingError", "bracket_sizes", "is_seatable", "sizes_allowed"]


class SeatingError(ValueError):
    """Raised when a number of players cannot be split into brackets of 3 and 4."""


def is_seatable(n: int) -> bool:
    """Return True when n players can be split into brackets of 3 and 4."""
    return n >= 3 and n != 5


def bracket_sizes(n: int) -> list[int]:
    """Return bracket sizes for n players: all 3s, one 4 if n%3==1, two 4s if n%3==2."""
    if not is_seatable(n):
        raise SeatingError(
            f"{n} players cannot be seated in brackets of 3 or 4 players "
            "(need at least 3 players, and not exactly 5)"
        )
    fours = n % 3  # 0, 1 or 2 brackets of four absorb the remainder
    threes = (n - 4 * fours) // 3
    return [4] * fours + [3] * threes


def sizes_allowed(sizes: list[int]) -> bool:
    """Whether brackets of these sizes seat their players as SPEC §4 asks: exactly the sizes
    `bracket_sizes` gives for that many players (in any order). Moving one player is allowed
    only from a bracket of four to a bracket of three, which keeps them."""
    n = sum(sizes)
    return is_seatable(n) and sorted(sizes) == sorted(bracket_sizes(n))
