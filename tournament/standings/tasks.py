"""Celery tasks of the standings: the deferred re-rank of an event's places
(`recompute.rerank`), queued once per event after a confirmation's commit, and the beat's
sweep of the marks the queue left (`recompute.rerank_stale`)."""

from celery import shared_task

from tournament.standings import recompute


@shared_task(name=recompute.RERANK_TASK, ignore_result=True)
def rerank(event_id: int) -> bool:
    """Re-rank the event's places if they are still marked stale."""
    return recompute.rerank(event_id)


@shared_task(name="standings.rerank_stale", ignore_result=True)
def rerank_stale() -> list[int]:
    """Re-rank the events whose places the queue left stale past the grace."""
    return recompute.rerank_stale()
