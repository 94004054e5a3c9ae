from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "tournament.notifications"
    label = "notifications"
    verbose_name = _("Notifications")

    def ready(self) -> None:
        from tournament.notifications import checks  # noqa: F401  (registered)
