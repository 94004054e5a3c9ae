"""Work out what the rules engine computes and store it (every write is `writing.py`'s):
each bracket's state and winner and each seat's figures (`scoring.figures.bracket_figures`),
written only when they changed; the players' standings from their seats' figures
(`scoring.figures.standing_figures`); the officials' points and the eligibility (§6).

Pages never call the engine per request: `store_results` and `refresh_standings` (a whole
event), `store_bracket_results`, `refresh_players` and `refresh_eligibility` (one bracket)
are called by the recompute pipeline (`tournament.standings.recompute`) only.

Final place in an event ([decision], documented in docs/recompute.md and on the standings page):
the tournament winner is 1st; everyone else by total points (desc), then the last round
reached (later is better), then the place in that last bracket, then unrazed realms in the
event, then games won. Players equal on all of these share the place.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.db.models import Prefetch

from scoring import model as m
from scoring.figures import (
    PlayerStatus,
    SeatFigures,
    SeatInRound,
    StandingFigures,
    bracket_figures,
    standing_figures,
)
from scoring.model import EventRecord
from scoring.points import (
    MIN_GAME_PLAYERS,
    MIN_SCORED_PARTICIPANTS,
    TOO_FEW_PARTICIPANTS,
    TWO_PLAYER_GAMES_ONLY,
    Eligibility,
    eligibility,
    official_points,
    round_multiplier,
    took_part,
)
from tournament.core.happenings import announce
from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Round, Seat
from tournament.events.to_engine import (
    TeamsByPlayer,
    bracket_of,
    engine_id,
    event_record,
    format_of,
    teams_by_player,
)
from tournament.results.models import Game
from tournament.standings import figures as declared
from tournament.standings import writing
from tournament.standings.figures import names
from tournament.standings.happenings import FiguresChanged
from tournament.standings.writing import seat_figures_changes, set_changed


def _bracket_changes(
    bracket: Bracket,
    rnd: Round,
    fmt: m.Format,
    superseded: set[str],
    teams: TeamsByPlayer | None = None,
    games: list[Game] | None = None,
) -> tuple[bool, list]:
    """Set the engine's figures (`scoring.figures.bracket_figures`) on a bracket (prefetched
    seats and games) and its seats' figures. Returns whether the bracket row changed and
    the figures rows of the seats that did."""
    figures = bracket_figures(
        bracket_of(bracket, games),
        rnd.number,
        fmt,
        final=rnd.is_final,
        superseded=superseded,
        teams=teams,
    )
    winner_id = int(figures.winner) if figures.winner else None
    bracket_changed = set_changed(bracket, {"state": str(figures.state), "winner_id": winner_id})
    rows = []
    for seat in bracket.seats.all():
        row = seat_figures_changes(seat, figures.seats[engine_id(seat.registration.player_id)])
        if row is not None:
            rows.append(row)
    return bracket_changed, rows


def store_round_multipliers(event: Event, rounds: list[Round]) -> None:
    """Each round's points multiplier as the engine states it (`round_multiplier`), stored
    for the pages and sheets that print it; only changed rounds are written."""
    changed = []
    for rnd in rounds:
        value = round_multiplier(rnd.number, event.event_multiplier)
        if rnd.multiplier != value:
            rnd.multiplier = value
            changed.append(rnd)
    writing.save_multipliers(changed)


def store_results(event: Event, rounds: list[Round]) -> m.EventRecord:
    """Recompute every bracket of the event and store places, points and states.

    `rounds` come from `rounds_queryset` and carry the new figures afterwards."""
    record = event_record(event, rounds)
    teams = teams_by_player(event)
    seats_to_save, brackets_to_save = [], []
    later: set[str] = set()
    for rnd in reversed(rounds):
        for bracket in rnd.brackets.all():
            bracket_changed, seats = _bracket_changes(bracket, rnd, record.format, later, teams)
            if bracket_changed:
                brackets_to_save.append(bracket)
            seats_to_save += seats
        later |= {
            engine_id(s.registration.player_id) for b in rnd.brackets.all() for s in b.seats.all()
        }
    writing.save_brackets(brackets_to_save)
    writing.save_seat_figures(seats_to_save)
    return record


def store_bracket_results(
    bracket: Bracket, games: list[Game] | None = None
) -> tuple[list[Seat], list[Game]]:
    """Recompute one bracket and store its places, points and state; its seats and games
    (the stored rows it was computed from).

    Touches only this bracket: a confirmation costs the same in any size of event. A caller
    holding the bracket as `results.lock_bracket` returns it (its seats read with their
    registrations and figures) passes its accepted ``games``, and nothing is read again."""
    if games is None:
        bracket = (
            Bracket.objects.select_related("round__event")
            .prefetch_related(
                Prefetch("seats", Seat.objects.select_related("registration", "figures")),
                "games",
            )
            .get(pk=bracket.pk)
        )
        games = list(bracket.games.all())
    rnd, event = bracket.round, bracket.round.event
    superseded: set[str] = set()
    if event.points_mode == m.PointsMode.LAST_BRACKET:
        registrations = [s.registration_id for s in bracket.seats.all()]
        superseded = {
            engine_id(player_id)
            for player_id in Seat.objects.filter(
                registration_id__in=registrations, bracket__round__number__gt=rnd.number
            ).values_list("registration__player_id", flat=True)
        }
    bracket_changed, seats = _bracket_changes(
        bracket, rnd, format_of(event), superseded, teams_by_player(event), games
    )
    if bracket_changed:
        writing.save_bracket(bracket)
    writing.save_seat_figures(seats)
    return list(bracket.seats.all()), list(games)


def seat_in_round(rnd: Round, bracket: Bracket, seat: Seat) -> SeatInRound:
    """A stored seat as the engine totals it (`scoring.figures.standing_figures`): its
    declared figures (`seat.figures`), as the engine's `SeatFigures`."""
    return SeatInRound(
        round_number=rnd.number,
        final=rnd.is_final,
        closed=rnd.state == Round.State.CLOSED,
        advancing=rnd.advancing or (),
        bracket_winner=engine_id(bracket.winner_id) if bracket.winner_id is not None else None,
        figures=SeatFigures(**{name: getattr(seat.figures, name) for name in SEAT_FIGURES}),
    )


