"""Printed paperwork of a one-on-one event (SPEC §11): the pairings of a round (tables,
players, byes), match slips (one per match, game by game, signatures) and the scoring form
that says the event is never scored. The PDFs are rendered with WeasyPrint and read back."""

import io

import pytest
from django.test import override_settings
from django.urls import reverse
from pypdf import PdfReader

from tests.support.one_on_one import TIME, play_game
from tests.support.results import seated
from tournament.events.models import Bracket, Round
from tournament.printing.chunks import render_document_pdf
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.match_slips import MatchSlips
from tournament.printing.documents.pairings import Pairings
from tournament.printing.documents.registry import document_for
from tournament.printing.documents.render import fingerprint, render_html, render_pdf
from tournament.printing.documents.swiss_scoring_form import SwissScoringForm
from tournament.printing.models import Kind
from tournament.rounds.services import rounds

pytestmark = pytest.mark.django_db


def pdf_pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def _matches(rnd: Round) -> list[Bracket]:
    return list(rnd.brackets.order_by("table"))


def request_for(event, kind, language="en", **fields) -> DocumentRequest:
    return DocumentRequest(kind=kind, event=event, paper="A4", language=language, **fields)


def test_a_one_on_one_event_prints_its_own_documents_for_the_round_kinds(swiss_event):
    event = swiss_event(4)
    assert isinstance(document_for(Kind.BRACKETS, event), MatchSlips)
    assert isinstance(document_for(Kind.BLANK_BRACKETS, event), MatchSlips)
    assert isinstance(document_for(Kind.SEATING, event), Pairings)
    assert isinstance(document_for(Kind.SCORING_FORM, event), SwissScoringForm)
    assert not isinstance(document_for(Kind.BRACKETS), MatchSlips)  # bracket events


def test_the_pairings_name_every_table_and_the_bye(swiss_event):
    # 5 players: two matches and one bye (SPEC §11: the odd player out).
    event = swiss_event(5)
    rnd = rounds.seat_next_round(event, seed=3)
    (bye,) = rnd.byes
    for language, title, bye_heading in (
        ("en", "PAIRINGS", "Byes"),
        ("pt-br", "EMPARCEIRAMENTOS", "Byes"),
    ):
        text = "\n".join(
            pdf_pages(render_pdf(request_for(event, Kind.SEATING, language, round=rnd)))
        )
        assert title in text.upper()
        assert bye_heading.upper() in text.upper()
        for match in _matches(rnd):
            for player in seated(match):
                assert player.name in text
        assert event.registrations.get(player_id=bye).player.name in text
    html = render_html(request_for(event, Kind.SEATING, round=rnd))
    # by table: table 1 then table 2, each "A vs B"
    assert html.index(">1</td>") < html.index(">2</td>")
    assert html.count('<td class="vs">vs</td>') == 2


def test_one_match_slip_per_match_with_a_row_per_game_and_both_signatures(
    swiss_event, judge, second_judge
):
    # 8 players, best of 3: four matches, two slips to a page → 2 pages; 3 game rows each.
    event = swiss_event(8, best_of=3)
    rnd = rounds.seat_next_round(event, seed=5)
    request = request_for(event, Kind.BLANK_BRACKETS, round=rnd)
    pages = pdf_pages(render_pdf(request))
    assert len(pages) == 2
    text = "\n".join(pages)
    assert text.upper().count("MATCH SLIP · TO FILL IN AT THE TABLE") == 4
    for match in _matches(rnd):
        for player in seated(match):
            assert text.count(player.name) >= 2  # heading and signature line
    html = render_html(request)
    assert html.count('<div class="match-slip">') == 4
    assert html.count('<td class="s-number">') == 4 * 3  # best of 3: three game rows
    assert html.count("Judge (name and signature)") == 4


def test_a_filled_slip_prints_the_games_and_time_counts(swiss_event, judge, second_judge):
    # Best of 1 with a time limit: the game ends by time 4-4 in unrazed realms; a razed 2
    # realms to b's 1, so a wins the game (more razed realms, SPEC §11) and the match 1-0.
    event = swiss_event(2, best_of=1, time_limit_minutes=50)
    rnd = rounds.seat_next_round(event, seed=1)
    (match,) = _matches(rnd)
    a, b = seated(match)
    rounds.start_timer(rnd)
    rounds.call_time(rnd)
    play_game(
        match,
        a,
        {a: 4, b: 4},
        judge,
        second_judge,
        ended_by=TIME,
        razed={a: 2, b: 1},
        holdings={a: 0, b: 0},
    )
    html = render_html(request_for(event, Kind.BRACKETS, round=rnd))
    row = html.split('<td class="s-number">1</td>', 1)[1].split("</tr>", 1)[0]
    cells = [c.split("</td>")[0].split(">", 1)[1] for c in row.split("<td")[1:]]
    # a: won, 4 unrazed, 2 razed, 0 holdings; b: not won, 4, 1, 0; ended by time
    assert cells == ["✔", "4", "2", "0", "", "4", "1", "0", "T"]
    assert f"Match winner: <strong>{a.name}</strong>" in html


