from django.contrib import admin

from tournament.core.admin import ReadOnlyAdmin
from tournament.results.models import Game, GameEntry

BRACKET_PATH = ("bracket__round__event",)


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ("bracket", "number", "winner", "ended_by")
    list_filter = ("ended_by",)
    list_select_related = (*BRACKET_PATH, "winner")


@admin.register(GameEntry)
class GameEntryAdmin(ReadOnlyAdmin):
    list_display = ("bracket", "number", "version", "status", "submitted_by", "confirmed_by")
    list_filter = ("status", "is_correction")
    list_select_related = (*BRACKET_PATH, "submitted_by", "confirmed_by")
