"""A PDF rendering worker process: HTML files in, PDF files out (no Django, no database).

Started by `chunks.render_in_chunks` with ``python pdfworker.py``. It reads one job a line on
stdin, ``<html path>\\t<pdf path>``, renders it with WeasyPrint and answers one line on stdout,
``ok\\t<pdf path>\\t<pages>`` or ``error\\t<pdf path>\\t<message>``. It ends when stdin closes.
Keeping the worker alive across jobs pays WeasyPrint's import and font set-up once.
"""

import gc
import resource
import sys


def main() -> None:
    from weasyprint import HTML

    for line in sys.stdin:
        html_path, pdf_path = line.rstrip("\n").split("\t")
        document = None
        try:
            document = HTML(filename=html_path).render()
            document.write_pdf(pdf_path)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            answer = f"ok\t{pdf_path}\t{len(document.pages)}\t{peak}"
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
