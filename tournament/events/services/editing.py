"""Editing an event's own fields: what may still change once play began, and what follows."""

from collections.abc import Collection

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from tournament.core.happenings import announce
from tournament.events.happenings import EventChanged
from tournament.events.models import RULE_FIELDS, Event
from tournament.events.services.registration import lock_event, promote_waiting, require_editable


def frozen_fields_error(event: Event, changed: Collection[str]) -> ValidationError | None:
    """Why these changes are refused now (None: they may be saved)."""
    if event.pk is None or not event.rounds.exists():
        return None
    frozen = sorted(set(RULE_FIELDS) & set(changed))
    if "time_limit_minutes" in changed and not event.time_limit_minutes:
        frozen.append("time_limit_minutes")  # games ended by time need a timed event
    if not frozen:
        return None
    names = ", ".join(str(capfirst(Event._meta.get_field(name).verbose_name)) for name in frozen)
    return ValidationError(
        _(
            "Round 1 is seated and results were checked against the format: %(fields)s can no "
            "longer change."
        )
        % {"fields": names}
    )


def save_event(event: Event, changed: Collection[str]) -> Event:
    """Save an edited event, refusing rule changes after play; announce what changed (the
    standings recompute what it changes)."""
    error = frozen_fields_error(event, changed)
    if error is not None:
        raise error
    with transaction.atomic():
        locked = lock_event(event)
        require_editable(locked)  # under the lock the submission takes too
        event.frozen_for_review = locked.frozen_for_review  # the review's to write, never ours
        event.save()
        if "capacity" in changed and not event.rounds.exists():
            promote_waiting(event)  # a larger capacity makes room at once
        announce(EventChanged(event, frozenset(changed)))
    return event
