"""The ratings' background entry point (`services.REFRESH_TASK`)."""

from celery import shared_task

from tournament.ratings import services


@shared_task(name=services.REFRESH_TASK)
def refresh(event_id: int) -> None:
    services.refresh_event(event_id)
