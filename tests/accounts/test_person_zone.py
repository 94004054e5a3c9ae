"""A person's own time zone: the pages that are not an event's show his times in it (an
event's pages keep the event's zone). Hand-worked: America/Sao_Paulo is UTC−3."""

import datetime

import pytest
from django.urls import reverse

from tournament.accounts.api_tokens import make_token
from tournament.notifications.models import Preferences

USED = datetime.datetime(2026, 11, 20, 21, 0, tzinfo=datetime.UTC)


@pytest.fixture
def token(player):
    made, _secret = make_token(player.user, "bot", ["read"])
    made.last_used_at = USED
    made.save()
    return made


def tokens_page(client) -> str:
    return client.get(reverse("accounts:api_tokens")).content.decode()


def test_without_a_choice_the_sites_zone(client_as, player, token):
    assert "Nov. 20, 2026, 21:00" in tokens_page(client_as(player))


def test_the_zone_chosen_in_the_profile_shows_on_pages_that_are_not_an_events(
    client_as, player, token, event
):
    client = client_as(player)
    profile = reverse("accounts:profile")
    data = {"name": player.name, "time_zone": "America/Sao_Paulo"}
    assert client.post(profile, data).status_code == 302
    assert Preferences.objects.get(user=player.user).time_zone == "America/Sao_Paulo"
    assert "Nov. 20, 2026, 18:00" in tokens_page(client)
    assert client.get(profile).context["form"].initial["time_zone"] == "America/Sao_Paulo"
    # An event's page keeps the event's zone (UTC here), whoever reads it.
    event.registration_deadline = USED
    event.save()
    page = client.get(reverse("events:detail", args=[event.pk])).content.decode()
    assert "Nov. 20, 2026, 21:00 (UTC)" in page
    # A profile posted without the field (an older page) keeps the choice; empty resets it.
    client.post(profile, {"name": player.name})
    assert Preferences.objects.get(user=player.user).time_zone == "America/Sao_Paulo"
    client.post(profile, {"name": player.name, "time_zone": ""})
    assert "Nov. 20, 2026, 21:00" in tokens_page(client)


def test_an_unknown_zone_is_refused_with_a_message(client_as, player):
    answer = client_as(player).post(
        reverse("accounts:profile"), {"name": player.name, "time_zone": "Mars/Olympus"}
    )
    assert answer.status_code == 200
    assert answer.context["form"].errors["time_zone"]


def test_the_zone_follows_the_person_from_his_next_log_in(client_as, player, token):
    Preferences.objects.create(user=player.user, time_zone="America/Sao_Paulo")
    assert "Nov. 20, 2026, 18:00" in tokens_page(client_as(player))
