from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReviewConfig(AppConfig):
    name = "tournament.review"
    label = "review"
    verbose_name = _("Ranking review")