def test_the_slips_fingerprint_follows_the_games(swiss_event, judge, second_judge):
    event = swiss_event(2)
    rnd = rounds.seat_next_round(event, seed=1)
    (match,) = _matches(rnd)
    a, b = seated(match)
    request = request_for(event, Kind.BRACKETS, round=rnd)
    before = fingerprint(request)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    assert fingerprint(request) != before


@override_settings(PRINTING_CHUNK_SHEETS=2, PRINTING_WORKERS=1)
def test_slips_in_chunks_read_like_the_document_rendered_whole(swiss_event):
    # 8 players: 4 slips; chunks of 2 tables each start a page, as the whole document does.
    event = swiss_event(8)
    rnd = rounds.seat_next_round(event, seed=5)
    request = request_for(event, Kind.BLANK_BRACKETS, round=rnd)
    whole = pdf_pages(render_pdf(request))
    merged = pdf_pages(render_document_pdf(request, workers=1))
    assert len(whole) == len(merged) == 2
    strip = lambda pages: [p.split("Printed")[0] for p in pages]  # noqa: E731
    assert strip(whole) == strip(merged)


def test_the_scoring_form_says_the_event_is_never_scored(swiss_event, judge, second_judge):
    # 2 players, one Swiss round: a beats b. One-on-one events are never scored for the
    # ranking (SPEC §11): the form says so and prints no ranking points.
    event = swiss_event(2, swiss_rounds=1)
    rnd = rounds.seat_next_round(event, seed=1)
    (match,) = _matches(rnd)
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    rounds.close_round(rnd)
    english = "\n".join(pdf_pages(render_pdf(request_for(event, Kind.SCORING_FORM))))
    assert "never scored" in english
    assert a.name in english and b.name in english
    assert "Coordinator and judges" not in english
    assert "MATCH POINTS" in english.upper() and "1-0-0" in english
    portuguese = "\n".join(pdf_pages(render_pdf(request_for(event, Kind.SCORING_FORM, "pt-br"))))
    assert "nunca são pontuados" in portuguese
    assert "PONTOS DE CONFRONTO" in portuguese.upper()


def test_the_printing_page_names_the_one_on_one_documents(swiss_event, organizer, client_as):
    event = swiss_event(4)
    rnd = rounds.seat_next_round(event, seed=1)
    client = client_as(organizer)
    page = client.get(reverse("printing:index", args=[event.pk])).content.decode()
    assert "Pairings" in page and "Match slips" in page and "Blank match slips" in page
    assert "Bracket sheets" not in page
    preview = client.get(
        reverse("printing:preview", args=[event.pk, Kind.BRACKETS]), {"round": rnd.number}
    )
    assert preview.status_code == 200
    assert preview.content.decode().count('<div class="match-slip">') == 2


@pytest.mark.parametrize("language", ["en", "pt-br"])
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_match_slip_headers_fit_their_cells(swiss_event, paper, language):
    """No column header ("UNRAZED", "NÃO ARRASADOS", …) runs out of its cell."""
    from django.utils import translation

    from tests.printing.test_every_document import overflowing_cells

    event = swiss_event(2, best_of=3)
    rnd = rounds.seat_next_round(event, seed=1)
    request = DocumentRequest(kind=Kind.BLANK_BRACKETS, event=event, paper=paper, round=rnd)
    with translation.override(language):
        html = render_html(request)
    assert overflowing_cells(html) == []


@pytest.mark.parametrize("language", ["en", "pt-br"])
@pytest.mark.parametrize("kind", [Kind.SEATING, Kind.SCORING_FORM])
def test_pairings_and_the_form_fit_their_cells(swiss_event, judge, second_judge, kind, language):
    from django.utils import translation

    from tests.printing.test_every_document import overflowing_cells

    event = swiss_event(3, swiss_rounds=1)
    rnd = rounds.seat_next_round(event, seed=1)
    (match,) = rnd.brackets.all()
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    rounds.close_round(rnd)
    fields = {"round": rnd} if kind == Kind.SEATING else {}
    request = DocumentRequest(kind=kind, event=event, paper="A4", **fields)
    with translation.override(language):
        html = render_html(request)
    assert overflowing_cells(html) == []
