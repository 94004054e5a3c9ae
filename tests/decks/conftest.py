"""Decks fixtures: the card data imported once per session, registrations, a seated round."""

from pathlib import Path

import pytest
from django.conf import settings

from tests.support.players import make_player
from tournament.decks.carddata import import_card_data
from tournament.decks.models import Card
from tournament.events.models import Registration, Round


@pytest.fixture(scope="session")
def imported_cards(django_db_setup, django_db_blocker):
    """Import the CSV data into the test database once (kept for the whole session)."""
    with django_db_blocker.unblock():
        return import_card_data(Path(settings.CARD_DATA_DIR))


@pytest.fixture
def cards_db(imported_cards, db):
    """The imported cards inside the test's transaction (re-imported if a flush removed them)."""
    if not Card.objects.exists():
        import_card_data(Path(settings.CARD_DATA_DIR))
    return imported_cards


@pytest.fixture
def registration(event, player) -> Registration:
    return Registration.objects.create(event=event, player=player)


@pytest.fixture
def other_registration(event) -> Registration:
    return Registration.objects.create(event=event, player=make_player("other", "Olly Other"))


@pytest.fixture
def seat_round_one(event):
    """Mark round 1 as seated (what locks the lists), without seating machinery."""

    def _seat():
        event.status = "running"
        event.save(update_fields=["status"])
        return Round.objects.create(event=event, number=1, seed=1)

    return _seat
