"""The list shown as written (SPEC §3): each line with the name the player wrote and the card
it is (number, type, level), the note when a rule read it; the title; every line accounted
for — on the decklist page (player and judge) and on the printed decklist sheet."""

import pytest
from django.urls import reverse

from tests.decks.test_upload import list_url, my_url
from tournament.decks.models import Decklist
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.render import render_html
from tournament.printing.models import Kind

pytestmark = pytest.mark.usefixtures("cards_db")

# Hand-worked: line 1 is a post title (names no card); Eauprofonde is FRN/001, the French
# Waterdeep; Caravana is A Caravana (POR/319) without its article, The Caravan; Acererak is the
# first word of one card, Acererak the Eternal (RR/038, Monster level 8); Hollow Worlds [IQ-5]
# is IQ/005 Hollow World; "Shaqat Beetlez" names no card; `// note` is a comment.
TEXT = (
    "Deck do Zé — Campeão Carioca\n"
    "Eauprofonde\n"
    "Caravana\n"
    "Acererak\n"
    "Hollow Worlds [IQ-5]\n"
    "Shaqat Beetlez\n"
    "// note\n"
)


def test_the_page_shows_every_line_and_what_it_became(client_as, event, player, registration):
    Decklist.objects.create(registration=registration, text=TEXT)
    html = client_as(player).get(my_url(event)).content.decode()
    assert "The list as written, line by line" in html
    assert "<strong>Deck do Zé — Campeão Carioca</strong>" in html  # the title
    assert (
        '<td class="num">4</td><td>Acererak</td><td><ul class="read-as"><li>'
        "<strong>Acererak the Eternal</strong> (RR/038, Monster, level 8)"
    ) in html
    assert "&quot;Eauprofonde&quot; is the French name of Waterdeep" in html
    assert "&quot;Caravana&quot; is the Portuguese name of The Caravan" in html
    assert "IQ/005 is &quot;Hollow World&quot;: read as that card" in html
    assert '<tr class="line-problem"><td class="num">6</td><td>Shaqat Beetlez</td>' in html
    assert '<tr class="line-comment"><td class="num">7</td><td>// note</td>' in html
    assert '<details class="deck-written" open>' in html  # notes and a problem: open


def test_the_judge_sees_it_too_and_live_validation_shows_it(
    client_as, event, judge, player, registration
):
    Decklist.objects.create(registration=registration, text=TEXT)
    html = client_as(judge).get(list_url(registration)).content.decode()
    assert '<td class="num">2</td><td>Eauprofonde</td>' in html
    live = client_as(player).post(reverse("decks:validate", args=[event.pk]), {"text": TEXT})
    assert '<td class="num">3</td><td>Caravana</td>' in live.content.decode()


def test_the_sheet_prints_the_lines_a_rule_read(event, registration):
    Decklist.objects.create(registration=registration, text=TEXT)
    request = DocumentRequest(
        kind=Kind.DECKLIST, event=event, paper="A4", registration=registration
    )
    html = render_html(request)
    assert "Lines read by a rule (as written → the card)" in html
    assert '<td class="num">2</td><td>Eauprofonde</td><td>Waterdeep <span class="pno">' in html
    assert '<td class="num">6</td><td>Shaqat Beetlez</td>' in html  # still unresolved
