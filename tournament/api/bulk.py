"""Many players in one call: registering a list, checking a list in (or out), with the
services of the one-player operations, in one transaction: every row or none, and each
refusal names its row (`player_numbers.3`: the fourth number sent)."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from tournament.accounts.models import ApiToken, Player
from tournament.api.errors import Conflict, conflict
from tournament.api.fields import StrictBooleanField
from tournament.api.writes import (
    RegistrationOut,
    ScopedView,
    _valid,
    registration_closed,
    registration_data,
)
from tournament.events.choices import Status
from tournament.events.models import Event, Registration
from tournament.events.permissions import EventRole, player_of
from tournament.events.services import registration as registrations

# One venue's day: more than the largest event, fewer than what would hold a lock long.
MOST_ROWS = 500


class PlayerNumbersIn(serializers.Serializer):
    player_numbers = serializers.ListField(
        child=serializers.CharField(max_length=20),
        min_length=1,
        max_length=MOST_ROWS,
        help_text="player numbers, each once",
    )

    def validate_player_numbers(self, numbers: list[str]) -> list[str]:
        repeated = sorted({n for n in numbers if numbers.count(n) > 1})
        if repeated:
            raise serializers.ValidationError(
                _("Each player once: %(numbers)s sent more than once.")
                % {"numbers": ", ".join(repeated)}
            )
        return numbers


class BulkCheckInIn(PlayerNumbersIn):
    checked_in = StrictBooleanField(default=True)


class BulkOut(serializers.Serializer):
    registrations = RegistrationOut(many=True)


def _rows(numbers: list[str], do) -> list[Registration]:
    """`do(row, number)` for every row inside one transaction; every refusal is collected
    by its row and nothing is kept when any row is refused."""
    done, refused = [], {}
    with transaction.atomic():
        for row, number in enumerate(numbers):
            try:
                with transaction.atomic():  # a refused row's writes go, the others' wait
                    done.append(do(number))
            except DjangoValidationError as error:
                refused[f"player_numbers.{row}"] = error.messages
        if refused:
            transaction.set_rollback(True)
    if refused:
        raise ValidationError(refused)
    return done


def _unknown(number: str) -> DjangoValidationError:
    return DjangoValidationError(_("No player has the number %(number)s.") % {"number": number})


class BulkRegistration(ScopedView):
    """Register a list of players (by number) in one call: every one or none."""

    scope = ApiToken.Scope.ORGANIZE

    @extend_schema(
        operation_id="events_registrations_register_many",
        request=PlayerNumbersIn,
        responses={
            201: BulkOut,
            409: conflict("round 1 is seated", "the event is not open for registration"),
        },
        examples=[
            OpenApiExample(
                "Three players",
                value={"player_numbers": ["1042", "1043", "1044"]},
                request_only=True,
            )
        ],
    )
    def post(self, request, event_id: int):
        event = self.event(EventRole.ORGANIZER)
        numbers = _valid(PlayerNumbersIn, request)["player_numbers"]
        closed = registration_closed(event)
        if closed:  # every row would be refused for the event's state
            raise Conflict(closed)
        players = {p.player_number: p for p in Player.objects.filter(player_number__in=numbers)}
        by, late = player_of(request.user), event.status == Status.RUNNING

        def register(number: str) -> Registration:
            if number not in players:
                raise _unknown(number)
            return registrations.register(event, players[number], late=late, by=by)

        done = _rows(numbers, register)
        return Response(
            {"registrations": [registration_data(r) for r in done]},
            status=status.HTTP_201_CREATED,
        )


class BulkCheckIn(ScopedView):
    """Check a list of registered players in (or out) in one call: every one or none."""

    scope = ApiToken.Scope.JUDGE

    @extend_schema(
        operation_id="events_registrations_check_in_many",
        request=BulkCheckInIn,
        responses={200: BulkOut, 409: conflict("the event is finished")},
    )
    def post(self, request, event_id: int):
        event: Event = self.event(EventRole.JUDGE)
        data = _valid(BulkCheckInIn, request)
        if event.status == Status.FINISHED:
            raise Conflict(_("The event is finished."))
        found = {
            r.player.player_number: r
            for r in Registration.objects.select_related("player", "event").filter(
                event=event, player__player_number__in=data["player_numbers"]
            )
        }
        by = player_of(request.user)

        def check_in(number: str) -> Registration:
            if number not in found:
                raise DjangoValidationError(
                    _("%(number)s is not registered for this event.") % {"number": number}
                )
            return registrations.set_checked_in(found[number], data["checked_in"], by=by)

        done = _rows(data["player_numbers"], check_in)
        return Response({"registrations": [registration_data(r) for r in done]})
