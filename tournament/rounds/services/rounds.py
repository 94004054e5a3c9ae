"""The round life cycle: seat, re-seat, drop, close (advancement), finish (SPEC §4, §6)."""

import datetime
import secrets
from collections.abc import Collection
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Max, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.advancement import advance
from scoring.brackets import SeatingError, is_seatable, sizes_allowed
from scoring.model import EventRecord
from scoring.points import round_multiplier
from scoring.seating import SeatingPlayer, history_from_brackets, seat_players
from scoring.teams import advance_teams, seat_teams
from tournament.accounts.models import Player
from tournament.core.happenings import announce
from tournament.core.locking import lock_rows
from tournament.decks.models import Decklist
from tournament.decks.services.saving import refresh_statuses
from tournament.events.choices import Status
from tournament.events.happenings import Dropped
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.events.services.registration import lock_event, register
from tournament.events.services.registration_import import create_guest_player
from tournament.events.services.teams import team_of
from tournament.events.to_engine import engine_id, event_record, teams_by_player
from tournament.ranking.models import RankingTotal
from tournament.ratings.services import seeding_ratings
from tournament.results.models import Game, GameEntry
from tournament.rounds.happenings import (
    EventFinished,
    RoundClosed,
    RoundPublished,
    RoundSeated,
    TimeCalled,
)
from tournament.rounds.services import swiss
from tournament.rounds.services.round_state import current_round, round_seated
from tournament.rounds.services.round_state import locked_round as _locked_round
from tournament.rounds.services.round_state import require_open_current as _require_open_current
from tournament.rounds.services.round_state import round_has_results as _round_has_results
from tournament.standings import recompute

# How time is called in a timed event (000 TIMED EVENTS).
EXTRA_TURNS = 5


def _unseatable_message(count: int) -> str:
    return ngettext(
        "%(count)s player cannot be seated: a round needs at least 3 players, and 5 players "
        "cannot be split into brackets of 3 and 4.",
        "%(count)s players cannot be seated: a round needs at least 3 players, and 5 players "
        "cannot be split into brackets of 3 and 4.",
        count,
    ) % {"count": count}


def _round_one_players(event: Event) -> list[Registration]:
    active = list(
        event.registrations.filter(
            dropped_in_round__isnull=True, checked_in=True, waitlisted=False
        ).select_related("player")
    )
    if not active:
        raise ValidationError(_("Check players in before seating round 1."))
    return active


def _next_round_players(event: Event, previous: Round) -> list[Registration]:
    if previous.state != Round.State.CLOSED:
        raise ValidationError(
            _("Close round %(number)s before seating the next one.") % {"number": previous.number}
        )
    if previous.is_final:
        raise ValidationError(_("The final has been played: finish the event instead."))
    ids = [int(player_id) for player_id in previous.advancing]
    return list(
        event.registrations.filter(player_id__in=ids, dropped_in_round__isnull=True).select_related(
            "player"
        )
    )


def _history_groups(event: Event) -> list[list[str]]:
    """The players of every bracket played so far in the event."""
    groups: dict[int, list[str]] = {}
    for bracket_id, player_id in Seat.objects.filter(bracket__round__event=event).values_list(
        "bracket_id", "registration__player_id"
    ):
        groups.setdefault(bracket_id, []).append(engine_id(player_id))
    return list(groups.values())


def _history(event: Event) -> dict[frozenset[str], int]:
    return history_from_brackets(_history_groups(event))


def _ranking(players: list[Registration]) -> dict[int, float]:
    """Each player's international ranking points over all years (for round-1 seeding):
    the stored totals, which hold accepted events only (SPEC §9)."""
    rows = RankingTotal.objects.filter(
        player_id__in=[r.player_id for r in players], year=RankingTotal.ALL_YEARS
    ).values_list("player_id", "ranking_points")
    return {player_id: float(points) for player_id, points in rows}


def _seeding(event: Event, players: list[Registration]) -> dict[int, float]:
    """What seeds round 1 (SPEC §4 item 3): ranking points, or the ratings where the event
    chose them (SPEC §12; a player without a rating counts as a new one)."""
    if event.seed_by_rating:
        return seeding_ratings([r.player_id for r in players])
    return _ranking(players)


