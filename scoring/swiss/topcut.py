"""The single-elimination top cut of a one-on-one event (SPEC §11).

The cut takes the first 2, 4 or 8 players of the Swiss standing (players who dropped are
passed over) and pairs them in bracket order 1 v 8, 4 v 5, 2 v 7, 3 v 6 (a cut of 4:
1 v 4, 2 v 3); in each later round the winners of neighbouring matches meet, so seeds 1
and 2 can meet only in the final.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.swiss.model import Match, SwissRound, score_match

__all__ = ["CUT_SEEDS", "CutRound", "cut_bracket", "cut_pairs", "next_cut_pairs"]

# Seed numbers of each first-round match, in bracket order (winners of matches 2k and
# 2k + 1 meet next).
CUT_SEEDS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((1, 2),),
    4: ((1, 4), (2, 3)),
    8: ((1, 8), (4, 5), (2, 7), (3, 6)),
}


def cut_pairs(seeded: Sequence[str], size: int) -> tuple[tuple[str, str], ...]:
    """First-round pairs of a cut of ``size`` from players in Swiss-standing order."""
    return tuple((seeded[a - 1], seeded[b - 1]) for a, b in CUT_SEEDS[size])


def next_cut_pairs(winners: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The next round's pairs from the winners in bracket order (1 and 2 meet, 3 and 4…)."""
    return tuple((winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2))


@dataclass(frozen=True, slots=True)
class CutRound:
    """One cut round as the bracket expects it, and what was recorded.

    ``pairs`` are the expected pairs in bracket order; ``matches`` the recorded match of
    each pair (None when the file does not have it); ``winners`` the winner of each pair
    (None while undecided).
    """

    number: int
    pairs: tuple[tuple[str, str], ...]
    matches: tuple[Match | None, ...]
    winners: tuple[str | None, ...]

    @property
    def complete(self) -> bool:
        """Every expected match recorded and decided."""
        return all(w is not None for w in self.winners)


def cut_bracket(
    rounds: Sequence[SwissRound], seeded: Sequence[str], size: int, best_of: int
) -> tuple[CutRound, ...]:
    """Follow the recorded cut rounds through the bracket seeded from ``seeded``.

    Each recorded round is matched to the pairs the bracket expects; the bracket stops at
    the first round that is not complete (its winners are not all known).
    """
    if size not in CUT_SEEDS or len(seeded) < size:
        return ()
    pairs = cut_pairs(seeded, size)
    result: list[CutRound] = []
    for rnd in rounds:
        by_pair = {frozenset(m.players): m for m in rnd.matches}
        matches = tuple(by_pair.get(frozenset(pair)) for pair in pairs)
        winners = tuple(None if m is None else _cut_winner(m, best_of) for m in matches)
        result.append(CutRound(rnd.number, pairs, matches, winners))
        if len(pairs) == 1 or not result[-1].complete:
            break
        pairs = next_cut_pairs([w for w in winners if w is not None])
    return tuple(result)


def _cut_winner(match: Match, best_of: int) -> str | None:
    score = score_match(match, best_of, cut=True)
    return score.winner if score.decided else None
