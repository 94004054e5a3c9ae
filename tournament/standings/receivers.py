"""Model signals the standings follow: an event deleted, a player renamed.

Every other change of a derived figure is an explicit call into `recompute` by the service
that made it; these two come from deletes and profile saves any app (or the admin) may do.
"""

from tournament.core.fragments import bump
from tournament.standings import recompute, services

# Player fields copied into EventScoring.officials (the standings page's officials list).
OFFICIAL_FIELDS = frozenset({"name", "player_number"})


def event_deleting(sender, instance, **kwargs) -> None:
    instance._ranked_player_ids = services.event_deleting(instance)


def event_deleted(sender, instance, **kwargs) -> None:
    ids = getattr(instance, "_ranked_player_ids", None)
    if ids:
        services.refresh_ranking(ids)


def player_saved(sender, instance, created, update_fields=None, raw=False, **kwargs) -> None:
    if created or raw:
        return
    # Tables show players' names, numbers, clubs and countries: cached renderings must go.
    bump("players")
    if update_fields is None or OFFICIAL_FIELDS & set(update_fields):
        recompute.players_renamed(instance)


def region_saved(sender, instance, raw=False, **kwargs) -> None:
    # Ranking and league tables show region names: renamed, their cached renderings must go.
    if not raw:
        bump("players")
