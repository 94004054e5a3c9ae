"""Hostile decklists on the site: capped counts, text size and line count, never expanded."""

from django.urls import reverse

from scoring.deckformat import DeckFormat
from scoring.decklist import MAX_DECKLIST_CHARS
from tests.support.decks import deck_text
from tournament.decks.models import Decklist
from tournament.decks.services.checking import check_decklist

LEGAL = deck_text("legal_community_55.txt")


def validate(client, event, **data):
    return client.post(reverse("decks:validate", args=[event.pk]), data)


def test_validate_refuses_a_huge_count(client_as, event, player, registration):
    response = validate(client_as(player), event, text="10000000 Shaqat Beetles")
    assert response.status_code == 200
    body = response.content.decode()
    assert "a count of 10000000 is more than any deck holds (at most 110)" in body


def test_validate_refuses_a_4000_digit_count(client_as, event, player, registration):
    response = validate(client_as(player), event, text="9" * 4000 + " Shaqat Beetles")
    assert response.status_code == 200
    assert "Line 1 is too long (4015 characters, at most 200)." in response.content.decode()


def test_validate_refuses_oversized_text_and_many_lines(client_as, event, player, registration):
    client = client_as(player)
    body = validate(client, event, text="Waterdeep\n" * 2500).content.decode()
    assert "The list is too long: 25000 characters, at most 20000." in body
    body = validate(client, event, text="\n" * 450).content.decode()
    assert "The list has too many lines: 451, at most 400." in body


def test_counts_are_arithmetic(db):
    # A count is a number of copies: one entry, counted by multiplication (110 cards).
    check = check_decklist("110 Shaqat Beetles", DeckFormat(55))
    assert len(check.entries) == 1 and check.card_count == 110
    assert check.report.counts == {"Ally": 110}


def test_oversized_list_is_not_saved(client_as, event, player, registration):
    client = client_as(player)
    text = LEGAL + "\n#" + "x" * MAX_DECKLIST_CHARS
    response = client.post(reverse("decks:decklist", args=[event.pk]), {"text": text})
    assert response.status_code == 200
    html = response.content.decode()
    # The core's own messages: the whole list's size, and the over-long line by its number.
    assert "The list is too long:" in html and "at most 20000." in html
    line = text.count("\n") + 1
    assert f"Line {line} is too long (20001 characters, at most 200)." in html
    assert not Decklist.objects.filter(registration=registration).exists()
