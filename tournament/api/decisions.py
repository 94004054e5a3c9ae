"""A judge's tie decision through the API (SPEC §6): the order of a bracket's tied players,
as the bracket page's tie-break form records it (`results.services.decide_tiebreak`), by
player number. A wildcard tie left after points, unrazed realms and games won goes to the
draw: the round's close takes the judge's recorded draw (`organize.CloseIn.drawn`)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from tournament.accounts.models import ApiToken
from tournament.api.errors import Conflict, conflict, conflicts_as_409
from tournament.api.writes import ScopedView, _bracket, _valid
from tournament.events.models import Bracket
from tournament.events.permissions import EventRole
from tournament.events.to_engine import engine_id
from tournament.results import selectors
from tournament.results import services as results


class TiedGroupOut(serializers.Serializer):
    first_place = serializers.IntegerField(help_text="the best place the group shares")
    players = serializers.ListField(
        child=serializers.CharField(), help_text="player numbers, in the engine's order"
    )


class TiebreakOut(serializers.Serializer):
    state = serializers.CharField(help_text="waiting, in_progress, needs_decision or complete")
    tied = TiedGroupOut(many=True, help_text="groups still waiting for a decision")
    order = serializers.ListField(
        child=serializers.CharField(), help_text="the judge's decided order (player numbers)"
    )


class TiebreakIn(serializers.Serializer):
    orders = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(max_length=20), min_length=2),
        min_length=1,
        help_text="for each tied group (in the order `tied` lists them), its players' numbers "
        "best first",
    )


def _numbers(bracket: Bracket) -> dict[str, str]:
    """Engine id → player number of the bracket's seated players."""
    return {
        engine_id(seat.registration.player_id): seat.registration.player.player_number
        for seat in bracket.seats.select_related("registration__player")
    }


def tiebreak_data(bracket: Bracket) -> dict:
    bracket.refresh_from_db()
    numbers = _numbers(bracket)
    return {
        "state": bracket.state,
        "tied": [
            {"first_place": first, "players": [numbers.get(p, p) for p in group]}
            for group, first in selectors.tied_groups(bracket)
        ],
        "order": [numbers.get(p, p) for p in bracket.tiebreak_order or []],
    }


class BracketTiebreak(ScopedView):
    """GET: the bracket's tied groups waiting for a judge; POST: the judge's order of each
    (the event's officials, scope `judge`); the standings recompute at once."""

    scope = ApiToken.Scope.JUDGE

    @extend_schema(responses={200: TiebreakOut})
    def get(self, request, event_id: int, bracket_id: int):
        return Response(tiebreak_data(_bracket(self.event(EventRole.JUDGE), bracket_id)))

    @extend_schema(
        request=TiebreakIn,
        responses={
            200: TiebreakOut,
            409: conflict("the bracket needs no tie decision (any more)"),
        },
        examples=[
            OpenApiExample(
                "1043 before 1042", value={"orders": [["1043", "1042"]]}, request_only=True
            )
        ],
    )
    def post(self, request, event_id: int, bracket_id: int):
        bracket = _bracket(self.event(EventRole.JUDGE), bracket_id)
        orders = _valid(TiebreakIn, request)["orders"]
        ids = {number: pid for pid, number in _numbers(bracket).items()}
        unknown = sorted({n for order in orders for n in order if n not in ids})
        if unknown:
            raise ValidationError(
                {
                    "orders": [
                        _("Not seated at this table: %(numbers)s.")
                        % {"numbers": ", ".join(unknown)}
                    ]
                }
            )
        groups = [group for group, _first in selectors.tied_groups(bracket)]
        if not groups:
            raise Conflict(_("This bracket needs no tie-break decision (any more)."))
        if len(orders) != len(groups) or any(
            sorted(ids[n] for n in order) != sorted(group)
            for order, group in zip(orders, groups, strict=False)
        ):
            raise ValidationError({"orders": [_("Put each tied player in exactly one place.")]})
        with conflicts_as_409():  # decided by another judge meanwhile
            results.decide_tiebreak(
                bracket, [[ids[n] for n in order] for order in orders], self.acting_player()
            )
        return Response(tiebreak_data(bracket))
