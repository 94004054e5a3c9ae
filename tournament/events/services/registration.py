"""Opening registration, registering, checking in and assigning judges."""

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.accounts.models import Player
from tournament.core.happenings import announce
from tournament.core.locking import lock_rows
from tournament.events.choices import Status
from tournament.events.happenings import (
    EventChanged,
    MovedUp,
    Registered,
    Waitlisted,
    registration_checks,
)
from tournament.events.models import Event, Registration

FROZEN_FOR_REVIEW = gettext_lazy(
    "The scoring form of this event awaits a ranking officer's review: the event "
    "cannot change until it is accepted or returned."
)


def lock_event(event: Event) -> Event:
    """The event row, locked for this transaction (the first lock of every event change:
    see docs/locking.md)."""
    return lock_rows(Event.objects.all()).get(pk=event.pk)


def require_editable(event: Event) -> None:
    """Refuse a change to an event whose scoring form awaits a ranking officer.

    Call it inside the transaction that changes the event, on the row `lock_event` read:
    the review services set `Event.frozen_for_review` under the same lock, so an edit and a
    submission cannot pass each other (see docs/locking.md)."""
    if event.frozen_for_review:
        raise ValidationError(FROZEN_FOR_REVIEW)


def set_status(event: Event, status: str) -> Event:
    """Move an event between draft and registration (running/finished come from rounds)."""
    allowed = {
        Status.DRAFT: {Status.REGISTRATION},
        Status.REGISTRATION: {Status.DRAFT},
    }
    if status not in Status.values:
        raise ValidationError(_("Choose the event's new status."))
    with transaction.atomic():
        event = lock_event(event)
        if status not in allowed.get(event.status, set()):
            raise ValidationError(
                _("An event that is %(current)s cannot become %(new)s.")
                % {"current": event.get_status_display(), "new": Status(status).label}
            )
        if status == Status.DRAFT and event.registrations.exists():
            raise ValidationError(_("Players have registered: registration cannot be closed."))
        event.status = status
        event.save(update_fields=["status", "updated_at"])
        return event


def _has_room(event: Event) -> bool:
    if event.capacity is None:
        return True
    return event.registrations.filter(waitlisted=False).count() < event.capacity


def register(
    event: Event, player: Player, *, late: bool = False, by: Player | None = None
) -> Registration:
    """Register a player; refused once round 1 is seated, outside registration or after the
    deadline. Beyond the capacity he joins the waiting list. An organizer's late entry at the
    venue skips the deadline and the capacity. ``by``: who did it (the player himself, or an
    official on his behalf), shown to the ranking officer; None is "not recorded"."""
    with transaction.atomic():
        event = lock_event(event)
        if event.rounds.exists():
            raise ValidationError(_("Round 1 is seated: registration is closed."))
        if event.status != Status.REGISTRATION and not (late and event.status == Status.RUNNING):
            raise ValidationError(_("This event is not open for registration."))
        if not late and event.registration_closed_by_deadline:
            raise ValidationError(_("The registration deadline has passed."))
        if event.registrations.filter(player=player).exists():
            raise ValidationError(
                _("%(player)s is already registered for this event.") % {"player": player.name}
            )
        refusal = championship_refusal(event, player)
        if refusal:
            raise ValidationError(refusal)
        waitlisted = not late and not _has_room(event)
        try:
            with transaction.atomic():
                registration = Registration.objects.create(
                    event=event, player=player, late=late, waitlisted=waitlisted, registered_by=by
                )
        except IntegrityError as error:  # a concurrent double tap
            raise ValidationError(
                _("%(player)s is already registered for this event.") % {"player": player.name}
            ) from error
        announce((Waitlisted if waitlisted else Registered)(registration))
        return registration


def championship_refusal(event: Event, player: Player) -> str | None:
    """The first refusal of the registration checks apps above add (`registration_checks`,
    declared in `tournament/site/subscriptions.py`: a championship restricted to a league's
    qualified players refuses the others)."""
    for check in registration_checks:
        refusal = check(event, player)
        if refusal:
            return refusal
    return None


