"""The API's reads of one-on-one events (SPEC §11): matches, byes, the top cut, and the
Swiss figures of the standings.

A match IS a bracket of two seats: it has the bracket's id and its URLs (the bracket read,
the judges' entries), so every result write the API documents for brackets serves matches.
A round lists its matches and byes once published (the seating is public then; before, the
lists are empty). Everything is read from what the recompute stored (match state, winner,
each seat's games won; the standing's match points, OMW, GW, OGW and record).
"""

from __future__ import annotations

from django.db.models import Prefetch
from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournament.accounts.models import Player
from tournament.events.models import Bracket, Round, Seat

# The one-on-one event's settings the event detail carries.
MATCH_EVENT_FIELDS = ("structure", "best_of", "swiss_rounds", "top_cut")
# A round's one-on-one fields (false / empty for a bracket event's round).
MATCH_ROUND_FIELDS = ("is_cut", "byes", "matches")


# Stored as fractions of 1 with 4 places; the API gives them as numbers.
PERCENT_FIGURES = ("omw", "gw", "ogw")


def swiss_values(row: dict) -> dict:
    """A standing row's one-on-one figures as JSON numbers (null for a bracket event)."""
    for name in PERCENT_FIGURES:
        if name in row and row[name] is not None:
            row[name] = float(row[name])
    return row


class PersonSerializer(serializers.Serializer):
    player_number = serializers.CharField()
    name = serializers.CharField()


class MatchPlayerSerializer(PersonSerializer):
    games_won = serializers.IntegerField(help_text="games he won in this match")


class MatchSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="the match's bracket id, in every result write's path")
    table = serializers.IntegerField()
    state = serializers.ChoiceField(choices=Bracket.State.values)
    url = serializers.CharField(help_text="the match (a bracket of two) with every game's counts")
    entries_url = serializers.CharField(
        help_text="GET: entries waiting for confirmation; POST: a judge's entry of a game"
    )
    players = MatchPlayerSerializer(many=True)
    winner = serializers.CharField(
        allow_null=True,
        help_text="the winner's player number (null while undecided, or a drawn match)",
    )
    no_show = serializers.CharField(
        allow_null=True, help_text="the player number of a player who did not come (he lost)"
    )


def _person(player: Player) -> dict:
    return {"player_number": player.player_number, "name": player.name}


def match_data(bracket: Bracket, event_id: int) -> dict:
    """A match as `MatchSerializer` (seats prefetched with their players)."""
    return {
        "id": bracket.pk,
        "table": bracket.table,
        "state": bracket.state,
        "url": reverse("api-v1:bracket", args=[event_id, bracket.pk]),
        "entries_url": reverse("api-v1:entries", args=[event_id, bracket.pk]),
        "players": [
            _person(seat.registration.player) | {"games_won": seat.figures.games_won or 0}
            for seat in bracket.seats.all()
        ],
        "winner": bracket.winner.player_number if bracket.winner_id else None,
        "no_show": bracket.no_show.player_number if bracket.no_show_id else None,
    }


def round_matches(rnd: Round, unpublished: bool = False) -> list[dict]:
    """The published round's matches by table (one query; none for a bracket event);
    ``unpublished``: the organizer's read, before the pairings are public too."""
    if not (rnd.published or unpublished) or not rnd.event.is_one_on_one:
        return []
    seats = Seat.objects.select_related("registration__player", "figures").order_by("position")
    brackets = (
        Bracket.objects.filter(round=rnd)
        .select_related("winner", "no_show")
        .prefetch_related(Prefetch("seats", seats))
        .order_by("table")
    )
    return [match_data(b, rnd.event_id) for b in brackets]


def round_byes(rnd: Round, unpublished: bool = False) -> list[str]:
    """The player numbers of who has the bye in the published round (or, ``unpublished``,
    in the organizer's read)."""
    if not (rnd.published or unpublished) or not rnd.byes:
        return []
    numbers = dict(Player.objects.filter(pk__in=rnd.byes).values_list("pk", "player_number"))
    return [numbers[pk] for pk in rnd.byes if pk in numbers]


def cut_advancing(rnd: Round) -> list[str]:
    """Who goes on from a closed round of the top cut: its matches' winners by table
    (player numbers). A Swiss round names nobody: the cut is seated from the standings."""
    if not (rnd.event.is_one_on_one and rnd.is_cut and rnd.state == Round.State.CLOSED):
        return []
    winners = Bracket.objects.filter(round=rnd, winner__isnull=False).order_by("table")
    return list(winners.values_list("winner__player_number", flat=True))


def round_fields(rnd: Round, unpublished: bool = False) -> dict:
    """A round's one-on-one fields (`MATCH_ROUND_FIELDS`) as the API gives them."""
    return {
        "is_cut": rnd.is_cut,
        "byes": round_byes(rnd, unpublished),
        "matches": round_matches(rnd, unpublished),
    }


class MatchRoundMixin(serializers.Serializer):
    """A round's one-on-one fields: is_cut, byes and matches (`MATCH_ROUND_FIELDS`)."""

    is_cut = serializers.BooleanField(read_only=True, help_text="a round of the top cut")
    byes = serializers.SerializerMethodField(
        help_text="player numbers of who has the bye (once published)"
    )
    matches = serializers.SerializerMethodField(
        help_text="a one-on-one event's matches (once published; empty for bracket events, "
        "whose brackets the seating lists)"
    )

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_byes(self, rnd: Round) -> list[str]:
        return round_byes(rnd)

    @extend_schema_field(MatchSerializer(many=True))
    def get_matches(self, rnd: Round) -> list[dict]:
        return round_matches(rnd)


class SwissStandingMixin(serializers.Serializer):
    """A standing's one-on-one figures (null, or empty, for a bracket event)."""

    match_points = serializers.IntegerField(
        allow_null=True, help_text="3 a match won (a bye included), 1 drawn, Swiss rounds"
    )
    omw = serializers.FloatField(
        allow_null=True, help_text="opponents' match-win percentage, 0 to 1 (4 places)"
    )
    gw = serializers.FloatField(allow_null=True, help_text="game-win percentage, 0 to 1")
    ogw = serializers.FloatField(
        allow_null=True, help_text="opponents' game-win percentage, 0 to 1"
    )
    record = serializers.CharField(
        help_text="matches won-lost-drawn over the whole event, top cut included"
    )
