"""The ranking's pages and parts (SPEC §6, §9): the national ranking with its CSV, a player's
ranking points and rank chart on his page, and an event's scoring-form deadline on its
standings page (the parts are added in `tournament/site/subscriptions.py`)."""

from django_filters.views import FilterView
from django_tables2 import SingleTableMixin
from django_tables2.export.views import ExportMixin

from tournament.accounts.models import Player
from tournament.core.export import SafeTableExport
from tournament.core.fragments import cached, fragment_key, version
from tournament.events.models import Event
from tournament.events.permissions import player_of
from tournament.ranking import services
from tournament.ranking.filters import RankingFilter
from tournament.ranking.models import RankingStep, RankingTotal, scoring_form_due
from tournament.ranking.tables import RankingTable
from tournament.standings.charts import rank_chart
from tournament.standings.tables import KnownCountPaginator
from tournament.standings.views import (
    PAGE_SIZE,
    LeanFilterMixin,
    chosen_year,
    export_query,
    render_results,
)


class RankingView(ExportMixin, LeanFilterMixin, SingleTableMixin, FilterView):
    """International ranking: sum over scored, eligible, accepted events (§6, §9); its CSV
    is the selection shown (year, country, region), every row."""

    template_name = "ranking/ranking.html"
    table_class = RankingTable
    filterset_class = RankingFilter
    strict = False  # a value not among the choices (old link, other case) still selects
    table_pagination = {"per_page": PAGE_SIZE}  # the table paginates (one COUNT, not two)
    export_formats = ("csv",)
    export_class = SafeTableExport
    export_name = "ranking"

    def get_queryset(self):
        get = self.request.GET
        return services.ranking(chosen_year(self.request), get.get("country"), get.get("region"))

    def get_table_kwargs(self):
        year = chosen_year(self.request)
        return {"breakdown_query": f"?year={year}" if year else ""}

    def get_table_pagination(self, table):
        pagination = super().get_table_pagination(table)
        if not (self.request.GET.get("country") or self.request.GET.get("region")):
            count = services.ranking_count(chosen_year(self.request))  # no join to the players
            pagination.update(paginator_class=KnownCountPaginator, count=count)
        return pagination

    def get(self, request, *args, **kwargs):
        if self.export_class.is_valid_format(request.GET.get(self.export_trigger_param)):
            return super().get(request, *args, **kwargs)  # CSV of the selection
        key = fragment_key("ranking", version("ranking"), query=request.GET.urlencode())
        context = {
            "view": self,
            "year": chosen_year(request),
            "export_query": export_query(request),
            "late_forms": _late_forms_for(request.user),
            "results_html": cached(key, lambda: render_results(self)),
        }
        return self.render_to_response(context)

    def get_template_names(self) -> list[str]:
        return [self.template_name]


def _late_forms_for(user) -> list:
    """Late scoring forms the viewer can act on: own events (all of them for superusers)."""
    if getattr(user, "is_superuser", False):
        return list(services.late_scoring_forms())
    player = player_of(user)
    if player is None:
        return []
    return list(services.late_scoring_forms().filter(organizer=player))


def player_ranking(player: Player, year: int | None) -> dict:
    """A player's page: his accepted points per event of the year (every year: None), their
    total and his rank after each accepted event (`templates/ranking/_player_ranking.html`)."""
    breakdown = services.ranking_breakdown(player, year)
    steps = RankingStep.objects.filter(
        player=player, year=year or RankingTotal.ALL_YEARS
    ).select_related("event")
    return {
        "breakdown": breakdown,
        "ranking_total": sum(row["total"] for row in breakdown),
        "rank_chart": rank_chart(list(steps.order_by("order"))),
    }


def standings_form_due(event: Event) -> dict:
    """An event's standings page: the scoring form's due date, its first submission and
    whether it is late (the submission comes with the event: `scoring_form_submission`)."""
    submission = getattr(event, "scoring_form_submission", None)
    return {
        "due_date": scoring_form_due(event),
        "submission": submission,
        "form_late": services.scoring_form_late(event, sent=submission is not None),
    }
