"""Background generation of print documents."""

from celery import shared_task
from django.db import OperationalError

from tournament.printing import services


# The database restarting under a render is retried (with the broker); anything else is a
# failed render that the document itself records.
@shared_task(
    name="printing.render_document",
    ignore_result=True,
    autoretry_for=(OperationalError,),
    retry_backoff=2,
    max_retries=5,
)
def render_document(doc_id: int) -> str:
    """Render one cached document to PDF; returns its state."""
    doc = services.generate(doc_id)
    return doc.state if doc else "gone"


@shared_task(name="printing.purge_expired", ignore_result=True)
def purge_expired() -> int:
    """Remove expired files (scheduled by celery beat; cron runs `purge_documents`)."""
    return services.purge_expired()


@shared_task(name="printing.recover_stuck", ignore_result=True)
def recover_stuck() -> int:
    """Re-send documents whose task was lost (scheduled by celery beat)."""
    return services.recover_stuck_documents()
