"""API reads for integrators: one bracket with every count of every game, and the
published decklists of a finished event."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.views import _event
from tournament.decks.services.checking import check_stored
from tournament.decks.services.display import group_entries
from tournament.decks.services.visibility import can_view_index, visible_registrations
from tournament.events.models import Bracket, Registration
from tournament.events.permissions import EventRole, role_in_event
from tournament.events.services.teams import sides_by_player
from tournament.results.models import Game


class SeatOut(serializers.Serializer):
    position = serializers.IntegerField()
    player_number = serializers.CharField()
    name = serializers.CharField()
    team = serializers.CharField(allow_null=True)
    dropped = serializers.BooleanField()
    place = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField(allow_null=True)
    unrazed_total = serializers.IntegerField()
    games_won = serializers.IntegerField()


class GameOut(serializers.Serializer):
    number = serializers.IntegerField()
    winner = serializers.CharField(allow_null=True, help_text="player number; null: a draw")
    ended_by = serializers.CharField()
    unrazed = serializers.DictField(child=serializers.IntegerField())
    razed = serializers.DictField(child=serializers.IntegerField())
    holdings = serializers.DictField(child=serializers.IntegerField())


class BracketOut(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    state = serializers.CharField()
    winner = serializers.CharField(allow_null=True)
    seats = SeatOut(many=True)
    games = GameOut(many=True, help_text="confirmed games; counts keyed by player number")


class BracketDetail(APIView):
    """One bracket: its seats with the stored figures and every confirmed game's counts."""

    @extend_schema(responses=BracketOut)
    def get(self, request, event_id: int, bracket_id: int):
        event = _event(self)
        bracket = get_object_or_404(
            Bracket.objects.select_related("round", "winner"), pk=bracket_id, round__event=event
        )
        if not bracket.round.published and role_in_event(request.user, event) < EventRole.JUDGE:
            raise Http404
        seats = list(
            bracket.seats.select_related("registration__player", "figures").order_by("position")
        )
        number = {s.registration.player_id: s.registration.player.player_number for s in seats}
        teams = sides_by_player(event)

        def by_number(counts: dict) -> dict:
            return {number.get(int(pk), pk): value for pk, value in (counts or {}).items()}

        games = Game.objects.filter(bracket=bracket).order_by("number")
        return Response(
            {
                "round": bracket.round.number,
                "table": bracket.table,
                "state": bracket.state,
                "winner": bracket.winner.player_number if bracket.winner else None,
                "seats": [
                    {
                        "position": s.position,
                        "player_number": s.registration.player.player_number,
                        "name": s.registration.player.name,
                        "team": getattr(teams.get(s.registration.player_id), "name", None),
                        "dropped": s.dropped,
                        "place": s.figures.place,
                        "points": s.figures.points,
                        "unrazed_total": s.figures.unrazed_total,
                        "games_won": s.figures.games_won,
                    }
                    for s in seats
                ],
                "games": [
                    {
                        "number": g.number,
                        "winner": number.get(g.winner_id) if g.winner_id else None,
                        "ended_by": g.ended_by,
                        "unrazed": by_number(g.unrazed),
                        "razed": by_number(g.razed),
                        "holdings": by_number(g.holdings),
                    }
                    for g in games
                ],
            }
        )


class CardRowOut(serializers.Serializer):
    count = serializers.IntegerField()
    name = serializers.CharField()
    card_id = serializers.CharField()


class CardGroupOut(serializers.Serializer):
    type = serializers.CharField()
    total = serializers.IntegerField()
    rows = CardRowOut(many=True)


class DecklistOut(serializers.Serializer):
    player_number = serializers.CharField()
    name = serializers.CharField()
    cards = serializers.IntegerField()
    groups = CardGroupOut(many=True)


class DecklistList(generics.ListAPIView):
    """The decklists of a finished event whose organizer published them (officials: always)."""

    serializer_class = DecklistOut

    def get_queryset(self):
        event = _event(self)
        if not can_view_index(self.request.user, event):
            raise Http404
        # Officials: every list; anybody else: the public ones (the one rule of
        # decks.services.visibility).
        return (
            visible_registrations(self.request.user, event)
            .filter(decklist__isnull=False)
            .exclude(decklist__text="")
            .select_related("player", "decklist", "event")
            .order_by("player__name", "pk")
        )

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response([_decklist(r) for r in page])


def _decklist(registration: Registration) -> dict:
    check = check_stored(registration.decklist, registration.event)
    return {
        "player_number": registration.player.player_number,
        "name": registration.player.name,
        "cards": check.card_count,
        "groups": [
            {
                "type": g["type"],
                "total": g["total"],
                "rows": [
                    {"count": r["count"], "name": r["name"], "card_id": r["card_id"]}
                    for r in g["rows"]
                ],
            }
            for g in group_entries(check.entries)
        ],
    }
