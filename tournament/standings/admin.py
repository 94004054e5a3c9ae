from django.contrib import admin

from tournament.standings.models import (
    EventScoring,
    EventStanding,
    OfficialScore,
)


@admin.register(EventStanding)
class EventStandingAdmin(admin.ModelAdmin):
    list_display = ("event", "place", "player", "points", "status")
    list_filter = ("status",)
    raw_id_fields = ("event", "registration", "player")


@admin.register(OfficialScore)
class OfficialScoreAdmin(admin.ModelAdmin):
    list_display = ("event", "player", "role", "points", "forfeited")
    raw_id_fields = ("event", "player")


@admin.register(EventScoring)
class EventScoringAdmin(admin.ModelAdmin):
    list_display = ("event", "eligible", "participants", "rounds")
