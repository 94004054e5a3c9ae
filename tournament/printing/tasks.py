"""Background generation of print documents."""

from celery import shared_task

from tournament.printing import services


@shared_task(name="printing.render_document")
def render_document(doc_id: int) -> str:
    """Render one cached document to PDF; returns its state."""
    doc = services.generate(doc_id)
    return doc.state if doc else "gone"


@shared_task(name="printing.purge_expired")
def purge_expired() -> int:
    """Remove expired files (run it from celery beat or cron)."""
    return services.purge_expired()
