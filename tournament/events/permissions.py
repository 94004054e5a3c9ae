"""Who may do what in an event: the one place every view and service asks."""

import enum
from enum import IntEnum

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from tournament.accounts.models import Player
from tournament.events.choices import Status
from tournament.events.models import Event


class EventRole(IntEnum):
    """Roles are ordered: each one can do everything the roles below it can."""

    # Templates call callables; an enum class called with no value would fail silently.
    do_not_call_in_templates = enum.nonmember(True)
    PUBLIC = 0
    PLAYER = 1
    JUDGE = 2
    ORGANIZER = 3


def player_of(user) -> Player | None:
    """The player profile of a signed-in user, or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    return getattr(user, "player", None)


def player_role(event: Event, player: Player | None) -> EventRole:
    """The role a player (or nobody) has in an event."""
    if player is None:
        return EventRole.PUBLIC
    if event.organizer_id == player.pk:
        return EventRole.ORGANIZER
    if player.pk in event.judge_ids:
        return EventRole.JUDGE
    return EventRole.PLAYER


def official_role(event: Event, player: Player | None) -> EventRole:
    """The player's official role in the event (PUBLIC if not an official)."""
    role = player_role(event, player)
    return role if role >= EventRole.JUDGE else EventRole.PUBLIC


def role_in_event(user, event: Event) -> EventRole:
    """The highest role a user has in an event (superusers act as organizers)."""
    if getattr(user, "is_superuser", False):
        return EventRole.ORGANIZER
    return player_role(event, player_of(user))


def can_judge(user, event: Event) -> bool:
    return role_in_event(user, event) >= EventRole.JUDGE


def can_view(user, event: Event) -> bool:
    """Drafts are seen by their officials only; everything else is public."""
    return event.status != Status.DRAFT or can_judge(user, event)


def require(allowed: bool, message: str | None = None) -> None:
    """Raise PermissionDenied (HTTP 403) unless allowed."""
    if not allowed:
        raise PermissionDenied(message or _("You are not allowed to do this."))


def require_role(user, event: Event, role: EventRole) -> EventRole:
    """Raise PermissionDenied unless the user has at least `role` in the event."""
    actual = role_in_event(user, event)
    require(actual >= role, _("This needs the %(role)s of the event.") % {"role": role_label(role)})
    return actual


def role_label(role: EventRole) -> str:
    return {
        EventRole.PUBLIC: _("public"),
        EventRole.PLAYER: _("player"),
        EventRole.JUDGE: _("judge"),
        EventRole.ORGANIZER: _("organizer"),
    }[role]
