"""The language of a person's e-mails: chosen at sign-up (the browser's language first) and
in the profile; a player who signed up in Portuguese gets the round's mail in Portuguese."""

import datetime

import pytest
from django.core import mail
from django.urls import reverse

from tests.support.players import make_player
from tournament.events.models import Event, Registration
from tournament.events.services.registration import register
from tournament.notifications import services
from tournament.notifications.kinds import Kind
from tournament.notifications.models import Message, Preferences
from tournament.rounds.services.rounds import publish_round, seat_next_round

SIGN_UP = {
    "username": "ana",
    "email": "ana@example.org",
    "password1": "a-Long-passphrase-9",
    "password2": "a-Long-passphrase-9",
    "name": "Ana Souza",
    "country": "BR",
}


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def deliver_all(kind) -> list:
    mail.outbox.clear()
    for message in Message.objects.filter(kind=kind):
        services.deliver(message.pk)
    return list(mail.outbox)


def test_the_form_offers_the_browsers_language_first(client, db):
    page = client.get(reverse("accounts:signup"), HTTP_ACCEPT_LANGUAGE="pt-BR,pt;q=0.9")
    assert page.context["form"].initial["language"] == "pt-br"
    assert "Idioma dos meus e-mails" in page.content.decode()
    page = client.get(reverse("accounts:signup"), HTTP_ACCEPT_LANGUAGE="en-GB")
    assert page.context["form"].initial["language"] == "en"


def test_a_sign_up_without_the_field_keeps_the_pages_language(client, db):
    answer = client.post(reverse("accounts:signup"), SIGN_UP, HTTP_ACCEPT_LANGUAGE="pt-BR")
    assert answer.status_code == 302
    assert Preferences.objects.get(user__username="ana").language == "pt-br"


def test_the_language_chosen_at_sign_up_wins_over_the_browsers(client, db):
    data = {**SIGN_UP, "language": "en"}
    client.post(reverse("accounts:signup"), data, HTTP_ACCEPT_LANGUAGE="pt-BR")
    assert Preferences.objects.get(user__username="ana").language == "en"


def test_the_profile_shows_and_changes_the_language(client, db):
    client.post(reverse("accounts:signup"), {**SIGN_UP, "language": "pt-br"})
    # No log-in comes with a sign-up (its answer is the same whether the name was free).
    password = SIGN_UP["password1"]
    client.post(reverse("login"), {"username": "ana", "password": password})
    profile = reverse("accounts:profile")
    assert client.get(profile).context["form"].initial["language"] == "pt-br"
    client.post(profile, {"name": "Ana Souza", "country": "BR", "language": "en"})
    assert Preferences.objects.get(user__username="ana").language == "en"
    # Posted without the field (an older page), the choice stays.
    client.post(profile, {"name": "Ana Souza", "country": "BR"})
    assert Preferences.objects.get(user__username="ana").language == "en"


def test_a_player_who_signed_up_in_portuguese_gets_the_rounds_mail_in_portuguese(client, db):
    client.post(reverse("accounts:signup"), SIGN_UP, HTTP_ACCEPT_LANGUAGE="pt-BR")
    organizer = make_player("org", "Olga Org")
    event = Event.objects.create(
        name="Copa Recife",
        date=datetime.date(2026, 11, 21),
        venue="Recife",
        organizer=organizer,
        status="registration",
        time_zone="America/Recife",
    )
    players = [make_player(f"x{i}") for i in range(8)]
    from tournament.accounts.models import Player

    players.append(Player.objects.get(user__username="ana"))
    for p in players:
        register(event, p)
    # The registration mail: Portuguese words and a Portuguese date (not "Nov. 21, 2026").
    (to_ana,) = [m for m in deliver_all(Kind.REGISTERED) if m.to == ["ana@example.org"]]
    assert to_ana.subject == "[Spellfire] Sua inscrição em Copa Recife está feita"
    assert "21 de novembro de 2026" in to_ana.body
    Registration.objects.filter(event=event).update(checked_in=True)
    rnd = seat_next_round(event, seed=3)
    publish_round(rnd)
    table = rnd.brackets.get(seats__registration__player__user__username="ana").table
    sent = deliver_all(Kind.SEATED)
    (to_ana,) = [m for m in sent if m.to == ["ana@example.org"]]
    assert to_ana.subject == f"[Spellfire] Copa Recife, rodada 1: sua mesa é a {table}"
    assert f"Copa Recife: rodada 1 foi sorteada. Você senta na mesa {table} com " in to_ana.body
    assert "Para não receber mais estes e-mails" in to_ana.body
    # The others never chose: English, as before.
    other = next(m for m in sent if m.to != ["ana@example.org"])
    assert (
        other.subject
        == f"[Spellfire] Copa Recife, round 1: your table is {other_table(rnd, other)}"
    )


def other_table(rnd, sent) -> int:
    username = sent.to[0].split("@")[0]
    return rnd.brackets.get(seats__registration__player__user__username=username).table
