"""Deck checks (SPEC §3): a judge's finding on a player's list, recorded and listed."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext as _

from tournament.decks.models import DeckCheckFinding
from tournament.events.choices import Status
from tournament.events.models import Registration
from tournament.events.permissions import EventRole, player_of, role_in_event


def record_deck_check(
    user, registration: Registration, problem: str, penalty: str
) -> DeckCheckFinding:
    """A judge records what a deck check found and the penalty given (officials only; the
    event must have started: a deck is checked at the tables)."""
    event = registration.event
    if role_in_event(user, event) < EventRole.JUDGE:
        raise PermissionDenied(_("Only the event's judges and organizer record deck checks."))
    problem = (problem or "").strip()
    if not problem:
        raise ValidationError(_("Say what the deck check found."))
    if penalty not in DeckCheckFinding.Penalty.values:
        raise ValidationError(_("Choose the penalty given."))
    if event.status not in (Status.RUNNING, Status.FINISHED):
        raise ValidationError(_("Decks are checked once the event runs."))
    current = event.rounds.order_by("-number").values_list("number", flat=True).first()
    return DeckCheckFinding.objects.create(
        registration=registration,
        round_number=current,
        problem=problem[:1000],
        penalty=penalty,
        recorded_by=player_of(user),
    )


def deck_checks(registration: Registration) -> list[DeckCheckFinding]:
    return list(registration.deck_checks.select_related("recorded_by"))
