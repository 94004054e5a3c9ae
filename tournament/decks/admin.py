"""Admin: card data (read mostly) and decklists with their change history."""

from django.contrib import admin

from tournament.decks import models


@admin.register(models.CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "set_class", "is_fan_set")
    search_fields = ("code", "name")


@admin.register(models.Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("card_id", "name", "type", "level", "world", "is_avatar")
    list_filter = ("type", "world", "card_set")
    search_fields = ("card_id", "name")
    raw_id_fields = ("identity",)


@admin.register(models.CardIdentity)
class CardIdentityAdmin(admin.ModelAdmin):
    list_display = ("name", "type", "multiples_allowed", "deck_limit")
    search_fields = ("name", "key")


@admin.register(models.CardName)
class CardNameAdmin(admin.ModelAdmin):
    list_display = ("card_id", "name", "english", "is_alias")
    search_fields = ("card_id", "name")
    raw_id_fields = ("english",)


admin.site.register(models.Placeholder)
admin.site.register(models.CardImport)


class DecklistChangeInline(admin.TabularInline):
    model = models.DecklistChange
    extra = 0
    readonly_fields = ("changed_by", "changed_at", "reason", "locked", "status")
    fields = readonly_fields


@admin.register(models.Decklist)
class DecklistAdmin(admin.ModelAdmin):
    list_display = ("registration", "status", "card_count", "level_total", "updated_at")
    list_filter = ("status",)
    inlines = [DecklistChangeInline]
    raw_id_fields = ("registration", "updated_by")


@admin.register(models.SideboardSwap)
class SideboardSwapAdmin(admin.ModelAdmin):
    """Read only: swaps are recorded through the bracket's swap page, which checks them."""

    list_display = ("registration", "bracket", "game_number", "out_name", "in_name", "status")
    list_filter = ("status",)
    list_select_related = ("registration__player", "registration__event", "bracket__round")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
