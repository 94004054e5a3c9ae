"""Every document in both paper sizes and both languages: page counts, sizes, text, fit."""

import pytest
from django.urls import reverse
from django.utils import translation
from weasyprint import HTML
from weasyprint.formatting_structure import boxes

from tests.support.pdf import pdf_pages, pdf_reader
from tournament.decks.models import Decklist
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.render import render_html, render_pdf
from tournament.printing.models import Kind

pytestmark = pytest.mark.django_db

SIZES = {"A4": (595, 842), "Letter": (612, 792)}
# A title every page of the document shows, in each language (existing translations).
TITLES = {
    Kind.BRACKETS: ("ADVANCEMENT GRID", "SÚMULA DE CLASSIFICAÇÃO"),
    Kind.BLANK_BRACKETS: ("ADVANCEMENT GRID", "SÚMULA DE CLASSIFICAÇÃO"),
    Kind.SEATING: ("SEATING SHEET", "FOLHA DE MESAS"),
    Kind.SCORING_FORM: ("TOURNAMENT SCORING FORM", "FORMULÁRIO DE PONTUAÇÃO DO TORNEIO"),
    Kind.DECKLIST: ("DECKLIST SHEET", "FOLHA DE LISTA DO BARALHO"),
    Kind.ALL_DECKLISTS: ("DECKLIST SHEET", "FOLHA DE LISTA DO BARALHO"),
}


@pytest.fixture
def finished_with_lists(finished_event, registered_players):
    """The finished 9-player event; two players registered a (one-card) list."""
    for player in registered_players[:2]:
        registration = finished_event.registrations.get(player=player)
        Decklist.objects.create(registration=registration, text="1 Shaqat Beetles\n")
    return finished_event


def document(event, kind: str, paper: str, language: str) -> list[str]:
    fields = {}
    if kind in (Kind.BRACKETS, Kind.BLANK_BRACKETS, Kind.SEATING):
        fields["round"] = event.rounds.get(number=1)
    if kind == Kind.DECKLIST:
        fields["registration"] = event.registrations.filter(decklist__isnull=False).first()
    data = render_pdf(
        DocumentRequest(kind=kind, event=event, paper=paper, language=language, **fields)
    )
    box = pdf_reader(data).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == SIZES[paper]
    return pdf_pages(data)


# Pages by hand: 9 players seat 3 brackets in round 1 (one sheet each); the seating sheet
# (9 names, 3 table cards), the scoring form (9 players, 3 officials) and a one-card
# decklist each fit one page; two players have a list.
PAGES = {
    Kind.BRACKETS: 3,
    Kind.BLANK_BRACKETS: 3,
    Kind.SEATING: 1,
    Kind.SCORING_FORM: 1,
    Kind.DECKLIST: 1,
    Kind.ALL_DECKLISTS: 2,
}


@pytest.mark.parametrize("language", ["en", "pt-br"])
@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("kind", list(PAGES))
def test_every_document_in_both_sizes_and_languages(
    finished_with_lists, registered_players, kind, paper, language
):
    pages = document(finished_with_lists, kind, paper, language)
    assert len(pages) == PAGES[kind]
    english, portuguese = TITLES[kind]
    title = english if language == "en" else portuguese
    assert all(title in page.upper() for page in pages)
    if language == "pt-br":
        assert not any(english in page.upper() for page in pages)
    text = "\n".join(pages)
    if kind in (Kind.SEATING, Kind.SCORING_FORM):
        assert all(player.name in text for player in registered_players)
    if kind == Kind.ALL_DECKLISTS:
        assert registered_players[0].name in pages[0] and registered_players[1].name in pages[1]


def _walk(box):
    yield box
    for child in getattr(box, "children", None) or []:
        yield from _walk(child)


def overflowing_cells(html: str) -> list[tuple[str, float]]:
    """Text wider than the table cell it is in: (text, points beyond the cell's edge)."""
    found = []
    for page in HTML(string=html).render().pages:
        for box in _walk(page._page_box):
            if isinstance(box, boxes.TableCellBox):
                right = box.content_box_x() + box.width
                for child in _walk(box):
                    if isinstance(child, boxes.TextBox):
                        beyond = child.position_x + child.width - right
                        if beyond > 0.5:
                            found.append((child.text, round(beyond, 1)))
    return found


