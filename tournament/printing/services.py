"""Ask for a document, reuse a fresh cached file, or (re)generate it in the background."""

import datetime as dt
import logging
import time

from celery import current_app
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.core import queueing
from tournament.core.broker import BROKER_ERRORS
from tournament.printing import heartbeat
from tournament.printing.chunks import render_document_pdf
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.registry import document_for
from tournament.printing.documents.render import fingerprint
from tournament.printing.models import CachedDocument, Kind
from tournament.standings import reading, recompute

logger = logging.getLogger(__name__)

# How long a generated file is kept and served (it is re-checked against the data anyway).
LIFETIME = dt.timedelta(hours=getattr(settings, "PRINTING_CACHE_HOURS", 24))

# A pending document that showed no sign of life (queued, or started by a worker) for this long
# lost its task: it is sent again, at most SENDS times in all, then marked failed so that its
# status box stops waiting and offers "try again". Most losses are told much sooner by the
# heartbeat (`heartbeat.py`: a killed render, a queue lost with Redis' data); this timeout is
# for what it cannot tell (the cache was down, a task lost while its mark survived).
PENDING_TIMEOUT = dt.timedelta(
    seconds=getattr(settings, "PRINTING_PENDING_SECONDS", settings.CELERY_TASK_TIME_LIMIT + 60)
)
SENDS = 3

# The related rows a cached document's request is made of (`request_of`): read in one query.
REQUEST_FIELDS = ("event", "league", "round", "bracket", "registration")

# A document of many sheets (bracket sheets, all decklists: `chunks`) may need more than the
# task's time limits: its render is sent with limits of SHEET_SECONDS a sheet (as if one
# process rendered them all; the worker pool only makes it shorter), up to what the broker
# allows before it hands an unacknowledged task out again (CELERY_VISIBILITY_TIMEOUT, less
# VISIBILITY_MARGIN).
SHEET_SECONDS = 2
VISIBILITY_MARGIN = 60

# The task that renders a document (`tasks.render_document`), queued by its name.
RENDER_TASK = "printing.render_document"


def request_of(doc: CachedDocument, extra: dict | None = None) -> DocumentRequest:
    """The DocumentRequest a cached document stands for."""
    return DocumentRequest(
        kind=doc.kind,
        event=doc.event,
        league=doc.league,
        paper=doc.paper,
        round=doc.round,
        bracket=doc.bracket,
        registration=doc.registration,
        base_url=doc.base_url,
        extra=extra or {},
        language=doc.language,
        tables=doc.tables,
    )


def _identity(request: DocumentRequest) -> dict:
    """The fields that tell one cached document from another."""
    return {
        "kind": request.kind,
        "event": request.event,
        "league": request.league,
        "round": request.round,
        "bracket": request.bracket,
        "registration": request.registration,
        "paper": request.paper,
        "base_url": request.base_url,
        "language": request.language,
        "table_from": request.tables[0] if request.tables else None,
        "table_to": request.tables[1] if request.tables else None,
    }


def _lookup(request: DocumentRequest) -> CachedDocument | None:
    return CachedDocument.objects.filter(**_identity(request)).order_by("-created").first()


def is_current(doc: CachedDocument) -> bool:
    """Done, not expired, and built from exactly today's data."""
    return (
        doc.state == CachedDocument.State.DONE
        and not doc.is_expired
        and bool(doc.file)
        and doc.source_version == fingerprint(request_of(doc))
    )


def is_stale(doc: CachedDocument) -> bool:
    """A finished file whose data changed or that expired (a pending one is never stale)."""
    return doc.state != CachedDocument.State.PENDING and not is_current(doc)


def request_document(request: DocumentRequest) -> CachedDocument:
    """The cached document for this request: reused when current, else (re)generated."""
    _figures_stored_first(request)
    doc = _lookup(request)
    if doc is not None and doc.state == CachedDocument.State.PENDING:
        return recover_if_stuck(doc)
    if doc is not None and is_current(doc):
        return doc
    return regenerate(doc or CachedDocument(**_identity(request)))


