"""Read-side pages of SPEC §6: event standings, bracket grid, players (the ranking's page
and parts: `ranking/views.py`)."""

from functools import cache
from urllib.parse import quote

from django.core.exceptions import ValidationError
from django.db.models import Prefetch, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.views.generic import TemplateView
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin
from django_tables2.export.views import ExportMixin

from tournament.accounts.models import Player
from tournament.core.export import SafeTableExport
from tournament.core.extras import PageExtras
from tournament.core.fragments import RecentlyUsed, cached, fragment_key
from tournament.core.links import URL_SAFE
from tournament.core.params import parse_year
from tournament.events import wildcards
from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.events.permissions import EventRole, player_of
from tournament.events.services.teams import group_by_team
from tournament.events.views_mixins import EventMixin
from tournament.results.models import Game, game_cells
from tournament.standings import reading
from tournament.standings.figures import SWISS_FIGURES, TABLE
from tournament.standings.filters import (
    PlayerFilter,
    StandingsFilter,
    SwissStandingsFilter,
    TeamStandingsFilter,
    filter_form_html,
)
from tournament.standings.tables import (
    KnownCountPaginator,
    PlayersTable,
    StandingsTable,
    SwissStandingsTable,
    TeamStandingsTable,
    player_url_prefix,
)
from tournament.standings.topcut import top_cut

PUBLIC_STANDINGS = (Status.RUNNING, Status.FINISHED)
PAGE_SIZE = 50


class LeanFilterMixin:
    """Puts the filter form's cached HTML in the context (`standings/_filtered_table.html`)."""

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["filter_form_html"] = filter_form_html(context["filter"])
        return context


class StandingsView(EventMixin, ExportMixin, LeanFilterMixin, SingleTableMixin, FilterView):
    """Event standings: public while running/finished, officials always."""

    template_name = "standings/event_standings.html"
    table_class = StandingsTable
    filterset_class = StandingsFilter
    table_pagination = {"per_page": PAGE_SIZE}  # the table paginates (one COUNT, not two)
    export_formats = ("csv",)
    export_class = SafeTableExport
    # Apps above add their parts (the scoring form's due date and whether it is late).
    extras: PageExtras[[Event]] = PageExtras("an event's standings page")

    def get_event_queryset(self):
        # The stored scoring and the form's sent date come with the event: one query less.
        return _standings_events()

    def get(self, request, *args, **kwargs):
        if self.event.status not in PUBLIC_STANDINGS and self.role < EventRole.JUDGE:
            raise Http404
        if self.export_class.is_valid_format(request.GET.get(self.export_trigger_param)):
            return super().get(request, *args, **kwargs)  # CSV of exactly what is shown
        scoring = self.get_scoring()
        stamp = scoring.refreshed_at.timestamp() if scoring else "none"
        key = fragment_key("standings", self.event.pk, stamp, query=request.GET.urlencode())
        results_html = cached(key, lambda: render_results(self))
        return self.render_to_response(self.page_context(results_html=results_html))

    def get_table_class(self):
        if self.event.is_one_on_one:
            return SwissStandingsTable
        return TeamStandingsTable if self.is_team_event else StandingsTable

    def get_filterset_class(self):
        """The filters of the event's kind: a team only where there are teams (Team
        Spirit), missing the cut only where there is one (one-on-one)."""
        if self.event.is_one_on_one:
            return SwissStandingsFilter
        return TeamStandingsFilter if self.is_team_event else StandingsFilter

    @property
    def is_team_event(self) -> bool:
        return self.event.shape.teams

    def get_queryset(self):
        """The event's standings the filter form narrows (the table reads their rows)."""
        return reading.standings_where(event=self.event)

    def get_table_data(self):
        # The page's table and its CSV read the one standings read (`rows.standing_rows`).
        return reading.standing_rows(self.event, TABLE, self.object_list)

    def get_scoring(self):
        """The event's stored summary row (`EventScoring`; None: nothing stored yet)."""
        return getattr(self.event, "scoring", None)

    def get_table_kwargs(self):
        scoring = self.get_scoring()
        return {
            "rounds": scoring.rounds if scoring else 0,
            "wildcards": wildcards.picked_labels(scoring.wildcards) if scoring else {},
        }

    def get_table_pagination(self, table):
        pagination = super().get_table_pagination(table)
        scoring = self.get_scoring()
        filtered = any(self.request.GET.get(name) for name in self.filterset.filters)
        if scoring is not None and not filtered:  # the stored row count: no COUNT query
            pagination.update(paginator_class=KnownCountPaginator, count=scoring.standings_count)
        return pagination

    def get_export_filename(self, export_format):
        return f"standings-{self.event.pk}.{export_format}"

    def get_template_names(self) -> list[str]:
        return [self.template_name]  # the list view's guess needs object_list, unset on a hit

    def page_context(self, **kwargs) -> dict:
        """Everything around the results table (read from the event's single query)."""
        scoring = self.get_scoring()
        one_on_one = self.event.is_one_on_one
        return {
            "one_on_one": one_on_one,
            "swiss_legend_html": swiss_legend_html() if one_on_one else "",
            "top_cut_html": top_cut_html(self.event, scoring) if one_on_one else "",
            "view": self,
            "event": self.event,
            "role": self.role,
            "EventRole": EventRole,
            "scoring": scoring,
            "officials": official_rows(scoring.officials if scoring else []),
            **self.extras.context(self.event),
            "export_query": export_query(self.request),
            "projector": self.request.GET.get("projector") == "1",
            **kwargs,
        }


