"""Calendar feeds (RFC 5545): an event's .ics, a player's and an organizer's feeds.

Expected values from RFC 5545: a timed start is written in the event's zone with its TZID
(§3.2.19, §3.3.5 "form #3") and the zone is described by a VTIMEZONE (§3.6.5); an all-day
event is a DATE start and the next day as its (exclusive) end (§3.6.1).
"""

import datetime

import icalendar
import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.players import make_player
from tournament.events.forms import EventForm
from tournament.events.models import Event, Registration


def ics(response) -> icalendar.Calendar:
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return icalendar.Calendar.from_ical(response.content)


def vevents(calendar) -> list:
    return [c for c in calendar.walk() if c.name == "VEVENT"]


@pytest.fixture
def timed(event) -> Event:
    event.start_time = datetime.time(14, 0)
    event.time_zone = "America/Sao_Paulo"
    event.save()
    return event


def test_a_timed_event_starts_at_its_local_time_in_its_zone(client, timed):
    response = client.get(reverse("events:calendar", args=[timed.pk]))
    text = response.content.decode()
    # 21 Nov 2026, 14:00 in São Paulo; the tournament day blocked out for six hours.
    assert "DTSTART;TZID=America/Sao_Paulo:20261121T140000" in text
    assert "DTEND;TZID=America/Sao_Paulo:20261121T200000" in text
    calendar = ics(response)
    zones = [c["TZID"] for c in calendar.walk() if c.name == "VTIMEZONE"]
    assert zones == ["America/Sao_Paulo"]
    (entry,) = vevents(calendar)
    assert entry["UID"] == f"event-{timed.pk}@testserver"
    assert entry["SUMMARY"] == "Autumn Open" and entry["LOCATION"] == "Halifax"
    assert entry["URL"] == f"http://testserver/events/{timed.pk}/"
    # 14:00 at UTC-3 is 17:00 UTC
    assert entry.decoded("DTSTART").astimezone(datetime.UTC).hour == 17


def test_an_event_without_a_start_time_is_all_day(client, event):
    text = client.get(reverse("events:calendar", args=[event.pk])).content.decode()
    assert "DTSTART;VALUE=DATE:20261121" in text
    assert "DTEND;VALUE=DATE:20261122" in text


def test_a_draft_event_has_no_public_calendar(client, event):
    event.status = "draft"
    event.save()
    assert client.get(reverse("events:calendar", args=[event.pk])).status_code == 404


def test_the_event_page_offers_add_to_calendar(client, timed):
    page = client.get(reverse("events:detail", args=[timed.pk])).content.decode()
    assert f'href="{reverse("events:calendar", args=[timed.pk])}"' in page
    assert "(America/Sao_Paulo)" in page


def feed(client, player, name):
    page = client.get(reverse("accounts:profile"))
    return page.context["feeds"][name]


def test_a_player_subscribes_to_his_events_and_the_organizer_to_his(client, organizer, event):
    player = make_player("reader", "Rita Reader")
    Registration.objects.create(event=event, player=player)
    other = Event.objects.create(
        name="Winter Cup",
        date=datetime.date(2026, 12, 5),
        venue="Recife",
        organizer=organizer,
        status="registration",
    )
    draft = Event.objects.create(
        name="Spring Draft",
        date=datetime.date(2027, 3, 1),
        venue="Natal",
        organizer=organizer,
        status="draft",
    )
    client.force_login(player.user)
    playing = feed(client, player, "playing")
    client.logout()  # a calendar app does not sign in
    summaries = [e["SUMMARY"] for e in vevents(ics(client.get(playing)))]
    assert summaries == ["Autumn Open"]
    client.force_login(organizer.user)
    organizing = feed(client, organizer, "organizing")
    client.logout()
    summaries = [e["SUMMARY"] for e in vevents(ics(client.get(organizing)))]
    assert summaries == ["Autumn Open", "Winter Cup"]  # by date; never the draft
    assert draft.name not in summaries and other.name in summaries


def test_new_addresses_revoke_the_old_ones(client, organizer, event):
    client.force_login(organizer.user)
    old = feed(client, organizer, "organizing")
    response = client.post(reverse("events:new_calendar_key"))
    assert response.status_code == 302
    new = feed(client, organizer, "organizing")
    assert new != old
    client.logout()
    assert client.get(old).status_code == 404
    assert client.get(new).status_code == 200
    assert client.get(new.replace("organizing.ics", "nothing.ics")).status_code == 404


def test_an_unknown_key_is_not_found(client, organizer):
    organizer.calendar_key = ""
    organizer.save()
    url = reverse("events:personal_calendar", args=["x" * 43, "playing"])
    assert client.get(url).status_code == 404


def test_a_time_zone_must_be_a_zone_name(event):
    event.time_zone = "Mars/Olympus_Mons"
    with pytest.raises(ValidationError, match="Mars/Olympus_Mons is not a time zone name"):
        event.full_clean()
    form = EventForm(instance=event)
    assert ("America/Sao_Paulo", "America/Sao_Paulo") in form.fields["time_zone"].widget.choices
