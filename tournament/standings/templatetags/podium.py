"""Template helpers of the stored standings shown on other apps' pages: a finished event's
podium and officials' points on the event page."""

from django import template

from tournament.events.models import Event
from tournament.standings.models import EventStanding, OfficialScore

register = template.Library()


@register.inclusion_tag("standings/_podium.html")
def event_podium(event: Event) -> dict:
    """The podium (places 1 to 3, ties included) and the officials' points, as stored by the
    recompute pipeline."""
    return {
        "event": event,
        "podium": list(
            EventStanding.objects.filter(event=event, place__lte=3)
            .select_related("player")
            .order_by("place", "player__name")
        ),
        "official_scores": list(OfficialScore.objects.filter(event=event).select_related("player")),
    }
