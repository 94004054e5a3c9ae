from django.contrib import admin

from tournament.results.models import Game, GameEntry


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("bracket", "number", "winner", "ended_by")
    list_filter = ("ended_by",)


@admin.register(GameEntry)
class GameEntryAdmin(admin.ModelAdmin):
    list_display = ("bracket", "number", "version", "status", "submitted_by", "confirmed_by")
    list_filter = ("status", "is_correction")
    readonly_fields = ("idempotency_key", "ip_address", "user_agent", "submitted_at")
