"""The job a PDF rendering worker process runs: one chunk's HTML file in, its PDF file out.

No Django and no database: `chunks.render_in_chunks` starts the workers as a standard
process pool (billiard, Celery's own multiprocessing, started with "spawn" so a worker holds
WeasyPrint and one chunk, nothing of its parent) and hands each one file paths. A worker
lives across jobs, so WeasyPrint's import and font set-up are paid once.
"""

import gc
import resource


def peak_kib() -> int:
    """This process's peak resident memory in KiB. Linux's VmHWM belongs to this program;
    ru_maxrss would also count the parent's memory at the fork that started it."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


class ChunkFailed(RuntimeError):
    """WeasyPrint could not render a chunk (its message; always picklable)."""


def render_chunk(job: tuple[str, str]) -> tuple[int, int]:
    """Render the HTML file ``job[0]`` to the PDF file ``job[1]``; its page count and this
    worker's peak memory in KiB."""
    from weasyprint import HTML

    html_path, pdf_path = job
    try:
        document = HTML(filename=html_path).render()
        document.write_pdf(pdf_path)
        pages = len(document.pages)
    except Exception as error:
        raise ChunkFailed(f"{type(error).__name__}: {error}") from None
    finally:
        document = None
        # A laid-out document is a web of reference cycles: free it now, not after the next
        # one is built, so a worker's memory stays that of one chunk.
        gc.collect()
    return pages, peak_kib()