def _team_seating(event: Event, registrations: list[Registration], seed: int):
    """Seat a Team Spirit round: complete teams only, three to a table (SPEC §10)."""
    teams = teams_by_player(event)
    unpaired = sorted(r.player.name for r in registrations if engine_id(r.player_id) not in teams)
    if unpaired:
        raise ValidationError(
            _("Every player of a Team Spirit event sits with a complete team: %(names)s.")
            % {"names": ", ".join(unpaired)}
        )
    active = {engine_id(r.player_id) for r in registrations}
    seated = {t.id: t for p, t in teams.items() if p in active}
    partly = sorted(t.name for t in seated.values() if not set(t.players) <= active)
    if partly:
        raise ValidationError(
            _("A team plays only with both its players: %(teams)s.") % {"teams": ", ".join(partly)}
        )
    history = history_from_brackets(
        [{teams[p].id for p in group if p in teams} for group in _history_groups(event)]
    )
    try:
        seating = seat_teams(list(seated.values()), history=history, seed=seed)
    except SeatingError as error:
        raise ValidationError(
            ngettext(
                "%(count)s team cannot be seated: a Team Spirit bracket seats three teams "
                "(four only to absorb a remainder), so at least 3 teams and not exactly 5 "
                "are needed.",
                "%(count)s teams cannot be seated: a Team Spirit bracket seats three teams "
                "(four only to absorb a remainder), so at least 3 teams and not exactly 5 "
                "are needed.",
                len(seated),
            )
            % {"count": len(seated)}
        ) from error
    return [(b.table, b.seats) for b in seating.brackets]


def _create_round(event: Event, number: int, registrations: list[Registration], seed: int) -> Round:
    if event.shape.teams:
        tables = _team_seating(event, registrations, seed)
        return _store_round(event, number, registrations, seed, tables)
    if not is_seatable(len(registrations)):
        raise ValidationError(_unseatable_message(len(registrations)))
    first = number == 1
    ranking = _seeding(event, registrations) if first and event.seed_by_ranking else {}
    seating_players = [
        SeatingPlayer(engine_id(r.player_id), r.player.club or None, ranking.get(r.player_id))
        for r in registrations
    ]
    try:
        seating = seat_players(
            seating_players,
            history=() if first else _history(event),
            seed=seed,
            spread_clubs=first and event.spread_clubs,
            seed_by_ranking=first and event.seed_by_ranking,
        )
    except SeatingError as error:  # the count is checked above; keep a clear message anyway
        raise ValidationError(_unseatable_message(len(registrations))) from error
    tables = [(b.table, b.players) for b in seating.brackets]
    return _store_round(event, number, registrations, seed, tables)


def _store_round(
    event: Event,
    number: int,
    registrations: list[Registration],
    seed: int,
    tables: list[tuple[int, tuple[str, ...]]],
) -> Round:
    """Save a seated round: each table's players in seat order."""
    by_player = {engine_id(r.player_id): r for r in registrations}
    rnd = Round.objects.create(
        event=event,
        number=number,
        seed=seed,
        is_final=len(tables) == 1,
        multiplier=round_multiplier(number, event.event_multiplier),
    )
    for table, players in tables:
        bracket = Bracket.objects.create(round=rnd, table=table)
        Seat.objects.bulk_create(
            Seat(bracket=bracket, registration=by_player[pid], position=i)
            for i, pid in enumerate(players, start=1)
        )
    _mark_wildcards(rnd, event)
    return rnd


def _mark_wildcards(rnd: Round, event: Event) -> None:
    previous = event.rounds.filter(number=rnd.number - 1).first()
    if previous and previous.wildcards:
        wildcard_ids = [int(w["player"]) for w in previous.wildcards]
        Seat.objects.filter(bracket__round=rnd, registration__player_id__in=wildcard_ids).update(
            is_wildcard=True
        )


def seat_next_round(event: Event, seed: int | None = None) -> Round:
    """Seat round 1 from checked-in players, or the next round from those advancing."""
    if event.is_one_on_one:
        return swiss.pair_round(event, seed)
    with transaction.atomic():
        event = lock_event(event)
        if event.status not in (Status.REGISTRATION, Status.RUNNING):
            raise ValidationError(_("Only an event in registration or running can seat a round."))
        previous = current_round(event)
        registrations = (
            _next_round_players(event, previous) if previous else _round_one_players(event)
        )
        number = previous.number + 1 if previous else 1
        seed = secrets.randbits(48) if seed is None else seed
        rnd = _create_round(event, number, registrations, seed)
        return round_seated(event, rnd)


