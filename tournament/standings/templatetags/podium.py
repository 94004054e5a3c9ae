"""Template helpers of the stored standings shown on other apps' pages: a finished event's
podium and officials' points on the event page."""

from django import template
from django.utils.translation import ngettext

from tournament.events.models import Event
from tournament.standings.models import EventStanding, OfficialScore
from tournament.standings.words import record_words

register = template.Library()


@register.inclusion_tag("standings/_podium.html")
def event_podium(event: Event) -> dict:
    """The podium (places 1 to 3, ties included) and the officials' points, as stored by the
    recompute pipeline."""
    podium = list(
        EventStanding.objects.filter(event=event, place__lte=3)
        .select_related("player")
        .order_by("place", "player__name")
    )
    for standing in podium:
        standing.podium_figure = podium_figure(event, standing)
    return {
        "event": event,
        "podium": podium,
        "official_scores": list(OfficialScore.objects.filter(event=event).select_related("player")),
    }


def podium_figure(event: Event, standing: EventStanding) -> str:
    """What the podium says beside a name: a bracket event's points; a one-on-one event's
    record over every match and its match points of the Swiss rounds (SPEC §11: a top-cut
    winner may have fewer match points than a player he beat)."""
    if event.is_one_on_one:
        return record_words(standing.record, standing.match_points)
    return ngettext("%(count)d point", "%(count)d points", standing.points) % {
        "count": standing.points
    }