def _figures_stored_first(request: DocumentRequest) -> None:
    """A scoring form prints stored figures only (it never writes): before it is
    fingerprinted and queued, the figures are stored (the recompute pipeline never ran for
    the event: players registered, nothing played) or their places re-ranked (marked stale
    by a confirmation whose deferred re-rank has not run yet)."""
    event = request.event
    if request.kind != Kind.SCORING_FORM or event is None:
        return
    if not reading.has_scoring(event):
        recompute.refresh_event(event)
    else:
        recompute.ensure_ranked(event)  # places the deferred re-rank has not stored yet


def regenerate(doc: CachedDocument) -> CachedDocument:
    """Mark the document pending and hand it to the worker (in-process when eager)."""
    doc.state = CachedDocument.State.PENDING
    doc.error = ""
    doc.sheets_done = doc.sheets_total = 0
    doc.created = timezone.now()
    doc.expires = doc.created + LIFETIME
    # While pending, generated_at is the last sign of life of the job (sent or started).
    doc.generated_at = None
    doc.save()
    _enqueue(doc.pk)
    doc.refresh_from_db()
    return doc


def _last_sign_of_life(doc: CachedDocument) -> dt.datetime:
    return max(doc.created, doc.generated_at or doc.created)


def _lost(doc: CachedDocument, now: dt.datetime, render: heartbeat.RenderState) -> bool:
    """A render that stopped beating is lost (within `heartbeat.ALIVE_SECONDS`), and so is one
    whose marks vanished with Redis' data (within `heartbeat.VANISHED_SECONDS` of the next
    sweep); one that never started may be waiting behind others, and is lost only after
    PENDING_TIMEOUT."""
    if render is heartbeat.RenderState.ALIVE:
        return False
    if render in (heartbeat.RenderState.LOST, heartbeat.RenderState.VANISHED):
        return True
    return now - _last_sign_of_life(doc) >= PENDING_TIMEOUT


def recover_if_stuck(doc: CachedDocument) -> CachedDocument:
    """Send a pending document's task again when it was lost; give up after SENDS tries."""
    if doc.state != CachedDocument.State.PENDING:
        return doc
    now = timezone.now()
    render = heartbeat.state(doc.pk)
    if not _lost(doc, now, render):
        return doc
    heartbeat.forget(doc.pk)  # the new task starts its own
    unchanged = CachedDocument.objects.filter(
        pk=doc.pk, state=CachedDocument.State.PENDING, generated_at=doc.generated_at
    )
    if now - doc.created >= PENDING_TIMEOUT * SENDS:
        unchanged.update(
            state=CachedDocument.State.FAILED,
            error=_("The document was not generated in time. Try again."),
        )
    elif unchanged.update(generated_at=now):  # only one of several pollers sends it again
        logger.warning(
            "printing: document %s was pending since %s (%s); sending again",
            doc.pk,
            _last_sign_of_life(doc),
            render,
        )
        _enqueue(doc.pk, recovering=True)
    doc.refresh_from_db()
    return doc


def recover_stuck_documents() -> int:
    """Re-send (or fail) every lost pending document; returns how many were looked at."""
    # Every pending one, however young: a first look that finds no mark only notes it (a mark
    # on its way is not mistaken for a loss: `heartbeat.state`), so the look right after
    # Redis came back counts.
    stuck = CachedDocument.objects.filter(state=CachedDocument.State.PENDING)
    count = 0
    for doc in stuck:
        recover_if_stuck(doc)
        count += 1
    return count


def _enqueue(doc_id: int, recovering: bool = False) -> None:
    if current_app.conf.task_always_eager:
        queueing.run_here(RENDER_TASK, doc_id)
    else:
        # The worker must see the committed row.
        transaction.on_commit(lambda: _send(doc_id, recovering))


def time_limits(doc: CachedDocument) -> dict[str, int]:
    """The render task's `soft_time_limit` and `time_limit` for this document when its
    sheets need more than the defaults; empty when the defaults do."""
    parts = document_for(doc.kind).parts(request_of(doc)) or ()
    default = settings.CELERY_TASK_SOFT_TIME_LIMIT
    soft = len(parts) * SHEET_SECONDS
    if soft <= default:
        return {}
    grace = settings.CELERY_TASK_TIME_LIMIT - default  # from the soft limit to the kill
    ceiling = settings.CELERY_VISIBILITY_TIMEOUT - grace - VISIBILITY_MARGIN
    soft = max(default, min(soft, ceiling))
    return {"soft_time_limit": soft, "time_limit": soft + grace}


