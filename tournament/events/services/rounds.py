"""The round life cycle: seat, re-seat, drop, close (advancement), finish (SPEC §4, §6)."""

import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.advancement import advance
from scoring.brackets import SeatingError
from scoring.seating import SeatingPlayer, history_from_brackets, seat_players
from tournament.accounts.models import Player
from tournament.events.choices import Status
from tournament.events.engine import key, refresh_results
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.events.services.registration import register


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def current_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def _round_one_players(event: Event) -> list[Registration]:
    active = list(
        event.registrations.filter(dropped_in_round__isnull=True, checked_in=True).select_related(
            "player"
        )
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


def _history(event: Event) -> dict[frozenset[str], int]:
    groups: dict[int, list[str]] = {}
    for bracket_id, player_id in Seat.objects.filter(bracket__round__event=event).values_list(
        "bracket_id", "registration__player_id"
    ):
        groups.setdefault(bracket_id, []).append(key(player_id))
    return history_from_brackets(groups.values())


def _ranking(players: list[Registration]) -> dict[int, float]:
    """Ranking points of each player from finished scored events (for round-1 seeding)."""
    from django.db.models import Sum

    rows = (
        Seat.objects.filter(
            registration__player_id__in=[r.player_id for r in players],
            bracket__round__event__status=Status.FINISHED,
            bracket__round__event__scored=True,
        )
        .values("registration__player_id")
        .annotate(total=Sum("points"))
    )
    return {row["registration__player_id"]: float(row["total"] or 0) for row in rows}


def _create_round(event: Event, number: int, registrations: list[Registration], seed: int) -> Round:
    first = number == 1
    ranking = _ranking(registrations) if first and event.seed_by_ranking else {}
    seating_players = [
        SeatingPlayer(key(r.player_id), r.player.club or None, ranking.get(r.player_id))
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
    except SeatingError as error:
        raise ValidationError(str(error)) from error
    by_player = {key(r.player_id): r for r in registrations}
    rnd = Round.objects.create(
        event=event, number=number, seed=seed, is_final=len(seating.brackets) == 1
    )
    for seated in seating.brackets:
        bracket = Bracket.objects.create(round=rnd, table=seated.table)
        Seat.objects.bulk_create(
            Seat(bracket=bracket, registration=by_player[pid], position=i)
            for i, pid in enumerate(seated.players, start=1)
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
    with transaction.atomic():
        event = _locked(event)
        if event.status not in (Status.REGISTRATION, Status.RUNNING):
            raise ValidationError(_("Only an event in registration or running can seat a round."))
        previous = current_round(event)
        registrations = (
            _next_round_players(event, previous) if previous else _round_one_players(event)
        )
        number = previous.number + 1 if previous else 1
        seed = secrets.randbits(48) if seed is None else seed
        rnd = _create_round(event, number, registrations, seed)
        if event.status != Status.RUNNING:
            event.status = Status.RUNNING
            event.save(update_fields=["status", "updated_at"])
        return rnd


def reseat_round(rnd: Round, seed: int | None = None) -> Round:
    """Seat the same round again with a new seed, only while no result is entered."""
    with transaction.atomic():
        event = _locked(rnd.event)
        rnd = Round.objects.select_for_update().get(pk=rnd.pk)
        if rnd != current_round(event) or rnd.state == Round.State.CLOSED:
            raise ValidationError(_("Only the current, open round can be re-seated."))
        if _round_has_results(rnd):
            raise ValidationError(_("Results are entered in this round: it cannot be re-seated."))
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
        return new_round


def _round_has_results(rnd: Round) -> bool:
    from tournament.results.models import Game

    return Game.objects.filter(bracket__round=rnd).exists()


def publish_round(rnd: Round, published: bool = True) -> Round:
    rnd.published = published
    rnd.save(update_fields=["published"])
    return rnd


def add_late_player(event: Event, player: Player) -> Registration:
    """Add a player at the venue; possible until round 1 is seated (SPEC §4)."""
    registration = register(event, player, late=True)
    registration.checked_in = True
    registration.save(update_fields=["checked_in"])
    return registration


def drop_player(registration: Registration) -> Registration:
    """Drop a player at any time; in an unfinished bracket they rank last."""
    with transaction.atomic():
        event = _locked(registration.event)
        registration = Registration.objects.select_for_update().get(pk=registration.pk)
        if registration.dropped:
            raise ValidationError(
                _("%(name)s has already dropped.") % {"name": registration.player.name}
            )
        if event.status == Status.FINISHED:
            raise ValidationError(_("The event is finished."))
        rnd = current_round(event)
        registration.dropped_in_round = rnd.number if rnd else 0
        registration.save(update_fields=["dropped_in_round"])
        if rnd and rnd.state != Round.State.CLOSED:
            Seat.objects.filter(bracket__round=rnd, registration=registration).exclude(
                bracket__state=Bracket.State.COMPLETE
            ).update(dropped=True)
            refresh_results(event)
        return registration


def close_round(rnd: Round) -> Round:
    """Close a round whose brackets are all decided, and record who advances."""
    with transaction.atomic():
        event = _locked(rnd.event)
        rnd = Round.objects.select_for_update().get(pk=rnd.pk)
        if rnd.state == Round.State.CLOSED:
            raise ValidationError(_("This round is already closed."))
        record = refresh_results(event)
        advancement = advance(record, rnd.number)
        if not advancement.ready:
            tables = ", ".join(str(t) for t in advancement.pending)
            raise ValidationError(
                _("Brackets not complete or awaiting a judge decision: table %(tables)s.")
                % {"tables": tables}
            )
        withdrawn = {
            key(pid)
            for pid in event.registrations.filter(dropped_in_round__isnull=False).values_list(
                "player_id", flat=True
            )
        }
        rnd.advancing = [p for p in advancement.advancing if p not in withdrawn]
        rnd.wildcards = [
            {"player": w.player, "decided_by": w.decided_by, "tied_with": list(w.tied_with)}
            for w in advancement.wildcards
        ]
        if not advancement.tournament_over and not advancement.seatable:
            raise ValidationError(
                _("The players advancing cannot be seated in brackets of 3 and 4.")
            )
        rnd.state = Round.State.CLOSED
        rnd.save(update_fields=["advancing", "wildcards", "state"])
        return rnd


def finish_event(event: Event) -> Event:
    """Finish an event once its final is closed."""
    with transaction.atomic():
        event = _locked(event)
        last = current_round(event)
        if not last or not last.is_final or last.state != Round.State.CLOSED:
            raise ValidationError(_("Close the final before finishing the event."))
        event.status = Status.FINISHED
        event.save(update_fields=["status", "updated_at"])
        return event


def start_timer(rnd: Round) -> Round:
    rnd.started_at = timezone.now()
    rnd.time_called_at = None
    rnd.save(update_fields=["started_at", "time_called_at"])
    return rnd


def call_time(rnd: Round) -> Round:
    rnd.time_called_at = timezone.now()
    rnd.save(update_fields=["time_called_at"])
    return rnd
