"""The ranking page's filter set: the year, country and region of the selection."""

import django_filters
from django.utils.translation import gettext_lazy as _

from tournament.accounts.forms import RegionSelect
from tournament.accounts.models import Player
from tournament.ranking.models import RankingTotal
from tournament.standings.filters import LocationChoicesMixin, location_choices, once


def ranked_years() -> list[tuple[int, int]]:
    """The years that have ranking points, newest first."""
    years = (
        RankingTotal.objects.exclude(year=RankingTotal.ALL_YEARS)
        .values_list("year", flat=True)
        .distinct()
        .order_by("-year")
    )
    return [(year, year) for year in years]


def ranked_players():
    """The players with ranking points (in any year)."""
    return Player.objects.filter(ranking_totals__year=RankingTotal.ALL_YEARS)


def ranked_countries() -> list[tuple[str, str]]:
    """The countries of players with ranking points: (ISO code, name in the page's
    language), by name."""
    return location_choices(ranked_players())[0]


class RankingFilter(LocationChoicesMixin, django_filters.FilterSet):
    """The form of the ranking's selection; `services.ranking` applies it (it changes the
    sums and the ranks, so the view passes the values there). The year, the country and the
    region are chosen among those that have ranking points; the region select shows the
    chosen country's regions (`RegionSelect`)."""

    year = django_filters.ChoiceFilter(
        method="no_op", label=_("Year"), choices=ranked_years, empty_label=_("All years")
    )
    country = django_filters.ChoiceFilter(
        method="no_op", label=_("Country"), choices=list, empty_label=_("All")
    )
    region = django_filters.ChoiceFilter(
        method="no_op", label=_("Region"), choices=list, empty_label=_("All"), widget=RegionSelect
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._set_choices("year", once(ranked_years))

    @property
    def choices_version(self) -> tuple:
        """The choices change with the ranking: the cached form HTML is keyed on them (read
        only when the page's results are rendered, not on every request)."""
        return self.version_of("year", "country", "region")

    class Meta:
        model = Player
        fields = ["year", "country", "region"]

    def located_players(self):
        return ranked_players()

    def no_op(self, queryset, name, value):
        return queryset
