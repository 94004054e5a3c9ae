"""A clone installed without the card data set runs: `import_cards --if-present` warns
instead of failing (the one-shot migrate service completes), and a decklist is saved with
a message that it cannot be checked, never a 500."""

import io
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from tournament.decks import carddata
from tournament.decks.models import Card, Decklist
from tournament.events.choices import Status
from tournament.notifications.kinds import Kind
from tournament.notifications.models import Message
from tournament.notifications.reminders import decklist_reminders

pytestmark = pytest.mark.django_db


@pytest.fixture
def no_card_data(settings, tmp_path, monkeypatch):
    settings.CARD_DATA_DIR = tmp_path / "nothing-here"
    Card.objects.all().delete()
    # Nothing imported (the per-process index of an earlier import is not this site's).
    monkeypatch.setattr(carddata, "card_index_from_db", lambda: None)
    carddata.csv_card_index.cache_clear()
    yield
    carddata.csv_card_index.cache_clear()


def test_the_import_warns_when_asked_if_present(no_card_data):
    err = io.StringIO()
    call_command("import_cards", "--if-present", stdout=io.StringIO(), stderr=err)
    assert "No card data set at" in err.getvalue()
    with pytest.raises(CommandError):
        call_command("import_cards", stdout=io.StringIO())


def test_a_decklist_is_saved_with_the_reason_it_is_not_checked(
    no_card_data, client_as, event, registered_players
):
    player = registered_players[0]
    client = client_as(player)
    url = reverse("decks:decklist", args=[event.pk])
    response = client.post(url, {"text": "12 Shaqat Beetles"}, follow=True)
    assert response.status_code == 200
    assert "This site has no card data yet" in response.content.decode()
    # The list is kept as "cannot be checked yet", never "not legal": the reason is the
    # site's missing data, not the list (SPEC §3: the project imports the data set).
    decklist = Decklist.objects.get(registration__event=event, registration__player=player)
    assert decklist.status == Decklist.Status.UNCHECKED
    page = client.get(url).content.decode()
    assert "Cannot be checked yet" in page
    assert "Decklist not legal" not in page
    assert "0 / 55" not in page


def test_an_unchecked_list_gets_no_reminder_to_fix_it(no_card_data, event, registered_players):
    """The reminder goes to missing or illegal lists only: an unchecked list is not the
    player's fault. Two players: one unchecked list (no reminder), one without a list."""
    event.status = Status.REGISTRATION
    event.registration_deadline = timezone.now() + timedelta(hours=24)
    event.save(update_fields=["status", "registration_deadline"])
    unchecked, missing = (p.registrations.get(event=event) for p in registered_players[:2])
    Decklist.objects.create(registration=unchecked, text="12 Shaqat Beetles", status="unchecked")
    decklist_reminders()
    reminded = set(
        Message.objects.filter(kind=Kind.DECKLIST_PROBLEMS).values_list("recipient", flat=True)
    )
    assert missing.player.user_id in reminded
    assert unchecked.player.user_id not in reminded


def test_the_metagame_says_it_cannot_be_counted(no_card_data, client, event):
    event.status = Status.FINISHED
    event.save(update_fields=["status"])
    page = client.get(reverse("decks:event_metagame", args=[event.pk])).content.decode()
    assert "cannot be counted until the card data is imported" in page
