"""The ratings page's form (SPEC §12: country, region, structure, minimum games)."""

import django_filters
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import Player
from tournament.events.choices import Structure
from tournament.standings.filters import LocationFilterSet

_STRUCTURE_GAMES = {
    Structure.BRACKETS: "rating__bracket_games__gt",
    Structure.ONE_ON_ONE: "rating__one_on_one_games__gt",
}


def rated_players():
    """The players who have a rating."""
    return Player.objects.filter(rating__isnull=False)


class RatingFilter(LocationFilterSet):
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

    def located_players(self):
        return rated_players()

    def by_structure(self, queryset, name, value):
        """Players who played rated games of that structure."""
        return queryset.filter(Q(**{_STRUCTURE_GAMES[value]: 0}))
