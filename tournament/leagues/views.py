"""League pages: the list, one league's table (CSV too), and the officers' forms."""

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import CreateView, DetailView, ListView, UpdateView
from django_tables2 import RequestConfig

from tournament.accounts.models import Player
from tournament.accounts.roles import is_ranking_officer
from tournament.core.export import SafeTableExport
from tournament.core.fragments import cached, fragment_key, version
from tournament.leagues import services
from tournament.leagues.forms import LeagueForm
from tournament.leagues.models import League
from tournament.leagues.tables import LeagueExportTable, LeagueTable

PER_PAGE = 50


class OfficerMixin(LoginRequiredMixin):
    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and not is_ranking_officer(request.user):
            raise PermissionDenied(_("Only ranking officers define leagues."))
        return super().dispatch(request, *args, **kwargs)


class LeagueListView(ListView):
    model = League
    template_name = "leagues/list.html"
    context_object_name = "leagues"


def region_asked(request) -> str:
    return request.GET.get("region", "").strip()


def render_table_html(request, league: League) -> str:
    """One page (`?page=`) of the league's table, or of one region's rows (`?region=`), with
    the region filter, as HTML."""
    rows = services.shown_table(league)
    region = region_asked(request)
    table = LeagueTable(services.in_region(rows, region))
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    table.name_page()
    context = {"table": table, "regions": services.regions_in(rows), "region": region}
    return render_to_string("leagues/_table.html", context, request)


class LeagueDetailView(DetailView):
    model = League
    template_name = "leagues/detail.html"
    context_object_name = "league"

    def get(self, request, *args, **kwargs):
        self.object = league = self.get_object()
        if request.GET.get("_export") == "csv":
            return self.csv()
        stamp = league.updated_at.timestamp()
        key = fragment_key(
            "league", league.pk, stamp, version("ranking"), query=request.GET.urlencode()
        )
        context = self.get_context_data(
            object=league,
            table_html=cached(key, lambda: render_table_html(request, league)),
            can_edit=is_ranking_officer(request.user),
        )
        return self.render_to_response(context)

    def csv(self) -> HttpResponse:
        rows = services.in_region(services.shown_table(self.object), region_asked(self.request))
        table = LeagueExportTable(services.with_players(rows))
        return SafeTableExport("csv", table).response(f"league-{self.object.pk}.csv")


class LeagueCreateView(OfficerMixin, CreateView):
    model = League
    form_class = LeagueForm
    template_name = "leagues/form.html"

    def form_valid(self, form):
        form.instance.created_by = self.request.user
        return super().form_valid(form)


class LeagueUpdateView(OfficerMixin, UpdateView):
    model = League
    form_class = LeagueForm
    template_name = "leagues/form.html"

    def get_queryset(self):
        return League.objects.filter(closed_at__isnull=True)  # a closed league is frozen


class LeagueCloseView(OfficerMixin, View):
    http_method_names = ["post"]

    def post(self, request, pk: int):
        league = get_object_or_404(League, pk=pk)
        try:
            services.close(league)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _("The league is closed: its table is kept as it is."))
        return HttpResponseRedirect(league.get_absolute_url())


def player_seasons(player: Player) -> dict[str, object]:
    """A player's page: his place in every league he appears in (`standings.views.PlayerView`
    `.extras`)."""
    return {"seasons": services.league_places(player)}
