"""API permissions the services and the token check enforce: a deactivated account's token
stops working at once, and the API's drop is the organizer's (as on the pages), not a
judge's even with an `organize` token."""

import pytest
from django.urls import reverse

from tournament.accounts.api_tokens import make_token
from tournament.events.models import Registration
from tournament.events.permissions import EventRole, require_role, role_in_event


def bearer(raw: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {raw}"}


def test_a_deactivated_accounts_token_is_refused(client, judge):
    _token, raw = make_token(judge.user, "bot", ["read"])
    assert client.get("/api/v1/events/", **bearer(raw)).status_code == 200
    judge.user.is_active = False
    judge.user.save()
    refused = client.get("/api/v1/events/", **bearer(raw))
    assert refused.status_code == 401 and refused.json()["code"] == "authentication_failed"


@pytest.fixture
def someone(event, registered_players) -> Registration:
    event.status = "running"
    event.save()
    return Registration.objects.get(event=event, player=registered_players[0])


def test_only_the_organizer_drops_through_the_api(client, judge, organizer, someone):
    url = reverse("api-v1:drop", args=[someone.event_id, someone.player.player_number])
    _t, judges = make_token(judge.user, "desk", ["organize", "judge"])
    assert client.post(url, **bearer(judges)).status_code == 403
    someone.refresh_from_db()
    assert someone.dropped_in_round is None
    _t, organizers = make_token(organizer.user, "desk", ["organize"])
    answer = client.post(url, **bearer(organizers))
    assert answer.status_code == 200
    someone.refresh_from_db()
    assert someone.dropped_in_round is not None


def test_a_superuser_keeps_the_organizers_rights(event, django_user_model, client):
    root = django_user_model.objects.create_superuser("root", "root@example.org", "pw-root")
    assert role_in_event(root, event) == EventRole.ORGANIZER
    assert require_role(root, event, EventRole.ORGANIZER) == EventRole.ORGANIZER
    client.force_login(root)
    assert client.get(reverse("events:edit", args=[event.pk])).status_code == 200
