"""A clone installed without the card data set runs: `import_cards --if-present` warns
instead of failing (the one-shot migrate service completes), and a decklist is saved with
a message that it cannot be checked, never a 500."""

import io

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournament.decks import carddata
from tournament.decks.models import Card

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
