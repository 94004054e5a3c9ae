"""Registration rules: once per player, only while registration is open, never after round 1."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError

from tests.support.players import make_player
from tournament.events.models import Registration
from tournament.events.services import registration as service
from tournament.rounds.services.rounds import seat_next_round


def test_player_registers_once(event, player):
    service.register(event, player)
    with pytest.raises(ValidationError, match="Pat Player is already registered"):
        service.register(event, player)
    assert Registration.objects.filter(event=event, player=player).count() == 1


def test_database_refuses_a_double_registration(event, player):
    Registration.objects.create(event=event, player=player)
    with pytest.raises(IntegrityError):
        Registration.objects.create(event=event, player=player)


def test_no_registration_in_draft(event, player):
    event.status = "draft"
    event.save()
    with pytest.raises(ValidationError, match="not open for registration"):
        service.register(event, player)


def test_no_registration_after_the_event_starts(event, registered_players, player):
    seat_next_round(event, seed=1)
    with pytest.raises(ValidationError, match="Round 1 is seated"):
        service.register(event, player)
    assert not Registration.objects.filter(event=event, player=player).exists()


def test_withdraw_before_round_one_only(event, registered_players):
    registration = event.registrations.first()
    seat_next_round(event, seed=1)
    with pytest.raises(ValidationError, match="drop the player instead"):
        service.unregister(registration)


def test_register_page_flow(client_as, event, player):
    client = client_as(player)
    response = client.post(f"/events/{event.pk}/register/", follow=True)
    assert response.status_code == 200
    assert "You are registered." in response.content.decode()
    response = client.post(f"/events/{event.pk}/register/", follow=True)
    assert "already registered" in response.content.decode()
    assert event.registrations.filter(player=player).count() == 1


def test_signup_gives_a_permanent_player_number(client, db):
    make_player("old", "Old Timer")
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "email": "newbie@example.org",
            "password1": "a-Long-passphrase-9",
            "password2": "a-Long-passphrase-9",
            "name": "New Player",
            "country": "BR",
        },
    )
    assert (response.status_code, response.url) == (302, "/accounts/signup/sent/")
    from tournament.accounts.models import Player

    numbers = sorted(int(p.player_number) for p in Player.objects.all())
    assert numbers == [1001, 1002]
    newbie = Player.objects.get(name="New Player")
    assert newbie.country == "BR"
    assert not newbie.email_verified  # until the link mailed to newbie@example.org is opened


def test_judges_cannot_include_the_organizer(event, organizer):
    with pytest.raises(ValidationError, match="coordinator"):
        service.set_judges(event, [organizer])


def test_event_clean_names_the_wrong_field(organizer):
    from tournament.events.models import Event

    bad = Event(
        name="x",
        date="2026-01-01",
        venue="v",
        organizer=organizer,
        tournament_type="no-xs",
        deck_rules="tav",
        deck_size=75,
    )
    with pytest.raises(ValidationError) as error:
        bad.full_clean()
    assert set(error.value.message_dict) >= {"no_xs_digit", "deck_size"}
