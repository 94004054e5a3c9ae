from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "tournament.ratings"
    label = "ratings"
    verbose_name = _("Ratings")
