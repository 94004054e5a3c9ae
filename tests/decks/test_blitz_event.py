"""Deck rules `blitz` wherever a format is chosen (SPEC §2): the event's choice, its clean
(25-card decks only), the event file's format check, and a Blitz event's decklist check."""

import dataclasses
from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring import model as m
from tests.support.decks import deck_text
from tournament.decks.services.checking import check_for_event
from tournament.eventfile.services import _format_issues
from tournament.events.choices import DeckRules
from tournament.events.models import Event, Registration


def test_blitz_is_a_deck_rules_choice():
    assert "blitz" in DeckRules.values


def test_the_event_form_offers_blitz(client_as, organizer):
    page = client_as(organizer).get(reverse("events:create")).content.decode()
    assert '<option value="blitz"' in page


@pytest.mark.django_db
def test_a_blitz_event_has_25_card_decks(event):
    event.deck_rules, event.deck_size = "blitz", 55
    with pytest.raises(ValidationError) as refused:
        event.clean()
    assert refused.value.message_dict["deck_size"] == ["Blitz decks have 25 cards."]
    event.deck_size = 25
    event.clean()


def test_the_event_file_refuses_blitz_with_55_cards():
    # The event file's format goes through Event.clean (eventfile.services._format_issues).
    fmt = m.Format(deck_size=55, deck_rules=m.DeckRules.BLITZ)
    issues = _format_issues(SimpleNamespace(format=fmt))
    assert [(i.path, i.message) for i in issues] == [("deck_size", "Blitz decks have 25 cards.")]
    assert _format_issues(SimpleNamespace(format=dataclasses.replace(fmt, deck_size=25))) == []


@pytest.mark.usefixtures("cards_db")
def test_a_blitz_events_lists_are_checked_by_the_blitz_rules(event):
    event.deck_rules, event.deck_size = "blitz", 25
    event.save()
    # legal_newbie_25.txt: 25 cards, champion levels 6 + 7 + 3 + 9 + 8 + 7 = 40.
    assert check_for_event(
        Event.objects.get(pk=event.pk), deck_text("legal_newbie_25.txt")
    ).is_legal
    text = deck_text("legal_newbie_25.txt").replace(
        "Bad Omens (1st/091)", "Age of Entropy (1st/423)"
    )
    check = check_for_event(event, text)
    assert [p.code for p in check.problems] == ["blitz_rule"]


@pytest.mark.usefixtures("cards_db")
def test_a_blitz_deck_shows_its_level_sum_against_the_limit(client_as, event, player):
    # SPEC §3 blitz: champion levels total at most 40; legal_newbie_25.txt totals
    # 6 + 7 + 3 + 9 + 8 + 7 = 40, shown as "40 / 40" like a 55-card deck's "/ 90".
    event.deck_rules, event.deck_size = "blitz", 25
    event.save()
    Registration.objects.create(event=event, player=player)
    url = reverse("decks:validate", args=[event.pk])
    body = client_as(player).post(url, {"text": deck_text("legal_newbie_25.txt")}).content
    assert '<dd class="num">40 / 40</dd>' in body.decode()
