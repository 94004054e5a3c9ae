"""All decklists of an event in one file: rendered in chunks of players' lists by worker
processes, with progress, like bracket sheets (a 200-player event)."""

import dataclasses
import os
import re
from pathlib import Path

import pytest
from django.utils import timezone

from tests.support.pdf import pdf_pages
from tests.support.printing import add_players
from tournament.decks.models import Decklist
from tournament.printing import chunks, services
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.decklist_data import two_columns
from tournament.printing.documents.render import render_pdf
from tournament.printing.models import CachedDocument, Kind

pytestmark = pytest.mark.django_db
DECKS = Path(__file__).resolve().parents[1] / "scoring" / "decks"
# A legal 55-card list of real cards (Rule cards, Realms, Holdings, Champions, …).
DECK = (DECKS / "legal_community_55.txt").read_text(encoding="utf-8")


def register_lists(event, count: int) -> list:
    players = add_players(event, count)
    Decklist.objects.bulk_create(
        Decklist(registration=registration, text=DECK)
        for registration in event.registrations.filter(player__in=players)
    )
    return players


def decklists_request(event) -> DocumentRequest:
    return DocumentRequest(
        kind=Kind.ALL_DECKLISTS,
        event=event,
        paper="A4",
        base_url="https://sf.example",
        printed_at=timezone.now(),
    )


def test_chunked_decklists_print_the_same_text_as_the_single_render(event):
    """Three lists in chunks of one list, two worker processes: the same pages with the same
    text as the document rendered whole (no page counter runs across players)."""
    register_lists(event, 3)
    request = decklists_request(event)
    assert len(chunks.split_parts(request, 1)) == 3
    progress: list[tuple[int, int]] = []
    chunked = chunks.render_document_pdf(
        request, lambda done, total: progress.append((done, total)), size=1, workers=2
    )
    single = render_pdf(request)
    assert pdf_pages(chunked) == pdf_pages(single)
    assert progress == [(0, 3), (1, 3), (2, 3), (3, 3)]
    assert not re.search(r"\b\d+ / \d+\b", "\n".join(pdf_pages(single)))  # no "1 / 3"


def test_a_chunk_holds_the_lists_of_its_registrations_only(event):
    register_lists(event, 4)
    request = decklists_request(event)
    parts = chunks.split_parts(request, 3)
    # by player name: Player 001 … Player 004, three and one
    names = [
        list(event.registrations.filter(pk__in=chunk).values_list("player__name", flat=True))
        for chunk in parts
    ]
    assert [sorted(n) for n in names] == [
        ["Player 001", "Player 002", "Player 003"],
        ["Player 004"],
    ]
    second = dataclasses.replace(request, registrations=tuple(parts[1]))
    text = "\n".join(pdf_pages(render_pdf(second)))
    assert "Player 004" in text and "Player 001" not in text


# About 150 CPU seconds of rendering that reads the database only to start: CI runs the
# suite on SQLite and again on PostgreSQL, and this needs to run once.
@pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="rendering does not depend on the database: run once, in the SQLite run",
)
def test_all_decklists_of_a_200_player_event_render_in_chunks_with_progress(
    event, settings, monkeypatch
):
    """200 registered lists, chunks of 50 lists: the render reports 0, 50, 100, 150 and 200
    of 200 sheets as chunks come back, and the file holds every player's list in name order,
    each on pages of its own that name the player."""
    register_lists(event, 200)
    settings.PRINTING_CHUNK_SHEETS = 50
    settings.PRINTING_WORKERS = 2
    seen: list[tuple[int, int]] = []
    store = services._progress

    def record(doc, done, total):
        seen.append((done, total))
        store(doc, done, total)

    monkeypatch.setattr(services, "_progress", record)
    doc = services.request_document(decklists_request(event))
    assert doc.state == CachedDocument.State.DONE, doc.error
    assert seen == [(0, 200), (50, 200), (100, 200), (150, 200), (200, 200)]
    assert (doc.sheets_done, doc.sheets_total) == (200, 200)
    with doc.file.open("rb") as pdf:
        pages = pdf_pages(pdf.read())
    names = [set(re.findall(r"Player \d{3}", page)) for page in pages]
    assert all(len(on_page) == 1 for on_page in names)
    order = [on_page.pop() for on_page in names]
    assert order == sorted(order)
    assert sorted(set(order)) == [f"Player {n:03d}" for n in range(1, 201)]
    assert sum(page.count("Player's signature") for page in pages) == 200


def test_card_groups_are_split_into_two_columns_of_nearly_equal_height():
    """Heights are rows + 2 header rows: 4, 14, 6, 14, 5 (43). After the third group the
    columns are 24 and 19 (after the second 18 and 25): the first column takes three."""
    groups = [
        {"type": t, "rows": [{}] * n} for t, n in zip("ABCDE", (2, 12, 4, 12, 3), strict=True)
    ]
    left, right = two_columns(groups)
    assert [g["type"] for g in left] == ["A", "B", "C"]
    assert [g["type"] for g in right] == ["D", "E"]
    assert two_columns([]) == ([], [])
    only = [{"type": "A", "rows": [{}]}]
    assert two_columns(only) == (only, [])  # a lone group stands in the first column
