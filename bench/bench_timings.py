"""Timings the unit tests used to assert: `.venv/bin/python -m bench.bench_timings`.

The tests check what these operations produce; this script prints how long they take and
whether each is within its target (a shared machine moves every figure):

- loading the card index from the CSV data (target 2 s);
- importing the card data into the database (target 10 s);
- the bracket sheets of a 27-player round and the scoring form of a finished 100-player
  event, rendered in one process (target 30 s each).

The database work runs in a throw-away test database.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402

CARD_INDEX_TARGET = 2.0
CARD_IMPORT_TARGET = 10.0
DOCUMENT_TARGET = 30.0


def timed(name: str, target: float, work: Callable[[], object]) -> None:
    started = time.perf_counter()
    work()
    seconds = time.perf_counter() - started
    verdict = "PASS" if seconds <= target else "FAIL"
    print(f"{name:<40} {seconds:8.2f} s   target ≤ {target:g} s  {verdict}")


def main() -> None:
    import weasyprint  # noqa: F401 (imported once, outside the timings)

    from bench.fixtures import event_with_players
    from scoring.cards import default_data_dir, load_card_index
    from tournament.decks.carddata import import_card_data
    from tournament.printing.documents.base import DocumentRequest
    from tournament.printing.documents.render import render_pdf
    from tournament.printing.models import Kind
    from tournament.rounds.services import rounds as round_service
    from tournament.rounds.simulate import play_round, run_event

    timed("card index load", CARD_INDEX_TARGET, lambda: load_card_index(default_data_dir()))
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        data_dir = Path(settings.CARD_DATA_DIR)
        timed("card data import", CARD_IMPORT_TARGET, lambda: import_card_data(data_dir))

        small = event_with_players("S", 27)
        rnd = round_service.seat_next_round(small, seed=1)
        play_round(rnd, random.Random(1))
        sheets = DocumentRequest(kind=Kind.BRACKETS, event=small, paper="A4", round=rnd)
        timed("bracket sheets, 27 players", DOCUMENT_TARGET, lambda: render_pdf(sheets))

        large = event_with_players("L", 100)
        run_event(large, random.Random(2))
        form = DocumentRequest(kind=Kind.SCORING_FORM, event=large, paper="Letter")
        timed("scoring form, 100 players", DOCUMENT_TARGET, lambda: render_pdf(form))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
