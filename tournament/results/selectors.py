"""What the results pages read about a bracket: accepted games, who dropped before a game,
why a correction is blocked, the tie a judge must decide, and what each
bracket needs from an official (the judges' dashboard)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.placement import absent, place_bracket
from tournament.accounts.models import Player
from tournament.events.models import Bracket, Event, Round
from tournament.events.to_engine import bracket_of, placement_bracket, teams_by_player
from tournament.results.models import EntryStatus, Game, GameEntry


def accepted_games(bracket: Bracket) -> list[Game]:
    return list(Game.objects.filter(bracket=bracket).select_related("winner").order_by("number"))


def dropped_before(bracket: Bracket, number: object) -> frozenset[int]:
    """Player pks of those who dropped before game ``number`` of the bracket (SPEC §4: they
    take no part in it). A number that is not a game number means the next game."""
    games = accepted_games(bracket)
    try:
        index = int(number) - 1
    except (TypeError, ValueError):
        index = len(games)
    index = min(max(index, 0), len(games))
    return frozenset(int(p) for p in absent(bracket_of(bracket, games=games), index))


def own_pending_numbers(pending: list[GameEntry], viewer: Player | None, first: int) -> list[int]:
    """The games from ``first`` on that this official entered and that wait for a second
    official, as long as they follow each other (he goes on to the game after them)."""
    if viewer is None:
        return []
    mine = {e.number for e in pending if e.submitted_by_id == viewer.pk and not e.is_correction}
    numbers = []
    while first in mine:
        numbers.append(first)
        first += 1
    return numbers


def correction_block(bracket: Bracket) -> str | None:
    """Why results of this bracket can no longer be corrected (None: they can)."""
    rnd = bracket.round
    following = Round.objects.filter(event_id=rnd.event_id, number=rnd.number + 1).first()
    if following is None:
        return None
    values = {"round": rnd.number, "next": following.number}
    played_on = Game.objects.filter(bracket__round=following).exists()
    if rnd.event.is_one_on_one:  # SPEC §11: matches, paired from the standing, on slips
        if played_on:
            text = _(
                "Round %(next)s already has results, and its pairings were decided by round "
                "%(round)s: this result can no longer be corrected here. Write the correction "
                "on the match slip and tell the organizer."
            )
        else:
            text = _(
                "Round %(next)s is already paired from the results of round %(round)s: this "
                "result can no longer be corrected here. Tell the organizer now — while round "
                "%(next)s has no results, the organizer can still pair it again; write the "
                "correction on the match slip."
            )
        return text % values
    if played_on:
        return (
            _(
                "Round %(next)s already has results, and who plays it was decided by round "
                "%(round)s: this result can no longer be corrected here. Write the correction on "
                "the bracket sheet and tell the organizer."
            )
            % values
        )
    return (
        _(
            "Round %(next)s is already seated from the results of round %(round)s: this result "
            "can no longer be corrected here. Tell the organizer now — while round %(next)s has "
            "no results, the organizer can still act on it; write the correction on the bracket "
            "sheet."
        )
        % values
    )


def official_ids(event: Event) -> frozenset[int]:
    """The organizer and judges of the event: entries by anyone else are players' reports."""
    return frozenset({event.organizer_id, *event.judge_ids})


def tied_groups(bracket: Bracket) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Groups of players a judge must order, each with the first place it decides (empty
    when no decision is needed)."""
    teams = teams_by_player(bracket.round.event)
    outcome = place_bracket(placement_bracket(bracket, accepted_games(bracket), teams))
    if not outcome.needs_decision:
        return ()
    return tuple(zip(outcome.tied_groups, outcome.tied_first_places, strict=True))


def conflicts(entries: list[GameEntry]) -> dict[int, list[GameEntry]]:
    """Unconfirmed entries per game number where more than one different result is pending."""
    by_number: dict[int, list[GameEntry]] = defaultdict(list)
    for entry in entries:
        if entry.status == EntryStatus.UNCONFIRMED:
            by_number[entry.number].append(entry)
    return {
        n: group for n, group in by_number.items() if len({repr(e.result_key()) for e in group}) > 1
    }


@dataclass(frozen=True)
class Need:
    """Something a bracket needs from an official."""

    bracket: Bracket
    kind: str  # "conflict", "confirm", "decision", "entry", "waiting"
    label: str


def bracket_need(
    bracket: Bracket,
    entries: list[GameEntry],
    player: Player,
    officials: frozenset[int] = frozenset(),
) -> Need | None:
    """The most urgent thing this bracket needs from this official, if anything."""
    pending = [e for e in entries if e.status == EntryStatus.UNCONFIRMED]
    if conflicts(entries):
        return Need(bracket, "conflict", _("Conflicting entries"))
    others = [e for e in pending if e.submitted_by_id != player.pk]
    if officials and any(e.submitted_by_id not in officials for e in others):
        return Need(bracket, "confirm", _("Confirm a player's report"))
    if others:
        return Need(bracket, "confirm", _("Confirm another judge's entry"))
    if bracket.state == Bracket.State.NEEDS_DECISION:
        return Need(bracket, "decision", _("Tie-break decision"))
    if pending:
        return Need(bracket, "waiting", _("Your entry awaits confirmation"))
    if bracket.state != Bracket.State.COMPLETE:
        return Need(bracket, "entry", _("Enter game results"))
    return None


def latest_round_number(event: Event) -> int:
    """The number of the event's latest round (0 before round 1 is seated)."""
    return event.rounds.order_by("-number").values_list("number", flat=True).first() or 0


def dashboard_brackets(
    event: Event, player: Player
) -> tuple[Round | None, list[Need], list[Bracket]]:
    """The current round, what its brackets need from this official (most urgent first), and
    the brackets that need nothing (kept on the dashboard so a correction is one tap away)."""
    rnd = event.rounds.order_by("-number").first()
    if rnd is None:
        return None, [], []
    brackets = rnd.brackets.order_by("table").prefetch_related(
        "entries", "seats__registration__player"
    )
    officials = official_ids(event)
    needs, done = [], []
    for bracket in brackets:
        need = bracket_need(bracket, list(bracket.entries.all()), player, officials)
        if need is None:
            done.append(bracket)
        else:
            needs.append(need)
    order = ["conflict", "confirm", "decision", "entry", "waiting"]
    needs.sort(key=lambda n: (order.index(n.kind), n.bracket.table))
    return rnd, needs, done
