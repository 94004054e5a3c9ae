from django.contrib import admin

from tournament.results.models import Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("bracket", "number", "winner", "ended_by")
    list_filter = ("ended_by",)
