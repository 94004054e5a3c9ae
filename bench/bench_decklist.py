"""Hostile decklists: time and peak memory of checking them (what `decklist/validate/` runs).

Run from the repository root: `.venv/bin/python -m bench.bench_decklist`. Prints one line per
input: characters, seconds (median of 5), CPU seconds of this process (median of 5: on a
machine shared with other work, wall time measures the load as much as the check) and the
peak memory the check allocated. Every hostile input must stay in the range of a real
110-card list.
"""

from __future__ import annotations

import os
import statistics
import time
import tracemalloc
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
django.setup()

from scoring.deckformat import DeckFormat  # noqa: E402
from tournament.decks.carddata import csv_card_index  # noqa: E402
from tournament.decks.services.checking import check_decklist  # noqa: E402

DECKS = Path(__file__).resolve().parents[1] / "tests" / "scoring" / "decks"


def inputs() -> dict[str, str]:
    real = (DECKS / "legal_community_110.txt").read_text(encoding="utf-8")
    return {
        "real 110-card list": real,
        "10000000 Shaqat Beetles": "10000000 Shaqat Beetles",
        "150-digit count": "9" * 150 + " Shaqat Beetles",
        "4000-digit count": "9" * 4000 + " Shaqat Beetles",
        "401 lines": "110 Shaqat Beetles\n" * 400,
        "399 lines x 110 Beetles": "110 Shaqat Beetles\n" * 398 + "110 Shaqat Beetles",
        "100 lines of 199 junk": ("Zq" * 99 + "z\n") * 100,
        "399 near-miss names": "".join(f"Shaqat Beetlez {n:03d}\n" for n in range(399)),
        # International names nearly written (French, German, Portuguese) and read rightly.
        "399 near-miss foreign": "".join(
            f"{('Eauprofondz', 'Die Karawanne', 'A Caravanna')[n % 3]} {n:03d}\n"
            for n in range(399)
        ),
        "399 foreign names": "".join(
            f"{('Eauprofonde', 'Die Karawane', 'Caravana')[n % 3]}\n" for n in range(399)
        ),
        "one 100,000-char line": "Waterdeep\n" + "Shaqat Beetles " * 6_667,
        "2 MB of text": "Shaqat Beetles\n" * 140_000,
        "one 1 MB line": "x" * 1_000_000,
    }


def measure(text: str, index) -> tuple[float, float, int, str]:
    times, cpu = [], []
    for _ in range(5):
        started, cpu_started = time.perf_counter(), time.process_time()
        check = check_decklist(text, DeckFormat(110), index=index)
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
    tracemalloc.start()
    check_decklist(text, DeckFormat(110), index=index)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    first = check.problems[0].code if check.problems else "legal"
    return statistics.median(times), statistics.median(cpu), peak, first


def main() -> None:
    from django.conf import settings

    index = csv_card_index(str(settings.CARD_DATA_DIR))
    print(f"{'input':<26} {'chars':>9} {'seconds':>9} {'cpu s':>9} {'peak KiB':>9}  first problem")
    for name, text in inputs().items():
        seconds, cpu, peak, first = measure(text, index)
        print(f"{name:<26} {len(text):>9} {seconds:>9.4f} {cpu:>9.4f} {peak // 1024:>9}  {first}")


if __name__ == "__main__":
    main()
