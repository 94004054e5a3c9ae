from django.contrib import admin

from tournament.accounts.models import Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("player_number", "name", "country", "region", "club", "user")
    search_fields = ("player_number", "name", "club", "user__username")
    list_filter = ("country",)