def reseat_round(rnd: Round, seed: int | None = None) -> Round:
    """Seat the same round again with a new seed, only while no result is entered."""
    if rnd.event.is_one_on_one:
        return swiss.repair_round(rnd, seed)
    with transaction.atomic():
        event, rnd = _locked_round(rnd)
        _require_open_current(event, rnd)
        if (
            _round_has_results(rnd)
            or Bracket.objects.filter(round=rnd, tiebreak_order__isnull=False).exists()
        ):
            raise ValidationError(
                _("Results are entered in round %(number)s: it cannot be re-seated.")
                % {"number": rnd.number}
            )
        registrations = [
            seat.registration
            for seat in Seat.objects.filter(bracket__round=rnd, dropped=False).select_related(
                "registration__player"
            )
        ]
        number, published = rnd.number, rnd.published
        rnd.delete()
        new_round = _create_round(
            event, number, registrations, secrets.randbits(48) if seed is None else seed
        )
        new_round.published = published
        new_round.save(update_fields=["published"])
        announce(RoundSeated(new_round))
        if published:  # its players are told their new seats
            announce(RoundPublished(new_round))
        recompute.refresh_event(event)
        return new_round


def _require_seats_open(event: Event, rnd: Round) -> None:
    """One player's seat may change in the current round of a bracket event, before any
    result or entry of the round (Team Spirit teams sit together: re-seat instead)."""
    _require_open_current(event, rnd)
    if event.shape.teams:
        raise ValidationError(
            _("Teams sit together: re-seat the round to change a Team Spirit table.")
        )
    if (
        _round_has_results(rnd)
        or GameEntry.objects.filter(bracket__round=rnd).exists()
        or Bracket.objects.filter(round=rnd, tiebreak_order__isnull=False).exists()
    ):
        raise ValidationError(
            _("Results are entered in round %(number)s: its seats cannot change.")
            % {"number": rnd.number}
        )


def swap_seats(rnd: Round, first: Registration, second: Registration) -> tuple[Seat, Seat]:
    """Exchange two players' seats (table and seat) in the current round, before any result
    or entry of the round: a player sat at the wrong table is fixed without re-seating the
    whole round. Bracket sizes stay as the engine made them. Team Spirit teams sit together,
    so there the round is re-seated instead."""
    with transaction.atomic():
        event, rnd = _locked_round(rnd)
        _require_seats_open(event, rnd)
        seats = {
            seat.registration_id: seat
            for seat in lock_rows(Seat.objects.all()).filter(
                bracket__round=rnd, registration__in=(first, second)
            )
        }
        if first.pk == second.pk or len(seats) != 2:
            raise ValidationError(_("Choose two different players seated in this round."))
        a, b = seats[first.pk], seats[second.pk]
        spot_a, spot_b = (a.bracket_id, a.position), (b.bracket_id, b.position)
        # Through a free position: (bracket, position) is unique at every step.
        a.bracket_id, a.position = spot_b[0], 0
        a.save(update_fields=["bracket", "position"])
        b.bracket_id, b.position = spot_a
        b.save(update_fields=["bracket", "position"])
        a.position = spot_b[1]
        a.save(update_fields=["position"])
        recompute.refresh_event(event)
        return a, b


def move_seat(rnd: Round, registration: Registration, to: Bracket) -> Seat:
    """Move one player to another table of the current round, before any result or entry:
    he takes the last seat there. The engine decides which moves keep the round's bracket
    sizes (SPEC §4: only from a bracket of four to one of three)."""
    with transaction.atomic():
        event, rnd = _locked_round(rnd)
        _require_seats_open(event, rnd)
        if event.is_one_on_one:
            raise ValidationError(
                _("A match seats two players: swap two players instead of moving one.")
            )
        seat = (
            lock_rows(Seat.objects.all())
            .select_related("bracket")
            .filter(bracket__round=rnd, registration=registration)
            .first()
        )
        if seat is None or to.round_id != rnd.pk or seat.bracket_id == to.pk:
            raise ValidationError(_("Choose a player of this round and another of its tables."))
        sizes = dict(rnd.brackets.annotate(n=Count("seats")).values_list("pk", "n"))
        sizes[seat.bracket_id] -= 1
        sizes[to.pk] += 1
        if not sizes_allowed(list(sizes.values())):
            raise ValidationError(
                _(
                    "Tables of three, with fours only for the rest: a player can only move "
                    "from a table of four to a table of three. Swap two players instead."
                )
            )
        source = seat.bracket
        seat.bracket = to
        seat.position = (to.seats.aggregate(last=Max("position"))["last"] or 0) + 1
        seat.save(update_fields=["bracket", "position"])
        for position, left in enumerate(source.seats.order_by("position"), start=1):
            if left.position != position:  # close the gap: seats stay numbered 1, 2, 3
                left.position = position
                left.save(update_fields=["position"])
        recompute.refresh_event(event)
        return seat


