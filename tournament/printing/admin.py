from django.contrib import admin

from tournament.printing.models import CachedDocument


@admin.register(CachedDocument)
class CachedDocumentAdmin(admin.ModelAdmin):
    list_display = (
        "event",
        "league",
        "kind",
        "round",
        "paper",
        "state",
        "created",
        "expires",
        "duration_ms",
    )
    list_filter = ("kind", "state", "paper")
    raw_id_fields = ("event", "league", "round", "bracket", "registration")
    readonly_fields = ("source_version", "error", "generated_at", "duration_ms")
