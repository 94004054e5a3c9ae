"""What the ranking follows, connected in `tournament/site/subscriptions.py`.

Model signals (any app or the admin deletes events): an event deleted takes its accepted
figures with it, and its players' totals are added again without them.
"""

from tournament.ranking import services


def event_deleting(sender, instance, **kwargs) -> None:
    instance._ranked_player_ids = services.event_deleting(instance)


def event_deleted(sender, instance, **kwargs) -> None:
    ids = getattr(instance, "_ranked_player_ids", None)
    if ids:
        services.refresh_ranking(ids)
