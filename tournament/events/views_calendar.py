"""Calendar feeds: one event (whoever may see it), and a player's own feeds, reached by a
secret address because a calendar app subscribes without signing in."""

import secrets

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.db.models import Q
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from tournament.accounts.models import Player
from tournament.events.calendar import calendar_bytes
from tournament.events.choices import Status
from tournament.events.models import Event
from tournament.events.views_mixins import EventMixin

# The feeds of a player's own calendar: what each lists, and its name in the calendar app.
PERSONAL_FEEDS = {
    "playing": lambda player: Q(registrations__player=player),
    "organizing": lambda player: Q(organizer=player) | Q(judges=player),
}


def calendar_response(request, events, name: str, filename: str) -> HttpResponse:
    body = calendar_bytes(
        events,
        name=name,
        host=request.get_host().split(":")[0],
        base_url=f"{request.scheme}://{request.get_host()}",
    )
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


class EventCalendarView(EventMixin, View):
    """One event as an .ics file: "Add to calendar"."""

    def get(self, request, *args, **kwargs):
        return calendar_response(
            request, [self.event], self.event.name, f"event-{self.event.pk}.ics"
        )


class PersonalCalendarView(View):
    """A player's events (`playing`) or the events he organizes or judges (`organizing`)."""

    def get(self, request, key: str, feed: str):
        if feed not in PERSONAL_FEEDS or len(key) < 20:
            raise Http404
        player = Player.objects.filter(calendar_key=key).first()
        if player is None:  # never a valid key: an empty key matches nobody (length above)
            raise Http404
        events = (
            Event.objects.filter(PERSONAL_FEEDS[feed](player))
            .exclude(status=Status.DRAFT)
            .distinct()
            .order_by("date", "pk")
        )
        names = {"playing": _("My Spellfire events"), "organizing": _("Events I run")}
        return calendar_response(request, events, str(names[feed]), f"{feed}.ics")


def calendar_key(player: Player) -> str:
    """The player's feed key, made on first use."""
    if not player.calendar_key:
        player.calendar_key = secrets.token_urlsafe(32)
        player.save(update_fields=["calendar_key"])
    return player.calendar_key


def feed_urls(request, player: Player) -> dict[str, str]:
    """The absolute addresses of the player's feeds, to paste into a calendar app."""
    key = calendar_key(player)
    return {
        feed: request.build_absolute_uri(reverse("events:personal_calendar", args=[key, feed]))
        for feed in PERSONAL_FEEDS
    }


def profile_feeds(request, player: Player) -> dict[str, dict[str, str]]:
    """The profile page's calendar section (`accounts.views.ProfileView.extras`)."""
    return {"feeds": feed_urls(request, player)}


class NewCalendarKeyView(LoginRequiredMixin, View):
    """POST: new feed addresses; the old ones stop working (a shared link is revoked)."""

    http_method_names = ["post"]

    def post(self, request):
        player = getattr(request.user, "player", None)
        if player is not None:
            player.calendar_key = ""
            calendar_key(player)
            messages.success(
                request, _("New calendar addresses made; the old ones no longer work.")
            )
        return HttpResponseRedirect(reverse("accounts:profile") + "#calendars")
