"""The decklist history reads as cards added and removed (SPEC §3: every change recorded)."""

from django.urls import reverse

from tournament.decks.carddata import get_card_index
from tournament.decks.history import card_changes
from tournament.decks.services.saving import save_decklist

BEFORE = "Waterdeep\n2 Age of Entropy\nGizmo the Wonder Llama\n"
AFTER = "Waterdeep\nAge of Entropy\nThe Barbarian's Decree (1st/429)\n"


def test_changes_count_copies_per_card(cards_db):
    rows = card_changes((BEFORE, ""), (AFTER, "Waterdeep"), get_card_index())
    summary = [(r.name.split(" (")[0], r.before, r.after, r.sideboard, r.recognised) for r in rows]
    # by hand: one Age of Entropy fewer, the Decree new, the unknown line gone, and a
    # Waterdeep in the sideboard; the main deck's Waterdeep did not change
    assert summary == [
        ("Age of Entropy", 2, 1, False, True),
        ("The Barbarian's Decree", 0, 1, False, True),
        ("Gizmo the Wonder Llama", 1, 0, False, False),
        ("Waterdeep", 0, 1, True, True),
    ]
    assert [(r.added, r.copies) for r in rows] == [(False, 1), (True, 1), (False, 1), (True, 1)]


def test_history_page_lists_cards_added_and_removed(
    cards_db, client_as, event, judge, registration
):
    save_decklist(registration, registration.player.user, BEFORE)
    save_decklist(registration, registration.player.user, AFTER)
    page = client_as(judge).get(reverse("decks:history", args=[event.pk, registration.pk]))
    html = page.content.decode()
    assert "removed</strong>" in html and "added</strong>" in html
    assert "1 × The Barbarian&#x27;s Decree" in html
    assert "(2 → 1)" in html
    assert "@@" not in html and "deck-diff" not in html  # no raw diff
