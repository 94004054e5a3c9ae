"""The four documents: real content in the PDF text, page counts and paper sizes."""

import os

import pytest

from tests.support.pdf import pdf_pages, pdf_reader
from tournament.events.models import Bracket, Seat
from tournament.events.services.editing import save_event
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.render import render_html, render_pdf
from tournament.printing.models import Kind
from tournament.standings.recompute import refresh_event

DUMP = os.environ.get("PRINTING_DUMP_DIR")  # set to keep the PDFs for a visual check

pytestmark = pytest.mark.django_db


def pdf(kind: str, event, name: str = "", **fields) -> bytes:
    data = render_pdf(
        DocumentRequest(kind=kind, event=event, paper=fields.pop("paper", "A4"), **fields)
    )
    if DUMP:
        os.makedirs(DUMP, exist_ok=True)
        with open(os.path.join(DUMP, f"{name or kind}.pdf"), "wb") as handle:
            handle.write(data)
    return data


def test_filled_bracket_sheets_one_page_per_bracket_with_results(event, played_round):
    data = pdf(Kind.BRACKETS, event, "brackets", round=played_round, base_url="https://sf.example")
    pages = pdf_pages(data)
    brackets = list(played_round.brackets.order_by("table"))
    assert len(pages) == len(brackets) == 3
    for text, bracket in zip(pages, brackets, strict=True):
        assert "SPELLFIRE: Championship—Standard [55]" in text
        assert f"TABLE\n{bracket.table}" in text
        assert "Round 1" in text and "×1" in text
        for seat in bracket.seats.select_related("registration__player"):
            player = seat.registration.player
            line = row_line(text, player.player_number)
            assert player.name in line
            # the place and points the pipeline stored, last on the player's line
            assert line.endswith(f" {seat.figures.place} {seat.figures.points}")
        for game in bracket.games.all():
            for count in game.unrazed.values():
                assert str(count) in text
        assert bracket.winner.name in text
        assert f"https://sf.example/events/{event.pk}/" in text  # QR target printed below it


def row_line(text: str, player_number: str) -> str:
    """The grid line of one player on a bracket sheet's text."""
    return next(line for line in text.splitlines() if f"No. {player_number}" in line)


def test_bracket_sheet_prints_the_stored_points_of_a_double_points_event(event, played_round):
    """SPEC §6: placement points × round × event multiplier. Round 1 of a double-points
    event: the bracket winner earns 4 × 1 × 2 = 8, 2nd 3 × 1 × 2 = 6, 3rd 2 × 1 × 2 = 4."""
    event.event_multiplier = 2
    save_event(event, {"event_multiplier"})  # the pipeline stores the doubled figures
    played_round.refresh_from_db()  # and the round's multiplier (the sheet prints it)
    bracket = played_round.brackets.order_by("table").first()
    text = pdf_pages(pdf(Kind.BRACKETS, event, round=played_round, bracket=bracket))[0]
    assert "Multiplier ×2" in text
    expected = {1: 8, 2: 6, 3: 4}
    for seat in bracket.seats.select_related("registration__player"):
        line = row_line(text, seat.registration.player.player_number)
        assert line.endswith(f" {seat.figures.place} {expected[seat.figures.place]}")


def test_blank_sheet_has_names_but_no_results(event, played_round):
    pages = pdf_pages(pdf(Kind.BLANK_BRACKETS, event, "blank", round=played_round))
    assert len(pages) == 3
    first = played_round.brackets.order_by("table").first()
    for seat in first.seats.select_related("registration__player"):
        assert seat.registration.player.name in pages[0]
    assert "= " not in pages[0]  # no points filled
    assert "Game 5" in pages[0]  # five game columns to fill
    assert "Judge (name and signature)" in pages[0]


def test_seating_sheet_alphabetical_and_by_table(event, seated_round):
    text = "\n".join(pdf_pages(pdf(Kind.SEATING, event, "seating", round=seated_round)))
    seats = Seat.objects.filter(bracket__round=seated_round).select_related(
        "registration__player", "bracket"
    )
    names = sorted(s.registration.player.name for s in seats)
    positions = [text.index(name) for name in names]
    assert positions == sorted(positions)  # the first list is alphabetical
    for seat in seats:
        player = seat.registration.player
        assert f"{player.name} {player.player_number} {seat.bracket.table}" in text
    assert "9 players seated" in text and "3 tables" in text


def test_scoring_form_points_officials_due_date(event, finished_event):
    text = "\n".join(pdf_pages(pdf(Kind.SCORING_FORM, event, "scoring")))
    assert "SPELLFIRE: Championship—Standard [55]" in text
    assert "2026-12-21" in text  # 2026-11-21 + 30 days
    assert "Halifax" in text and "Ann Organiser" in text and "Bob Judge" in text
    assert "PARTICIPANTS 9" in text
    assert "Yes — counts toward the rankings" in text
    for seat in Seat.objects.filter(bracket__round__event=event).select_related(
        "registration__player"
    ):
        assert seat.registration.player.name in text
    final = Bracket.objects.get(round__event=event, round__is_final=True)
    champion = Seat.objects.filter(registration__player=final.winner, bracket__round__event=event)
    total = sum(s.figures.points for s in champion)
    assert f"{final.winner.name} {final.winner.player_number}" in text
    assert f" {total}\n" in text or text.rstrip().endswith(str(total))
    # coordinator 1 per participant (9), judges 1 per 2 players (4)
    assert "1 point per participating player 9" in text
    assert text.count("1 point per 2 players 4") == 2


