"""How much of one event's results another event repeats (SPEC §9: a second copy of an event
already ranked is suspicious, also when a few numbers were changed).

Two events are compared player by player, with players named by player number (a Team
Spirit team by its members' numbers): in every round, each player's count in each game
(and whether he won it), his place in his bracket, and whoever he sat with (one fact per
pair of players at a table). No fact names a bracket or a table, so moving two players
between brackets with their counts changes only who sat with whom; changing a count changes
that one fact (and a place only if the count moved one). Names, dates, venues, format and
officials are left out, as in the results fingerprint.

The similarity is the number of facts the two events have in common divided by the number
of facts of the larger event (0 to 1): a small event copied into a big one is not "all
alike".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from scoring.model import Bracket, EventRecord
from scoring.placement import place_bracket
from scoring.teams import team_bracket

__all__ = ["NEAR_DUPLICATE", "Similarity", "compare_results", "facts"]

# [decision] Nine facts in ten alike is no coincidence: two real events with the same
# players seat them otherwise, and a player's counts and places in two events coincide
# only here and there (exactly 90% is flagged).
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


def _numbers(record: EventRecord) -> dict[str, str]:
    number = {p.id: p.player_number or f"name:{p.name}" for p in record.players}
    number |= {t.id: "+".join(sorted(number.get(p, p) for p in t.players)) for t in record.teams}
    return number


def _placed(record: EventRecord, bracket: Bracket) -> Bracket:
    """The bracket as placement sees it (a Team Spirit bracket at team level, §10)."""
    if not record.teams:
        return bracket
    return team_bracket(bracket, {t.id: t for t in record.teams})


def facts(record: EventRecord) -> Counter[Fact]:
    """Every player's facts of the event (see the module's text), as a multiset:

    - ``("game", round, game, player, count, won)``: his count in that game of his bracket;
    - ``("place", round, player, place)``: his place in his bracket, once decided;
    - ``("sat", round, player, other)``: two players at one table (numbers in order).
    """
    number = _numbers(record)
    team_of = {p: t.id for t in record.teams for p in t.players}

    def who(entrant: str | None) -> str | None:
        return None if entrant is None else number.get(entrant, entrant)

    def entrant(player: str | None) -> str | None:
        return team_of.get(player, player) if player is not None else None

    found: Counter[Fact] = Counter()
    for rnd in record.rounds:
        for bracket in rnd.brackets:
            seated = sorted(who(p) for p in bracket.players)
            found.update(
                ("sat", rnd.number, a, b) for i, a in enumerate(seated) for b in seated[i + 1 :]
            )
            for g, game in enumerate(bracket.games, start=1):
                winner = entrant(game.winner)
                found.update(
                    ("game", rnd.number, g, who(p), n, winner is not None and entrant(p) == winner)
                    for p, n in game.unrazed.items()
                )
            outcome = place_bracket(_placed(record, bracket))
            found.update(
                ("place", rnd.number, who(p.player), p.place)
                for p in outcome.places
                if p.place is not None
            )
    return found


def _sorted(found: Counter[Fact]) -> tuple[Fact, ...]:
    return tuple(sorted(found.elements(), key=repr))


def compare_results(here: EventRecord, there: EventRecord) -> Similarity:
    """The similarity of two events' results, by player numbers (see the module's text)."""
    a, b = facts(here), facts(there)
    larger = max(a.total(), b.total())
    if not larger:
        return Similarity(0.0, (), ())
    share = (a & b).total() / larger
    return Similarity(share, _sorted(a - b), _sorted(b - a))
