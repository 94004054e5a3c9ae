"""Large documents: rendered in chunks by worker processes, merged with pypdf.

WeasyPrint lays a document out in one process and holds every page in memory. A document of
many sheets — a round's bracket sheets (one per table), all decklists of an event (one per
player's list) — names its sheets (`PrintedDocument.parts`) and is split into chunks of
`PRINTING_CHUNK_SHEETS` sheets; this process writes each chunk's HTML (the same template,
context and "Printed" stamp as the whole document) while a standard process pool of
`PRINTING_WORKERS` workers (`pdfworker.render_chunk`, one per CPU core by default) renders
them, and the chunk PDFs are merged in order. Such pages carry no counter across sheets, so
the merged document has exactly the text of the single-process one. Memory is bounded by the
chunk size, not the document, and progress is reported after each chunk.
"""

import dataclasses
import io
import os
import tempfile
from collections import deque
from collections.abc import Callable

from billiard import get_context
from django.conf import settings
from django.utils import timezone
from pypdf import PdfWriter

from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.registry import document_for
from tournament.printing.documents.render import render_document_html, render_pdf
from tournament.printing.pdfworker import render_chunk

IN_FLIGHT = 2  # jobs handed to each worker ahead, so it never waits for the next chunk's HTML
WORKER_TIMEOUT = 300  # seconds to wait for one chunk: give up

ProgressCallback = Callable[[int, int], None]


class ChunkRenderError(RuntimeError):
    """A worker process failed to render a chunk (or was lost)."""


def chunk_sheets() -> int:
    return max(1, int(getattr(settings, "PRINTING_CHUNK_SHEETS", 40)))


def worker_count() -> int:
    """Worker processes to start: PRINTING_WORKERS, or one per CPU core this process may use."""
    configured = getattr(settings, "PRINTING_WORKERS", None)
    return max(1, int(configured or len(os.sched_getaffinity(0))))


def split_parts(request: DocumentRequest, size: int) -> list[list] | None:
    """The document's sheets (`PrintedDocument.parts`) in chunks of `size`, in print order;
    None for a document rendered whole."""
    parts = document_for(request.kind, request.event).parts(request)
    if parts is None:
        return None
    return [parts[start : start + size] for start in range(0, len(parts), size)]


def render_document_pdf(
    request: DocumentRequest,
    progress: ProgressCallback | None = None,
    *,
    size: int | None = None,
    workers: int | None = None,
    stats: dict | None = None,
) -> bytes:
    """The document's PDF: a document of sheets that makes more than one chunk by worker
    processes, everything else in this process. `progress(done, total)` is called as sheets
    finish; `stats` (for the benchmark) receives the largest worker's peak memory in KiB."""
    chunks = split_parts(request, size or chunk_sheets())
    if chunks is None:
        return render_pdf(request)
    total = sum(len(chunk) for chunk in chunks)
    if progress:
        progress(0, total)
    if len(chunks) > 1:
        return render_in_chunks(request, chunks, progress, workers or worker_count(), stats)
    pdf = render_pdf(request)
    if progress:
        progress(total, total)
    return pdf


def _pool(workers: int):
    """A standard process pool of `workers` PDF workers: billiard (Celery's multiprocessing,
    whose pool may start inside a Celery worker's daemon process, where the standard
    library's refuses) with "spawn", so a worker starts clean of this process's state."""
    context = get_context("spawn")
    python = getattr(settings, "PRINTING_PYTHON", None)
    if python:
        context.set_executable(python)
    return context.Pool(workers)


def _answer(result, pdf_path: str) -> tuple[int, int]:
    """The worker's answer for one chunk, or the error that fails the document."""
    try:
        return result.get(timeout=WORKER_TIMEOUT)
    except TimeoutError as error:
        raise ChunkRenderError("the PDF workers did not answer in time") from error
    except (Exception, SystemExit) as error:  # the job's error, or the loss of its worker
        cause = getattr(error, "exc", error)  # a lost worker's error arrives wrapped
        raise ChunkRenderError(f"a PDF worker failed on {pdf_path}: {cause}") from error


def render_in_chunks(
    request: DocumentRequest,
    chunks: list[list],
    progress: ProgressCallback | None,
    workers: int,
    stats: dict | None = None,
) -> bytes:
    """Render the chunks (lists of the document's parts) in `workers` processes and merge
    their PDFs in order.

    Each worker has `IN_FLIGHT` chunks queued, so it never waits for the next one's HTML;
    chunks are of equal size, so waiting for them in order costs nothing."""
    request = dataclasses.replace(request, printed_at=request.printed_at or timezone.now())
    document = document_for(request.kind, request.event)
    total = sum(len(chunk) for chunk in chunks)
    waiting = deque(enumerate(chunks))
    with tempfile.TemporaryDirectory(prefix="printing-") as folder:
        with _pool(min(workers, len(chunks))) as pool:
            running: deque = deque()

            def hand_out() -> None:
                index, parts = waiting.popleft()
                html_path = os.path.join(folder, f"chunk{index:05d}.html")
                pdf_path = os.path.join(folder, f"chunk{index:05d}.pdf")
                chunk = document.part_request(request, parts)
                with open(html_path, "w", encoding="utf-8") as handle:
                    handle.write(render_document_html(chunk))
                job = pool.apply_async(render_chunk, ((html_path, pdf_path),))
                running.append((job, pdf_path, len(parts)))

            for _job in range(min(len(chunks), workers * IN_FLIGHT)):
                hand_out()
            outputs, done = [], 0
            while running:
                job, pdf_path, sheets = running.popleft()
                _pages, peak = _answer(job, pdf_path)
                if stats is not None:
                    stats["worker_peak_kib"] = max(stats.get("worker_peak_kib", 0), peak)
                outputs.append(pdf_path)
                done += sheets
                if progress:
                    progress(done, total)
                if waiting:
                    hand_out()
        return merge_pdfs(outputs)


def merge_pdfs(paths: list[str]) -> bytes:
    """One PDF of the given files' pages, in order."""
    writer = PdfWriter()
    for path in paths:
        writer.append(path)
    output = io.BytesIO()
    writer.write(output)
    return output.getvalue()
