"""The ratings in the API (SPEC §12): the list strongest first with its filters, a player's
rating and history, and the schema documents both."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.support.events import build_event
from tournament.events.models import Event
from tournament.ratings.models import Rating


@pytest.fixture
def rated(db, organizer):
    build_event(organizer, 9, seed=3, name="First")
    return list(Rating.objects.select_related("player").order_by("-value", "player__name"))


def test_the_list_is_strongest_first_with_one_decimal(client, rated):
    body = client.get(reverse("api-v1:ratings")).json()
    rows = body["results"]
    assert [r["player_number"] for r in rows] == [r.player.player_number for r in rated]
    first = rated[0]
    assert rows[0]["rating"] == round(first.value, 1)
    assert rows[0]["games"] == first.games
    assert rows[0]["mu"] == first.mu and rows[0]["sigma"] == first.sigma
    assert rows[0]["provisional"] is (first.games < 10)


def test_the_list_filters_minimum_games_and_country(client, rated):
    most = max(r.games for r in rated)
    rows = client.get(reverse("api-v1:ratings"), {"min_games": most}).json()["results"]
    assert {r["player_number"] for r in rows} == {
        r.player.player_number for r in rated if r.games >= most
    }
    rows = client.get(reverse("api-v1:ratings"), {"country": "BR"}).json()["results"]
    assert {r["country"] for r in rows} == {"BR"}
    rows = client.get(reverse("api-v1:ratings"), {"structure": "one-on-one"}).json()["results"]
    assert rows == []


def test_a_player_rating_with_its_history(client, rated):
    r = rated[0]
    body = client.get(reverse("api-v1:player_rating", args=[r.player.player_number])).json()
    assert body["rating"] == round(r.value, 1)
    event = Event.objects.get(name="First")
    assert body["history"] == [
        {
            "event": event.pk,
            "event_name": "First",
            "date": event.date.isoformat(),
            "rating": round(r.value, 1),  # one event: the value after it is the rating
        }
    ]


def test_a_player_without_a_rating_is_404(client, db):
    response = client.get(reverse("api-v1:player_rating", args=["nobody"]))
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_the_schema_documents_the_ratings(client, db):
    schema = client.get(reverse("api-v1:schema"), {"format": "json"}).json()
    assert "/api/v1/ratings/" in schema["paths"]
    assert "/api/v1/ratings/{player_number}/" in schema["paths"]
    params = {p["name"] for p in schema["paths"]["/api/v1/ratings/"]["get"]["parameters"]}
    assert {"country", "region", "structure", "min_games"} <= params
