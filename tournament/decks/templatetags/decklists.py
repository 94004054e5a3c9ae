"""Template tags for documents that show a player's registered list (the decklist sheet)."""

from django import template

from tournament.decks.services import swaps_for_print
from tournament.events.models import Registration

register = template.Library()


@register.inclusion_tag("decks/includes/sideboard_record.html")
def sideboard_record(event, player) -> dict:
    """The sideboard opt-out and every recorded swap of this player in this event."""
    registration = Registration.objects.filter(event=event, player=player).first()
    record = swaps_for_print(registration) if registration else {"opt_out": False, "swaps": []}
    return {"record": record}
