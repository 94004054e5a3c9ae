"""A PDF rendering worker process: HTML files in, PDF files out (no Django, no database).

Started by `chunks.render_in_chunks` with ``python pdfworker.py``. It reads one job a line on
stdin, ``<html path>\\t<pdf path>``, renders it with WeasyPrint and answers one line on stdout,
``ok\\t<pdf path>\\t<pages>`` or ``error\\t<pdf path>\\t<message>``. It ends when stdin closes.
Keeping the worker alive across jobs pays WeasyPrint's import and font set-up once.
"""

import gc
import resource
import sys


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


def main() -> None:
    from weasyprint import HTML

    for line in sys.stdin:
        html_path, pdf_path = line.rstrip("\n").split("\t")
        document = None
        try:
            document = HTML(filename=html_path).render()
            document.write_pdf(pdf_path)
            answer = f"ok\t{pdf_path}\t{len(document.pages)}\t{peak_kib()}"
        except Exception as error:  # reported to the parent, which fails the document
            message = f"{type(error).__name__}: {error}".replace("\n", " ").replace("\t", " ")
            answer = f"error\t{pdf_path}\t{message}"
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
        document = None
        # A laid-out document is a web of reference cycles: free it now, not after the next
        # one is built, so a worker's memory stays that of one chunk.
        gc.collect()


if __name__ == "__main__":
    main()