@pytest.mark.parametrize("language", ["en", "pt-br"])
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_bracket_sheet_headers_fit_their_cells(event, played_round, paper, language):
    """No column header ("REALMS", "COLOCAÇÃO", …) runs out of its cell."""
    for kind in (Kind.BRACKETS, Kind.BLANK_BRACKETS):
        request = DocumentRequest(kind=kind, event=event, paper=paper, round=played_round)
        with translation.override(language):
            html = render_html(request)
        assert overflowing_cells(html) == []


def long_list(rows: int) -> dict:
    return {
        "groups": [
            {
                "type": "Champions",
                "rows": [
                    {"count": 1, "name": f"Champion {i:02d}", "set": f"X/{i}", "level": 3}
                    for i in range(rows)
                ],
            },
            {
                "type": "Avatars",
                "rows": [{"count": 1, "name": "Elemental Avatar of Air", "avatar": True}],
            },
        ]
    }


def test_decklist_second_page_repeats_the_player_and_marks_avatars(event, registered_players):
    registration = event.registrations.get(player=registered_players[0])
    player = registered_players[0]
    request = DocumentRequest(
        kind=Kind.DECKLIST,
        event=event,
        paper="A4",
        registration=registration,
        extra={"decklist": long_list(120)},
    )
    pages = pdf_pages(render_pdf(request))
    assert len(pages) >= 2
    for page in pages:
        assert f"{player.name} · No. {player.player_number}" in page
    assert "Elemental Avatar of Air AVATAR" in "\n".join(pages)


def test_avatar_from_a_registered_list_is_marked(event, registered_players):
    registration = event.registrations.get(player=registered_players[0])
    Decklist.objects.create(
        registration=registration, text="1 Elemental Avatar of Air\n1 Shaqat Beetles\n"
    )
    request = DocumentRequest(
        kind=Kind.DECKLIST, event=event, paper="A4", registration=registration
    )
    text = "\n".join(pdf_pages(render_pdf(request)))
    assert "Elemental Avatar of Air AVATAR" in text
    assert "Shaqat Beetles AVATAR" not in text


def test_decklist_sheets_offered_only_for_players_with_a_list(
    client_as, organizer, event, registered_players
):
    with_list = event.registrations.get(player=registered_players[3])
    Decklist.objects.create(registration=with_list, text="1 Shaqat Beetles\n")
    page = client_as(organizer).get(reverse("printing:index", args=[event.pk])).content.decode()
    assert registered_players[3].name in page
    assert f"registration={with_list.pk}" in page
    others = event.registrations.exclude(pk=with_list.pk)
    assert not any(f"registration={r.pk}&" in page for r in others)
    assert reverse("printing:generate", args=[event.pk, "decklists"]) in page


def test_no_inline_handlers_in_printing_templates(client_as, organizer, event, played_round):
    """The Content-Security-Policy forbids inline JavaScript: the paper choice and the
    preview's Print button work through static/js/printing.js."""
    client = client_as(organizer)
    index = client.get(reverse("printing:index", args=[event.pk])).content.decode()
    assert 'name="paper" data-autosubmit' in index and "js/printing.js" in index
    preview = client.get(reverse("printing:preview", args=[event.pk, "seating"]) + "?round=1")
    html = preview.content.decode()
    assert "onclick=" not in html and "onchange=" not in html and "data-print" in html


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_seating_sheet_of_27_players_fits_one_page(event, paper):
    """27 players: 9 names in each of three columns and 9 table cards three abreast."""
    from tests.support.printing import add_players
    from tournament.rounds.services import rounds as round_service

    add_players(event, 27)
    rnd = round_service.seat_next_round(event, seed=3)
    request = DocumentRequest(kind=Kind.SEATING, event=event, paper=paper, round=rnd)
    pages = pdf_pages(render_pdf(request))
    assert len(pages) == 1
    assert "27 players seated · 9 tables" in pages[0]