def swiss_legend() -> list[dict]:
    """The one-on-one figures that carry an explanation, as the page's legend lists them."""
    return [
        {"name": figure.name, "label": figure.label, "explanation": figure.explanation}
        for figure in SWISS_FIGURES
        if figure.explanation
    ]


_legend_html: RecentlyUsed[SafeString] = RecentlyUsed(16)


def swiss_legend_html() -> SafeString:
    """The legend under a one-on-one table (`standings/_swiss_legend.html`): words from code
    only, so rendered once per language."""
    return _legend_html.get_or_make(
        get_language(),
        lambda: render_to_string("standings/_swiss_legend.html", {"swiss_legend": swiss_legend()}),
    )


def top_cut_html(event: Event, scoring) -> str:
    """The top cut bracket of a one-on-one event (empty without a paired cut), cached until
    the stored figures change."""
    if not event.top_cut:
        return ""
    stamp = scoring.refreshed_at.timestamp() if scoring else "none"
    key = fragment_key("top-cut", event.pk, stamp)
    return cached(
        key,
        lambda: render_to_string(
            "standings/_top_cut.html", {"event": event, "columns": top_cut(event)}
        ),
    )


def render_results(view) -> str:
    """The filter form and the table of a SingleTable FilterView, as HTML."""
    view.filterset = view.get_filterset(view.get_filterset_class())
    valid = not view.filterset.is_bound or view.filterset.is_valid() or not view.get_strict()
    view.object_list = view.filterset.qs if valid else view.filterset.queryset.none()
    context = {
        "filter": view.filterset,
        "filter_form_html": filter_form_html(view.filterset),
        "table": view.get_table(**view.get_table_kwargs()),
    }
    return render_to_string("standings/_filtered_table.html", context, view.request)


@cache
def _standings_events() -> QuerySet[Event]:
    """Events with their stored scoring, scoring form submission and review (one query).

    Built once and cloned per request (`.get()` never evaluates this one): building the
    joins costs as much as running the query."""
    return Event.objects.select_related("scoring", "scoring_form_submission", "review")


def official_rows(officials: list[dict]) -> list[dict]:
    """The stored officials' list with each player's page link and translated role."""
    prefix = player_url_prefix()
    roles = dict(reading.OfficialRole.choices)
    return [
        {
            **row,
            "url": f"{prefix}{quote(row['number'], safe=URL_SAFE)}/",
            "role_label": roles.get(row["role"], row["role"]),
        }
        for row in officials
    ]


def export_query(request) -> str:
    """The current query string plus the CSV export switch (keeps filters and sort)."""
    query = request.GET.copy()
    query.pop("page", None)
    query["_export"] = "csv"
    return query.urlencode()


