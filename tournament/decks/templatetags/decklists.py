"""Template tags for documents that show a player's registered list (the decklist sheet),
and the event menu's decklists link."""

from django import template

from tournament.decks.services.swaps import swaps_for_print
from tournament.decks.services.visibility import can_view_index
from tournament.events.models import Registration

register = template.Library()


@register.inclusion_tag("decks/includes/sideboard_record.html")
def sideboard_record(event, player) -> dict:
    """The sideboard opt-out and every recorded swap of this player in this event."""
    registration = Registration.objects.filter(event=event, player=player).first()
    record = swaps_for_print(registration) if registration else {"opt_out": False, "swaps": []}
    return {"record": record}


@register.simple_tag(takes_context=True)
def can_view_decklist_index(context, event) -> bool:
    """Whether the event menu links to the decklists (`services.can_view_index`, with the
    page's `role` when it has one: no extra query)."""
    return can_view_index(context.get("user"), event, context.get("role"))
