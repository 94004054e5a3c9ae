"""View helpers that load an event and check the viewer's role once."""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone

from tournament.core.timezones import event_zone
from tournament.events.models import Event
from tournament.events.permissions import EventRole, can_view, require_role, role_in_event


class EventMixin:
    """Loads `self.event` from the URL's `event_id` and enforces `required_role`."""

    required_role: EventRole = EventRole.PUBLIC
    event_url_kwarg = "event_id"

    def get_event_queryset(self):
        """Events this view may load (override to read more in the same query)."""
        return Event.objects.select_related("organizer")

    def dispatch(self, request, *args, **kwargs):
        self.event = get_object_or_404(self.get_event_queryset(), pk=kwargs[self.event_url_kwarg])
        # The event's pages show its times in its zone (reset by EventTimeZoneMiddleware).
        timezone.activate(event_zone(self.event))
        if not can_view(request.user, self.event):
            raise Http404
        if self.required_role > EventRole.PUBLIC:
            if not request.user.is_authenticated:
                from django.contrib.auth.views import redirect_to_login

                return redirect_to_login(request.get_full_path())
            require_role(request.user, self.event, self.required_role)
        self.role = role_in_event(request.user, self.event)
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(event=self.event, role=self.role, EventRole=EventRole)
        return context
