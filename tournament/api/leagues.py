"""API reads of the leagues: the list, and one league's table."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.events.choices import Structure
from tournament.leagues import services
from tournament.leagues.models import League


class LeagueOut(serializers.ModelSerializer):
    structures = serializers.ListField(
        child=serializers.ChoiceField(choices=Structure.values),
        read_only=True,
        help_text="The event structures the league counts (one-on-one events by its own rule: "
        "3 points a match won, a bye included, 1 a match drawn)",
    )

    class Meta:
        model = League
        fields = [
            "id",
            "name",
            "starts",
            "ends",
            "countries",
            "structures",
            "counting",
            "best_n",
            "qualify",
            "qualify_per_region",
            "closed_at",
        ]


class LeagueRowOut(serializers.Serializer):
    rank = serializers.IntegerField()
    player_number = serializers.CharField()
    name = serializers.CharField()
    region = serializers.CharField()
    points = serializers.IntegerField()
    events_played = serializers.IntegerField()
    qualified = serializers.BooleanField()


class LeagueTableOut(LeagueOut):
    table = LeagueRowOut(many=True)

    class Meta(LeagueOut.Meta):
        fields = [*LeagueOut.Meta.fields, "table"]


class LeagueList(generics.ListAPIView):
    queryset = League.objects.all()
    serializer_class = LeagueOut


class LeagueDetail(APIView):
    @extend_schema(responses=LeagueTableOut)
    def get(self, request, league_id: int):
        league = get_object_or_404(League, pk=league_id)
        body = LeagueOut(league).data
        body["table"] = [
            {
                "rank": item["row"].rank,
                "player_number": item["player"].player_number if item["player"] else "",
                "name": item["player"].name if item["player"] else "",
                "region": item["row"].region,
                "points": item["row"].points,
                "events_played": item["row"].events_played,
                "qualified": item["row"].qualified,
            }
            for item in services.with_players(services.shown_table(league))
        ]
        return Response(body)
