"""Template helpers of the event navigation."""

from django import template

from tournament.events.models import Event
from tournament.events.permissions import player_of

register = template.Library()


@register.filter
def plays_in(user, event: Event) -> bool:
    """Whether the signed-in user is registered to play in the event (officials may play)."""
    player = player_of(user)
    return player is not None and event.registrations.filter(player=player).exists()
