"""An event's whole life through the API (scope `organize`): create, edit, open registration,
name a judge, register and check in, seat, re-seat, publish, enter and confirm every game
(two officials), close, seat the final, finish, send the scoring form. A refusal of the
event's current state is a 409 `conflict` documented on its operation; only the event's
organizer, with an `organize` token, may do these.

Expected figures come from SPEC §4-§6: 9 players sit at 3 tables of 3; each bracket is
played until a player has won two games; the 3 bracket winners advance to a final of 3."""

import datetime
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.players import make_player
from tournament.accounts.api_tokens import make_token
from tournament.events.models import Event

pytestmark = pytest.mark.django_db

JSON = {"content_type": "application/json"}


def bearer(raw: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {raw}"}


class Api:
    """The test client with one token: JSON in, (status, JSON) out."""

    def __init__(self, client, raw: str):
        self.client, self.auth = client, bearer(raw)

    def post(self, url: str, body: dict | None = None, **headers) -> tuple[int, dict]:
        answer = self.client.post(url, body or {}, **JSON, **self.auth, **headers)
        return answer.status_code, answer.json()

    def get(self, url: str) -> tuple[int, dict]:
        answer = self.client.get(url, **self.auth)
        return answer.status_code, answer.json()


@pytest.fixture
def officials(client, organizer, judge):
    _t, boss = make_token(organizer.user, "desk", ["organize", "judge"])
    _t, helper = make_token(judge.user, "tablet", ["judge"])
    return Api(client, boss), Api(client, helper)


def url(name: str, *args) -> str:
    return reverse(f"api-v1:{name}", args=args)


def create_event(api: Api, **fields) -> dict:
    body = {"name": "API Open", "date": "2026-12-05", "venue": "Club hall", **fields}
    status, event = api.post(url("events"), body)
    assert status == 201, event
    return event


def play_bracket(boss: Api, helper: Api, event_id: int, bracket: dict) -> str:
    """The first seat wins games 1 and 2 (6 realms; the others 4 and 3), each game entered by
    both officials: the second, matching entry confirms it. Returns the winner's number."""
    a, b, c = (seat["player_number"] for seat in bracket["seats"])
    for number in (1, 2):
        game = {
            "number": number,
            "winner": a,
            "ended_by": "victory",
            "unrazed": {a: 6, b: 4, c: 3},
        }
        for api, expected in ((boss, 201), (helper, 200)):
            key = {"HTTP_IDEMPOTENCY_KEY": str(uuid.uuid4())}
            status, entry = api.post(bracket["entries_url"], game, **key)
            assert status == expected, entry
        assert entry["status"] == "confirmed"
    return a


def test_an_event_runs_from_creation_to_its_scoring_form(officials, judge):
    boss, helper = officials
    event = create_event(boss, start_time="10:00", time_zone="America/Sao_Paulo")
    event_id = event["id"]
    assert event["status"] == "draft" and event["organizer"] == boss_number(event_id)
    assert event["start_time"] == "10:00:00"
    assert boss.client.get(url("event", event_id)).status_code == 404  # a draft is not public

    status, edited = boss.post(url("event_settings", event_id), {"capacity": 16, "deck_size": 75})
    assert status == 200 and (edited["capacity"], edited["deck_size"]) == (16, 75)
    assert edited["name"] == "API Open" and edited["start_time"] == "10:00:00"  # kept
    status, edited = boss.post(url("event_settings", event_id), {"deck_size": 55})
    assert status == 200

    status, opened = boss.post(url("event_status", event_id), {"status": "registration"})
    assert status == 200 and opened["status"] == "registration"
    status, named = boss.post(url("event_judges", event_id), {"judges": [judge.player_number]})
    assert status == 200 and named["judges"] == [judge.player_number]

    names = "\n".join(f"Guest {i}" for i in range(1, 10))
    status, imported = boss.post(url("import_registrations", event_id), {"csv": f"name\n{names}\n"})
    assert status == 201 and len(imported["registered"]) == 9
    numbers = [r["player_number"] for r in imported["registered"]]
    for number in numbers:
        status, row = helper.post(url("check_in", event_id, number))
        assert status == 200 and row["checked_in"] is True

    status, first = boss.post(url("seat_round", event_id))
    assert status == 201, first
    assert (first["number"], first["published"], first["is_final"]) == (1, False, False)
    assert [len(b["seats"]) for b in first["brackets"]] == [3, 3, 3]  # 9 = 3 + 3 + 3
    assert boss.client.get(first["seating_url"]).status_code == 404  # not published yet
    status, again = boss.post(url("reseat_round", event_id, 1))
    assert status == 200 and [len(b["seats"]) for b in again["brackets"]] == [3, 3, 3]
    status, shown = boss.post(url("publish_round", event_id, 1), {"published": True})
    assert status == 200 and shown["published"] is True
    assert boss.client.get(shown["seating_url"]).status_code == 200

    status, refused = boss.post(url("seat_round", event_id))  # round 1 is still open
    assert status == 409 and refused["code"] == "conflict"
    assert refused["detail"] == "Close round 1 before seating the next one."
    status, refused = boss.post(url("close_round", event_id, 1))  # nothing played yet
    assert status == 409 and refused["code"] == "conflict"

    winners = [play_bracket(boss, helper, event_id, b) for b in shown["brackets"]]
    status, closed = boss.post(url("close_round", event_id, 1))
    assert status == 200 and closed["state"] == "closed"
    assert sorted(closed["advancing"]) == sorted(winners)
    status, refused = boss.post(url("reseat_round", event_id, 1))
    assert status == 409 and refused["detail"] == "Round 1 is closed."

    status, final = boss.post(url("seat_round", event_id))
    assert status == 201 and final["number"] == 2 and final["is_final"] is True
    assert sorted(s["player_number"] for s in final["brackets"][0]["seats"]) == sorted(winners)
    status, refused = boss.post(url("finish", event_id))  # the final is still open
    assert status == 409 and refused["detail"] == "Close the final before finishing the event."
    boss.post(url("publish_round", event_id, 2))
    champion = play_bracket(boss, helper, event_id, final["brackets"][0])
    assert boss.post(url("close_round", event_id, 2))[0] == 200

    status, finished = boss.post(url("finish", event_id))
    assert status == 200 and finished["status"] == "finished"
    status, refused = boss.post(url("finish", event_id))
    assert status == 409 and refused["detail"] == "The event is already finished."
    standings = boss.client.get(url("standings", event_id)).json()["results"]
    assert standings[0]["player_number"] == champion and standings[0]["place"] == 1

    status, sent = boss.post(url("scoring_form", event_id))
    assert status == 200 and sent["state"] == "submitted"
    status, refused = boss.post(url("scoring_form", event_id))
    assert status == 409 and refused["code"] == "conflict"
    status, refused = boss.post(url("event_settings", event_id), {"venue": "Elsewhere"})
    assert status == 409  # frozen while the ranking officers review it


def boss_number(event_id: int) -> str:
    return Event.objects.get(pk=event_id).organizer.player_number


def test_the_event_pages_checks_answer_400_with_the_field(officials):
    boss, _helper = officials
    status, body = boss.post(url("events"), {"name": "No date", "venue": "Hall"})
    assert status == 400 and body["code"] == "invalid" and "date" in body["fields"]
    status, body = boss.post(
        url("events"), {"name": "X", "date": "2026-12-05", "venue": "Y", "deck_size": 54}
    )
    assert status == 400 and "deck_size" in body["fields"]
    event = create_event(boss)
    status, body = boss.post(url("event_settings", event["id"]), {"date": {"not": "a date"}})
    assert status == 400 and "date" in body["fields"]
    status, body = boss.post(url("event_status", event["id"]), {"status": "running"})
    assert status == 400 and "status" in body["fields"]


def test_a_rule_field_after_round_one_is_a_conflict(officials, event, registered_players):
    boss, _helper = officials
    boss.post(url("seat_round", event.pk))
    status, body = boss.post(url("event_settings", event.pk), {"deck_size": 75})
    assert status == 409 and body["code"] == "conflict"
    assert "can no longer change" in body["detail"]
    status, body = boss.post(url("event_settings", event.pk), {"venue": "Another hall"})
    assert status == 200 and body["venue"] == "Another hall"


def test_other_state_refusals_of_writes_are_conflicts(officials, event, registered_players):
    boss, helper = officials
    late = make_player("late", "Late Comer")
    assert boss.post(url("seat_round", event.pk))[0] == 201
    status, body = boss.post(url("register", event.pk), {"player_number": late.player_number})
    assert status == 409 and body["detail"] == "Round 1 is seated: registration is closed."
    status, body = boss.post(url("import_registrations", event.pk), {"csv": "name\nNew One\n"})
    assert status == 409 and body["detail"] == "Round 1 is seated: registration is closed."
    status, body = boss.post(url("event_status", event.pk), {"status": "draft"})
    assert status == 409 and body["code"] == "conflict"
    status, seated = boss.get(url("round", event.pk, 1))
    bracket = seated["brackets"][0]
    a, b, c = (s["player_number"] for s in bracket["seats"])
    game = {"number": 2, "winner": a, "ended_by": "victory", "unrazed": {a: 6, b: 4, c: 3}}
    status, body = helper.post(bracket["entries_url"], game, HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
    assert status == 409 and body["detail"] == "Game 1 must be recorded before game 2."
    _t, own = make_token(registered_players[0].user, "phone", ["read"])
    mine = Api(boss.client, own)
    status, body = mine.post(
        url("decklist_write", event.pk, registered_players[0].player_number), {"text": ""}
    )
    assert status == 409 and body["detail"].startswith("Decklists are locked")
    bad = {**game, "number": 1, "unrazed": {a: 6, b: 4}}  # a seated player without a count
    status, body = helper.post(bracket["entries_url"], bad, HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
    assert status == 400 and body["code"] == "invalid"


def test_only_the_events_organizer_with_an_organize_token_runs_it(
    client, officials, event, registered_players, judge, stranger
):
    boss, _helper = officials
    _t, judges = make_token(judge.user, "desk", ["organize", "judge"])
    _t, strangers = make_token(stranger.user, "desk", ["organize"])
    _t, read_only = make_token(event.organizer.user, "feed", ["read", "judge"])
    writes = [
        (url("event_settings", event.pk), {"venue": "Moved"}),
        (url("event_status", event.pk), {"status": "draft"}),
        (url("event_judges", event.pk), {"judges": []}),
        (url("seat_round", event.pk), {}),
        (url("finish", event.pk), {}),
        (url("scoring_form", event.pk), {}),
    ]
    for target, body in writes:
        for raw, expected in ((judges, 403), (strangers, 403), (read_only, 403)):
            answer = client.post(target, body, **JSON, **bearer(raw))
            assert answer.status_code == expected, (target, answer.json())
        assert client.post(target, body, **JSON).status_code == 401
    assert event.rounds.count() == 0 and Event.objects.get(pk=event.pk).venue == "Halifax"
    assert boss.post(url("seat_round", event.pk))[0] == 201
    for name in (
        "reseat_round",
        "publish_round",
        "close_round",
        "reopen_round",
        "start_timer",
        "call_time",
    ):
        answer = client.post(url(name, event.pk, 1), {}, **JSON, **bearer(judges))
        assert answer.status_code == 403, name
    assert event.rounds.get().published is False
    assert client.post(url("events"), {}, **JSON, **bearer(read_only)).status_code == 403


def test_another_organizers_draft_is_not_found(client, officials, stranger):
    boss, _helper = officials
    draft = create_event(boss)
    _t, strangers = make_token(stranger.user, "desk", ["organize"])
    answer = client.get(url("event_settings", draft["id"]), **bearer(strangers))
    assert answer.status_code == 404
    assert boss.get(url("event_settings", draft["id"]))[0] == 200


def test_every_write_documents_its_own_conflicts(client):
    spec = client.get("/api/v1/schema/", {"format": "json"}).json()
    paths = spec["paths"]
    for path in [
        "/api/v1/events/{event_id}/settings/",
        "/api/v1/events/{event_id}/status/",
        "/api/v1/events/{event_id}/rounds/seat/",
        "/api/v1/events/{event_id}/rounds/{number}/reseat/",
        "/api/v1/events/{event_id}/rounds/{number}/close/",
        "/api/v1/events/{event_id}/finish/",
        "/api/v1/events/{event_id}/scoring-form/",
        "/api/v1/events/{event_id}/registrations/new/",
        "/api/v1/events/{event_id}/registrations/import/",
        "/api/v1/events/{event_id}/registrations/{player_number}/check-in/",
        "/api/v1/events/{event_id}/registrations/{player_number}/drop/",
        "/api/v1/events/{event_id}/brackets/{bracket_id}/entries/",
        "/api/v1/events/{event_id}/brackets/{bracket_id}/entries/{entry_id}/confirm/",
        "/api/v1/events/{event_id}/brackets/{bracket_id}/reports/",
    ]:
        conflict = paths[path]["post"]["responses"]["409"]
        assert conflict["description"].startswith("The event's current state refuses it"), path
        assert "; " in conflict["description"] or "finished" in conflict["description"], path
        schema = conflict["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/Error"}, path


def test_a_post_to_an_address_nothing_answers_is_a_json_404(officials):
    boss, _helper = officials
    client = Client(enforce_csrf_checks=True)  # as a real client: no CSRF cookie
    too_long = "9" * 19  # beyond the 18 digits a path id may have
    for target in [f"/api/v1/events/{too_long}/settings/", "/api/v1/nothing/"]:
        answer = client.post(target, {}, **JSON, **boss.auth)
        assert answer.status_code == 404, target
        assert answer.json()["code"] == "not_found"


def test_lists_and_new_objects_link_to_the_operations_on_them(client):
    """OpenAPI links: every one the schema module declares is in the served schema, names
    an operation that exists, and fills that operation's path parameters."""
    from tournament.api.schema import LINKS

    spec = client.get("/api/v1/schema/", {"format": "json"}).json()
    operations = {
        operation["operationId"]: (path, operation)
        for path, item in spec["paths"].items()
        for operation in item.values()
    }
    served = 0
    for (path, method, status), declared in LINKS.items():
        links = spec["paths"][path][method]["responses"][status]["links"]
        assert set(links) == {name for name, *_rest in declared}, path
        for link in links.values():
            _path, target = operations[link["operationId"]]
            wanted = {p["name"] for p in target.get("parameters", []) if p["in"] == "path"}
            assert set(link["parameters"]) == wanted, (path, link)
            served += 1
    assert served >= 50
    events = spec["paths"]["/api/v1/events/"]
    detail = events["get"]["responses"]["200"]["links"]["event"]
    assert operations[detail["operationId"]][0] == "/api/v1/events/{event_id}/"
    assert detail["parameters"] == {"event_id": "$response.body#/results/0/id"}
    created = events["post"]["responses"]["201"]["links"]
    assert "event" not in created  # a new event is a draft: only its organizer reads it
    assert created["seat_round"]["parameters"] == {"event_id": "$response.body#/id"}


def test_the_clock_and_a_reopened_round(officials, event, registered_players):
    """A timed event (50 minutes): the clock starts, time is called once; an untimed event
    has no clock (409). A closed round reopens while the next one is not seated."""
    boss, helper = officials
    assert boss.post(url("seat_round", event.pk))[0] == 201
    status, body = boss.post(url("start_timer", event.pk, 1))
    assert status == 409 and body["detail"] == "This event has no time limit."
    event.time_limit_minutes = 50
    event.save(update_fields=["time_limit_minutes"])
    status, refused = boss.post(url("call_time", event.pk, 1))
    assert status == 409 and refused["detail"] == "Start the clock before calling time."
    status, started = boss.post(url("start_timer", event.pk, 1))
    assert status == 200 and started["time_called_at"] is None
    begun = datetime.datetime.fromisoformat(started["started_at"])
    assert datetime.datetime.fromisoformat(started["ends_at"]) - begun == datetime.timedelta(
        minutes=50
    )
    status, called = boss.post(url("call_time", event.pk, 1))
    assert status == 200 and called["time_called_at"] is not None
    status, refused = boss.post(url("call_time", event.pk, 1))
    assert status == 409 and refused["detail"] == "Time has already been called in this round."

    status, refused = boss.post(url("reopen_round", event.pk, 1))
    assert status == 409 and refused["detail"] == "Round 1 is not closed."
    status, seated = boss.get(url("round", event.pk, 1))
    for bracket in seated["brackets"]:
        play_bracket(boss, helper, event.pk, bracket)
    status, closed = boss.post(url("close_round", event.pk, 1))
    assert status == 200 and len(closed["advancing"]) == 3
    status, reopened = boss.post(url("reopen_round", event.pk, 1))
    assert status == 200 and reopened["state"] != "closed" and reopened["advancing"] == []


def test_the_deadline_is_the_venues_wall_time(officials):
    """Without an offset, 18:00 is 18:00 where the event is played (São Paulo, UTC-3 in
    December: 21:00 UTC); an edit of another field keeps it; a new zone keeps its wall time,
    as the event page does."""
    boss, _helper = officials
    event = create_event(
        boss, time_zone="America/Sao_Paulo", registration_deadline="2026-12-04T18:00:00"
    )

    def deadline(body: dict) -> datetime.datetime:
        return datetime.datetime.fromisoformat(body["registration_deadline"])

    utc = datetime.UTC
    assert deadline(event) == datetime.datetime(2026, 12, 4, 21, 0, tzinfo=utc)
    status, kept = boss.post(url("event_settings", event["id"]), {"capacity": 20})
    assert status == 200 and deadline(kept) == deadline(event)
    status, moved = boss.post(url("event_settings", event["id"]), {"time_zone": "Europe/Lisbon"})
    assert status == 200  # Lisbon is UTC+0 in December: 18:00 there is 18:00 UTC
    assert deadline(moved) == datetime.datetime(2026, 12, 4, 18, 0, tzinfo=utc)
    with_offset = {"registration_deadline": "2026-12-04T10:00:00+00:00"}
    status, exact = boss.post(url("event_settings", event["id"]), with_offset)
    assert status == 200 and deadline(exact) == datetime.datetime(2026, 12, 4, 10, 0, tzinfo=utc)
