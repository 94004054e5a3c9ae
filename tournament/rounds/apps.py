from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RoundsConfig(AppConfig):
    """Running an event's rounds: seating, pairing, publishing, closing, drops, the round
    pages. The round rows themselves (`Round`, `Bracket`, `Seat`) are the events app's."""

    name = "tournament.rounds"
    label = "rounds"
    verbose_name = _("Rounds")
