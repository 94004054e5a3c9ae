from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    name = "tournament.standings"
    label = "standings"
    verbose_name = _("Standings")

    def ready(self) -> None:
        """Follow event deletions, player and region renames made by any app."""
        from django.db.models.signals import post_delete, post_save, pre_delete

        from tournament.accounts.models import Player, Region
        from tournament.events.models import Event
        from tournament.standings import receivers

        pre_delete.connect(receivers.event_deleting, sender=Event, dispatch_uid="standings_del")
        post_delete.connect(receivers.event_deleted, sender=Event, dispatch_uid="standings_gone")
        post_save.connect(receivers.player_saved, sender=Player, dispatch_uid="standings_player")
        post_save.connect(receivers.region_saved, sender=Region, dispatch_uid="standings_region")
