"""API reads for officials: the entries waiting for confirmation, per bracket and per event,
each with its counts by player number and the address that confirms it."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from tournament.accounts.models import ApiToken
from tournament.api.writes import EntryCreate, ScopedView, _bracket
from tournament.events.permissions import EventRole
from tournament.results.models import EntryStatus, GameEntry


class PendingEntryOut(serializers.Serializer):
    id = serializers.IntegerField()
    bracket = serializers.IntegerField(help_text="the bracket's id")
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    number = serializers.IntegerField(help_text="the game's number in the bracket")
    version = serializers.IntegerField()
    is_correction = serializers.BooleanField()
    winner = serializers.CharField(allow_null=True, help_text="player number; null: a draw")
    ended_by = serializers.CharField()
    unrazed = serializers.DictField(child=serializers.IntegerField())
    razed = serializers.DictField(child=serializers.IntegerField())
    holdings = serializers.DictField(child=serializers.IntegerField())
    submitted_by = serializers.CharField(help_text="player number of who entered it")
    submitted_at = serializers.DateTimeField()
    confirm_url = serializers.CharField(help_text="POST here to confirm it")


def _pending(queryset):
    return (
        queryset.filter(status=EntryStatus.UNCONFIRMED)
        .select_related("bracket__round", "submitted_by", "winner")
        .prefetch_related("bracket__seats__registration__player")
        .order_by("bracket__round__number", "bracket__table", "number", "version")
    )


def pending_entry_data(entry: GameEntry) -> dict:
    bracket = entry.bracket
    numbers = {
        str(s.registration.player_id): s.registration.player.player_number
        for s in bracket.seats.all()
    }

    def by_number(counts: dict) -> dict:
        return {numbers.get(pk, pk): value for pk, value in (counts or {}).items()}

    event_id = bracket.round.event_id
    return {
        "id": entry.pk,
        "bracket": bracket.pk,
        "round": bracket.round.number,
        "table": bracket.table,
        "number": entry.number,
        "version": entry.version,
        "is_correction": entry.is_correction,
        "winner": entry.winner.player_number if entry.winner else None,
        "ended_by": entry.ended_by,
        "unrazed": by_number(entry.unrazed),
        "razed": by_number(entry.razed),
        "holdings": by_number(entry.holdings),
        "submitted_by": entry.submitted_by.player_number,
        "submitted_at": serializers.DateTimeField().to_representation(entry.submitted_at),
        "confirm_url": reverse("api-v1:confirm_entry", args=[event_id, bracket.pk, entry.pk]),
    }


class EventPendingEntries(ScopedView):
    """Every entry of the event waiting for a second official (or for a judge, a player's
    report), in round, table and game order."""

    scope = ApiToken.Scope.JUDGE
    no_store = True

    @extend_schema(responses=PendingEntryOut(many=True))
    def get(self, request, event_id: int):
        event = self.event(EventRole.JUDGE)
        entries = _pending(GameEntry.objects.filter(bracket__round__event=event))
        return Response([pending_entry_data(e) for e in entries])


class BracketEntries(EntryCreate):
    """A bracket's entries: GET lists those waiting for confirmation, POST enters a game."""

    no_store = True

    @extend_schema(responses=PendingEntryOut(many=True))
    def get(self, request, event_id: int, bracket_id: int):
        bracket = _bracket(self.event(EventRole.JUDGE), bracket_id)
        return Response([pending_entry_data(e) for e in _pending(bracket.entries.all())])
