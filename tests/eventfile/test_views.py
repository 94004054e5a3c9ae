"""The event file pages: download for officials, import upload for signed-in players."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.eventfile import parse_event, serialize_event
from tests.support.eventfile import DATA, build_site_event, sample
from tournament.eventfile.services import export_text
from tournament.events.models import Event, Registration, Seat

pytestmark = pytest.mark.django_db


def upload(data: bytes, name: str = "event.json") -> dict:
    return {"file": SimpleUploadedFile(name, data, content_type="application/json")}


def test_export_download_for_officials(client_as, officials, player, judge):
    organizer, judges = officials
    event = build_site_event(organizer, judges, 9, seed=2)
    url = reverse("eventfile:export", args=[event.pk])
    assert url == f"/events/{event.pk}/export.json"
    for who in (organizer, judge):
        response = client_as(who).get(url)
        assert response.status_code == 200
        assert response["Content-Type"] == "application/json; charset=utf-8"
        assert 'filename="site-open-9-2026-05-02.json"' in response["Content-Disposition"]
        assert response.content == export_text(event).encode("utf-8")
    assert client_as(player).get(url).status_code == 403
    assert client_as(None).get(url).status_code == 302  # to the login page


def test_import_page_needs_login(client_as):
    response = client_as(None).get(reverse("eventfile:import"))
    assert response.status_code == 302 and "login" in response["Location"]


def test_import_upload_creates_event_organized_by_uploader(client_as, player):
    player.player_number = "U-1"  # not one of the file's numbers
    player.save()
    data = (DATA / "valid_15_players_wildcard.json").read_bytes()
    client = client_as(player)
    assert client.get(reverse("eventfile:import")).status_code == 200
    response = client.post(reverse("eventfile:import"), upload(data))
    event = Event.objects.get(name="Winter Major")
    assert response.status_code == 302 and response["Location"] == event.get_absolute_url()
    assert event.organizer == player and event.status == "finished"
    assert Seat.objects.filter(bracket__round__event=event, figures__points__gt=0).exists()
    # The uploader replaced the coordinator; everything else is the file.
    exported = json.loads(export_text(event))
    original = json.loads(serialize_event(parse_event(data)))
    assert exported["coordinator"]["player_number"] == player.player_number
    exported.pop("coordinator"), original.pop("coordinator")
    assert exported == original


def test_invalid_upload_lists_the_places_and_saves_nothing(client_as, player):
    data = json.dumps(sample("valid_9_players_2_rounds.json"))
    bad = json.loads(data)
    bad["rounds"][0]["brackets"][1]["games"][0]["unrazed"]["p5"] = 99
    events, registrations = Event.objects.count(), Registration.objects.count()
    response = client_as(player).post(reverse("eventfile:import"), upload(json.dumps(bad).encode()))
    assert response.status_code == 200
    text = response.content.decode()
    assert "nothing was imported" in text
    assert "rounds[0].brackets[1].games[0].unrazed.p5:" in text
    assert (Event.objects.count(), Registration.objects.count()) == (events, registrations)


def test_not_json_upload_is_refused(client_as, player):
    response = client_as(player).post(reverse("eventfile:import"), upload(b"\xff\xfe nope"))
    assert response.status_code == 200
    assert "nothing was imported" in response.content.decode()
    assert not Event.objects.exists()


def test_upload_warns_when_a_matched_player_has_another_name(client_as, player):
    # Pat Player holds number 1001, which the file gives to Mike.
    response = client_as(player).post(
        reverse("eventfile:import"), upload((DATA / "spec_example.json").read_bytes()), follow=True
    )
    assert response.status_code == 200
    assert "players[0] “Mike” was matched by player number 1001 to Pat Player" in (
        response.content.decode()
    )
