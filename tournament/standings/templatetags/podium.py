"""Template helpers of the stored standings shown on other apps' pages: a finished event's
podium and officials' points on the event page."""

from django import template
from django.utils.translation import ngettext

from tournament.events.models import Event
from tournament.standings import reading
from tournament.standings.words import record_words

register = template.Library()


@register.inclusion_tag("standings/_podium.html")
def event_podium(event: Event) -> dict:
    """The podium (places 1 to 3, ties included) and the officials' points, as stored by the
    recompute pipeline."""
    podium = reading.podium(event)
    for standing in podium:
        standing.podium_figure = podium_figure(event, standing)
    return {
        "event": event,
        "podium": podium,
        "official_scores": list(reading.officials(event)),
    }


def podium_figure(event: Event, standing) -> str:
    """What the podium says beside a name: a bracket event's points; a one-on-one event's
    record over every match and its match points of the Swiss rounds (SPEC §11: a top-cut
    winner may have fewer match points than a player he beat)."""
    if event.is_one_on_one:
        return record_words(standing.record, standing.match_points)
    return ngettext("%(count)d point", "%(count)d points", standing.points) % {
        "count": standing.points
    }