@dataclass
class _Entrant:
    """A registration and its seats in round order, as read for the engine."""

    registration_id: int
    player_id: int
    dropped_in_round: int | None
    seats: list[SeatInRound] = field(default_factory=list)

    def figures(self) -> StandingFigures:
        return standing_figures(engine_id(self.player_id), self.seats, self.dropped_in_round)

    def standing(self, event_id: int):
        """The unsaved row of the engine's figures (its place is set by `store_places`)."""
        values = declared.stored_values(declared.STANDING_FIGURES, self.figures())
        return writing.new_standing(
            event_id=event_id,
            registration_id=self.registration_id,
            player_id=self.player_id,
            place=0,
            **values,
        )


STANDING_FIGURES = names(declared.STANDING_FIGURES)  # what refresh_players rewrites
SEAT_FIGURES = names(declared.SEAT_FIGURES)  # what a stored seat gives the engine


def _reasons(verdict: Eligibility, participants: int) -> list[dict]:
    """The engine's eligibility reasons as stored codes (translated when shown)."""
    return [
        {"code": code, "count": participants, "minimum": MIN_SCORED_PARTICIPANTS}
        if code == TOO_FEW_PARTICIPANTS
        else {"code": code}
        for code in verdict.codes
    ]


def refresh_eligibility(event: Event, games: Iterable[Game], scoring=None) -> None:
    """After a bracket's games changed: store the event's eligibility again if they can have
    changed it. Only the two-player rule depends on games (SPEC §2 [decision]): it can turn
    when the event is ruled out by it, or when a game of fewer than three players was played
    in an eligible event; both are rare, so a confirmation seldom pays for the whole event."""
    scoring = writing.scoring_for_eligibility(event) if scoring is None else scoring
    ruled_out = any(r.get("code") == TWO_PLAYER_GAMES_ONLY for r in scoring.reasons)
    small_game = any(took_part(g.unrazed) < MIN_GAME_PLAYERS for g in games)
    if not (ruled_out or (scoring.eligible and small_game)):
        return
    record = event_record(event)
    verdict = eligibility(record)
    writing.store_eligibility(scoring, verdict.scored, _reasons(verdict, len(record.participants)))


def _officials(event: Event, record) -> list:
    judges = list(event.judges.order_by("name"))  # event_record orders judges by name too
    people = [event.organizer, *judges]
    return [
        writing.new_official(
            event=event,
            player=person,
            role=str(points.role),
            points=points.points,
            forfeited=points.forfeited,
        )
        for person, points in zip(people, official_points(record), strict=True)
    ]


