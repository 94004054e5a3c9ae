"""A one-on-one match's no-show through the API (SPEC §11): a judge records that a player
did not come (he loses 0–2, no games) or takes it back, through the same services as the
match page (`rounds/services/swiss.py`)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from tournament.accounts.api_tokens import ApiToken
from tournament.api.errors import conflict, conflicts_as_409
from tournament.api.matches import MatchSerializer, match_data
from tournament.api.writes import ScopedView, _registration, _valid
from tournament.events.models import Bracket, Seat
from tournament.events.permissions import EventRole
from tournament.rounds.services import swiss


class NoShowIn(serializers.Serializer):
    player_number = serializers.CharField(
        min_length=1,
        max_length=20,
        allow_null=True,
        help_text="who did not come; null takes a no-show back",
    )


NO_SHOW_CONFLICT = conflict(
    "the event is not one-on-one",
    "the round is closed",
    "games of the match are recorded",
    "the player does not play this match",
    "no one is recorded as absent (taking one back)",
)


class NoShow(ScopedView):
    """Record (or take back) a no-show at a one-on-one match: the event's officials, scope
    `judge`."""

    scope = ApiToken.Scope.JUDGE

    @extend_schema(request=NoShowIn, responses={200: MatchSerializer, 409: NO_SHOW_CONFLICT})
    def post(self, request, event_id: int, bracket_id: int):
        event = self.event(EventRole.JUDGE)
        number = _valid(NoShowIn, request)["player_number"]
        bracket = get_object_or_404(Bracket, pk=bracket_id, round__event=event)
        with conflicts_as_409():
            if not event.is_one_on_one:
                raise ValidationError(_("No-shows are recorded in one-on-one matches only."))
            if number is None:
                swiss.undo_no_show(bracket)
            else:
                swiss.record_no_show(bracket, _registration(event, number))
        seats = Seat.objects.select_related("registration__player", "figures").order_by("position")
        bracket = (
            Bracket.objects.select_related("winner", "no_show")
            .prefetch_related(Prefetch("seats", seats))
            .get(pk=bracket.pk)
        )
        return Response(match_data(bracket, event.pk))
