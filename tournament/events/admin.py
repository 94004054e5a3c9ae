from django.contrib import admin

from tournament.core.admin import ReadOnlyAdmin, ReadOnlyInline
from tournament.events.models import Bracket, Event, Registration, Round, Seat


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    autocomplete_fields = ("player",)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "venue", "status", "tournament_type", "deck_size", "scored")
    list_filter = ("status", "tournament_type", "deck_size", "scored")
    search_fields = ("name", "venue")
    autocomplete_fields = ("organizer", "judges")
    inlines = [RegistrationInline]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("player", "event", "checked_in", "late", "dropped_in_round")
    list_filter = ("checked_in", "late")
    search_fields = ("player__name", "event__name")


class SeatInline(ReadOnlyInline):
    model = Seat


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "state", "published", "is_final", "seed")
    list_filter = ("state", "published")


@admin.register(Bracket)
class BracketAdmin(admin.ModelAdmin):
    list_display = ("round", "table", "state", "winner")
    list_filter = ("state",)
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("bracket", "registration", "position", "place", "points", "is_wildcard")
    list_select_related = ("bracket__round__event", "registration__player", "registration__event")
