"""django-filter filter sets of the standings and players pages (the ranking's builds on
them: `ranking/filters.py`)."""

from collections.abc import Callable

import django_filters
from django.db.models import F, Q
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from tournament.accounts.forms import RegionSelect
from tournament.accounts.locations import RegionLabel, country_name, fold, sorted_by_name
from tournament.accounts.models import Player
from tournament.core.fragments import RecentlyUsed
from tournament.standings.models import EventStanding


class StandingsFilter(django_filters.FilterSet):
    """A bracket event's standings: by name, club, round reached and status."""

    name = django_filters.CharFilter(
        field_name="player__name", lookup_expr="icontains", label=_("Name")
    )
    club = django_filters.CharFilter(
        field_name="player__club", lookup_expr="icontains", label=_("Club / team")
    )
    round = django_filters.NumberFilter(
        field_name="last_round", lookup_expr="gte", label=_("Played round"), min_value=1
    )
    status = django_filters.ChoiceFilter(
        choices=[
            c for c in EventStanding.Status.choices if c[0] != EventStanding.Status.MISSED_CUT
        ],
        label=_("Status"),
    )

    class Meta:
        model = EventStanding
        fields = ["name", "club", "round", "status"]


class TeamStandingsFilter(StandingsFilter):
    """A Team Spirit event's standings: also by team (the only events that have teams)."""

    team = django_filters.CharFilter(method="by_team", label=_("Team Spirit team"))

    class Meta(StandingsFilter.Meta):
        fields = [*StandingsFilter.Meta.fields, "team"]

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


class SwissStandingsFilter(StandingsFilter):
    """A one-on-one event's standings: its statuses include missing the top cut."""

    status = django_filters.ChoiceFilter(choices=EventStanding.Status.choices, label=_("Status"))


def location_choices(players) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The choices of the players' countries and regions, from one query.

    Countries: (ISO code, name in the page's language), by name. Regions: (name,
    `locations.RegionLabel`), by name; the value is the region's name (the ranking's `region`
    parameter) and the label carries the country (`RegionSelect` shows the chosen country's)."""
    rows = players.values_list("country", "region__name", "region__country").distinct()
    codes, regions = set(), set()
    for country, region, region_country in rows.order_by():
        if country:
            codes.add(country)
        if region:
            regions.add((region, region_country))
    countries = sorted_by_name((code, country_name(code)) for code in codes)
    ordered = sorted(regions, key=lambda r: (fold(r[0]), r[0], r[1]))
    return countries, [(name, RegionLabel(name, country)) for name, country in ordered]


def once(make: Callable[[], list]) -> Callable[[], list]:
    """`make()`, computed at the first call only: a form's choices are read by its cache
    key, its validation and its rendering, with one query."""
    made: list = []

    def get() -> list:
        if not made:
            made.append(make())
        return made[0]

    return get


class LocationChoicesMixin:
    """A filter set whose `country` and `region` filters offer the locations of
    `located_players()` (one query per form, however often the choices are read)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        both = once(lambda: location_choices(self.located_players()))
        self._set_choices("country", lambda: both()[0])
        self._set_choices("region", lambda: both()[1])

    def _set_choices(self, name: str, choices: Callable[[], list]) -> None:
        flt = self.filters[name]
        flt.extra["choices"] = choices
        flt.__dict__.pop("_field", None)  # built from the new choices when first used

    def located_players(self):
        raise NotImplementedError

    def version_of(self, *names: str) -> tuple:
        """The choices of the named filters, with each region label's country: what the
        cached form HTML depends on besides the submitted values and the language."""
        return tuple(
            tuple((value, str(label), getattr(label, "country", "")) for value, label in choices)
            for choices in (self.filters[name].field.choices for name in names)
        )


class LocationFilterSet(LocationChoicesMixin, django_filters.FilterSet):
    """Players by country and region, among those of `located_players()` (the players
    page, the ratings page)."""

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

    @property
    def choices_version(self) -> tuple:
        """The choices change with the players: the cached form HTML is keyed on them."""
        return self.version_of("country", "region")


class PlayerFilter(LocationFilterSet):
    """The players page's form: the country and region among those that have players."""

    q = django_filters.CharFilter(method="search", label=_("Name or number"))
    club = django_filters.CharFilter(lookup_expr="icontains", label=_("Club / team"))

    class Meta:
        model = Player
        fields = ["q", "club", "country", "region"]

    def located_players(self):
        return Player.objects.all()

    def search(self, queryset, name, value):
        return queryset.filter(Q(name__icontains=value) | Q(player_number__iexact=value))


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
