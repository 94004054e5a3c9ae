from django.contrib import admin

from tournament.webhooks.models import Delivery, Webhook


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = ("url", "event", "active", "created_at")
    list_filter = ("active",)


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    list_display = ("kind", "webhook", "state", "attempts", "response_status", "created_at")
    list_filter = ("state", "kind")
    readonly_fields = ("payload",)
