"""Read-only API v1: public data only — never drafts, decklists or unpublished seating."""

from functools import partial

from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.response import Response

from tournament.accounts.models import Player
from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Round, Seat
from tournament.standings import services
from tournament.standings.api import serializers as s
from tournament.standings.fragments import cached, fragment_key
from tournament.standings.models import EventStanding, OfficialScore
from tournament.standings.tables import KnownCountPaginator
from tournament.standings.views import PUBLIC_STANDINGS


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


class EventList(generics.ListAPIView):
    """Published events (never drafts), newest first."""

    serializer_class = s.EventSerializer
    queryset = public_events().order_by("-date", "name")


class EventDetail(generics.RetrieveAPIView):
    serializer_class = s.EventDetailSerializer
    lookup_url_kwarg = "event_id"

    def get_queryset(self):
        return (
            public_events()
            .select_related("scoring")
            .prefetch_related("judges", "teams__first__player", "teams__second__player")
        )


class RoundList(generics.ListAPIView):
    serializer_class = s.RoundSerializer
    pagination_class = None

    def get_queryset(self):
        return Round.objects.filter(event=_event(self)).order_by("number")


class Seating(generics.RetrieveAPIView):
    """Seating and stored results of a published round (404 while unpublished)."""

    serializer_class = s.SeatingSerializer

    def get_object(self):
        seats = Seat.objects.select_related("registration__player").order_by("position")
        brackets = Bracket.objects.order_by("table").prefetch_related(Prefetch("seats", seats))
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
        return self._standings(_public_standings_event(self))

    @staticmethod
    def _standings(event: Event):
        return (
            EventStanding.objects.filter(event=event)
            .select_related("player")
            .order_by("place", "player__name")
        )

    def list(self, request, *args, **kwargs):
        event = _public_standings_event(self, "scoring")
        scoring = getattr(event, "scoring", None)
        stamp = scoring.refreshed_at.timestamp() if scoring else "none"
        # Cached per page until the standings are refreshed (links carry the host: key on it).
        key = fragment_key("api-standings", event.pk, stamp, query=request.build_absolute_uri())
        return Response(cached(key, lambda: self._page(event)))

    def _page(self, event: Event) -> dict:
        # DRF's field-by-field serialization costs ~0.4 ms a row; the rows are stored flat.
        count = EventStanding.objects.filter(event=event).count()
        # the rows' COUNT would join the players; counting the event's rows needs no join
        self.paginator.django_paginator_class = partial(KnownCountPaginator, count=count)
        page = self.paginate_queryset(self._standings(event).values_list(*s.STANDING_COLUMNS))
        return self.get_paginated_response(s.standing_rows(page)).data


class OfficialsList(generics.ListAPIView):
    serializer_class = s.OfficialScoreSerializer
    pagination_class = None

    def get_queryset(self):
        event = _public_standings_event(self)
        return OfficialScore.objects.filter(event=event).select_related("player")


YEAR = OpenApiParameter("year", OpenApiTypes.INT, description="Only events of this year")


@extend_schema(parameters=[YEAR])
class PlayerDetail(generics.RetrieveAPIView):
    """A player, every event played (place, points) and the ranking breakdown."""

    serializer_class = s.PlayerDetailSerializer

    def get_object(self):
        player = get_object_or_404(Player, player_number=self.kwargs["player_number"])
        player.events = (
            EventStanding.objects.filter(player=player)
            .exclude(event__status=Status.DRAFT)
            .select_related("event")
            .order_by("-event__date")
        )
        player.ranking = services.ranking_breakdown(player, _int(self.request, "year"))
        return player


def _int(request, name: str) -> int | None:
    try:
        return int(request.query_params.get(name) or 0) or None
    except ValueError:
        return None


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
        return services.ranking(
            _int(self.request, "year"), params.get("country"), params.get("region")
        )
