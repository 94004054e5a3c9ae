"""The ratings in the API (SPEC §12): the list, strongest first, with the ratings page's
filters, and one player's rating with its value after each event he played."""

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers

from scoring.ratings import PROVISIONAL_GAMES
from tournament.accounts.models import Player
from tournament.api.serializers import PlayerRefSerializer
from tournament.ratings.filters import RatingFilter, rated_players
from tournament.ratings.services import rating_history


class RatingFields(serializers.Serializer):
    rating = serializers.SerializerMethodField(
        help_text="The value shown: μ − 3σ of the model, one decimal"
    )
    mu = serializers.FloatField(source="rating.mu", help_text="The model's mean (μ)")
    sigma = serializers.FloatField(source="rating.sigma", help_text="The model's uncertainty (σ)")
    games = serializers.IntegerField(source="rating.games", help_text="Games rated")
    provisional = serializers.SerializerMethodField(
        help_text=f"Fewer than {PROVISIONAL_GAMES} games rated"
    )

    def get_rating(self, player: Player) -> float:
        return round(player.rating.value, 1)

    def get_provisional(self, player: Player) -> bool:
        return player.rating.games < PROVISIONAL_GAMES


class RatingRowSerializer(RatingFields, PlayerRefSerializer):
    class Meta(PlayerRefSerializer.Meta):
        fields = [*PlayerRefSerializer.Meta.fields, "rating", "mu", "sigma", "games", "provisional"]


class RatingStepSerializer(serializers.Serializer):
    event = serializers.IntegerField(source="event.pk", help_text="The event's id")
    event_name = serializers.CharField(source="event.name")
    date = serializers.DateField(source="event.date")
    rating = serializers.FloatField(help_text="The value after this event, one decimal")


class PlayerRatingSerializer(RatingRowSerializer):
    history = RatingStepSerializer(
        many=True, source="rating_history", help_text="The value after each event played, in order"
    )

    class Meta(RatingRowSerializer.Meta):
        fields = [*RatingRowSerializer.Meta.fields, "history"]


@extend_schema(
    parameters=[
        OpenApiParameter("country", OpenApiTypes.STR, description="ISO code"),
        OpenApiParameter("region", OpenApiTypes.STR, description="The region's name"),
        OpenApiParameter("structure", OpenApiTypes.STR, enum=["brackets", "one-on-one"]),
        OpenApiParameter("min_games", OpenApiTypes.INT, description="At least this many games"),
    ]
)
class RatingList(generics.ListAPIView):
    """Every rated player, strongest first (SPEC §12), filtered as the ratings page."""

    serializer_class = RatingRowSerializer

    def get_queryset(self):
        players = rated_players().select_related("rating", "region")
        players = players.order_by("-rating__value", "name", "pk")
        return RatingFilter(self.request.query_params, queryset=players).qs


class PlayerRating(generics.RetrieveAPIView):
    """A player's rating and its value after each event he played."""

    serializer_class = PlayerRatingSerializer

    def get_object(self):
        player = get_object_or_404(
            rated_players().select_related("rating", "region"),
            player_number=self.kwargs["player_number"],
        )
        player.rating_history = [
            {"event": event, "rating": round(value, 1)}
            for event, value in rating_history(player.rating)
        ]
        return player
