"""How much of one event's results another event repeats (SPEC §9: a second copy of an event
already ranked is suspicious, also when a few numbers were changed).

Two events are compared player by player, with players named by player number (a Team
Spirit team by its members' numbers). A player's facts, in every round: each game he played
and whether he won it, his count in it, whoever he sat with (one fact per pair of players at
a table), his place where the counts and wins leave a tie that the judge's order decided,
and his drop. No fact names a bracket or a table, so moving two players between brackets
with their counts changes only who sat with whom, and a changed count changes that one
fact: a place that follows from the counts is not a fact of its own, or one changed count
would count two or three times. Names, dates, venues, format and officials are left out, as
in the results fingerprint.

The similarity is the number of facts the two events have in common divided by the number
of facts of the larger event (0 to 1): a small event copied into a big one is not "all
alike". The same share is also taken over each player's own results alone (every fact but
who sat with whom): a copy that re-seats every player while keeping his results is as
alike as one that moves nobody. Either share at 90% or more is a near duplicate.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

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
    # The same share over each player's own results only (his games, wins, counts, judged
    # places and drops), whoever he sat with: a copy that re-seats every player while keeping
    # his results changes every "sat" fact and nothing else.
    results_share: float = 0.0

    @property
    def near_duplicate(self) -> bool:
        return max(self.share, self.results_share) >= NEAR_DUPLICATE


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

    - ``("played", round, game, player, won)``: he played that game of his bracket;
    - ``("count", round, game, player, count)``: his count in it;
    - ``("sat", round, player, other)``: two players at one table (numbers in order);
    - ``("place", round, player, place)``: a place the judge's tie-break order decided;
    - ``("dropped", round, player)``: he dropped during his bracket.
    """
    number = _numbers(record)
    team_of = {p: t.id for t in record.teams for p in t.players}

    def who(entrant: str | None) -> str | None:
        return None if entrant is None else number.get(entrant, entrant)

    def entrant(player: str | None) -> str | None:
        return team_of.get(player, player) if player is not None else None

    found: Counter[Fact] = Counter()
    for rnd in record.rounds:
        r = rnd.number
        for bracket in rnd.brackets:
            seated = sorted(who(p) for p in bracket.players)
            found.update(("sat", r, a, b) for i, a in enumerate(seated) for b in seated[i + 1 :])
            found.update(("dropped", r, who(p)) for p in bracket.dropped)
            for g, game in enumerate(bracket.games, start=1):
                winner = entrant(game.winner)
                for p, n in game.unrazed.items():
                    won = winner is not None and entrant(p) == winner
                    found[("played", r, g, who(p), won)] += 1
                    found[("count", r, g, who(p), n)] += 1
            found.update(("place", r, p, k) for p, k in _judged_places(record, bracket, who))
    return found


def _judged_places(record: EventRecord, bracket: Bracket, who) -> list[tuple[str, int]]:
    """Places that the counts and wins leave tied and the judge's order decided."""
    if bracket.tiebreak_order is None:
        return []
    placed = _placed(record, bracket)
    by_counts = {
        p.player: p.place for p in place_bracket(replace(placed, tiebreak_order=None)).places
    }
    return [
        (who(p.player), p.place)
        for p in place_bracket(placed).places
        if p.place is not None and by_counts.get(p.player) is None
    ]


def _sorted(found: Counter[Fact]) -> tuple[Fact, ...]:
    return tuple(sorted(found.elements(), key=repr))


def compare_results(here: EventRecord, there: EventRecord) -> Similarity:
    """The similarity of two events' results, by player numbers (see the module's text)."""
    a, b = facts(here), facts(there)
    larger = max(a.total(), b.total())
    if not larger:
        return Similarity(0.0, (), ())
    share = (a & b).total() / larger
    mine, theirs = _own_results(a), _own_results(b)
    own_larger = max(mine.total(), theirs.total())
    results_share = (mine & theirs).total() / own_larger if own_larger else 0.0
    return Similarity(share, _sorted(a - b), _sorted(b - a), results_share)


def _own_results(found: Counter[Fact]) -> Counter[Fact]:
    """The facts of each player's own results: all but who sat with whom."""
    return Counter({fact: n for fact, n in found.items() if fact[0] != "sat"})
