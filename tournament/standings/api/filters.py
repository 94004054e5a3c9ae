"""Query filters of the events list (documented in the schema by drf-spectacular)."""

import django_filters
from django.utils.translation import gettext_lazy as _

from tournament.events.choices import Status, TournamentType
from tournament.events.models import Event

PUBLIC_STATUSES = [(value, label) for value, label in Status.choices if value != Status.DRAFT]


class EventFilter(django_filters.FilterSet):
    status = django_filters.MultipleChoiceFilter(
        choices=PUBLIC_STATUSES, help_text=_("One or more statuses (repeat the parameter).")
    )
    date_from = django_filters.DateFilter(
        field_name="date", lookup_expr="gte", help_text=_("Events on or after this date.")
    )
    date_to = django_filters.DateFilter(
        field_name="date", lookup_expr="lte", help_text=_("Events on or before this date.")
    )
    country = django_filters.CharFilter(
        field_name="organizer__country",
        lookup_expr="iexact",
        help_text=_("Country of the event's organizer (events record a venue, not a country)."),
    )
    type = django_filters.ChoiceFilter(
        field_name="tournament_type",
        choices=TournamentType.choices,
        help_text=_("Tournament type."),
    )
    updated_since = django_filters.IsoDateTimeFilter(
        field_name="updated_at",
        lookup_expr="gte",
        help_text=_("Only events changed at or after this time (ISO 8601), for incremental sync."),
    )

    class Meta:
        model = Event
        fields = ["status", "date_from", "date_to", "country", "type", "updated_since"]
