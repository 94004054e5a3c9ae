"""A judge's deck check: what it found and the penalty, recorded on the list (officials
only, once the event runs), shown with the list and carried by the published list and the
index of lists."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests.decks.test_published import enter, publish
from tests.support.decks import deck_text
from tournament.decks.models import DeckCheckFinding
from tournament.decks.services.deck_checks import record_deck_check
from tournament.events.models import Round

pytestmark = pytest.mark.usefixtures("cards_db")

TWO_MENZOBERRANZAN = "2 Menzoberranzan (4th/1)\n"


def start(event):
    """Round 1 seated: the event runs (lists were registered before)."""
    event.status = "running"
    event.save(update_fields=["status"])
    Round.objects.create(event=event, number=1, seed=1)
    return event


def page(client, event, registration) -> str:
    url = reverse("decks:registration_decklist", args=[event.pk, registration.pk])
    return client.get(url).content.decode()


def test_a_judge_records_what_the_check_found_and_the_penalty(event, client_as, judge):
    lena = enter(event, "lena", "Lena Lists", deck_text("legal_community_55.txt"))
    running = start(event)
    client = client_as(judge)
    response = client.post(
        reverse("decks:deck_check", args=[running.pk, lena.pk]),
        {"problem": "Two copies of Menzoberranzan in the deck.", "penalty": "game-loss"},
    )
    assert response.status_code == 302
    finding = DeckCheckFinding.objects.get()
    assert (finding.registration, finding.round_number, finding.penalty) == (lena, 1, "game-loss")
    assert finding.recorded_by == judge
    text = page(client, running, lena)
    assert "Two copies of Menzoberranzan in the deck." in text and "Game loss" in text


def test_the_published_list_and_the_index_carry_the_mark(event, judge, client):
    lena = enter(event, "lena", "Lena Lists", TWO_MENZOBERRANZAN, place=2)
    running = start(event)
    record_deck_check(judge.user, lena, "Two copies of Menzoberranzan.", "game-loss")
    publish(running, "all")
    public = page(client, running, lena)
    assert "Deck checks" in public and "Two copies of Menzoberranzan." in public
    assert "This list breaks the event" in public
    index = client.get(reverse("decks:decklists", args=[running.pk])).content.decode()
    assert 'class="badge deck-checked">1<' in index
    assert 'name="problem"' not in public  # the form is the officials'


def test_only_officials_record_and_only_with_a_finding_and_a_penalty(
    event, client_as, player, judge
):
    lena = enter(event, "lena", "Lena Lists", TWO_MENZOBERRANZAN)
    running = start(event)
    with pytest.raises(PermissionDenied):
        record_deck_check(player.user, lena, "Looks wrong.", "warning")
    with pytest.raises(PermissionDenied):
        record_deck_check(lena.player.user, lena, "Mine is fine.", "none")
    with pytest.raises(ValidationError, match="what the deck check found"):
        record_deck_check(judge.user, lena, "   ", "warning")
    with pytest.raises(ValidationError, match="penalty"):
        record_deck_check(judge.user, lena, "Two copies.", "burn-at-the-stake")
    response = client_as(player).post(
        reverse("decks:deck_check", args=[running.pk, lena.pk]),
        {"problem": "x", "penalty": "warning"},
    )
    assert response.status_code == 403
    assert not DeckCheckFinding.objects.exists()


def test_no_deck_check_before_the_event_runs(event, judge):
    lena = enter(event, "lena", "Lena Lists", TWO_MENZOBERRANZAN)
    with pytest.raises(ValidationError, match="once the event runs"):
        record_deck_check(judge.user, lena, "Two copies.", "warning")