@transaction.atomic
def refresh_standings(event: Event, rounds: list[Round], record: EventRecord):
    """Store the whole event's standings, officials' points and eligibility.

    `rounds` (from `rounds_queryset`) carry the seat figures just stored, `record` is the
    event as the engine sees it."""
    writing.locked_scoring(event)
    entrants = {
        pk: _Entrant(pk, player_id, dropped)
        for pk, player_id, dropped in event.registrations.values_list(
            "pk", "player_id", "dropped_in_round"
        )
    }
    seated: set[int] = set()
    for rnd in rounds:
        for bracket in rnd.brackets.all():
            for seat in bracket.seats.all():
                entrants[seat.registration_id].seats.append(seat_in_round(rnd, bracket, seat))
                seated.add(seat.registration_id)
    standings = [entrants[pk].standing(event.pk) for pk in sorted(seated)]
    writing.replace_standings(event, standings)
    writing.store_places(event.pk, event.shape.teams)
    officials = writing.replace_officials(event, _officials(event, record))
    verdict = eligibility(record)
    winner = next((s.player_id for s in standings if s.status == PlayerStatus.WINNER), None)
    scoring = writing.store_scoring(
        event,
        eligible=verdict.scored,
        reasons=_reasons(verdict, len(record.participants)),
        participants=len(record.participants),
        rounds=len(rounds),
        winner_id=winner,
        standings_count=len(seated),
        officials=officials_summary(officials),
        wildcards=wildcard_picks(rounds),
        standings_stale_since=None,  # every place was just stored
    )
    if event.status == Status.FINISHED:  # a correction: the review compares (never while running)
        announce(FiguresChanged(event))
    return scoring


def wildcard_picks(rounds: Iterable[Round]) -> dict[str, list[list]]:
    """The wildcards each closed round picked, by player id: [[round, decided_by], …]."""
    picks: dict[str, list[list]] = {}
    for rnd in rounds:
        for wildcard in rnd.wildcards or ():
            picks.setdefault(str(wildcard["player"]), []).append(
                [rnd.number, wildcard["decided_by"]]
            )
    return picks


def refresh_players(event: Event, seats: Iterable[Seat]) -> None:
    """After one bracket changed: store its players' standings (their places and the winner
    are the event-wide re-rank's: `recompute.refresh_bracket`).

    Reads only these players' seats (one per round): the cost does not grow with the event.
    Event-level figures that a game result cannot change (eligibility, officials' points,
    participants) are left as the last whole-event refresh stored them."""
    # The seats come with their registrations (the bracket's read): no query for them.
    _store_totals(
        event.pk,
        {
            s.registration_id: _Entrant(
                s.registration_id, s.registration.player_id, s.registration.dropped_in_round
            )
            for s in seats
        },
    )


def mark_players_stale(event: Event, seats: Iterable[Seat]) -> None:
    """After one bracket changed, with a broker: its players' standings are re-added by the
    event's next re-rank (`refresh_stale_players`), with every other table's results of
    that second, instead of here (one plain update). A player who has no standing stored
    yet gets it now."""
    seats = list(seats)
    ids = {seat.registration_id for seat in seats}
    marked = writing.mark_totals_stale(ids)
    if marked < len(ids):
        refresh_players(event, seats)


def refresh_stale_players(event_id: int) -> int:
    """The re-rank's first step: the standings that results marked (`mark_players_stale`)
    re-added from their seats' figures, the marks cleared. How many."""
    stale = writing.stale_totals(event_id)
    entrants = {pk: _Entrant(pk, player, dropped) for pk, player, dropped in stale}
    if entrants:
        _store_totals(event_id, entrants)
    return len(entrants)


def _store_totals(event_id: int, entrants: dict[int, _Entrant]) -> None:
    """The entrants' standings from all their seats' figures: updated, or created."""
    rows: dict = {}  # their stored standings, read with the seats
    for seat in (
        Seat.objects.filter(registration_id__in=list(entrants))
        .select_related("bracket__round", "figures", "registration__standing")
        .order_by("bracket__round__number")
    ):
        entrant = entrants[seat.registration_id]
        entrant.seats.append(seat_in_round(seat.bracket.round, seat.bracket, seat))
        with contextlib.suppress(ObjectDoesNotExist):  # none yet: created below
            rows.setdefault(seat.registration_id, seat.registration.standing)
    fresh = {pk: e.standing(event_id) for pk, e in entrants.items()}
    for pk, row in rows.items():
        for name in STANDING_FIGURES:
            setattr(row, name, getattr(fresh[pk], name))
        row.totals_stale = False
    writing.save_totals(
        list(rows.values()), [row for pk, row in fresh.items() if pk not in rows], STANDING_FIGURES
    )


def officials_summary(scores: Iterable) -> list[dict]:
    """The officials' rows as the standings page lists them (role, then name), for JSON."""
    rows = [
        {
            "player_id": o.player_id,
            "number": o.player.player_number,
            "name": o.player.name,
            "role": o.role,
            "points": o.points,
            "forfeited": o.forfeited,
        }
        for o in scores
    ]
    return sorted(rows, key=lambda r: (r["role"], r["name"]))
