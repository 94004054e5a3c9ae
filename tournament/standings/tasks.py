"""Celery task of the standings: the deferred re-rank of an event's places
(`recompute.rerank`), queued once per event after a confirmation's commit."""

from celery import shared_task

from tournament.standings import recompute


@shared_task(name=recompute.RERANK_TASK, ignore_result=True)
def rerank(event_id: int) -> bool:
    """Re-rank the event's places if they are still marked stale."""
    return recompute.rerank(event_id)
