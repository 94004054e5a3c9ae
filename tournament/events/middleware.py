"""Request plumbing of the event's pages.

`EventTimeZoneMiddleware`: the pages of an event (every URL that names one, `event_id`)
show its times in the event's zone (`Event.time_zone`): deadlines, round clocks, entry
times, histories, CSV files, and what their forms read. Other pages use the signed-in
person's own zone when he chose one (`core.timezones.person_zone`), else the site's zone
(`TIME_ZONE`). The API keeps answering in UTC (ISO 8601 with the offset): its views do not
activate the zone. Nothing leaks to the thread's next request.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from tournament.core.timezones import person_zone, zone
from tournament.events.models import Event
from tournament.events.views_mixins import EventMixin


class EventTimeZoneMiddleware:
    """The event's zone for the view of a URL that names an event; the site's after it.

    Event views (`events.views_mixins.EventMixin`) activate the zone themselves from the
    event they load, at no extra query; for any other view of such a URL the zone is read
    here. Whatever the view activated is reset when the response is done."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()  # the next request on this thread starts from the site's

    def process_view(self, request: HttpRequest, view_func, view_args, view_kwargs) -> None:
        if request.path_info.startswith("/api/"):
            return
        event_id = view_kwargs.get("event_id")
        if event_id is None:
            own = person_zone(request)  # else the site's
            if own is not None:
                timezone.activate(own)
            return
        view_class = getattr(view_func, "view_class", None)
        if view_class is not None and issubclass(view_class, EventMixin):
            return  # it activates the zone of the event it loads
        name = Event.objects.filter(pk=event_id).values_list("time_zone", flat=True).first()
        tz = zone(name)
        if tz is not None:
            timezone.activate(tz)
