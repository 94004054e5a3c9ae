from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    """The versioned JSON API: reads of stored rows, writes through the domain services."""

    name = "tournament.api"
    label = "api"
    verbose_name = _("API")
