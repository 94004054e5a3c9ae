"""API v1 for integrators: index, JSON errors, CORS, conditional GET, filters, clock, lists."""

import datetime

import pytest
from django.utils import timezone

from tests.support.players import make_player
from tournament.events.models import Event, Registration
from tournament.rounds.services import rounds as round_service

pytestmark = pytest.mark.django_db


def test_index_links_the_collections_and_docs(client):
    data = client.get("/api/v1/").json()
    assert data["version"] == "v1"
    assert data["events"] == "http://testserver/api/v1/events/"
    assert data["docs"] == "http://testserver/api/v1/docs/"


def test_unknown_paths_and_objects_answer_json_404(client):
    for url in ["/api/v1/nothing-here/", "/api/v1/events/999999/", "/api/v1/players/nobody/"]:
        response = client.get(url)
        assert response.status_code == 404, url
        assert response["Content-Type"].startswith("application/json"), url
        assert "detail" in response.json()


def test_schema_documents_404_everywhere_and_400_for_query_parameters(client):
    spec = client.get("/api/v1/schema/", {"format": "json"}).json()
    for path, item in spec["paths"].items():
        for operation in item.values():
            assert "404" in operation["responses"], path
    assert "400" in spec["paths"]["/api/v1/ranking/"]["get"]["responses"]
    assert "400" not in spec["paths"]["/api/v1/events/{event_id}/"]["get"]["responses"]


@pytest.mark.parametrize("year", ["abc", "-1", "2026.5", "99999", "0"])
def test_a_bad_year_is_a_400_naming_the_parameter(client, year, organizer):
    for url in ["/api/v1/ranking/", f"/api/v1/players/{organizer.player_number}/"]:
        response = client.get(url, {"year": year})
        assert response.status_code == 400, (url, year)
        body = response.json()  # the API's one error shape
        assert body["code"] == "invalid" and "year" in body["fields"]
        assert body["detail"] == "Invalid input: year."


def test_cors_allows_any_origin_to_use_the_api_only(client):
    response = client.get("/api/v1/events/", HTTP_ORIGIN="https://overlay.example")
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in response["Access-Control-Expose-Headers"]
    preflight = client.options(
        "/api/v1/events/",
        HTTP_ORIGIN="https://overlay.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
    )
    assert preflight.status_code == 200
    # Writes carry a token header, never a cookie: a page elsewhere may post with one.
    assert "POST" in preflight["Access-Control-Allow-Methods"]
    assert "DELETE" not in preflight["Access-Control-Allow-Methods"]
    # The documented writes send Idempotency-Key and a token: the browser is told it may.
    allowed = preflight["Access-Control-Allow-Headers"].lower()
    assert "idempotency-key" in allowed and "authorization" in allowed
    assert "Retry-After" in response["Access-Control-Expose-Headers"]
    page = client.get("/events/", HTTP_ORIGIN="https://overlay.example")
    assert "Access-Control-Allow-Origin" not in page


def test_conditional_get_answers_304_until_the_data_changes(client, finished_event):
    url = f"/api/v1/events/{finished_event.pk}/"
    first = client.get(url)
    etag, modified = first["ETag"], first["Last-Modified"]
    assert "max-age=15" in first["Cache-Control"] and "public" in first["Cache-Control"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=modified).status_code == 304
    Event.objects.filter(pk=finished_event.pk).update(name="Renamed Open")
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert changed.json()["name"] == "Renamed Open"


@pytest.fixture
def catalogue(organizer, stranger):
    """Four public events and a draft, with known dates, types, organizers and updates."""
    stranger.country = "BR"
    stranger.save()
    organizer.country = "CA"
    organizer.save()

    def make(name, day, status, org, **fields):
        return Event.objects.create(
            name=name,
            date=datetime.date(2026, 5, day),
            venue="V",
            organizer=org,
            status=status,
            **fields,
        )

    events = {
        "a": make("A", 1, "registration", organizer),
        "b": make("B", 10, "running", stranger, tournament_type="kings-decree"),
        "c": make("C", 20, "finished", stranger),
        "d": make("D", 30, "finished", organizer, tournament_type="kings-decree"),
        "draft": make("Draft", 15, "draft", organizer),
    }
    old = timezone.now() - datetime.timedelta(days=3)
    Event.objects.exclude(name="C").update(updated_at=old)
    return events


def _names(client, **params):
    response = client.get("/api/v1/events/", params)
    assert response.status_code == 200, response.content
    return sorted(e["name"] for e in response.json()["results"])


def test_events_filters(client, catalogue):
    assert _names(client) == ["A", "B", "C", "D"]
    assert _names(client, status="finished") == ["C", "D"]
    assert _names(client, date_from="2026-05-10", date_to="2026-05-20") == ["B", "C"]
    assert _names(client, country="brazil") == ["B", "C"]  # a name, any case
    assert _names(client, country="br") == ["B", "C"]  # the ISO code
    assert _names(client, country="Canadá") == ["A", "D"]  # a Portuguese name
    assert _names(client, country="Narnia") == []
    assert _names(client, type="kings-decree") == ["B", "D"]
    since = (timezone.now() - datetime.timedelta(days=1)).isoformat()
    assert _names(client, updated_since=since) == ["C"]
    assert client.get("/api/v1/events/", {"status": "draft"}).status_code == 400
    assert client.get("/api/v1/events/", {"date_from": "soon"}).status_code == 400


