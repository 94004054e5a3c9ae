"""iCalendar feeds (RFC 5545) of events: one event, a player's events, an organizer's.

Each event is one VEVENT: all day when it has no start time, otherwise from its start time
in the event's own time zone (TZID, with its VTIMEZONE), lasting `TIMED_EVENT_HOURS`
[decision: the spec gives no end time; a tournament day is blocked out]. Its UID is stable
(the event's id and the site's host) so a calendar app updates the entry it already has.
"""

from collections.abc import Iterable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import icalendar
from django.utils.translation import gettext as _

from tournament.events.choices import Status
from tournament.events.models import Event

TIMED_EVENT_HOURS = 6
PRODUCT_ID = "-//Spellfire Tournament Manager//EN"


def calendar_bytes(events: Iterable[Event], *, name: str, host: str, base_url: str) -> bytes:
    """The feed: `name` shown by calendar apps, event pages linked under `base_url`."""
    calendar = icalendar.Calendar()
    calendar.add("prodid", PRODUCT_ID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    for event in events:
        calendar.add_component(_vevent(event, host, base_url))
    calendar.add_missing_timezones()
    return calendar.to_ical()


def _vevent(event: Event, host: str, base_url: str) -> icalendar.Event:
    entry = icalendar.Event()
    entry.add("uid", f"event-{event.pk}@{host}")
    entry.add("dtstamp", event.updated_at)
    entry.add("last-modified", event.updated_at)
    entry.add("summary", event.name)
    entry.add("location", ", ".join(part for part in (event.venue, event.address) if part))
    url = f"{base_url}{event.get_absolute_url()}"
    entry.add("url", url)
    entry.add("description", f"{event.shorthand}\n{url}")
    if event.start_time is None:
        entry.add("dtstart", event.date)  # a DATE: all day
        entry.add("dtend", event.date + timedelta(days=1))
    else:
        start = datetime.combine(event.date, event.start_time, ZoneInfo(event.time_zone))
        entry.add("dtstart", start)
        entry.add("dtend", start + timedelta(hours=TIMED_EVENT_HOURS))
    entry.add("status", "TENTATIVE" if event.status == Status.DRAFT else "CONFIRMED")
    entry.add("categories", [_("Spellfire tournament")])
    return entry
