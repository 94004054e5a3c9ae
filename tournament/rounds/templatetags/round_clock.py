"""Template helpers of the rounds shown on other apps' pages: the officials' way to the
current round, with its clock, on the event page."""

from django import template

from tournament.events.choices import Status
from tournament.events.models import Event, Round
from tournament.events.permissions import EventRole
from tournament.rounds.services.round_state import current_round
from tournament.rounds.views import finish_hint, timer_context

register = template.Library()


@register.inclusion_tag("events/rounds/_officials_round.html", takes_context=True)
def officials_round(context, event: Event) -> dict:
    """While the event runs, its officials reach the judge dashboard in one tap, with the
    current round's clock beside it; once the last round is closed, its organizer finishes
    the event here (the hint and its button together); nothing for anyone else."""
    role = context.get("role", EventRole.PUBLIC)
    if event.status != Status.RUNNING or role < EventRole.JUDGE:
        return {"event": event}
    current = current_round(event)
    finishing = (
        current is not None
        and current.is_final
        and current.state == Round.State.CLOSED
        and role >= EventRole.ORGANIZER
    )
    return {
        "event": event,
        "current_round": current,
        "finish_hint": finish_hint(current) if finishing else "",
        "csrf_token": context.get("csrf_token"),
        **(timer_context(current) if current else {}),
    }
