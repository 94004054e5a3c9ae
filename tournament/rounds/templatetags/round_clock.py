"""Template helpers of the rounds shown on other apps' pages: the officials' way to the
current round, with its clock, on the event page."""

from django import template

from tournament.events.choices import Status
from tournament.events.models import Event
from tournament.events.permissions import EventRole
from tournament.rounds.services.round_state import current_round
from tournament.rounds.views import timer_context

register = template.Library()


@register.inclusion_tag("events/rounds/_officials_round.html", takes_context=True)
def officials_round(context, event: Event) -> dict:
    """While the event runs, its officials reach the judge dashboard in one tap, with the
    current round's clock beside it; nothing for anyone else."""
    role = context.get("role", EventRole.PUBLIC)
    if event.status != Status.RUNNING or role < EventRole.JUDGE:
        return {"event": event}
    current = current_round(event)
    return {"event": event, "current_round": current, **(timer_context(current) if current else {})}