def _send(doc_id: int, recovering: bool = False) -> None:
    """Queue the render; with the broker down, say so on the document instead of raising.

    Whatever asked (a judge confirming a result, an official asking for a PDF) has already
    saved its data: that must not turn into an error page. The document is marked failed
    with a "try again" message, and the next request for it queues it again. A document the
    recovery sends again (`recovering`: nobody waits on this call) stays pending instead:
    its marks are gone with the broker, so a sweep after the broker's return sends it again
    by itself, without anyone clicking "try again"."""
    try:
        doc = CachedDocument.objects.select_related(*REQUEST_FIELDS).filter(pk=doc_id).first()
        limits = time_limits(doc) if doc is not None else {}
    except DatabaseError:  # the default limits, rather than an error for whoever asked
        limits = {}
    heartbeat.queued(doc_id)  # before the task: a worker may start it at once
    try:
        queueing.enqueue(RENDER_TASK, doc_id, **limits)
    except BROKER_ERRORS as error:
        logger.warning("printing: could not queue document %s: %s", doc_id, error)
        if recovering:
            return
        CachedDocument.objects.filter(pk=doc_id, state=CachedDocument.State.PENDING).update(
            state=CachedDocument.State.FAILED,
            error=_("The print queue is not available right now. Try again in a minute."),
        )


def generate(doc_id: int) -> CachedDocument | None:
    """Render the PDF of a cached document and store it (run by the Celery task)."""
    doc = CachedDocument.objects.select_related(*REQUEST_FIELDS).filter(pk=doc_id).first()
    if doc is None:  # purged (or its event or league deleted) while the task waited
        logger.warning("printing: document %s no longer exists", doc_id)
        return None
    request = request_of(doc)
    started = time.monotonic()
    if doc.state == CachedDocument.State.PENDING:  # a sign of life for recover_if_stuck
        doc.generated_at = timezone.now()
        CachedDocument.objects.filter(pk=doc.pk).update(generated_at=doc.generated_at)
    try:
        # Fingerprint first: if data changes while we render, the next check sees it.
        version = fingerprint(request)
        with heartbeat.beating(doc.pk):
            pdf = render_document_pdf(
                request, progress=lambda done, total: _progress(doc, done, total)
            )
    except SoftTimeLimitExceeded:
        return _fail(doc, _("The document took too long to generate. Try again."))
    except Exception as error:
        logger.exception("printing: document %s failed", doc_id)
        return _fail(doc, f"{type(error).__name__}: {error}")
    old = doc.file.name if doc.file else None
    doc.file.save(doc.filename, ContentFile(pdf), save=False)
    if old and old != doc.file.name:
        doc.file.storage.delete(old)
    doc.source_version = version
    doc.state = CachedDocument.State.DONE
    doc.generated_at = timezone.now()
    doc.expires = doc.generated_at + LIFETIME
    doc.duration_ms = int((time.monotonic() - started) * 1000)
    doc.save()
    return doc


def _fail(doc: CachedDocument, reason: str) -> CachedDocument:
    doc.state = CachedDocument.State.FAILED
    doc.error = reason
    doc.save(update_fields=["state", "error"])
    return doc


def _progress(doc: CachedDocument, done: int, total: int) -> None:
    """Store how many sheets are rendered, for the status box ("312 of 729 sheets")."""
    doc.sheets_done, doc.sheets_total = done, total
    CachedDocument.objects.filter(pk=doc.pk).update(sheets_done=done, sheets_total=total)


def refresh_stale_documents(event) -> list[int]:
    """Queue a fresh render of the event's finished documents whose data just changed.

    Only with a real broker: eagerly, the judge who entered a result would wait for every
    PDF; the download check regenerates them anyway, so nothing stale is ever served.
    """
    if current_app.conf.task_always_eager:
        return []
    stale = [
        doc
        for doc in CachedDocument.objects.filter(event=event, state=CachedDocument.State.DONE)
        if not doc.is_expired and is_stale(doc)
    ]
    for doc in stale:
        regenerate(doc)
    return [doc.pk for doc in stale]


def purge_expired() -> int:
    """Delete expired documents and their files; returns how many."""
    expired = list(CachedDocument.objects.filter(expires__lte=timezone.now()))
    for doc in expired:
        if doc.file:
            doc.file.delete(save=False)
        doc.delete()
    return len(expired)
