"""Races answered with a message: re-seat twice, player numbers; e-mail addresses (a sign-up
that loses the race answers as any other, the address's owner is told by e-mail)."""

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from tests.support.players import make_player
from tournament.accounts import signup
from tournament.accounts.forms import SignUpForm
from tournament.accounts.models import Player
from tournament.events.models import Round
from tournament.rounds.services import rounds as round_service

pytestmark = pytest.mark.django_db


def test_second_reseat_of_a_replaced_round_is_a_message(
    client_as, organizer, event, registered_players
):
    rnd = round_service.seat_next_round(event, seed=1)
    stale = Round.objects.get(pk=rnd.pk)  # what a second, simultaneous click still holds
    round_service.reseat_round(rnd, seed=2)
    with pytest.raises(ValidationError) as raised:
        round_service.reseat_round(stale, seed=3)
    assert "was just changed by someone else" in " ".join(raised.value.messages)


def test_reseat_clicks_in_a_row_never_fail(client_as, organizer, event, registered_players):
    round_service.seat_next_round(event, seed=1)
    client = client_as(organizer)
    url = reverse("rounds:reseat", args=[event.pk, 1])
    for _ in range(3):
        response = client.post(url, follow=True)
        assert response.status_code == 200
    assert Round.objects.filter(event=event).count() == 1


def test_a_taken_player_number_is_skipped(db, monkeypatch):
    make_player("first")  # takes 1001
    real = Player.next_player_number.__func__
    answers = iter(["1001"])  # a simultaneous sign-up read the same highest number

    def stale_then_real(cls):
        return next(answers, None) or real(cls)

    monkeypatch.setattr(Player, "next_player_number", classmethod(stale_then_real))
    user = User.objects.create_user("second", "second@example.org", "pw")
    assert Player.create_for_user(user).player_number == "1002"


def test_email_is_unique_whatever_its_case(db):
    User.objects.create_user("ann", "Ann@Example.org", "pw")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("ann2", "ann@EXAMPLE.ORG", "pw")
    # accounts without an address (imported, admin-made) are not concerned
    User.objects.create_user("x1", "", "pw")
    User.objects.create_user("x2", "", "pw")


def signup_data(username: str, email: str) -> dict:
    return {
        "username": username,
        "email": email,
        "name": username.title(),
        "password1": "a-long-Passphrase-42",
        "password2": "a-long-Passphrase-42",
    }


def test_a_sign_up_with_an_address_in_another_case_makes_no_second_account(client):
    User.objects.create_user("ann", "ann@example.org", "pw")
    assert SignUpForm(data=signup_data("ann2", "ANN@example.org")).is_valid()  # no "exists"
    response = client.post(reverse("accounts:signup"), signup_data("ann2", "ANN@example.org"))
    assert (response.status_code, response.url) == (302, reverse("accounts:signup_sent"))
    assert not User.objects.filter(username="ann2").exists()
    assert [m.to for m in mail.outbox] == [["ann@example.org"]]  # the owner is told


def test_a_sign_up_that_loses_the_race_answers_the_same(client, monkeypatch):
    # The look-ups found the address free; the other sign-up committed it before the insert.
    User.objects.create_user("ann", "ann@example.org", "pw")
    real = signup._owner_of
    looks = iter([None])
    monkeypatch.setattr(signup, "_owner_of", lambda email: next(looks, None) or real(email))
    response = client.post(reverse("accounts:signup"), signup_data("ann2", "Ann@Example.org"))
    assert (response.status_code, response.url) == (302, reverse("accounts:signup_sent"))
    assert not User.objects.filter(username="ann2").exists()
    assert [m.to for m in mail.outbox] == [["ann@example.org"]]
