"""The largest documents: a 27-player round's bracket sheets and a 100-player scoring form."""

import os
import random

import pytest
import weasyprint  # noqa: F401 (imported once per worker process)

from tests.support.pdf import pdf_pages
from tests.support.printing import add_players
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.render import render_pdf
from tournament.printing.models import Kind
from tournament.rounds.services import rounds as round_service
from tournament.rounds.simulate import play_round, run_event

pytestmark = pytest.mark.django_db
DUMP = os.environ.get("PRINTING_DUMP_DIR")


def rendered_pdf(request: DocumentRequest, name: str) -> bytes:
    """The document's PDF (kept in PRINTING_DUMP_DIR when set); its timing is in
    bench/bench_timings.py."""
    data = render_pdf(request)
    if DUMP:
        os.makedirs(DUMP, exist_ok=True)
        with open(os.path.join(DUMP, f"{name}.pdf"), "wb") as handle:
            handle.write(data)
    return data


def test_bracket_sheets_of_a_27_player_round(event):
    add_players(event, 27)
    rnd = round_service.seat_next_round(event, seed=1)
    play_round(rnd, random.Random(1))
    data = rendered_pdf(
        DocumentRequest(kind=Kind.BRACKETS, event=event, paper="A4", round=rnd), "brackets-27"
    )
    pages = pdf_pages(data)
    assert len(pages) == 9
    assert all("Round 1" in page for page in pages)


def test_scoring_form_of_a_finished_100_player_event(event):
    add_players(event, 100)
    run_event(event, random.Random(2))
    data = rendered_pdf(
        DocumentRequest(kind=Kind.SCORING_FORM, event=event, paper="Letter"), "scoring-100"
    )
    text = "\n".join(pdf_pages(data))
    assert "PARTICIPANTS 100" in text and "Player 100" in text and "Player 001" in text
