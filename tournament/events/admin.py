from django import forms
from django.contrib import admin

from tournament.core.admin import ReadOnlyAdmin, ReadOnlyInline
from tournament.events.forms import FrozenFormatMixin
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.standings import recompute


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    autocomplete_fields = ("player",)
    readonly_fields = ("dropped_in_round",)  # drops go through the round service


class EventAdminForm(FrozenFormatMixin, forms.ModelForm):
    """The admin's event form (its fields come from the ModelAdmin)."""


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "venue", "status", "tournament_type", "deck_size", "scored")
    list_filter = ("status", "tournament_type", "deck_size", "scored")
    search_fields = ("name", "venue")
    autocomplete_fields = ("organizer", "judges")
    inlines = [RegistrationInline]
    form = EventAdminForm

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        if change:  # the judges are saved here, after the event itself
            recompute.event_edited(
                form.instance, form.changed_data, judges_changed="judges" in form.changed_data
            )


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
    list_select_related = ("bracket__round__event", "registration__player", "registration__event")