def publish_round(rnd: Round, published: bool = True) -> Round:
    """Show (or hide again) a round's seating to the public."""
    with transaction.atomic():
        _event, rnd = _locked_round(rnd)
        rnd.published = published
        rnd.save(update_fields=["published"])
        if published:
            announce(RoundPublished(rnd))
        return rnd


def add_late_player(
    event: Event, player: Player | None = None, *, name: str = "", by: Player | None = None
) -> Registration:
    """Add a player at the venue (existing, or new by name); only until round 1 is seated."""
    with transaction.atomic():
        event = lock_event(event)
        if event.rounds.exists():
            raise ValidationError(_("Round 1 is seated: late players can no longer be added."))
        if event.status != Status.REGISTRATION:
            raise ValidationError(_("Late players can be added while registration is open."))
        if player is None:
            player = create_guest_player(name)
        registration = register(event, player, late=True, by=by)
        registration.checked_in, registration.checked_in_by = True, by
        registration.save(update_fields=["checked_in", "checked_in_by"])
        return registration


def _team_members(event: Event, registration: Registration) -> list[Registration]:
    """The player, and in Team Spirit his partner too (a team drops as a team)."""
    team = team_of(registration) if event.shape.teams else None
    if team is None or not team.complete:
        return [registration]
    return list(team.registrations)


def _dropping_together(event: Event, registration: Registration) -> list[Registration]:
    """Who drops with this player: himself and his partner if still in (SPEC §10)."""
    members = _team_members(event, registration)
    return [r for r in members if r.pk == registration.pk or not r.dropped]


@dataclass(frozen=True)
class RoundOneWarnings:
    """What an organizer should know before seating round 1 (names, alphabetical)."""

    unchecked: list[str] = field(default_factory=list)
    missing_decklists: list[str] = field(default_factory=list)
    illegal_decklists: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.unchecked or self.missing_decklists or self.illegal_decklists)


def round_one_warnings(event: Event) -> RoundOneWarnings:
    """Registered players not checked in, and checked-in players whose decklist is missing or
    not legal (lists lock when round 1 is seated, SPEC §3). Reads the stored deck status."""
    if event.rounds.exists():
        return RoundOneWarnings()
    refresh_statuses(event)  # only lists validated against another format are re-checked
    rows = (
        event.registrations.filter(dropped_in_round__isnull=True, waitlisted=False)
        .annotate(deck_status=Coalesce("decklist__status", Value(Decklist.Status.MISSING)))
        .order_by("player__name")
        .values_list("player__name", "checked_in", "deck_status")
    )
    warnings = RoundOneWarnings()
    for name, checked_in, deck_status in rows:
        if not checked_in:
            warnings.unchecked.append(name)
        elif deck_status == Decklist.Status.MISSING:
            warnings.missing_decklists.append(name)
        elif deck_status == Decklist.Status.ILLEGAL:
            warnings.illegal_decklists.append(name)
    return warnings


def drop_player(registration: Registration) -> Registration:
    """Drop a player at any time; in an unfinished bracket they rank last (SPEC §4)."""
    with transaction.atomic():
        event = lock_event(registration.event)
        registration = lock_rows(Registration.objects.all()).get(pk=registration.pk)
        if registration.dropped:
            raise ValidationError(
                _("%(name)s has already dropped.") % {"name": registration.player.name}
            )
        if event.status == Status.FINISHED:
            raise ValidationError(_("The event is finished."))
        rnd = current_round(event)
        dropping = _dropping_together(event, registration)
        for member in dropping:
            member.dropped_in_round = rnd.number if rnd else 0
            member.save(update_fields=["dropped_in_round"])
            announce(Dropped(member))
        registration.dropped_in_round = rnd.number if rnd else 0
        if rnd is None:
            return registration
        if event.is_one_on_one:
            # SPEC §11: he is paired no more; his matches stay and count for his opponents.
            recompute.refresh_event(event)
            return registration
        if rnd.state != Round.State.CLOSED:
            # A finished bracket keeps its places; only an unfinished one plays on without them.
            # The games recorded so far are his; he takes no part in later ones (SPEC §4).
            seats = Seat.objects.filter(bracket__round=rnd, registration__in=dropping).exclude(
                bracket__state=Bracket.State.COMPLETE
            )
            for seat in seats:
                seat.dropped = True
                seat.dropped_after_games = Game.objects.filter(bracket_id=seat.bracket_id).count()
                seat.save(update_fields=["dropped", "dropped_after_games"])
        elif not rnd.is_final:
            # Dropped between rounds: who advances from the closed round is decided again.
            _store_advancement(event, rnd, event_record(event))
        recompute.refresh_event(event)
        return registration


