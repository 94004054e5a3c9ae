"""django-filter filter sets of the standings, players and ranking pages."""

import django_filters
from django.db.models import F, Q
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import Player
from tournament.standings.fragments import RecentlyUsed
from tournament.standings.models import EventStanding, RankingTotal


class StandingsFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(
        field_name="player__name", lookup_expr="icontains", label=_("Name")
    )
    club = django_filters.CharFilter(
        field_name="player__club", lookup_expr="icontains", label=_("Club / team")
    )
    round = django_filters.NumberFilter(
        field_name="last_round", lookup_expr="gte", label=_("Played round"), min_value=1
    )
    status = django_filters.ChoiceFilter(choices=EventStanding.Status.choices, label=_("Status"))
    team = django_filters.CharFilter(method="by_team", label=_("Team Spirit team"))

    class Meta:
        model = EventStanding
        fields = ["name", "club", "round", "status", "team"]

    def by_team(self, queryset, name, value):
        """Players of the event's Team Spirit teams whose name contains the value."""
        # One filter() call: the team, and the player as one of its two members, share a join.
        return queryset.filter(
            Q(event__teams__name__icontains=value)
            & (
                Q(player_id=F("event__teams__first__player_id"))
                | Q(player_id=F("event__teams__second__player_id"))
            )
        ).distinct()


class PlayerFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(method="search", label=_("Name or number"))
    club = django_filters.CharFilter(lookup_expr="icontains", label=_("Club / team"))
    country = django_filters.CharFilter(lookup_expr="icontains", label=_("Country"))

    class Meta:
        model = Player
        fields = ["q", "club", "country"]

    def search(self, queryset, name, value):
        return queryset.filter(Q(name__icontains=value) | Q(player_number__iexact=value))


def ranked_years() -> list[tuple[int, int]]:
    """The years that have ranking points, newest first."""
    years = (
        RankingTotal.objects.exclude(year=RankingTotal.ALL_YEARS)
        .values_list("year", flat=True)
        .distinct()
        .order_by("-year")
    )
    return [(year, year) for year in years]


def ranked_countries() -> list[tuple[str, str]]:
    """The countries of players with ranking points, alphabetically."""
    countries = (
        Player.objects.filter(ranking_totals__year=RankingTotal.ALL_YEARS)
        .exclude(country="")
        .values_list("country", flat=True)
        .distinct()
        .order_by("country")
    )
    return [(country, country) for country in countries]


class RankingFilter(django_filters.FilterSet):
    """The form of the ranking's selection; `services.ranking` applies it (it changes the
    sums and the ranks, so the view passes the values there). The year and the country are
    chosen among those that have ranking points."""

    year = django_filters.ChoiceFilter(
        method="no_op", label=_("Year"), choices=ranked_years, empty_label=_("All years")
    )
    country = django_filters.ChoiceFilter(
        method="no_op", label=_("Country"), choices=ranked_countries, empty_label=_("All")
    )
    region = django_filters.CharFilter(method="no_op", label=_("Region"))

    @property
    def choices_version(self) -> tuple:
        """The choices change with the ranking: the cached form HTML is keyed on them (read
        only when the page's results are rendered, not on every request)."""
        return tuple(self.filters["year"].field.choices), tuple(
            self.filters["country"].field.choices
        )

    class Meta:
        model = Player
        fields = ["year", "country", "region"]

    def no_op(self, queryset, name, value):
        return queryset


_form_html: RecentlyUsed[SafeString] = RecentlyUsed(512)


def filter_form_html(filterset: django_filters.FilterSet) -> SafeString:
    """The filter form's labelled fields as `includes/filtered_table.html` writes them.

    Widgets render through templates (~1 ms a field, more than a whole table row budget);
    the HTML depends only on the filter set, the language and the submitted values, and
    the choices are fixed or versioned (`choices_version`), so it is cached on exactly those
    (least recently used first out).
    """
    data = filterset.data  # the form's data; the key needs no form (built only on a miss)
    values = tuple(
        (name, tuple(data.getlist(name)) if hasattr(data, "getlist") else data.get(name))
        for name in filterset.filters
    )
    choices = getattr(filterset, "choices_version", None)  # choices read from the data
    key = (type(filterset), get_language(), filterset.is_bound, values, choices)

    def make() -> SafeString:
        labels = (format_html("<label>{} {}</label>", f.label, f) for f in filterset.form)
        return mark_safe("".join(labels))

    return _form_html.get_or_make(key, make)
