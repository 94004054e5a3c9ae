"""Serializers of the API's reads: public fields only (never decklists)."""

import datetime
from collections.abc import Iterable

from django.db import models
from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.utils.field_mapping import get_field_kwargs

from tournament.accounts.locations import country_names
from tournament.accounts.models import Player, Region
from tournament.api.matches import (
    MATCH_EVENT_FIELDS,
    MATCH_ROUND_FIELDS,
    MatchRoundMixin,
    SwissStandingMixin,
    swiss_values,
)
from tournament.core.timezones import event_zone
from tournament.events.models import FORMAT_FIELDS, Event, Registration, Round, Seat, Team
from tournament.rounds.services.rounds import timer_ends_at
from tournament.standings.figures import API, names
from tournament.standings.models import EventStanding, OfficialScore, SeatFigures
from tournament.standings.reading import StandingRow, reader_figures


class PlayerRefSerializer(serializers.ModelSerializer):
    country = serializers.CharField(
        read_only=True, help_text="ISO 3166-1 alpha-2 code (empty when not known)"
    )
    country_name = serializers.SerializerMethodField(
        help_text="The country's name, in the language asked for (Accept-Language)"
    )
    region = serializers.SerializerMethodField(help_text="The region's name (empty when none)")

    class Meta:
        model = Player
        fields = ["player_number", "name", "club", "country", "country_name", "region"]

    def get_country_name(self, player: Player) -> str:
        if "_country_names" not in self.__dict__:  # once per response (a list's child is one)
            self._country_names = country_names()
        return self._country_names.get(str(player.country), "")

    def get_region(self, player: Player) -> str:
        if player.region_id is None:
            return ""
        if "_region_names" not in self.__dict__:  # rows carry the id: one query per response
            self._region_names = dict(Region.objects.values_list("pk", "name"))
        return self._region_names.get(player.region_id, "")


@extend_schema_field(
    {
        "type": "string",
        "pattern": r"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$",
        "example": "10:00",
    }
)
class WallTimeField(serializers.TimeField):
    """A time of day at the venue, `HH:MM` (or `HH:MM:SS`), without an offset: the event's
    `time_zone` says where it is (the schema's `format: time` would demand an offset)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("format", "%H:%M:%S")
        kwargs.setdefault("input_formats", ["%H:%M", "%H:%M:%S"])
        super().__init__(**kwargs)


class EventSerializer(serializers.ModelSerializer):
    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.TimeField: WallTimeField,
    }
    shorthand = serializers.CharField(read_only=True)
    organizer = serializers.CharField(source="organizer.name", read_only=True)
    starts_at = serializers.SerializerMethodField(
        help_text="The start as one date-time with the venue's UTC offset (null without a "
        "start time); `date`, `start_time` and `time_zone` are its parts"
    )
    updated_at = serializers.DateTimeField(
        read_only=True, help_text="The last change of the event: a sync's high-water mark"
    )

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "date",
            "start_time",
            "time_zone",
            "starts_at",
            "registration_deadline",
            "updated_at",
            "venue",
            "status",
            "shorthand",
            "organizer",
            *FORMAT_FIELDS,
        ]

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_starts_at(self, event: Event) -> str | None:
        if event.start_time is None:
            return None
        start = datetime.datetime.combine(event.date, event.start_time, tzinfo=event_zone(event))
        return start.isoformat()


class EligibilitySerializer(serializers.Serializer):
    eligible = serializers.BooleanField()
    participants = serializers.IntegerField()
    reasons = serializers.ListField(child=serializers.CharField(), source="reason_texts")


class OfficialSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=["organizer", "judge"])
    player_number = serializers.CharField()
    name = serializers.CharField()


class TeamSerializer(serializers.ModelSerializer):
    """A Team Spirit team: its name, its players' numbers and whether it is complete."""

    players = serializers.SerializerMethodField()

    class Meta:
        model = Team
        fields = ["name", "players", "complete"]

    def get_players(self, team: Team) -> list[str]:
        return [r.player.player_number for r in team.registrations]


class EventDetailSerializer(EventSerializer):
    judges = serializers.SlugRelatedField(slug_field="name", many=True, read_only=True)
    officials = serializers.SerializerMethodField()
    eligibility = serializers.SerializerMethodField()
    teams = TeamSerializer(many=True, read_only=True)

    class Meta(EventSerializer.Meta):
        fields = [
            *EventSerializer.Meta.fields,
            *MATCH_EVENT_FIELDS,
            "judges",
            "officials",
            "eligibility",
            "teams",
        ]

    @extend_schema_field(OfficialSerializer(many=True))
    def get_officials(self, event: Event) -> list[dict]:
        """The organizer and the judges, with their player numbers."""
        people = [("organizer", event.organizer)] + [("judge", j) for j in event.judges.all()]
        return [
            {"role": role, "player_number": p.player_number, "name": p.name} for role, p in people
        ]

    @extend_schema_field(EligibilitySerializer(allow_null=True))
    def get_eligibility(self, event: Event) -> dict | None:
        scoring = getattr(event, "scoring", None)
        return EligibilitySerializer(scoring).data if scoring else None


class RoundSerializer(MatchRoundMixin, serializers.ModelSerializer):
    ends_at = serializers.SerializerMethodField(
        help_text="When the time limit runs out (null without a started timer)"
    )

    class Meta:
        model = Round
        fields = [
            "number",
            "state",
            "published",
            "is_final",
            "started_at",
            "time_called_at",
            "ends_at",
            *MATCH_ROUND_FIELDS,
        ]

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_ends_at(self, rnd: Round) -> str | None:
        ends = timer_ends_at(rnd)
        return serializers.DateTimeField().to_representation(ends) if ends else None