def undo_drop(registration: Registration) -> Registration:
    """Take a drop back, as long as no later round has been seated since."""
    with transaction.atomic():
        event = lock_event(registration.event)
        registration = (
            lock_rows(Registration.objects.all()).select_related("player").get(pk=registration.pk)
        )
        name = registration.player.name
        if not registration.dropped:
            raise ValidationError(_("%(name)s has not dropped.") % {"name": name})
        if event.status == Status.FINISHED:
            raise ValidationError(_("The event is finished."))
        rnd = current_round(event)
        if registration.dropped_in_round != (rnd.number if rnd else 0):
            raise ValidationError(
                _("A later round is seated: the drop of %(name)s can no longer be undone.")
                % {"name": name}
            )
        # A team dropped as a team (SPEC §10): its partner comes back with it.
        returning = [
            r
            for r in _team_members(event, registration)
            if r.dropped_in_round == registration.dropped_in_round
        ]
        Registration.objects.filter(pk__in=[r.pk for r in returning]).update(dropped_in_round=None)
        registration.dropped_in_round = None
        if rnd is None:
            return registration
        Seat.objects.filter(bracket__round=rnd, registration__in=returning).update(
            dropped=False, dropped_after_games=None
        )
        if rnd.state == Round.State.CLOSED and not rnd.is_final and not event.is_one_on_one:
            _store_advancement(event, rnd, event_record(event))
        recompute.refresh_event(event)
        return registration


def _withdrawn(event: Event) -> set[str]:
    return {
        engine_id(pid)
        for pid in event.registrations.filter(dropped_in_round__isnull=False).values_list(
            "player_id", flat=True
        )
    }


def _store_advancement(
    event: Event, rnd: Round, record: EventRecord, drawn: Collection[int] | None = None
) -> None:
    """Compute and store who advances from a round whose brackets are all decided.

    ``drawn``: the players a judge drew for a wildcard tie left after games won (the
    recorded draw, SPEC §6); None: the event's seeded draw decides."""
    if record.teams:
        _store_team_advancement(event, rnd, record)
        return
    recorded = None if drawn is None else {engine_id(pk) for pk in drawn}
    advancement = advance(record, rnd.number, withdrawn=_withdrawn(event), drawn=recorded)
    if not advancement.ready:
        tables = ", ".join(str(t) for t in advancement.pending)
        raise ValidationError(
            _("Brackets not complete or awaiting a judge decision: table %(tables)s.")
            % {"tables": tables}
        )
    winners, picks = list(advancement.winners), list(advancement.wildcards)
    unrecorded = next((w for w in picks if w.unrecorded), None)
    if unrecorded is not None:
        tied = Player.objects.filter(pk__in=[int(p) for p in unrecorded.tied]).order_by("name")
        raise ValidationError(
            _("The recorded draw names none of the players tied for a wildcard: %(names)s.")
            % {"names": ", ".join(f"{p.name} ({p.player_number})" for p in tied)}
        )
    if not advancement.tournament_over and not is_seatable(len(winners) + len(picks)):
        raise ValidationError(
            _("The players advancing cannot be seated in brackets of 3 and 4.")
            + " "
            + _unseatable_message(len(winners) + len(picks))
        )
    rnd.advancing = winners + [w.player for w in picks]
    rnd.wildcards = [
        {"player": w.player, "decided_by": w.decided_by, "tied_with": list(w.tied_with)}
        for w in picks
    ]
    rnd.save(update_fields=["advancing", "wildcards"])


