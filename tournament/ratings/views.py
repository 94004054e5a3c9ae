"""The ratings' pages (SPEC §12): the ratings table with its CSV, and the parts the ratings
add to a player's page and to a bracket or match page before it starts."""

from django.db.models import F
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin
from django_tables2.export.views import ExportMixin

from scoring.ratings import PROVISIONAL_GAMES, PlayerRating, win_chances
from tournament.accounts.models import Player
from tournament.core.export import SafeTableExport
from tournament.core.issues import issue_line
from tournament.ratings import services
from tournament.ratings.charts import rating_chart
from tournament.ratings.filters import RatingFilter, rated_players
from tournament.ratings.models import Rating, RatingStep
from tournament.ratings.tables import RatingsTable
from tournament.standings.views import PAGE_SIZE, LeanFilterMixin, export_query


class RatingsView(ExportMixin, LeanFilterMixin, SingleTableMixin, FilterView):
    """Every rated player, strongest first; the CSV is the selection shown, every row."""

    template_name = "ratings/ratings.html"
    table_class = RatingsTable
    filterset_class = RatingFilter
    strict = False
    table_pagination = {"per_page": PAGE_SIZE}
    export_formats = ("csv",)
    export_class = SafeTableExport
    export_name = "ratings"

    def get_queryset(self):
        return (
            rated_players()
            .select_related("rating")
            .annotate(value=F("rating__value"))
            .order_by("-rating__value", "name", "pk")
        )

    def get_template_names(self) -> list[str]:
        return [self.template_name]

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["export_query"] = export_query(self.request)
        context["unrated"] = [
            (row.event, [issue_line(services.stored_issue(i)) for i in row.issues])
            for row in services.unrated_events()
        ]
        return context


def player_rating(player: Player) -> dict[str, object]:
    """The player page's rating (`standings.views.PlayerView.extras`): the value, the games,
    and the chart of the value after each event."""
    rating = Rating.objects.filter(player=player).first()
    if rating is None:
        return {}
    steps = list(RatingStep.objects.filter(player=player).select_related("event").order_by("order"))
    return {
        "rating": rating,
        "rating_provisional": rating.games < PROVISIONAL_GAMES,
        "rating_chart": rating_chart(steps),
    }


def chances(players: list[Player]) -> list[tuple[Player, float]]:
    """Each player's chance to win a game of these players (the model's prediction), from
    the stored ratings; a player without one counts as new."""
    stored = {r.player_id: r for r in Rating.objects.filter(player__in=players)}

    def rating(p: Player) -> PlayerRating | None:
        r = stored.get(p.pk)
        return PlayerRating(r.mu, r.sigma, r.games) if r else None

    found = win_chances([[rating(p)] for p in players])
    return list(zip(players, found, strict=True))
