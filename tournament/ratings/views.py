"""The ratings' pages (SPEC §12): the ratings table with its CSV, and the parts the ratings
add to a player's page and to a bracket or match page before it starts."""

from types import SimpleNamespace

from django_filters.views import FilterView
from django_tables2 import SingleTableMixin
from django_tables2.export.views import ExportMixin

from scoring.ratings import PROVISIONAL_GAMES, PlayerRating, first_to, win_chances
from scoring.swiss.model import games_to_win
from tournament.accounts.models import Player
from tournament.core.export import SafeTableExport
from tournament.core.issues import issue_line
from tournament.events.models import Bracket
from tournament.events.to_engine import engine_id, teams_by_player
from tournament.ratings import services
from tournament.ratings.charts import rating_chart
from tournament.ratings.filters import RatingFilter, rated_players
from tournament.ratings.models import Rating
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
        return rated_players().select_related("rating").order_by("-rating__value", "name", "pk")

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
    steps = [
        SimpleNamespace(event=event, value=value)
        for event, value in services.rating_history(rating)
    ]
    return {
        "rating": rating,
        "rating_provisional": rating.games < PROVISIONAL_GAMES,
        "rating_chart": rating_chart(steps),
    }


# Games a player must win to take a bracket (SPEC §5) or a Team Spirit bracket (§10).
BRACKET_WINS = 2


def bracket_chances(bracket: Bracket) -> dict[str, object]:
    """Before a bracket or match starts (no game recorded), each side's chance to win it
    (`standings.views.BracketView.extras`): the model's chance to win a game, then to be
    the first to win the games it takes (two in a bracket; a match's best of 1 or 3)."""
    if bracket.games.all():
        return {}
    event = bracket.round.event
    players = [seat.registration.player for seat in bracket.seats.all()]
    if len(players) < 2:
        return {}
    teams = teams_by_player(event)
    sides: dict[str, list[Player]] = {}
    for p in players:
        key = teams[engine_id(p.pk)].name if engine_id(p.pk) in teams else p.name
        sides.setdefault(key, []).append(p)
    stored = {r.player_id: r for r in Rating.objects.filter(player__in=players)}

    def rating(p: Player) -> PlayerRating | None:
        r = stored.get(p.pk)
        return PlayerRating(r.mu, r.sigma, r.games) if r else None

    per_game = win_chances([[rating(p) for p in side] for side in sides.values()])
    wins = games_to_win(event.best_of) if event.is_one_on_one else BRACKET_WINS
    found = first_to(per_game, wins)
    return {"win_chances": [(name, 100 * c) for name, c in zip(sides, found, strict=True)]}
