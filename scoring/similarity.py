"""How much of one event's results another event repeats (SPEC §9: a second copy of an event
already ranked is suspicious, also when a few numbers were changed).

Two events are compared by what was played, with players named by player number: who sat
at which table in which round, and every game's winner and unrazed counts. Names, dates,
venues, format and officials are left out, as in the results fingerprint. The similarity is
the share of these facts the two events have in common (0 to 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.model import EventRecord

__all__ = ["NEAR_DUPLICATE", "Similarity", "compare_results"]

# [decision] Nine facts in ten alike is no coincidence: two real events with the same
# players seat them differently, so even the seating facts alone differ.
NEAR_DUPLICATE = 0.9

Fact = tuple[object, ...]


@dataclass(frozen=True, slots=True)
class Similarity:
    """The share of facts in common, and the facts that differ (``only_here``: in the event
    under review, not in the other; ``only_there``: the other way round)."""

    share: float
    only_here: tuple[Fact, ...]
    only_there: tuple[Fact, ...]

    @property
    def near_duplicate(self) -> bool:
        return self.share >= NEAR_DUPLICATE


def _facts(record: EventRecord) -> set[Fact]:
    number = {p.id: p.player_number or f"name:{p.name}" for p in record.players}
    number |= {t.id: "+".join(sorted(number.get(p, p) for p in t.players)) for t in record.teams}

    def who(entrant: str | None) -> str | None:
        return None if entrant is None else number.get(entrant, entrant)

    facts: set[Fact] = set()
    for rnd in record.rounds:
        for bracket in rnd.brackets:
            seats = frozenset(who(p) for p in bracket.players)
            facts.add(("seated", rnd.number, seats))
            for g, game in enumerate(bracket.games, start=1):
                facts.add(("winner", rnd.number, seats, g, who(game.winner)))
                facts.update(
                    ("unrazed", rnd.number, seats, g, who(p), n) for p, n in game.unrazed.items()
                )
    return facts


def compare_results(here: EventRecord, there: EventRecord) -> Similarity:
    """The similarity of two events' results, by player numbers (see the module's text)."""
    a, b = _facts(here), _facts(there)
    if not a and not b:
        return Similarity(0.0, (), ())
    share = len(a & b) / max(len(a), len(b))
    return Similarity(share, tuple(sorted(a - b, key=repr)), tuple(sorted(b - a, key=repr)))
