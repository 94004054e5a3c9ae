"""Template helpers of the event navigation."""

from django import template

from tournament.events.models import Event
from tournament.events.permissions import player_of
from tournament.events.services.teams import side_of

register = template.Library()


@register.filter
def plays_in(user, event: Event) -> bool:
    """Whether the signed-in user is registered to play in the event (officials may play)."""
    player = player_of(user)
    return player is not None and event.registrations.filter(player=player).exists()


@register.filter
def side(player, event: Event) -> str:
    """A winner as the page names him: his team's name in Team Spirit, else his name."""
    found = side_of(event, player)
    return found.name if found else ""


@register.filter
def side_full(player, event: Event) -> str:
    """A winner with his team's members: "Harpers (Karen Costa & Lucas Almeida)"."""
    found = side_of(event, player)
    return found.full if found else ""
