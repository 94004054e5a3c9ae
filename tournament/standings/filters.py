"""django-filter filter sets of the standings, players and ranking pages."""

import django_filters
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import Player
from tournament.standings.models import EventStanding


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

    class Meta:
        model = EventStanding
        fields = ["name", "club", "round", "status"]


class PlayerFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(method="search", label=_("Name or number"))
    club = django_filters.CharFilter(lookup_expr="icontains", label=_("Club / team"))
    country = django_filters.CharFilter(lookup_expr="icontains", label=_("Country"))

    class Meta:
        model = Player
        fields = ["q", "club", "country"]

    def search(self, queryset, name, value):
        return queryset.filter(Q(name__icontains=value) | Q(player_number__iexact=value))


class RankingFilter(django_filters.FilterSet):
    """Country/region filters; the year is applied by the view (it changes the sums)."""

    year = django_filters.NumberFilter(method="no_op", label=_("Year"))
    country = django_filters.CharFilter(lookup_expr="iexact", label=_("Country"))
    region = django_filters.CharFilter(lookup_expr="iexact", label=_("Region"))

    class Meta:
        model = Player
        fields = ["year", "country", "region"]

    def no_op(self, queryset, name, value):
        return queryset
