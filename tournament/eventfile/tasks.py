"""Background import of large event files."""

from celery import shared_task

from tournament.eventfile import jobs


@shared_task(name="eventfile.import_event_file", ignore_result=True)
def import_event_file(job_id: str) -> None:
    """Import a stored upload; progress and outcome go to the job's state."""
    jobs.run(job_id)
