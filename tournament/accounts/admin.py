from django.contrib import admin

from tournament.accounts.models import Player, Region


@admin.register(Region)
class RegionAdmin(admin.ModelAdmin):
    list_display = ("name", "country")
    list_filter = ("country",)
    search_fields = ("name",)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("player_number", "name", "country", "region", "location_note", "club", "user")
    search_fields = ("player_number", "name", "club", "location_note", "user__username")
    list_filter = ("country",)
    list_select_related = ("region", "user")
    autocomplete_fields = ("region",)
