"""The ratings page's form (SPEC §12: country, region, structure, minimum games)."""

import django_filters
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.accounts.forms import RegionSelect
from tournament.accounts.models import Player
from tournament.events.choices import Structure
from tournament.standings.filters import LocationChoicesMixin

_STRUCTURE_GAMES = {
    Structure.BRACKETS: "rating__bracket_games__gt",
    Structure.ONE_ON_ONE: "rating__one_on_one_games__gt",
}


def rated_players():
    """The players who have a rating."""
    return Player.objects.filter(rating__isnull=False)


class RatingFilter(LocationChoicesMixin, django_filters.FilterSet):
    country = django_filters.ChoiceFilter(
        lookup_expr="iexact", label=_("Country"), choices=list, empty_label=_("All")
    )
    region = django_filters.ChoiceFilter(
        field_name="region__name",
        lookup_expr="iexact",
        label=_("Region"),
        choices=list,
        empty_label=_("All"),
        widget=RegionSelect,
    )
    structure = django_filters.ChoiceFilter(
        method="by_structure",
        label=_("Played in"),
        choices=Structure.choices,
        empty_label=_("Both structures"),
    )
    min_games = django_filters.NumberFilter(
        field_name="rating__games", lookup_expr="gte", label=_("Minimum games"), min_value=0
    )

    class Meta:
        model = Player
        fields = ["country", "region", "structure", "min_games"]

    @property
    def choices_version(self) -> tuple:
        """The locations change with the rated players: the cached form HTML follows."""
        return self.version_of("country", "region")

    def located_players(self):
        return rated_players()

    def by_structure(self, queryset, name, value):
        """Players who played rated games of that structure."""
        return queryset.filter(Q(**{_STRUCTURE_GAMES[value]: 0}))
