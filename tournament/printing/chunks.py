"""Large bracket-sheet documents: rendered in chunks by worker processes, merged with pypdf.

WeasyPrint lays a document out in one process and holds every page in memory. A round of
729 brackets is therefore split by table into chunks of `PRINTING_CHUNK_SHEETS` sheets; this
process writes each chunk's HTML (the same template, context and "Printed" stamp as the
whole document) while `PRINTING_WORKERS` long-lived worker processes (`pdfworker.py`, one
per CPU core by default) render them, and the chunk PDFs are merged in table order. A
bracket sheet is one page and carries no page counter, so the merged document has exactly
the text of the single-process one. Memory is bounded by the chunk size, not the round.
"""

import contextlib
import dataclasses
import io
import os
import selectors
import subprocess
import sys
import tempfile
from collections import deque
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.utils import timezone
from pypdf import PdfWriter

from tournament.printing.documents import (
    DocumentRequest,
    render_document_html,
    render_pdf,
    sheet_brackets,
)
from tournament.printing.models import SHEET_KINDS

WORKER_SCRIPT = Path(__file__).with_name("pdfworker.py")
IN_FLIGHT = 2  # jobs handed to each worker ahead, so it never waits for the next chunk's HTML
WORKER_TIMEOUT = 300  # seconds without any answer from any worker: give up

ProgressCallback = Callable[[int, int], None]


class ChunkRenderError(RuntimeError):
    """A worker process failed to render a chunk (or stopped)."""


def chunk_sheets() -> int:
    return max(1, int(getattr(settings, "PRINTING_CHUNK_SHEETS", 40)))


def worker_count() -> int:
    """Worker processes to start: PRINTING_WORKERS, or one per CPU core this process may use."""
    configured = getattr(settings, "PRINTING_WORKERS", None)
    return max(1, int(configured or len(os.sched_getaffinity(0))))


def table_chunks(request: DocumentRequest, size: int) -> list[tuple[int, int, int]]:
    """(first table, last table, sheets) of each chunk of the document, in table order."""
    tables = list(sheet_brackets(request).values_list("table", flat=True))
    return [
        (part[0], part[-1], len(part))
        for part in (tables[start : start + size] for start in range(0, len(tables), size))
    ]


def render_document_pdf(
    request: DocumentRequest,
    progress: ProgressCallback | None = None,
    *,
    size: int | None = None,
    workers: int | None = None,
    stats: dict | None = None,
) -> bytes:
    """The document's PDF: bracket sheets of more than one chunk by worker processes,
    everything else in this process. `progress(done, total)` is called as sheets finish;
    `stats` (for the benchmark) receives the largest worker's peak memory in KiB."""
    if request.kind in SHEET_KINDS:
        chunks = table_chunks(request, size or chunk_sheets())
        total = sum(sheets for _first, _last, sheets in chunks)
        if progress:
            progress(0, total)
        if len(chunks) > 1:
            return render_in_chunks(request, chunks, progress, workers or worker_count(), stats)
        pdf = render_pdf(request)
        if progress:
            progress(total, total)
        return pdf
    return render_pdf(request)


class _Worker:
    """One `pdfworker.py` process and the part of its answer read so far."""

    def __init__(self, folder: str, number: int):
        self.stderr = open(os.path.join(folder, f"worker{number}.log"), "wb")  # noqa: SIM115
        python = getattr(settings, "PRINTING_PYTHON", None) or sys.executable
        self.process = subprocess.Popen(
            [python, str(WORKER_SCRIPT)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
        )
        self.buffer = b""

    def send(self, html_path: str, pdf_path: str) -> None:
        try:
            self.process.stdin.write(f"{html_path}\t{pdf_path}\n".encode())
            self.process.stdin.flush()
        except OSError as error:  # it died (e.g. WeasyPrint failed to start)
            raise self.stopped() from error

    def answers(self) -> list[list[str]]:
        """The complete answer lines available now (call when its stdout is readable)."""
        data = os.read(self.process.stdout.fileno(), 65536)
        if not data:
            raise self.stopped()
        self.buffer += data
        *lines, self.buffer = self.buffer.split(b"\n")
        return [line.decode().split("\t", 2) for line in lines]

    def stopped(self) -> ChunkRenderError:
        """The error to raise when the worker ended early, with the end of what it said."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)
        self.stderr.flush()
        with open(self.stderr.name, "rb") as handle:
            said = handle.read()[-500:].decode(errors="replace").strip() or "no message"
        return ChunkRenderError(f"a PDF worker stopped: {said}")

    def close(self) -> None:
        with contextlib.suppress(OSError):  # already gone
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()
        self.stderr.close()


def render_in_chunks(
    request: DocumentRequest,
    chunks: list[tuple[int, int, int]],
    progress: ProgressCallback | None,
    workers: int,
    stats: dict | None = None,
) -> bytes:
    """Render the chunks in `workers` processes and merge their PDFs in table order."""
    request = dataclasses.replace(request, printed_at=request.printed_at or timezone.now())
    total = sum(sheets for _first, _last, sheets in chunks)
    with tempfile.TemporaryDirectory(prefix="printing-") as folder:
        pool = [_Worker(folder, n) for n in range(min(workers, len(chunks)))]
        selector = selectors.DefaultSelector()
        try:
            for worker in pool:
                selector.register(worker.process.stdout, selectors.EVENT_READ, worker)
            waiting = deque(enumerate(chunks))
            jobs: dict[str, tuple[int, int]] = {}  # pdf path → (chunk index, sheets)

            def hand_out(worker: _Worker) -> None:
                index, (first, last, sheets) = waiting.popleft()
                html_path = os.path.join(folder, f"chunk{index:05d}.html")
                pdf_path = os.path.join(folder, f"chunk{index:05d}.pdf")
                chunk = dataclasses.replace(request, tables=(first, last))
                with open(html_path, "w", encoding="utf-8") as handle:
                    handle.write(render_document_html(chunk))
                worker.send(html_path, pdf_path)
                jobs[pdf_path] = (index, sheets)

            for _round in range(IN_FLIGHT):
                for worker in pool:
                    if waiting:
                        hand_out(worker)
            outputs: list[str | None] = [None] * len(chunks)
            done = 0
            while jobs:
                ready = selector.select(timeout=WORKER_TIMEOUT)
                if not ready:
                    raise ChunkRenderError("the PDF workers did not answer in time")
                for key, _events in ready:
                    worker = key.data
                    for status, pdf_path, detail in worker.answers():
                        if status != "ok":
                            raise ChunkRenderError(detail)
                        if stats is not None:
                            peak = int(detail.split("\t")[1])
                            stats["worker_peak_kib"] = max(stats.get("worker_peak_kib", 0), peak)
                        index, sheets = jobs.pop(pdf_path)
                        outputs[index] = pdf_path
                        done += sheets
                        if progress:
                            progress(done, total)
                        if waiting:
                            hand_out(worker)
            return merge_pdfs(outputs)
        finally:
            selector.close()
            for worker in pool:
                worker.close()


def merge_pdfs(paths: list[str]) -> bytes:
    """One PDF of the given files' pages, in order."""
    writer = PdfWriter()
    for path in paths:
        writer.append(path)
    output = io.BytesIO()
    writer.write(output)
    return output.getvalue()