def _store_team_advancement(event: Event, rnd: Round, record: EventRecord) -> None:
    """Team Spirit: winning teams, then wildcard teams; both members are stored as advancing
    (a team drops as a team, so a withdrawn member withdraws his team)."""
    members = {t.id: t.players for t in record.teams}
    withdrawn = {t.id for t in record.teams if set(t.players) & _withdrawn(event)}
    advancement = advance_teams(record, rnd.number, withdrawn)
    if not advancement.ready:
        tables = ", ".join(str(t) for t in advancement.pending)
        raise ValidationError(
            _("Brackets not complete or awaiting a judge decision: table %(tables)s.")
            % {"tables": tables}
        )
    count = len(advancement.advancing)
    if not advancement.tournament_over and not is_seatable(count):
        raise ValidationError(
            ngettext(
                "%(count)s team advancing cannot be seated in brackets of 3 and 4 teams.",
                "%(count)s teams advancing cannot be seated in brackets of 3 and 4 teams.",
                count,
            )
            % {"count": count}
        )
    rnd.advancing = [p for t in advancement.advancing for p in members[t]]
    rnd.wildcards = [
        {"player": p, "team": w.player, "decided_by": w.decided_by, "tied_with": list(w.tied_with)}
        for w in advancement.wildcards
        for p in members[w.player]
    ]
    rnd.save(update_fields=["advancing", "wildcards"])


def close_round(rnd: Round, drawn: Collection[int] | None = None) -> Round:
    """Close a round whose brackets are all decided, and record who advances (a wildcard
    tie to the draw: the judge's recorded draw, ``drawn`` player ids, else the seeded one)."""
    if rnd.event.is_one_on_one:
        return swiss.close_round(rnd)
    with transaction.atomic():
        event, rnd = _locked_round(rnd)
        if rnd.state == Round.State.CLOSED:
            raise ValidationError(_("Round %(number)s is already closed.") % {"number": rnd.number})
        _store_advancement(event, rnd, event_record(event), drawn)
        rnd.state = Round.State.CLOSED
        rnd.save(update_fields=["state"])
        recompute.refresh_event(event)  # who is eliminated shows in the standings now
        announce(RoundClosed(rnd))
        return rnd


def reopen_round(rnd: Round) -> Round:
    """Reopen a closed round for corrections, while the next round is not seated: who
    advances (and the wildcards) is decided again when it is closed again."""
    with transaction.atomic():
        event, rnd = _locked_round(rnd)
        if rnd.state != Round.State.CLOSED:
            raise ValidationError(_("Round %(number)s is not closed.") % {"number": rnd.number})
        if event.status == Status.FINISHED:
            raise ValidationError(_("The event is finished."))
        if rnd != current_round(event):
            raise ValidationError(
                _("Round %(next)s is seated: round %(number)s can no longer be reopened.")
                % {"next": rnd.number + 1, "number": rnd.number}
            )
        rnd.state = Round.State.SEATED
        rnd.advancing, rnd.wildcards = [], []
        rnd.save(update_fields=["state", "advancing", "wildcards"])
        recompute.refresh_event(event)
        return rnd


def finish_event(event: Event) -> Event:
    """Finish an event once its final is closed."""
    if event.is_one_on_one:
        return swiss.finish_event(event)
    with transaction.atomic():
        event = lock_event(event)
        if event.status == Status.FINISHED:
            raise ValidationError(_("The event is already finished."))
        last = current_round(event)
        if not last or not last.is_final or last.state != Round.State.CLOSED:
            raise ValidationError(_("Close the final before finishing the event."))
        event.status = Status.FINISHED
        event.save(update_fields=["status", "updated_at"])
        announce(EventFinished(event))
        recompute.event_edited(event, {"status"})
        return event


def _require_timed_open(event: Event, rnd: Round) -> None:
    if not event.is_timed:
        raise ValidationError(_("This event has no time limit."))
    _require_open_current(event, rnd)


def start_timer(rnd: Round) -> Round:
    """Start (or restart) the round's clock of a timed event."""
    with transaction.atomic():
        event, rnd = _locked_round(rnd)
        _require_timed_open(event, rnd)
        rnd.started_at = timezone.now()
        rnd.time_called_at = None
        rnd.save(update_fields=["started_at", "time_called_at"])
        return rnd


def call_time(rnd: Round) -> Round:
    """Call time: the current turn is finished, then 5 more turns are played."""
    with transaction.atomic():
        event, rnd = _locked_round(rnd)
        _require_timed_open(event, rnd)
        if rnd.time_called_at:
            raise ValidationError(_("Time has already been called in this round."))
        if rnd.started_at is None:
            raise ValidationError(_("Start the clock before calling time."))
        rnd.time_called_at = timezone.now()
        rnd.save(update_fields=["time_called_at"])
        announce(TimeCalled(rnd))
        return rnd


def timer_ends_at(rnd: Round) -> datetime.datetime | None:
    """When the round's time limit runs out (None without a started timer)."""
    minutes = rnd.event.time_limit_minutes
    if not minutes or not rnd.started_at:
        return None
    return rnd.started_at + datetime.timedelta(minutes=minutes)
