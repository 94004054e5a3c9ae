"""API v1: responses validate against the served OpenAPI schema; nothing private leaks."""

import jsonschema
import pytest
from django.urls import reverse

from tests.support.ranking import accept_for_ranking
from tournament.standings.models import EventStanding

pytestmark = pytest.mark.django_db


def _jsonschema(node):
    """OpenAPI 3.0 → JSON Schema: `nullable: true` becomes an explicit null alternative."""
    if isinstance(node, list):
        return [_jsonschema(n) for n in node]
    if not isinstance(node, dict):
        return node
    node = {k: _jsonschema(v) for k, v in node.items()}
    if node.pop("nullable", False):
        return {"anyOf": [node, {"type": "null"}]}
    return node


@pytest.fixture
def spec(client, db):
    response = client.get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def _validate(spec, path_template: str, data) -> None:
    operation = spec["paths"][path_template]["get"]
    schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
    document = _jsonschema({"components": spec["components"], **schema})
    jsonschema.validate(data, document)


def test_schema_lists_every_endpoint(spec):
    for path in [
        "/api/v1/events/",
        "/api/v1/events/{event_id}/",
        "/api/v1/events/{event_id}/rounds/",
        "/api/v1/events/{event_id}/rounds/{number}/seating/",
        "/api/v1/events/{event_id}/standings/",
        "/api/v1/players/{player_number}/",
        "/api/v1/ranking/",
    ]:
        assert path in spec["paths"]


def test_responses_match_the_schema(spec, client, finished_event, organizer):
    accept_for_ranking(finished_event)  # the ranking and the player's breakdown have rows
    e = finished_event.pk
    cases = {
        "/api/v1/events/": "/api/v1/events/",
        f"/api/v1/events/{e}/": "/api/v1/events/{event_id}/",
        f"/api/v1/events/{e}/rounds/": "/api/v1/events/{event_id}/rounds/",
        f"/api/v1/events/{e}/rounds/1/seating/": (
            "/api/v1/events/{event_id}/rounds/{number}/seating/"
        ),
        f"/api/v1/events/{e}/standings/": "/api/v1/events/{event_id}/standings/",
        f"/api/v1/events/{e}/officials/": "/api/v1/events/{event_id}/officials/",
        f"/api/v1/players/{organizer.player_number}/": "/api/v1/players/{player_number}/",
        "/api/v1/ranking/": "/api/v1/ranking/",
    }
    for url, template in cases.items():
        response = client.get(url)
        assert response.status_code == 200, url
        _validate(spec, template, response.json())


def test_standings_content(client, finished_event):
    data = client.get(f"/api/v1/events/{finished_event.pk}/standings/").json()
    assert data["count"] == 9
    first = data["results"][0]
    winner = EventStanding.objects.get(event=finished_event, place=1)
    assert first["player_number"] == winner.player.player_number
    assert first["status"] == "winner" and first["points"] == winner.points
    detail = client.get(f"/api/v1/events/{finished_event.pk}/").json()
    assert detail["eligibility"] == {"eligible": True, "participants": 9, "reasons": []}


def test_draft_events_are_never_exposed(client, event):
    event.status = "draft"
    event.save()
    assert event.pk not in [e["id"] for e in client.get("/api/v1/events/").json()["results"]]
    for url in ["", "rounds/", "standings/", "rounds/1/seating/"]:
        assert client.get(f"/api/v1/events/{event.pk}/{url}").status_code == 404


def test_unpublished_seating_is_hidden(client, finished_event):
    finished_event.rounds.filter(number=1).update(published=False)
    assert client.get(f"/api/v1/events/{finished_event.pk}/rounds/1/seating/").status_code == 404
    assert client.get(f"/api/v1/events/{finished_event.pk}/rounds/2/seating/").status_code == 200


def test_standings_of_an_event_in_registration_are_hidden(client, event):
    assert client.get(f"/api/v1/events/{event.pk}/standings/").status_code == 404


def _without_links(operation) -> str:
    """The operation's text without its OpenAPI links (a list links to the operations on its
    items, e.g. a registration's decklist upload: a link reads nothing)."""
    if isinstance(operation, dict):
        return str({k: _without_links(v) for k, v in operation.items() if k != "links"})
    if isinstance(operation, list):
        return str([_without_links(v) for v in operation])
    return str(operation)


def test_decklists_only_through_the_published_decklists_operation(spec):
    """Lists are private until the organizer publishes them after the event (SPEC §3): the
    one operation that reads them is the published-decklists one (its 404 otherwise is
    tested in tests/api/test_tokens.py). A player's own list is written (POST) with a token,
    never read back by anyone else."""
    reading = [
        path
        for path, item in spec["paths"].items()
        if "get" in item
        and (
            "decklist" in _without_links(item["get"]).lower()
            or "cards" in _without_links(item["get"]).lower()
        )
    ]
    assert reading == ["/api/v1/events/{event_id}/decklists/"]
    writing = [p for p, item in spec["paths"].items() if "decklist" in p and "get" not in item]
    assert writing == ["/api/v1/events/{event_id}/registrations/{player_number}/decklist/"]


def test_ranking_country_filter(client, finished_event):
    accept_for_ranking(finished_event)
    rows = client.get(reverse("api-v1:ranking"), {"country": "nowhere"}).json()
    assert rows["count"] == 0
    assert client.get(reverse("api-v1:ranking")).json()["count"] > 0


def test_schema_validation_catches_a_wrong_shape(spec, client, finished_event):
    data = client.get(f"/api/v1/events/{finished_event.pk}/standings/").json()
    data["results"][0]["points"] = "many"
    with pytest.raises(jsonschema.ValidationError):
        _validate(spec, "/api/v1/events/{event_id}/standings/", data)


def test_path_ids_are_integers_as_the_objects_ids(spec):
    """An event's id is an integer in its body, so it is one in every path too."""
    for path, item in spec["paths"].items():
        for operation in item.values():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path" and parameter["name"].endswith("_id"):
                    assert parameter["schema"]["type"] == "integer", (path, parameter["name"])
