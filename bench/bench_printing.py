"""Benchmark printed bracket sheets: `.venv/bin/python -m bench.bench_printing`.

Builds, in a throw-away test database, round 1 of events of 243, 729 and 2,187 players (81,
243 and 729 brackets, simulated results), then renders each round's bracket sheets the way
the background task does (chunks in worker processes, merged) and prints seconds, pages,
seconds per page and the ratio to ONE sheet rendered in the same run: on a shared machine
the ratio is the figure that compares between runs; so are the CPU seconds. `--single` also
renders each document in one process (the path before chunking) for comparison. `--workers`
/ `--chunk` override PRINTING_WORKERS / PRINTING_CHUNK_SHEETS. "worker MiB" is the largest
resident set any worker process reported.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import time

import django

BRACKETS = (81, 243, 729)
TARGET_729 = 40.0  # seconds for the 729-sheet document on 2 cores


def build_round(brackets: int, tag: str):
    """Round 1 of a `3 × brackets`-player event, seated and played (stored figures)."""
    from bench.fixtures import event_with_players
    from tournament.rounds.services import rounds as round_service
    from tournament.rounds.simulate import play_round

    event = event_with_players(tag, brackets * 3)
    rnd = round_service.seat_next_round(event, seed=brackets)
    play_round(rnd, random.Random(brackets))
    return event, rnd


def request_for(event, rnd, bracket=None):
    from tournament.printing.documents.base import DocumentRequest

    return DocumentRequest(
        kind="brackets",
        event=event,
        paper="A4",
        round=rnd,
        bracket=bracket,
        base_url="https://bench.example",
    )


def pages_of(pdf: bytes) -> int:
    import io

    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def cpu_seconds() -> tuple[float, float]:
    """CPU time of this process, and of its finished children (the PDF workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def timed(render) -> tuple[float, float, float, bytes]:
    """Wall seconds, CPU seconds of this process and of the workers, and `render()`'s PDF."""
    started, (own, workers) = time.perf_counter(), cpu_seconds()
    pdf = render()
    own_after, workers_after = cpu_seconds()
    return time.perf_counter() - started, own_after - own, workers_after - workers, pdf


def peak_mib(who: int) -> float:
    return resource.getrusage(who).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--single", action="store_true", help="also time the one-process path")
    parser.add_argument(
        "--single-max", type=int, default=729, help="…for documents of at most this many sheets"
    )
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--chunk", type=int, default=None)
    parser.add_argument("--sizes", default=",".join(map(str, BRACKETS)))
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

    import weasyprint  # noqa: F401 (imported once, outside the timings)
    from django.db import connection

    from tournament.printing import chunks
    from tournament.printing.documents.render import render_pdf

    workers = args.workers or chunks.worker_count()
    size = args.chunk or chunks.chunk_sheets()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        started = time.perf_counter()
        rounds = {n: build_round(n, f"B{n}") for n in sizes}
        print(f"built {len(sizes)} rounds in {time.perf_counter() - started:.1f} s")
        print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(f"workers {workers}, {size} sheets a chunk, {os.cpu_count()} CPUs")

        event, rnd = rounds[sizes[0]]
        one = request_for(event, rnd, rnd.brackets.order_by("table").first())
        render_pdf(one)  # warm: templates, fonts
        sheet = statistics.median(timed(lambda: render_pdf(one))[0] for _ in range(5))
        print(f"one sheet (median of 5): {sheet * 1000:.0f} ms")
        print(
            "wall: seconds on this machine now; × sheet: wall / one sheet's wall (same run);\n"
            "cpu: CPU seconds of this process (HTML, merge) + the workers (layout);\n"
            "cpu/2: the wall time two idle cores would need if the work spread evenly over\n"
            "both (an estimate, not a measurement)"
        )
        print()
        print(
            f"{'brackets':>8} {'path':<8} {'wall s':>7} {'pages':>6} {'s/page':>7} "
            f"{'× sheet':>8} {'cpu s (this+workers)':>21} {'cpu/2':>6} {'worker MiB':>10}"
        )
        stats: dict = {}
        paths = [
            (
                "chunked",
                lambda r: chunks.render_document_pdf(r, size=size, workers=workers, stats=stats),
            )
        ]
        if args.single:
            paths.append(("single", render_pdf))
        for n in sizes:
            event, rnd = rounds[n]
            request = request_for(event, rnd)
            for label, render in paths:
                if label == "single" and n > args.single_max:
                    continue
                stats.clear()
                wall, own, work, pdf = timed(lambda render=render, request=request: render(request))
                pages = pages_of(pdf)
                cpu = own + work
                peak = f"{stats['worker_peak_kib'] / 1024:10.0f}" if stats else f"{'-':>10}"
                print(
                    f"{n:>8} {label:<8} {wall:7.1f} {pages:6d} {wall / pages:7.3f} "
                    f"{wall / sheet:8.0f} {cpu:7.1f} ({own:5.1f}+{work:5.1f}) "
                    f"{cpu / 2:6.1f} {peak}",
                    flush=True,
                )
        print()
        print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(f"peak memory of this process: {peak_mib(resource.RUSAGE_SELF):.0f} MiB")
        print(f"target: 729 sheets in ≤ {TARGET_729:.0f} s on 2 cores (quiet machine)")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    # Django is set up here, not on import: the PDF workers are started with "spawn", which
    # imports this module again in each of them, and they need nothing of Django.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    django.setup()
    main()
