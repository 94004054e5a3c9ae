from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    name = "tournament.core"
    label = "core"
    verbose_name = _("Site")

    def ready(self) -> None:
        from django.urls import register_converter

        from tournament.core import checks  # noqa: F401  (registered)
        from tournament.core.converters import RowNumberConverter

        register_converter(RowNumberConverter, "row")
