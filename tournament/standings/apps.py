from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

# Event fields that decide whether (and in which year) an event's points are ranked.
RANKING_FIELDS = frozenset({"status", "scored", "date"})
# Player fields copied into EventScoring.officials (the standings page's officials list).
OFFICIAL_FIELDS = frozenset({"name", "player_number"})


class StandingsConfig(AppConfig):
    name = "tournament.standings"
    label = "standings"
    verbose_name = _("Standings")

    def ready(self) -> None:
        """Keep the stored ranking totals in step with events saved by any app."""
        from django.db.models.signals import post_delete, post_save, pre_delete

        from tournament.accounts.models import Player
        from tournament.events.models import Event

        post_save.connect(_event_saved, sender=Event, dispatch_uid="standings_event_saved")
        pre_delete.connect(_event_deleting, sender=Event, dispatch_uid="standings_event_del")
        post_delete.connect(_event_deleted, sender=Event, dispatch_uid="standings_event_gone")
        post_save.connect(_player_saved, sender=Player, dispatch_uid="standings_player_saved")


def _event_saved(sender, instance, created, update_fields=None, raw=False, **kwargs) -> None:
    # finish_event saves status after the last refresh_standings: the ranking follows here.
    if created or raw or (update_fields is not None and not RANKING_FIELDS & set(update_fields)):
        return
    from tournament.standings.services import event_changed

    event_changed(instance)


def _event_deleting(sender, instance, **kwargs) -> None:
    from tournament.standings.services import event_deleting

    instance._ranked_player_ids = event_deleting(instance)


def _event_deleted(sender, instance, **kwargs) -> None:
    ids = getattr(instance, "_ranked_player_ids", None)
    if ids:
        from tournament.standings.services import refresh_ranking

        refresh_ranking(ids)


def _player_saved(sender, instance, created, update_fields=None, raw=False, **kwargs) -> None:
    # Tables show players' names, numbers, clubs and countries: cached renderings must go.
    if not created and not raw:
        from tournament.standings.fragments import bump

        bump("players")
    # a renamed or renumbered official must not stay stale on the standings pages
    if created or raw or (update_fields is not None and not OFFICIAL_FIELDS & set(update_fields)):
        return
    from tournament.standings.services import player_changed

    player_changed(instance)
