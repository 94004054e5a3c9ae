"""Fixing the current round's seats without re-seating it, and taking a drop back, as the
round page does (`rounds.services.rounds`: `swap_seats`, `move_seat`, `undo_drop`)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from tournament.accounts.models import ApiToken
from tournament.api.errors import conflict, conflicts_as_409
from tournament.api.organize import OrganizeView, RoundOut, round_answer
from tournament.api.writes import (
    RegistrationOut,
    ScopedView,
    _registration,
    _valid,
    registration_data,
)
from tournament.events.models import Bracket
from tournament.events.permissions import EventRole
from tournament.rounds.services import rounds

SEATS_CONFLICT = conflict(
    "the round is closed or not the current one",
    "results or entries are in the round",
    "a Team Spirit event (re-seat instead)",
)


class SwapIn(serializers.Serializer):
    players = serializers.ListField(
        child=serializers.CharField(max_length=20),
        min_length=2,
        max_length=2,
        help_text="the two players' numbers",
    )


class MoveIn(serializers.Serializer):
    player_number = serializers.CharField(max_length=20)
    table = serializers.IntegerField(min_value=1, help_text="the table he moves to (last seat)")


class SwapSeats(OrganizeView):
    """Exchange two players' seats in the current round, before any result."""

    @extend_schema(
        request=SwapIn,
        responses={200: RoundOut, 409: SEATS_CONFLICT},
        examples=[
            OpenApiExample("Two players", value={"players": ["1042", "1051"]}, request_only=True)
        ],
    )
    def post(self, request, event_id: int, number: int):
        event = self.organized_event()
        rnd = self.round(event)
        first, second = (_registration(event, n) for n in _valid(SwapIn, request)["players"])
        with conflicts_as_409():
            rounds.swap_seats(rnd, first, second)
        return round_answer(rnd)


class MoveSeat(OrganizeView):
    """Move one player to another table of the current round (from a bracket of four to one
    of three, SPEC §4), before any result."""

    @extend_schema(
        request=MoveIn,
        responses={200: RoundOut, 409: SEATS_CONFLICT},
    )
    def post(self, request, event_id: int, number: int):
        event = self.organized_event()
        rnd = self.round(event)
        data = _valid(MoveIn, request)
        registration = _registration(event, data["player_number"])
        to = get_object_or_404(Bracket, round=rnd, table=data["table"])
        with conflicts_as_409():
            rounds.move_seat(rnd, registration, to)
        return round_answer(rnd)


class UndoDrop(ScopedView):
    """Take a player's drop back, while no later round is seated (the event's organizer)."""

    scope = ApiToken.Scope.ORGANIZE

    @extend_schema(
        request=None,
        responses={
            200: RegistrationOut,
            409: conflict("the player has not dropped", "a later round is seated"),
        },
    )
    def post(self, request, event_id: int, player_number: str):
        registration = _registration(self.event(EventRole.ORGANIZER), player_number)
        with conflicts_as_409():
            registration = rounds.undo_drop(registration)
        return Response(registration_data(registration))
