"""Advancement between rounds: bracket winners, wildcards, the final and the winner (§6)."""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from scoring.brackets import is_seatable
from scoring.model import EventRecord, PlayerTotals
from scoring.placement import place_bracket, tally
from scoring.points import player_points

__all__ = [
    "Advancement",
    "WildcardPick",
    "advance",
    "draw_order",
    "event_totals",
    "recorded_draw",
    "tournament_winner",
]


@dataclass(frozen=True, slots=True)
class WildcardPick:
    """A wildcard and the tie-break that chose it.

    ``decided_by``: "only-candidate", "points", "unrazed", "games-won" or "draw";
    ``tied_with``: the other candidates still level when that tie-break was applied.
    ``unrecorded``: a draw was needed but the event recorded none of the tied candidates
    (``player`` is then only the seeded draw's stand-in: any of the tied may be drawn).
    """

    player: str
    decided_by: str
    tied_with: tuple[str, ...] = ()
    unrecorded: bool = False

    @property
    def tied(self) -> tuple[str, ...]:
        """Every candidate level when the pick was made (the pick first)."""
        return (self.player, *self.tied_with)


@dataclass(frozen=True, slots=True)
class Advancement:
    """Who goes on from a round.

    ``ready`` is False while a bracket of the round is unfinished or awaits a judge
    decision (``pending`` lists those tables). ``seatable`` is False if even with every
    possible wildcard the advancing players cannot be seated in brackets of 3 and 4.
    """

    round: int
    ready: bool
    winners: tuple[str, ...]
    wildcards: tuple[WildcardPick, ...] = ()
    pending: tuple[int, ...] = ()
    seatable: bool = True
    next_is_final: bool = False
    tournament_over: bool = False
    tournament_winner: str | None = None

    @property
    def advancing(self) -> tuple[str, ...]:
        """Bracket winners followed by the wildcards, in the order they were chosen."""
        return self.winners + tuple(w.player for w in self.wildcards)


def event_totals(event: EventRecord, upto: int | None = None) -> dict[str, PlayerTotals]:
    """Unrazed realms, games won and best game per player over the event's brackets."""
    totals: dict[str, PlayerTotals] = {}
    for rnd in event.rounds:
        if upto is not None and rnd.number > upto:
            break
        for bracket in rnd.brackets:
            for player, t in tally(bracket).items():
                old = totals.get(player, PlayerTotals())
                totals[player] = PlayerTotals(
                    old.unrazed + t.unrazed, old.wins + t.wins, max(old.best, t.best)
                )
    return totals


def draw_order(
    seed: str,
    round_number: int,
    pick: int,
    players: Sequence[str],
    names: Mapping[str, str] | None = None,
) -> list[str]:
    """The seeded draw: players ordered by a hash of (seed, round, pick, player); first wins.

    ``names`` gives what is hashed for each player id: the player number, which is the same
    on the site and in its event file (ids are not: database keys there, "p7" here), so an
    exported event draws the same wildcard again.
    """
    names = names or {}

    # A hash, not random.Random, so the draw is the same on every Python version.
    def ticket(player: str) -> str:
        name = names.get(player) or player
        return hashlib.sha256(f"{seed}|{round_number}|{pick}|{name}".encode()).hexdigest()

    return sorted(players, key=lambda p: (ticket(p), names.get(p) or p, p))


def _pick(
    candidates: list[str],
    points: dict[str, int],
    totals: dict[str, PlayerTotals],
    draw: list[str],
    drawn: Collection[str] | None,
) -> WildcardPick:
    """Choose one wildcard: points so far, then event unrazed total, then games won, then the
    draw: the recorded one (``drawn``) when given, else the seeded draw."""
    if len(candidates) == 1:
        return WildcardPick(candidates[0], "only-candidate")
    level = candidates
    criteria = [
        ("points", lambda p: points.get(p, 0)),
        ("unrazed", lambda p: totals.get(p, PlayerTotals()).unrazed),
        ("games-won", lambda p: totals.get(p, PlayerTotals()).wins),
    ]
    for name, key in criteria:
        top = max(key(p) for p in level)
        best = [p for p in level if key(p) == top]
        if len(best) == 1:
            return WildcardPick(best[0], name, tuple(p for p in level if p != best[0]))
        level = best
    ordered = [p for p in draw if p in level]
    if drawn is None:  # the event draws now (the site, closing the round): the seeded draw
        winner, unrecorded = ordered[0], False
    else:  # the event's draw is recorded: any tied candidate it drew is the pick
        recorded = [p for p in ordered if p in drawn]
        winner, unrecorded = (recorded[0], False) if recorded else (ordered[0], True)
    return WildcardPick(winner, "draw", tuple(p for p in level if p != winner), unrecorded)