def test_scoring_form_not_eligible_and_forfeited(event, judge):
    from tests.support.printing import add_players
    from tournament.events.models import Registration

    add_players(event, 5)
    Registration.objects.create(event=event, player=judge, checked_in=True)  # a judge who plays
    refresh_event(event)  # what the print service does first: the form prints stored figures
    text = "\n".join(pdf_pages(pdf(Kind.SCORING_FORM, event)))
    assert "No — not eligible for the rankings" in text
    assert "scored events need at least 9" in text
    assert "forfeited (played)" in text


@pytest.mark.parametrize(("paper", "size"), [("A4", (595, 842)), ("Letter", (612, 792))])
def test_paper_sizes(event, seated_round, paper, size):
    reader = pdf_reader(pdf(Kind.SEATING, event, round=seated_round, paper=paper))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size


DECK = {
    "groups": [
        {
            "type": "Realms",
            "rows": [
                {
                    "count": 1,
                    "name": "Menzoberranzan",
                    "set": "FR/3",
                    "level": None,
                    "world": "Forgotten Realms",
                },
                {
                    "count": 1,
                    "name": "Waterdeep",
                    "set": "1st/5",
                    "level": None,
                    "world": "Forgotten Realms",
                },
            ],
        },
        {
            "type": "Champions",
            "rows": [
                {
                    "count": 2,
                    "name": "Shaqat Beetles",
                    "set": "DS/55",
                    "level": 4,
                    "world": "Dark Sun",
                }
            ],
        },
    ],
    "champion_levels": 8,
}


def test_decklist_sheet_from_plain_context(event, registered_players):
    registration = event.registrations.get(player=registered_players[0])
    request = DocumentRequest(
        kind=Kind.DECKLIST,
        event=event,
        paper="A4",
        registration=registration,
        extra={"decklist": DECK},
    )
    text = "\n".join(pdf_pages(render_pdf(request)))
    if DUMP:
        with open(os.path.join(DUMP, "decklist.pdf"), "wb") as handle:
            handle.write(render_pdf(request))
    assert registered_players[0].name in text
    assert "Menzoberranzan" in text and "FR/3" in text and "Shaqat Beetles" in text
    assert "Realms 2" in text and "Champions 2" in text
    assert "Total 4" in text and "Champion level total 8" in text


def test_decklist_sheet_without_a_registered_list(event, registered_players):
    registration = event.registrations.first()
    request = DocumentRequest(
        kind=Kind.DECKLIST, event=event, paper="A4", registration=registration
    )
    assert "No decklist registered" in "\n".join(pdf_pages(render_pdf(request)))


def test_preview_is_the_same_template(event, played_round):
    html = render_html(
        DocumentRequest(kind=Kind.BRACKETS, event=event, paper="A4", round=played_round)
    )
    assert "Advancement grid" in html and "<svg" in html


def test_decklist_sheet_from_the_decks_app(event, registered_players):
    """A list registered through the decks app is printed grouped by card type."""
    from tournament.decks.models import Decklist

    registration = event.registrations.get(player=registered_players[1])
    Decklist.objects.create(registration=registration, text="1 Shaqat Beetles\n")
    request = DocumentRequest(
        kind=Kind.DECKLIST, event=event, paper="A4", registration=registration
    )
    text = "\n".join(pdf_pages(render_pdf(request)))
    assert "Shaqat Beetles" in text and "4th/234" in text
    assert "Allies 1" in text and "Total 1" in text
    assert "does not pass validation" in text  # one card is not a legal 55-card deck


def test_scoring_form_is_printed_in_the_language_of_who_asked(event, registered_players):
    import random

    from tournament.rounds.simulate import run_event

    event.registrations.first().delete()  # 8 players: not eligible, with a reason to print
    run_event(event, random.Random(5))
    english = "\n".join(pdf_pages(pdf(Kind.SCORING_FORM, event)))
    portuguese = "\n".join(pdf_pages(pdf(Kind.SCORING_FORM, event, language="pt-br")))
    assert "Only 8 participants; scored events need at least 9." in english
    assert "Only 8 participants" not in portuguese
    assert "8 participantes" in portuguese


def test_decklist_sheet_lists_unresolved_lines_and_counts_their_cards(event, registered_players):
    """A deck check must see every card the player wrote: the lines that named no card are
    printed as written, with their line numbers, and the count says how many cards they hold
    (here 2 + 3 = 5 cards on lines 2 and 4, besides the 1 card resolved on line 1)."""
    from tournament.decks.models import Decklist

    registration = event.registrations.get(player=registered_players[1])
    text = "1 Shaqat Beetles\n2 Zzqx Unknown\n\n3 Qqqq Nothing\n"
    Decklist.objects.create(registration=registration, text=text)
    request = DocumentRequest(
        kind=Kind.DECKLIST, event=event, paper="A4", registration=registration
    )
    html = render_html(request)
    assert "Unresolved lines (not counted above)" in html
    assert '<td class="num">2</td><td>2 Zzqx Unknown</td>' in html
    assert '<td class="num">4</td><td>3 Qqqq Nothing</td>' in html
    assert "1 <strong>+ 5 cards on unresolved lines</strong>" in html
