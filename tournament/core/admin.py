"""Admin building blocks shared by the apps."""

from django.contrib import admin


class NoEditing:
    """Visible in the admin, never added, changed or deleted there.

    Results and seats are written only by the services, which re-compute standings and keep
    the audit trail; an admin edit would bypass both. Corrections go through the site."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyAdmin(NoEditing, admin.ModelAdmin):
    """A model admin that only lists and shows."""


class ReadOnlyInline(NoEditing, admin.TabularInline):
    """An inline list shown read-only."""

    extra = 0
