"""Read-only API v1: public data only — never drafts, decklists or unpublished seating."""

from functools import partial

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Prefetch, Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from tournament.accounts.models import Player
from tournament.api import serializers as s
from tournament.api.filters import EventFilter
from tournament.core.fragments import cached, fragment_key
from tournament.core.params import YEAR_RANGE, parse_year
from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.events.permissions import player_of
from tournament.ranking import services as ranking
from tournament.standings import reading
from tournament.standings.figures import API
from tournament.standings.tables import KnownCountPaginator
from tournament.standings.views import PUBLIC_STANDINGS
from tournament.version import release


def public_events():
    return Event.objects.exclude(status=Status.DRAFT).select_related("organizer")


def _event(view) -> Event:
    return get_object_or_404(public_events(), pk=view.kwargs["event_id"])


def _public_standings_event(view, *related: str) -> Event:
    """The URL's event, 404 unless its standings are public (running or finished)."""
    event = get_object_or_404(public_events().select_related(*related), pk=view.kwargs["event_id"])
    if event.status not in PUBLIC_STANDINGS:
        raise Http404
    return event


INDEX_ENDPOINTS = ["events", "ranking", "ratings", "schema", "docs", "redoc"]


class Index(APIView):
    """Where to start: the collections of the API and its documentation."""

    @extend_schema(responses=s.IndexSerializer)
    def get(self, request, *args, **kwargs):
        links = {name: reverse(f"api-v1:{name}", request=request) for name in INDEX_ENDPOINTS}
        return Response({"version": "v1", "release": release(), **links})


YEAR = OpenApiParameter(
    "year",
    {"type": "integer", "minimum": YEAR_RANGE.start, "maximum": YEAR_RANGE.stop - 1},
    description="Only events of this year",
)


@extend_schema(parameters=[YEAR])
class EventList(generics.ListAPIView):
    """Published events (never drafts), newest first, filtered by the query parameters."""

    serializer_class = s.EventSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_class = EventFilter

    def get_queryset(self):
        events = public_events().order_by("-date", "name")
        year = _year(self.request)  # a bad year answers 400 with the reason
        return events if year is None else events.filter(date__year=year)


class EventDetail(generics.RetrieveAPIView):
    serializer_class = s.EventDetailSerializer
    lookup_url_kwarg = "event_id"

    def get_queryset(self):
        return (
            public_events()
            .select_related("scoring")
            .prefetch_related("judges", "teams__first__player", "teams__second__player")
        )


class RegistrationList(generics.ListAPIView):
    """Who is registered in a published event (also before it starts), by name."""

    serializer_class = s.RegistrationSerializer

    def get_queryset(self):
        return (
            Registration.objects.filter(event=_event(self))
            .select_related("player")
            .order_by("player__name", "pk")
        )


class RoundList(generics.ListAPIView):
    serializer_class = s.RoundSerializer
    pagination_class = None

    def get_queryset(self):
        return Round.objects.filter(event=_event(self)).select_related("event").order_by("number")


class Seating(generics.RetrieveAPIView):
    """Seating and stored results of a published round (404 while unpublished)."""

    serializer_class = s.SeatingSerializer

    def get_object(self):
        seats = Seat.objects.select_related("registration__player", "figures").order_by("position")
        brackets = (
            Bracket.objects.select_related("round")
            .order_by("table")
            .prefetch_related(Prefetch("seats", seats))
        )
        return get_object_or_404(
            Round.objects.prefetch_related(Prefetch("brackets", brackets)),
            event=_event(self),
            number=self.kwargs["number"],
            published=True,
        )


class StandingsList(generics.ListAPIView):
    """Stored standings of a running or finished event, by place."""

    serializer_class = s.StandingSerializer  # the documented shape; list() writes it directly

    def get_queryset(self):
        return reading.standing_rows(_public_standings_event(self), API).standings

    def list(self, request, *args, **kwargs):
        event = _public_standings_event(self, "scoring")
        scoring = getattr(event, "scoring", None)
        stamp = scoring.refreshed_at.timestamp() if scoring else "none"
        # Cached per page until the standings are refreshed (links carry the host: key on it).
        key = fragment_key("api-standings", event.pk, stamp, query=request.build_absolute_uri())
        return Response(cached(key, lambda: self._page(event)))

    def _page(self, event: Event) -> dict:
        # DRF's field-by-field serialization costs ~0.4 ms a row; the rows are stored flat.
        count = reading.standings_count(event)
        # the rows' COUNT would join the players; counting the event's rows needs no join
        self.paginator.django_paginator_class = partial(KnownCountPaginator, count=count)
        page = self.paginate_queryset(reading.standing_rows(event, API))  # the one standings read
        return self.get_paginated_response(s.api_rows(page)).data


class OfficialsList(generics.ListAPIView):
    """The event's organizer and judges with their points; before the event runs, who they
    are (points 0: nothing is scored yet)."""

    serializer_class = s.OfficialScoreSerializer
    pagination_class = None

    def get_queryset(self):
        event = _event(self)
        if event.status in PUBLIC_STANDINGS:
            return reading.officials(event)
        return reading.unscored_officials(event)


SEARCH = OpenApiParameter(
    "search",
    {"type": "string", "maxLength": 100},
    description="part of the player's name (any case), or his exact player number",
)


@extend_schema(parameters=[SEARCH])
class PlayerList(generics.ListAPIView):
    """Players by name (as the players page lists them), found by `search`."""

    serializer_class = s.PlayerRefSerializer

    def get_queryset(self):
        players = Player.objects.order_by("name", "player_number")
        wanted = self.request.query_params.get("search", "").strip()
        if len(wanted) > 100:
            raise ValidationError({"search": [_("At most 100 characters.")]})
        if wanted:
            players = players.filter(Q(name__icontains=wanted) | Q(player_number=wanted))
        return players


@extend_schema(parameters=[YEAR])
class PlayerDetail(generics.RetrieveAPIView):
    """A player, every event played (place, points) and the ranking breakdown."""

    serializer_class = s.PlayerDetailSerializer

    def get_object(self):
        player = get_object_or_404(Player, player_number=self.kwargs["player_number"])
        viewer = player_of(self.request.user)
        player.events = reading.player_standings(player, viewer).order_by("-event__date")
        player.ranking = ranking.ranking_breakdown(player, _year(self.request))
        return player


def _year(request) -> int | None:
    """?year=, checked: a bad one answers 400 with the reason."""
    try:
        return parse_year(request.query_params.get("year"))
    except DjangoValidationError as error:
        raise ValidationError({"year": error.messages}) from error


@extend_schema(
    parameters=[
        YEAR,
        OpenApiParameter("country", OpenApiTypes.STR),
        OpenApiParameter("region", OpenApiTypes.STR),
    ]
)
class RankingList(generics.ListAPIView):
    """International ranking: points from scored, eligible events a ranking officer accepted."""

    serializer_class = s.RankingRowSerializer

    def get_queryset(self):
        params = self.request.query_params
        return ranking.ranking(_year(self.request), params.get("country"), params.get("region"))