class RegistrationSerializer(serializers.ModelSerializer):
    player_number = serializers.CharField(source="player.player_number")
    name = serializers.CharField(source="player.name")
    club = serializers.CharField(source="player.club")
    country = serializers.CharField(source="player.country", help_text="ISO 3166-1 alpha-2 code")

    class Meta:
        model = Registration
        fields = [
            "player_number",
            "name",
            "club",
            "country",
            "checked_in",
            "late",
            "dropped_in_round",
        ]


class IndexSerializer(serializers.Serializer):
    version = serializers.CharField(help_text="The API's version (v1).")
    release = serializers.CharField(help_text="The site's release (semantic version).")
    events = serializers.URLField()
    ranking = serializers.URLField()
    schema = serializers.URLField()
    docs = serializers.URLField()
    redoc = serializers.URLField()


def seat_figure_field(name: str) -> serializers.Field:
    """A seat's stored figure (`seat.figures`), typed and described as its model field."""
    model_field = SeatFigures._meta.get_field(name)
    kwargs = get_field_kwargs(name, model_field)
    kwargs.pop("model_field", None)
    return serializers.IntegerField(source=f"figures.{name}", **kwargs)


class SeatSerializer(serializers.ModelSerializer):
    player_number = serializers.CharField(source="registration.player.player_number")
    name = serializers.CharField(source="registration.player.name")
    place = seat_figure_field("place")
    points = seat_figure_field("points")

    class Meta:
        model = Seat
        fields = ["position", "player_number", "name", "is_wildcard", "dropped", "place", "points"]


class BracketSeatingSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="the bracket's id, in every result write's path")
    table = serializers.IntegerField()
    state = serializers.CharField()
    url = serializers.SerializerMethodField(help_text="the bracket with every game's counts")
    entries_url = serializers.SerializerMethodField(
        help_text="GET: entries waiting for confirmation; POST: a judge's entry of a game"
    )
    seats = SeatSerializer(many=True)

    def get_url(self, bracket) -> str:
        return reverse("api-v1:bracket", args=[bracket.round.event_id, bracket.pk])

    def get_entries_url(self, bracket) -> str:
        return reverse("api-v1:entries", args=[bracket.round.event_id, bracket.pk])


class SeatingSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="number")
    is_final = serializers.BooleanField()
    brackets = BracketSeatingSerializer(many=True)


# The registry's figures for the API (`rows.reader_figures`): the bracket figures, then a
# one-on-one event's (null in a bracket event).
API_FIGURES = names(reader_figures(API))
STANDING_IDENTITY = ("place", "player_number", "name", "club", "team")


class StandingSerializer(SwissStandingMixin, serializers.ModelSerializer):
    player_number = serializers.CharField(source="player.player_number")
    name = serializers.CharField(source="player.name")
    club = serializers.CharField(source="player.club")
    team = serializers.CharField(
        allow_null=True, help_text="the player's Team Spirit team (null in other events)"
    )
    round_points = serializers.DictField(child=serializers.IntegerField())
    status = serializers.CharField(help_text="active, eliminated, dropped or winner")
    status_label = serializers.CharField()

    class Meta:
        model = EventStanding
        fields = [*STANDING_IDENTITY, *API_FIGURES, "status_label"]


def api_rows(rows: Iterable[StandingRow]) -> list[dict]:
    """`StandingSerializer` output from the API's standing rows (`rows.standing_rows`),
    without DRF's per-field work."""
    keys = (*STANDING_IDENTITY, *API_FIGURES)
    out = []
    for standing in rows:
        row = {key: getattr(standing, key) for key in keys}
        row["round_points"] = {str(k): int(v) for k, v in row["round_points"].items()}
        row["status_label"] = standing.status_label
        out.append(swiss_values(row))
    return out


class OfficialScoreSerializer(serializers.ModelSerializer):
    player_number = serializers.CharField(source="player.player_number")
    name = serializers.CharField(source="player.name")

    class Meta:
        model = OfficialScore
        fields = ["player_number", "name", "role", "points", "forfeited"]


class PlayerEventSerializer(serializers.ModelSerializer):
    event = serializers.IntegerField(source="event_id")
    event_name = serializers.CharField(source="event.name")
    date = serializers.DateField(source="event.date")
    status = serializers.CharField()

    class Meta:
        model = EventStanding
        fields = ["event", "event_name", "date", "place", "points", "status"]


class BreakdownSerializer(serializers.Serializer):
    event = serializers.IntegerField(source="event.pk")
    event_name = serializers.CharField(source="event.name")
    date = serializers.DateField(source="event.date")
    place = serializers.IntegerField(allow_null=True)
    playing = serializers.IntegerField()
    coordinator = serializers.IntegerField()
    judge = serializers.IntegerField()
    total = serializers.IntegerField()


class PlayerDetailSerializer(PlayerRefSerializer):
    events = PlayerEventSerializer(many=True)
    ranking = BreakdownSerializer(many=True)

    class Meta(PlayerRefSerializer.Meta):
        fields = [*PlayerRefSerializer.Meta.fields, "events", "ranking"]


class RankingRowSerializer(PlayerRefSerializer):
    rank = serializers.IntegerField()
    playing_points = serializers.IntegerField()
    official_points = serializers.IntegerField()
    ranking_points = serializers.IntegerField()

    class Meta(PlayerRefSerializer.Meta):
        fields = [
            "rank",
            *PlayerRefSerializer.Meta.fields,
            "playing_points",
            "official_points",
            "ranking_points",
        ]
