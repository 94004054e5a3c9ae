"""What both round life cycles (brackets and one-on-one) ask of a round: the current one,
locked, still open, with results or not; and what both do once a round is seated."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournament.core.happenings import announce
from tournament.core.locking import lock_rows
from tournament.events.choices import Status
from tournament.events.models import Event, Round
from tournament.events.services.registration import lock_event
from tournament.results.models import Game, GameEntry
from tournament.rounds.happenings import RoundSeated
from tournament.standings import recompute


def locked_round(rnd: Round) -> tuple[Event, Round]:
    """The event and round, locked; refused when a concurrent request replaced the round.

    Re-seating deletes the round and creates a new one: a second click that waited for the
    event's lock finds its round gone, which is a message, not an error."""
    event = lock_event(rnd.event)
    try:
        return event, lock_rows(Round.objects.all()).get(pk=rnd.pk)
    except Round.DoesNotExist as error:
        raise ValidationError(
            _("Round %(number)s was just changed by someone else: reload the page and check it.")
            % {"number": rnd.number}
        ) from error


def current_round(event: Event) -> Round | None:
    """The latest round of an event (None before round 1 is seated)."""
    return event.rounds.order_by("-number").first()


def round_has_results(rnd: Round) -> bool:
    """Whether any game of the round has an accepted result."""
    return Game.objects.filter(bracket__round=rnd).exists()


def round_has_entries(rnd: Round) -> bool:
    """Whether any result was accepted or submitted in the round."""
    return round_has_results(rnd) or GameEntry.objects.filter(bracket__round=rnd).exists()


def require_open_current(event: Event, rnd: Round) -> None:
    """Refuse a change to a round that is closed or no longer the current one."""
    if rnd != current_round(event) or rnd.state == Round.State.CLOSED:
        raise ValidationError(_("Round %(number)s is closed.") % {"number": rnd.number})


def round_seated(event: Event, rnd: Round) -> Round:
    """A new round is seated (brackets or matches): announced, the event running, every
    figure of the event stored again. The round."""
    announce(RoundSeated(rnd))
    if event.status != Status.RUNNING:
        event.status = Status.RUNNING
        event.save(update_fields=["status", "updated_at"])
    recompute.refresh_event(event)
    return rnd