class BracketView(EventMixin, TemplateView):
    """The advancement grid of one bracket: games × players, totals, place, points; apps
    above add their parts (`extras`: each player's chance to win it, before it starts)."""

    template_name = "standings/bracket.html"
    extras: PageExtras[[Bracket]] = PageExtras("a bracket's page")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        rnd = get_object_or_404(Round, event=self.event, number=self.kwargs["number"])
        if not rnd.published and self.role < EventRole.JUDGE:
            raise Http404
        bracket = get_object_or_404(
            Bracket.objects.select_related("winner").prefetch_related(
                Prefetch(
                    "seats",
                    Seat.objects.select_related("registration__player", "figures").order_by(
                        "position"
                    ),
                ),
                Prefetch("games", Game.objects.order_by("number")),
            ),
            round=rnd,
            table=self.kwargs["table"],
        )
        context.update(rnd=rnd, bracket=bracket, **bracket_grid(bracket, rnd))
        context.update(self.extras.context(bracket))
        return context


def bracket_grid(bracket: Bracket, rnd: Round) -> dict:
    """Rows of the advancement grid: per seat, each game's realms and winner mark."""
    games = list(bracket.games.all())
    why = wildcards.seated_in(rnd) if any(s.is_wildcard for s in bracket.seats.all()) else {}
    rows = []
    for seat in bracket.seats.all():
        cells = game_cells(seat.registration.player_id, games)
        rows.append(
            {
                "seat": seat,
                "player": seat.registration.player,
                "cells": cells,
                "wildcard_label": why.get(seat.registration.player_id, ""),
            }
        )
    return {
        "games": games,
        "groups": group_by_team(rnd.event, rows, lambda row: row["player"].pk),
        "multiplier": rnd.multiplier,
    }


class PlayerListView(LeanFilterMixin, SingleTableMixin, FilterView):
    template_name = "standings/player_list.html"
    table_class = PlayersTable
    filterset_class = PlayerFilter
    table_pagination = {"per_page": PAGE_SIZE}  # the table paginates (one COUNT, not two)

    def get_queryset(self):
        return Player.objects.all()


class PlayerView(TemplateView):
    """A player's history: events, brackets with games, registrations; apps above add their
    parts (`extras`, called with the player: his rating, his places in the leagues;
    `yearly_extras`, with the player and the year chosen: his ranking points)."""

    template_name = "standings/player.html"
    extras: PageExtras[[Player]] = PageExtras("a player's page")
    yearly_extras: PageExtras[[Player, int | None]] = PageExtras("a player's page, by year")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        player = get_object_or_404(Player, player_number=self.kwargs["player_number"])
        year = chosen_year(self.request)
        context.update(
            player=player,
            year=year,
            standings=reading.player_standings(
                player, player_of(self.request.user), "event__scoring"
            ),
            brackets=player_brackets(player, player_of(self.request.user)),
            upcoming=Registration.objects.filter(player=player, event__status=Status.REGISTRATION)
            .select_related("event")
            .order_by("event__date"),
        )
        context.update(self.extras.context(player))
        context.update(self.yearly_extras.context(player, year))
        return context


def player_brackets(player: Player, viewer: Player | None = None) -> list[dict]:
    """Every published bracket the player sat in, with the player's figures and the games
    (of the events the viewer may see on player pages)."""
    seats = (
        Seat.objects.filter(
            reading.shown_on_player_pages(viewer, "bracket__round__event"),
            registration__player=player,
            bracket__round__published=True,
        )
        .exclude(bracket__round__event__status=Status.DRAFT)
        .select_related("bracket__round__event", "figures")
        .prefetch_related(
            Prefetch(
                "bracket__seats",
                Seat.objects.select_related("registration__player", "figures").order_by("position"),
            ),
            Prefetch("bracket__games", Game.objects.order_by("number")),
        )
        .order_by("-bracket__round__event__date", "bracket__round__number")
    )
    return [
        {"seat": seat, **bracket_grid(seat.bracket, seat.bracket.round), "bracket": seat.bracket}
        for seat in seats
    ]


def chosen_year(request) -> int | None:
    """The year the page shows (None: every year); a bad value shows every year."""
    try:
        return parse_year(request.GET.get("year"))
    except ValidationError:  # the filter form shows every year rather than an error page
        return None