def promote_waiting(event: Event) -> list[Registration]:
    """Move players up from the waiting list, first come first served, while there is room.
    Call inside the caller's transaction, with the event locked."""
    waiting = list(
        event.registrations.filter(waitlisted=True)
        .select_related("player")
        .order_by("created_at", "pk")
    )
    if event.capacity is not None:
        room = event.capacity - event.registrations.filter(waitlisted=False).count()
        waiting = waiting[: max(room, 0)]
    for registration in waiting:  # one by one: each player is told he moved up
        registration.waitlisted = False
        registration.save(update_fields=["waitlisted"])
        announce(MovedUp(registration))
    return waiting


def unregister(registration: Registration) -> list[Registration]:
    """Withdraw before round 1 (afterwards a player drops instead); returns who moved up from
    the waiting list into the freed place."""
    with transaction.atomic():
        event = lock_event(registration.event)
        if event.rounds.exists():
            raise ValidationError(_("Round 1 is seated: drop the player instead."))
        registration.delete()
        return promote_waiting(event)


def set_checked_in(
    registration: Registration, checked_in: bool, *, by: Player | None = None
) -> Registration:
    """Check a player in (or out) on an official's check-in list; ``by``: the official."""
    with transaction.atomic():
        # The event first (docs/locking.md): a check-in never slips in beside the seating
        # of round 1 or the event's finish, which read the check-ins under the same lock.
        event = lock_event(registration.event)
        registration = lock_rows(Registration.objects.all()).get(pk=registration.pk)
        if event.status == Status.FINISHED:
            raise ValidationError(_("The event is finished."))
        if checked_in and registration.waitlisted:
            raise ValidationError(_("A player on the waiting list cannot be checked in."))
        registration.checked_in = checked_in
        registration.checked_in_by = by if checked_in else None
        registration.save(update_fields=["checked_in", "checked_in_by"])
        return registration


def check_in_many(
    event: Event, registration_ids: list[int], checked_in: bool = True, *, by: Player | None = None
) -> int:
    """Check in (or out) several players of one event at once; returns how many changed."""
    with transaction.atomic():
        event = lock_event(event)
        if event.status == Status.FINISHED:
            raise ValidationError(_("The event is finished."))
        if not registration_ids:
            raise ValidationError(_("Select at least one player."))
        selected = event.registrations.filter(pk__in=registration_ids)
        if checked_in:
            selected = selected.filter(waitlisted=False)
        return selected.exclude(checked_in=checked_in).update(
            checked_in=checked_in, checked_in_by=by if checked_in else None
        )


WRONG_CODE = "wrong-venue-code"


def check_in_self(registration: Registration, code: str = "") -> Registration:
    """A player checks himself in from his phone, until round 1 is seated (with the venue
    code when the organizer set one)."""
    with transaction.atomic():
        event = lock_event(registration.event)
        registration = lock_rows(Registration.objects.all()).get(pk=registration.pk)
        if event.rounds.exists():
            raise ValidationError(_("Round 1 is seated: check-in is closed."))
        if event.status != Status.REGISTRATION:
            raise ValidationError(_("Check-in opens with registration."))
        if registration.dropped:
            raise ValidationError(_("You have dropped from this event."))
        if registration.waitlisted:
            raise ValidationError(_("You are on the waiting list: wait for a place first."))
        expected = event.check_in_code.strip().casefold()
        if expected and code.strip().casefold() != expected:
            raise ValidationError(
                _("Wrong venue code: type the code shown at the venue."), code=WRONG_CODE
            )
        registration.checked_in = True
        registration.checked_in_by = registration.player  # he did it himself
        registration.save(update_fields=["checked_in", "checked_in_by"])
        return registration


def set_judges(event: Event, judges: list[Player]) -> None:
    """Replace the event's judges; the organizer is never one of its additional judges."""
    if any(judge.pk == event.organizer_id for judge in judges):
        raise ValidationError(_("The organizer is the coordinator, not an additional judge."))
    with transaction.atomic():
        locked = lock_event(event)
        require_editable(locked)  # under the lock the submission takes too
        locked.judges.set(judges)
        announce(EventChanged(event, frozenset({"judges"})))  # officials' points
