from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from tournament.core.admin import ReadOnlyAdmin, ReadOnlyInline
from tournament.events.forms import FrozenFormatMixin
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.events.services.editing import save_event
from tournament.events.services.registration import FROZEN_FOR_REVIEW


class RegistrationInline(ReadOnlyInline):
    """Registrations change on the site (registration, check-in, drops), through services."""

    model = Registration
    fields = ("player", "checked_in", "late", "waitlisted", "dropped_in_round")
    readonly_fields = fields


class EventAdminForm(FrozenFormatMixin, forms.ModelForm):
    """The admin's event form (its fields come from the ModelAdmin): the same refusals as
    the site's, and the scoring-form freeze said in the form instead of an error page."""

    def clean(self):
        cleaned = super().clean()
        if self.instance.pk and self.instance.frozen_for_review:
            raise forms.ValidationError(FROZEN_FOR_REVIEW)
        return cleaned


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """An event edited here goes through the site's editing service (`save_event`): rules
    fixed once play began, the freeze while a scoring form is reviewed, the recompute.
    Its status, judges and registrations change on the site only, through their services."""

    list_display = ("name", "date", "venue", "status", "tournament_type", "deck_size", "scored")
    list_filter = ("status", "tournament_type", "deck_size", "scored")
    search_fields = ("name", "venue")
    autocomplete_fields = ("organizer",)
    readonly_fields = ("status", "judges")
    inlines = [RegistrationInline]
    form = EventAdminForm

    def save_model(self, request, obj, form, change) -> None:
        if change:
            save_event(obj, form.changed_data)
        else:
            super().save_model(request, obj, form, change)

    def has_delete_permission(self, request, obj=None) -> bool:
        if obj is not None and obj.frozen_for_review:
            return False  # the ranking officer is reviewing it
        return super().has_delete_permission(request, obj)


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("player", "event", "checked_in", "late", "dropped_in_round")
    list_filter = ("checked_in", "late")
    search_fields = ("player__name", "event__name")
    readonly_fields = ("dropped_in_round",)  # drops go through the round service


class SeatInline(ReadOnlyInline):
    model = Seat


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "state", "published", "is_final", "seed")
    list_filter = ("state", "published")
    # Written by the round services and the recompute pipeline, never by hand.
    readonly_fields = ("state", "is_final", "seed", "advancing", "wildcards")


@admin.register(Bracket)
class BracketAdmin(admin.ModelAdmin):
    list_display = ("round", "table", "state", "winner")
    list_filter = ("state",)
    readonly_fields = ("state", "winner", "tiebreak_order", "tiebreak_decided_by")
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("bracket", "registration", "position", "place", "points", "is_wildcard")
    list_select_related = (
        "bracket__round__event",
        "registration__player",
        "registration__event",
        "figures",
    )

    @admin.display(description=_("place"))
    def place(self, seat: Seat) -> int | None:
        return seat.figures.place

    @admin.display(description=_("points"))
    def points(self, seat: Seat) -> int | None:
        return seat.figures.points
