"""Nothing can be learnt or locked by repeating a form: sign-ups and password resets are
rate-limited and answer alike for known and unknown addresses, venue codes cannot be
guessed from a phone, and a judge locked out by someone else's guesses gets back in."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.support.players import make_player
from tournament.accounts import tasks
from tournament.accounts.lockout import locked_until
from tournament.events.models import Registration

pytestmark = pytest.mark.django_db


def lock_out(client, username: str) -> None:
    for _ in range(5):
        client.post(reverse("login"), {"username": username, "password": "wrong"})


def sign_up(client, n: int):
    return client.post(
        reverse("accounts:signup"),
        {
            "username": f"new{n}",
            "email": f"new{n}@example.org",
            "name": f"New Player {n}",
            "password1": "a-long-Passw0rd",
            "password2": "a-long-Passw0rd",
        },
    )


def test_sign_ups_from_one_address_are_limited(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": "2/h"}
    assert sign_up(client, 1).status_code == 302
    client.logout()
    assert sign_up(client, 2).status_code == 302
    client.logout()
    third = sign_up(client, 3)
    assert third.status_code == 429
    assert "Too many tries from your address" in third.content.decode()
    assert not Registration.objects.exists() and "_auth_user_id" not in client.session
    from django.contrib.auth.models import User

    assert not User.objects.filter(username="new3").exists()


def test_a_password_reset_answers_alike_and_sends_by_a_task(client, monkeypatch):
    make_player("ann")
    queued = []
    monkeypatch.setattr(tasks.send_email, "delay", lambda *args: queued.append(args))
    url = reverse("password_reset")
    known = client.post(url, {"email": "ann@example.org"})
    unknown = client.post(url, {"email": "nobody@example.org"})
    assert (known.status_code, known.url) == (unknown.status_code, unknown.url)
    assert [args[2] for args in queued] == ["ann@example.org"]  # queued, not sent in the answer
    assert mail.outbox == []


def test_a_password_reset_is_sent_at_once_when_the_broker_is_down(client, monkeypatch):
    make_player("ann")

    def broker_down(*args):
        raise ConnectionRefusedError("redis is down")

    monkeypatch.setattr(tasks.send_email, "delay", broker_down)
    response = client.post(reverse("password_reset"), {"email": "ann@example.org"})
    assert response.status_code == 302 and len(mail.outbox) == 1


def test_password_resets_are_limited_per_address_asked_and_per_client(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password-reset": "5/h"}
    make_player("ann")
    url = reverse("password_reset")
    answers = [client.post(url, {"email": "ANN@example.org"}).status_code for _ in range(4)]
    assert answers == [302, 302, 302, 302]  # the same answer every time ...
    assert len(mail.outbox) == 3  # ... but the 4th e-mail within the hour is not sent
    assert client.post(url, {"email": "other@example.org"}).status_code == 302  # 5th of 5
    refused = client.post(url, {"email": "other@example.org"})
    assert refused.status_code == 429
    assert "Too many tries from your address" in refused.content.decode()


def test_a_new_password_lifts_the_lockout(client):
    player = make_player("ann")
    lock_out(client, "ann")
    assert "ann" in locked_until(["ann"])
    client.post(reverse("password_reset"), {"email": "ann@example.org"})
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert form.status_code == 200
    set_url = form.redirect_chain[-1][0]
    client.post(set_url, {"new_password1": "Fresh-pass-77", "new_password2": "Fresh-pass-77"})
    assert locked_until(["ann"]) == {}
    client.logout()
    login = client.post(reverse("login"), {"username": "ann", "password": "Fresh-pass-77"})
    assert login.status_code == 302 and client.session["_auth_user_id"] == str(player.user.pk)


def test_the_organizer_sees_a_locked_judge_and_lets_him_in(
    client, client_as, organizer, judge, event
):
    lock_out(client, judge.user.username)
    page = client_as(organizer).get(reverse("events:judges", args=[event.pk])).content.decode()
    assert "Locked out of logging in" in page and judge.name in page
    unlock = reverse("events:unlock_official", args=[event.pk])
    response = client_as(organizer).post(unlock, {"official": judge.pk}, follow=True)
    assert f"{judge.name} can log in again." in response.content.decode()
    assert locked_until([judge.user.username]) == {}


def test_only_the_organizer_unlocks_and_only_his_officials(
    client, client_as, organizer, judge, second_judge, stranger, event
):
    lock_out(client, stranger.user.username)
    unlock = reverse("events:unlock_official", args=[event.pk])
    assert client_as(judge).post(unlock, {"official": second_judge.pk}).status_code == 403
    assert client_as(organizer).post(unlock, {"official": stranger.pk}).status_code == 404
    assert stranger.user.username in locked_until([stranger.user.username])


def test_venue_codes_cannot_be_guessed_from_a_phone(client_as, event, player):
    event.status, event.check_in_code = "registration", "DRAGON7"
    event.save()
    registration = Registration.objects.create(event=event, player=player)
    client = client_as(player)
    url = reverse("events:self_checkin", args=[event.pk])
    for guess in range(5):
        client.post(url, {"code": f"guess{guess}"})
    answer = client.post(url, {"code": "dragon7"}, follow=True).content.decode()
    assert "Too many wrong codes" in answer  # even the right code, once the tries are used
    registration.refresh_from_db()
    assert not registration.checked_in


def test_a_venue_code_is_at_least_six_characters(client_as, organizer, event):
    from tournament.events.forms import EventForm

    data = EventForm(instance=event).initial | {"check_in_code": "K7"}
    form = EventForm(data={k: v for k, v in data.items() if v is not None}, instance=event)
    assert not form.is_valid()
    assert "check_in_code" in form.errors
