"""Query filters of the events list (documented in the schema by drf-spectacular)."""

import datetime

import django_filters
from django.utils.translation import gettext_lazy as _

from tournament.accounts.locations import country_code
from tournament.events.choices import Status, TournamentType
from tournament.events.models import Event

PUBLIC_STATUSES = [(value, label) for value, label in Status.choices if value != Status.DRAFT]


class UtcDateTimeFilter(django_filters.IsoDateTimeFilter):
    """An ISO 8601 moment compared in UTC: any valid offset works on every database
    (PostgreSQL refuses offsets beyond ±15:59 that ISO 8601 allows)."""

    def filter(self, qs, value):
        if value is not None and value.tzinfo is not None:
            try:
                value = value.astimezone(datetime.UTC)
            except OverflowError:  # past the last representable moment: nothing is later
                return qs.none()
        return super().filter(qs, value)


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
        method="by_country",
        help_text=_(
            "Country of the event's organizer (events record a venue, not a country): its ISO"
            " 3166-1 code, e.g. BR, or its name in English or Portuguese."
        ),
    )
    type = django_filters.ChoiceFilter(
        field_name="tournament_type",
        choices=TournamentType.choices,
        help_text=_("Tournament type."),
    )
    updated_since = UtcDateTimeFilter(
        field_name="updated_at",
        lookup_expr="gte",
        help_text=_("Only events changed at or after this time (ISO 8601), for incremental sync."),
    )

    # A parameter sent empty is refused, not ignored: the schema says a date or a moment.
    NOT_EMPTY = ("date_from", "date_to", "updated_since")

    @property
    def errors(self):
        errors = self.form.errors
        for name in self.NOT_EMPTY:
            if name in self.data and not str(self.data.get(name)).strip() and name not in errors:
                self.form.add_error(name, _("Give a value, or leave the parameter out."))
        return self.form.errors

    def is_valid(self) -> bool:
        return self.form.is_valid() and not self.errors

    class Meta:
        model = Event
        fields = ["status", "date_from", "date_to", "country", "type", "updated_since"]

    def by_country(self, queryset, name, value):
        code = country_code(value)
        return queryset.filter(organizer__country=code) if code else queryset.none()
