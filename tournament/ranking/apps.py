from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RankingConfig(AppConfig):
    name = "tournament.ranking"
    label = "ranking"
    verbose_name = _("Ranking")
