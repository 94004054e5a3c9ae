"""A São Paulo event shows São Paulo times: its pages, its PDFs and its e-mails.

Hand-worked: America/Sao_Paulo is UTC−3 all year (no daylight saving since 2019), so
18:00 there is 21:00 UTC, and 21:00 UTC reads 18:00 there."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tournament.events.models import Event
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.render import render_document_html
from tournament.printing.models import Kind as PrintKind
from tournament.rounds.services.rounds import start_timer

UTC = datetime.UTC


@pytest.fixture
def sao_paulo(event):
    event.time_zone = "America/Sao_Paulo"
    event.venue = "São Paulo"
    event.save()
    return event


def test_the_deadline_typed_as_18h_is_stored_as_21h_utc_and_shown_as_18h(client_as, sao_paulo):
    client = client_as(sao_paulo.organizer)
    edit = reverse("events:edit", args=[sao_paulo.pk])
    form = client.get(edit).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and k != "judges"}
    data.update(
        date="2026-11-21",
        time_zone="America/Sao_Paulo",
        registration_deadline="2026-11-20T18:00",
    )
    # Booleans off and empty fields are simply not posted, as a browser does.
    data = {k: v for k, v in data.items() if v is not False and v != []}
    answer = client.post(edit, data)
    assert answer.status_code == 302, answer.context["form"].errors
    sao_paulo.refresh_from_db()
    assert sao_paulo.registration_deadline == datetime.datetime(2026, 11, 20, 21, tzinfo=UTC)
    page = client.get(reverse("events:detail", args=[sao_paulo.pk])).content.decode()
    assert "Nov. 20, 2026, 18:00 (America/Sao_Paulo)" in page
    # The edit form shows what was typed, not the UTC time.
    assert 'value="2026-11-20T18:00"' in client.get(edit).content.decode()


def test_a_new_event_reads_its_deadline_in_the_zone_chosen_on_the_form(client_as, organizer):
    from tournament.events.forms import EventForm

    form = EventForm(
        data={
            "name": "Copa Paulista",
            "date": "2026-11-21",
            "time_zone": "America/Sao_Paulo",
            "venue": "São Paulo",
            "registration_deadline": "2026-11-20T18:00",
            "deck_size": 55,
            "deck_rules": "community",
            "tournament_type": "championship",
        }
    )
    form.is_valid()
    # The other fields may be refused; the deadline is read in the event's zone.
    assert form.cleaned_data["registration_deadline"] == datetime.datetime(
        2026, 11, 20, 21, tzinfo=UTC
    )


def test_the_rounds_clock_ends_in_local_time(client_as, sao_paulo, round1, monkeypatch):
    sao_paulo.time_limit_minutes = 60
    sao_paulo.status = "running"
    sao_paulo.save()
    start_timer(round1)
    # The clock started at 01:45 UTC (22:45 the evening before in São Paulo): 60 minutes
    # later is 02:45 UTC, 23:45 in São Paulo.
    round1.started_at = datetime.datetime(2026, 11, 21, 1, 45, tzinfo=UTC)
    round1.save(update_fields=["started_at"])
    later = datetime.datetime(2026, 11, 21, 2, 0, tzinfo=UTC)
    monkeypatch.setattr(timezone, "now", lambda: later)
    page = client_as(sao_paulo.organizer).get(
        reverse("rounds:detail", args=[sao_paulo.pk, round1.number])
    )
    text = page.content.decode()
    assert "ends at 23:45 (America/Sao_Paulo)" in text
    assert "02:45" not in text


def test_the_zone_is_the_events_only_on_its_pages(client_as, sao_paulo, round1):
    client = client_as(sao_paulo.organizer)
    client.get(reverse("events:detail", args=[sao_paulo.pk]))
    # After the request the thread is back on the site's zone (UTC by default).
    assert timezone.get_current_timezone_name() == "UTC"


def test_the_pdf_footer_shows_local_time(sao_paulo, round1):
    printed = datetime.datetime(2026, 11, 21, 21, 30, tzinfo=UTC)
    request = DocumentRequest(
        kind=PrintKind.SEATING, paper="A4", event=sao_paulo, round=round1, printed_at=printed
    )
    html = render_document_html(request)
    assert "Printed 2026-11-21 18:30 (America/Sao_Paulo)" in html
    assert timezone.get_current_timezone_name() == "UTC"  # nothing leaks after the render


def test_an_event_in_an_unknown_zone_still_answers(client_as, sao_paulo):
    Event.objects.filter(pk=sao_paulo.pk).update(time_zone="Mars/Olympus")
    page = client_as(sao_paulo.organizer).get(reverse("events:detail", args=[sao_paulo.pk]))
    assert page.status_code == 200


def test_a_history_says_its_times_are_the_events(client_as, sao_paulo, round1, judge):
    bracket = round1.brackets.order_by("table").first()
    url = reverse("results:history", args=[sao_paulo.pk, bracket.pk])
    page = client_as(judge).get(url).content.decode()
    assert "Times are in America/Sao_Paulo." in page
    log = client_as(sao_paulo.organizer).get(
        reverse("notifications:event_log", args=[sao_paulo.pk])
    )
    assert "Times are in America/Sao_Paulo." in log.content.decode()


def test_the_middleware_reads_the_zone_for_a_view_that_does_not_load_the_event(sao_paulo, rf):
    from tournament.events.middleware import EventTimeZoneMiddleware

    seen = {}

    def plain_view(request, event_id):
        seen["zone"] = timezone.get_current_timezone_name()

    def handler(request):
        middleware.process_view(request, plain_view, (), {"event_id": sao_paulo.pk})
        plain_view(request, sao_paulo.pk)
        return None

    middleware = EventTimeZoneMiddleware(handler)
    middleware(rf.get(f"/events/{sao_paulo.pk}/"))
    assert seen["zone"] == "America/Sao_Paulo"
    assert timezone.get_current_timezone_name() == "UTC"
    # The API answers in UTC.
    seen.clear()
    middleware.process_view(rf.get("/api/v1/"), plain_view, (), {"event_id": sao_paulo.pk})
    assert timezone.get_current_timezone_name() == "UTC"