def recorded_draw(event: EventRecord, round_number: int) -> tuple[str, ...] | None:
    """The event's recorded draw after a round (SPEC §6: the draw belongs to the event): the
    round's ``draw`` list, else the players seated in the next round (a file records the
    draw by seating the drawn player), else None (nothing recorded: the event draws when it
    closes the round)."""
    rnd = event.rounds[round_number - 1]
    if rnd.draw:
        return rnd.draw
    if round_number < len(event.rounds):
        return event.rounds[round_number].players
    return None


def advance(
    event: EventRecord,
    round_number: int | None = None,
    withdrawn: Collection[str] = (),
    drawn: Collection[str] | None = None,
) -> Advancement:
    """Winners of a round (the last by default) plus wildcards until they can be seated.

    ``withdrawn`` players left the event after their bracket ended: they neither advance
    nor become wildcards (a player who dropped during a bracket is in its ``dropped``); the
    rounds' own ``withdrawn`` lists up to this round count too.

    ``drawn``: the event's recorded draw (``recorded_draw``): when candidates are still tied
    after games won, the tied candidate it drew is the wildcard, whichever of them it is
    (the engine never replaces a recorded draw with its own); a draw it does not record is
    marked ``unrecorded``. None: the event draws now, by the seeded ``draw_order`` (the
    site closing a round stores the outcome).
    """
    number = round_number if round_number is not None else len(event.rounds)
    rnd = event.rounds[number - 1]
    outcomes = [place_bracket(b) for b in rnd.brackets]
    pending = tuple(o.table for o in outcomes if not o.decided)
    gone = set(withdrawn).union(*(r.withdrawn for r in event.rounds[:number]))
    dropped = {p for r in event.rounds[:number] for b in r.brackets for p in b.dropped} | gone
    # A bracket winner who dropped after winning keeps his place but does not advance (§4).
    winners = tuple(
        o.winner for o in outcomes if o.decided and o.winner is not None and o.winner not in dropped
    )
    if pending:
        return Advancement(number, False, winners, pending=pending)
    if rnd.is_final:
        winner = outcomes[0].winner
        return Advancement(number, True, winners, tournament_over=True, tournament_winner=winner)
    seen = {p for r in event.rounds[:number] for p in r.players}
    seated = [p.id for p in event.players if p.id in seen]
    # Wildcards come from players already eliminated (any earlier round), never the dropped.
    advancing = set(winners)
    candidates = [p for p in seated if p not in advancing and p not in dropped]
    points = player_points(event, number)
    totals = event_totals(event, number)
    picks: list[WildcardPick] = []
    while not is_seatable(len(winners) + len(picks)) and candidates:
        numbers = {p.id: p.player_number for p in event.players}
        draw = draw_order(event.draw_seed, number, len(picks), candidates, numbers)
        pick = _pick(candidates, points, totals, draw, drawn)
        picks.append(pick)
        candidates.remove(pick.player)
    count = len(winners) + len(picks)
    return Advancement(
        number,
        True,
        winners,
        tuple(picks),
        seatable=is_seatable(count),
        next_is_final=count in (3, 4),
    )


def tournament_winner(event: EventRecord) -> str | None:
    """The winner of the final (a round with a single bracket), once it is known.

    Known as soon as the final's winner is: other places may still wait for a judge's
    decision (SPEC §6: when one bracket's winner is known in the final, the event is over).
    """
    if not event.rounds or not event.rounds[-1].is_final:
        return None
    return place_bracket(event.rounds[-1].brackets[0]).winner
