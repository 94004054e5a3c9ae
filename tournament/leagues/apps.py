from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    name = "tournament.leagues"
    label = "leagues"
    verbose_name = _("Seasons and leagues")
