from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DecksConfig(AppConfig):
    name = "tournament.decks"
    label = "decks"
    verbose_name = _("Decks")