def test_updated_since_takes_any_iso_offset(client, catalogue):
    """ISO 8601 allows offsets PostgreSQL refuses (±16:00 and beyond): compared in UTC."""
    since = (timezone.now() - datetime.timedelta(days=1)).astimezone(
        datetime.timezone(datetime.timedelta(hours=-22, minutes=-22))
    )
    assert _names(client, updated_since=since.isoformat()) == ["C"]
    assert _names(client, updated_since="9999-12-31T23:00:00-22:00") == []


def test_page_size(client, catalogue):
    data = client.get("/api/v1/events/", {"page_size": 3}).json()
    assert data["count"] == 4 and len(data["results"]) == 3
    assert "page_size=3" in data["next"]
    # over the documented most (500) is refused, as the schema's maximum says
    assert client.get("/api/v1/events/", {"page_size": 100000}).status_code == 400
    assert len(client.get("/api/v1/events/", {"page_size": 500}).json()["results"]) == 4


def test_rounds_expose_the_clock(client, event, registered_players):
    event.status = "registration"
    event.time_limit_minutes = 90
    event.save()
    rnd = round_service.seat_next_round(event, seed=1)
    round_service.start_timer(rnd)
    round_service.call_time(rnd)
    rnd.refresh_from_db()
    data = client.get(f"/api/v1/events/{event.pk}/rounds/").json()[0]
    started = datetime.datetime.fromisoformat(data["started_at"])
    assert started == rnd.started_at
    assert datetime.datetime.fromisoformat(data["time_called_at"]) == rnd.time_called_at
    assert datetime.datetime.fromisoformat(data["ends_at"]) == started + datetime.timedelta(
        minutes=90
    )


def test_registrations_before_the_event_starts(client, event, registered_players):
    late = make_player("late", "Zed Late", club="Late Club", country="BR")
    Registration.objects.create(event=event, player=late, late=True)
    data = client.get(f"/api/v1/events/{event.pk}/registrations/").json()
    assert data["count"] == 10
    last = data["results"][-1]
    assert last == {
        "player_number": late.player_number,
        "name": "Zed Late",
        "club": "Late Club",
        "country": "BR",
        "checked_in": False,
        "late": True,
        "dropped_in_round": None,
    }


def test_registrations_of_a_draft_are_hidden(client, event):
    event.status = "draft"
    event.save()
    assert client.get(f"/api/v1/events/{event.pk}/registrations/").status_code == 404


def test_officials_carry_player_numbers(client, event, organizer, judge, second_judge):
    officials = client.get(f"/api/v1/events/{event.pk}/").json()["officials"]
    assert officials[0] == {
        "role": "organizer",
        "player_number": organizer.player_number,
        "name": "Ann Organiser",
    }
    judges = {(o["role"], o["player_number"]) for o in officials[1:]}
    assert judges == {("judge", judge.player_number), ("judge", second_judge.player_number)}


def test_docs_are_served_from_local_static_files(client):
    for url in ["/api/v1/docs/", "/api/v1/redoc/"]:
        html = client.get(url).content.decode()
        for remote in ("cdn.jsdelivr", "unpkg", "fonts.googleapis", "https://"):
            assert remote not in html, (url, remote)
        assert "/static/drf_spectacular_sidecar/" in html, url


def test_an_event_starts_at_one_offset_datetime_and_carries_its_sync_mark(client, organizer):
    """A São Paulo event at 09:30 local starts at 09:30-03:00 (12:30 UTC); `updated_at` and
    the registration deadline are offset date-times too."""
    import datetime
    from zoneinfo import ZoneInfo

    from tournament.events.models import Event

    event = Event.objects.create(
        name="Copa Paulista",
        date=datetime.date(2026, 12, 12),
        start_time=datetime.time(9, 30),
        time_zone="America/Sao_Paulo",
        venue="São Paulo",
        organizer=organizer,
        status="registration",
        registration_deadline=datetime.datetime(2026, 12, 11, 21, tzinfo=datetime.UTC),
    )
    body = client.get(f"/api/v1/events/{event.pk}/").json()
    assert body["starts_at"] == "2026-12-12T09:30:00-03:00"
    assert datetime.datetime.fromisoformat(body["starts_at"]) == datetime.datetime(
        2026, 12, 12, 12, 30, tzinfo=datetime.UTC
    )
    deadline = datetime.datetime.fromisoformat(body["registration_deadline"])
    assert deadline == datetime.datetime(2026, 12, 11, 18, tzinfo=ZoneInfo("America/Sao_Paulo"))
    updated = datetime.datetime.fromisoformat(body["updated_at"])
    assert updated.tzinfo is not None
    assert any(
        e["updated_at"] == body["updated_at"]
        for e in client.get("/api/v1/events/").json()["results"]
    )
