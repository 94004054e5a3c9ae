from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventFileConfig(AppConfig):
    name = "tournament.eventfile"
    label = "eventfile"
    verbose_name = _("Event file")
