"""The server refuses what the schema refuses, and the schema says what the server
refuses: blank event names, venues and zones, statuses an organizer cannot set, a blank
no-show player, a page size that is no number, an empty date parameter, a boolean sent as
0 or 1 (JSON Schema's `boolean` is `true` or `false` only), and any JSON value of another
type than the schema's: a number for a text, a text for a number or a numbered choice, a
text for a list, a number inside a list of texts (Django REST framework's fields would
take them, converted)."""

import pytest

from tests.api.test_organize import Api, url
from tournament.accounts.api_tokens import make_token
from tournament.events.models import Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(client, organizer):
    _t, raw = make_token(organizer.user, "desk", ["organize", "judge"])
    return Api(client, raw)


@pytest.fixture
def spec(client) -> dict:
    return client.get("/api/v1/schema/", {"format": "json"}).json()


def component(spec, name: str) -> dict:
    return spec["components"]["schemas"][name]


def test_the_schema_says_what_the_server_refuses(spec):
    event_in = component(spec, "EventIn")["properties"]
    for name in ("name", "venue", "time_zone"):
        assert event_in[name]["minLength"] == 1, name
    assert component(spec, "StatusChangeEnum")["enum"] == ["registration", "draft"]
    assert component(spec, "NoShowIn")["properties"]["player_number"]["minLength"] == 1
    events = spec["paths"]["/api/v1/events/"]["get"]["parameters"]
    (page_size,) = [p for p in events if p["name"] == "page_size"]
    assert page_size["schema"] == {"type": "integer", "minimum": 1, "maximum": 500}


@pytest.mark.parametrize("name", ["name", "venue", "time_zone"])
def test_a_blank_required_text_is_refused(boss, name):
    body = {"name": "Open", "date": "2026-12-05", "venue": "Hall", name: ""}
    status, answer = boss.post(url("events"), body)
    assert status == 400 and name in answer["fields"]


@pytest.mark.parametrize("value", ["running", "finished"])
def test_a_status_the_organizer_cannot_set_is_refused(boss, event, value):
    status, answer = boss.post(url("event_status", event.pk), {"status": value})
    assert status == 400 and "Seating round 1" in answer["fields"]["status"][0]


@pytest.mark.parametrize("value", ["abc", "0", "501", "-1", "1.5", ""])
def test_a_page_size_that_is_no_number_in_range_is_a_400(client, value):
    answer = client.get(url("events"), {"page_size": value})
    assert answer.status_code == 400 and "page_size" in answer.json()["fields"]


def test_a_good_page_size_still_pages(client, finished_event):
    answer = client.get(url("events"), {"page_size": "1"})
    assert answer.status_code == 200 and len(answer.json()["results"]) == 1


@pytest.mark.parametrize("name", ["updated_since", "date_from", "date_to"])
def test_an_empty_date_parameter_is_a_400(client, name):
    answer = client.get(url("events"), {name: ""})
    assert answer.status_code == 400 and name in answer.json()["fields"]


@pytest.mark.parametrize("value", [0, 1, "yes", "1"])
def test_a_boolean_must_be_true_or_false(boss, event, registered_players, value):
    number = registered_players[0].player_number
    status, answer = boss.post(url("check_in", event.pk, number), {"checked_in": value})
    assert status == 400 and "checked_in" in answer["fields"]
    status, _answer = boss.post(url("check_in", event.pk, number), {"checked_in": False})
    assert status == 200
    assert not Registration.objects.get(event=event, player=registered_players[0]).checked_in


EVENT = {"name": "Open", "date": "2026-12-05", "venue": "Hall"}


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("check_in_code", 123456),  # a text (schema: string)
        ("name", 7.5),
        ("swiss_rounds", "5"),  # a whole number (schema: integer)
        ("swiss_rounds", 5.5),
        ("swiss_rounds", True),
        ("best_of", "3"),  # a choice among numbers (schema: integer enum)
        ("variants", "allies"),  # a list (schema: array)
        ("date", 20261205),  # a date is a text
    ],
)
def test_a_json_value_of_another_type_is_refused(boss, name, value):
    status, answer = boss.post(url("events"), {**EVENT, name: value})
    assert status == 400 and list(answer["fields"]) == [name], answer


def test_a_number_inside_a_list_of_texts_is_refused(boss, event, registered_players):
    number = registered_players[0].player_number
    status, answer = boss.post(url("register_many", event.pk), {"player_numbers": [number, 42]})
    assert status == 400 and list(answer["fields"]) == ["player_numbers.1"], answer
    assert Registration.objects.filter(event=event).count() == len(registered_players)


def test_the_same_values_with_their_schema_types_are_taken(boss):
    body = {**EVENT, "check_in_code": "123456", "capacity": 24, "variants": ["allies"]}
    status, answer = boss.post(url("events"), body)
    assert status == 201, answer
    assert (answer["check_in_code"], answer["capacity"]) == ("123456", 24)
    assert answer["variants"] == ["allies"]


def test_a_form_body_is_still_read_as_texts(client, organizer):
    """The type check is JSON's: a form's values are all texts (DRF parses forms too)."""
    _t, raw = make_token(organizer.user, "desk", ["organize"])
    body = {**EVENT, "capacity": "24"}
    answer = client.post(url("events"), body, HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["capacity"] == 24
