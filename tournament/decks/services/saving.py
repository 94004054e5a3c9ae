"""Saving a list (illegal lists too, as drafts; the lock once round 1 is seated, a judge's
change after it with a reason, the history), the player's privacy choice, and the stored
statuses re-checked when the format or the card data change (SPEC §3)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.decklist import (
    text_limit_problems,
)
from tournament.core.happenings import announce
from tournament.core.issues import deck_message
from tournament.core.locking import lock_rows
from tournament.decks.happenings import DecklistChanged
from tournament.decks.models import Decklist, DecklistChange
from tournament.decks.services.checking import (
    SIZE_CODES,
    DeckCheck,
    check_decklist,
    check_for_event,
    deck_file_text,
    deck_format_of,
    format_key,
    has_sideboard,
)
from tournament.decks.services.visibility import is_locked, is_owner
from tournament.events.models import Event, Registration
from tournament.events.permissions import EventRole, player_of, role_in_event


def _apply(decklist: Decklist, check: DeckCheck, key: str) -> None:
    """Store the validation result on the decklist (not saved)."""
    if not decklist.text.strip():
        decklist.status = Decklist.Status.MISSING
    elif check.is_unchecked:
        decklist.status = Decklist.Status.UNCHECKED
    else:
        decklist.status = Decklist.Status.LEGAL if check.is_legal else Decklist.Status.ILLEGAL
    decklist.problem_count = min(len(check.problems), 32767)
    decklist.card_count = min(check.card_count, 32767)
    decklist.level_total = min(check.report.level_total, 32767)
    decklist.format_key = key


@transaction.atomic
def save_decklist(
    registration: Registration,
    user,
    text: str,
    sideboard_text: str = "",
    reason: str = "",
    sideboard_opt_out: bool = False,
) -> tuple[Decklist, DeckCheck, bool]:
    """Save a list (illegal lists too, as drafts); returns (decklist, check, changed)."""
    event = registration.event
    role = role_in_event(user, event)
    owner = is_owner(user, registration)
    if not owner and role < EventRole.JUDGE:
        raise PermissionDenied(_("Only the player or the event's judges may change this list."))
    locked = is_locked(event)
    if locked and role < EventRole.JUDGE:
        raise ValidationError(
            _("Decklists are locked: round 1 has been seated. Ask a judge to change your list.")
        )
    reason = reason.strip()
    if locked and not reason:
        raise ValidationError(_("A change after the lock needs a reason."))
    too_big = text_limit_problems(text) or text_limit_problems(sideboard_text)
    if too_big:
        raise ValidationError([deck_message(p) for p in too_big])
    # A deck file pasted into the box is saved as its typed list, as if uploaded.
    text = deck_file_text(text.replace("\r\n", "\n")).strip()
    sideboard_text = sideboard_text.replace("\r\n", "\n").strip() if has_sideboard(event) else ""
    decklist, _created = lock_rows(Decklist.objects.all()).get_or_create(registration=registration)
    opt_out = sideboard_opt_out and has_sideboard(event)
    check = check_for_event(event, text, sideboard_text, opt_out)
    if any(p.code in SIZE_CODES for p in check.problems):
        raise ValidationError([deck_message(p) for p in check.problems if p.code in SIZE_CODES])
    before, before_side, before_opt_out = (
        decklist.text,
        decklist.sideboard_text,
        decklist.sideboard_opt_out,
    )
    changed = (before, before_side, before_opt_out) != (text, sideboard_text, opt_out)
    decklist.text, decklist.sideboard_text = text, sideboard_text
    decklist.sideboard_opt_out = opt_out
    _apply(decklist, check, format_key(event))
    if changed:
        decklist.updated_by = player_of(user)
    decklist.save()
    if changed:
        change = DecklistChange.objects.create(
            decklist=decklist,
            changed_by=player_of(user),
            reason=reason,
            locked=locked,
            before_text=before,
            after_text=text,
            before_sideboard=before_side,
            after_sideboard=sideboard_text,
            before_opt_out=before_opt_out,
            after_opt_out=opt_out,
            status=decklist.status,
        )
        announce(DecklistChanged(change))
    return decklist, check, changed


@transaction.atomic
def set_hidden_by_player(user, registration: Registration, hidden: bool) -> Decklist:
    """The player keeps his list private (where the organizer allows it) or shares it again.

    Only the player decides, at any time (the list itself stays locked). A private list is
    never public, even if the organizer later stops allowing it."""
    if not is_owner(user, registration):
        raise PermissionDenied(_("Only the player decides whether his list is published."))
    if hidden and not registration.event.decklist_opt_out_allowed:
        raise ValidationError(_("The organizer publishes this event's decklists."))
    decklist, _created = lock_rows(Decklist.objects.all()).get_or_create(registration=registration)
    if decklist.hidden_by_player != hidden:
        decklist.hidden_by_player = hidden
        decklist.save(update_fields=["hidden_by_player"])
    return decklist


def refresh_statuses(event: Event) -> int:
    """Re-validate stored lists whose format or card data changed; returns how many."""
    key = format_key(event)
    stale = list(Decklist.objects.filter(registration__event=event).exclude(format_key=key))
    fmt = deck_format_of(event)
    for decklist in stale:
        check = check_decklist(
            decklist.text,
            fmt,
            decklist.sideboard_text,
            sideboard_opt_out=decklist.sideboard_opt_out,
        )
        _apply(decklist, check, key)
    fields = ["status", "problem_count", "card_count", "level_total", "format_key"]
    Decklist.objects.bulk_update(stale, fields)
    return len(stale)


def decklist_status(registration: Registration) -> str:
    """`legal`, `illegal` or `missing` for one registration (re-checked if stale)."""
    decklist = Decklist.objects.filter(registration=registration).first()
    if decklist is None:
        return Decklist.Status.MISSING
    if decklist.format_key != format_key(registration.event):
        refresh_statuses(registration.event)
        decklist.refresh_from_db()
    return decklist.status
