"""Who may see and change a list: the owner, the officials, and the one rule of which lists
are public (pages, the API, the event menu and the metagame; SPEC §3)."""

from __future__ import annotations

from django.db.models import F, Q

from tournament.events.choices import Status
from tournament.events.models import DecklistsPublished, Event, Registration
from tournament.events.permissions import EventRole, player_of, role_in_event


def is_locked(event: Event) -> bool:
    """Lists lock once round 1 is seated (SPEC §3)."""
    return event.rounds.filter(number=1).exists()


def is_owner(user, registration: Registration) -> bool:
    player = player_of(user)
    return player is not None and registration.player_id == player.pk


# --- which lists are public: ONE rule (pages, the API, the event menu and the metagame) ---


def public_decklist_q() -> Q:
    """The rule, as a filter on registrations: a list is public when its event is finished
    (never while it runs), the organizer published all lists or the top N (the N best final
    places as stored in `EventStanding.place`, never recomputed; players sharing place N are
    all in), the list is not empty, and its player did not keep it private."""
    published = Q(event__decklists_published=DecklistsPublished.ALL) | Q(
        event__decklists_published=DecklistsPublished.TOP,
        standing__place__lte=F("event__decklists_top"),
    )
    return (
        Q(event__status=Status.FINISHED)
        & published
        & Q(decklist__isnull=False)
        & ~Q(decklist__text="")
        & Q(decklist__hidden_by_player=False)
    )


def public_registrations(event: Event | None = None):
    """Registrations whose list anyone may read (of one event, or of every event)."""
    registrations = Registration.objects.filter(public_decklist_q())
    return registrations.filter(event=event) if event is not None else registrations


def is_public_decklist(registration: Registration) -> bool:
    """Whether anyone may read this registration's list (the rule above, for one row)."""
    if not index_is_public(registration.event):
        return False  # no query for the usual case
    return public_registrations().filter(pk=registration.pk).exists()


def index_is_public(event: Event) -> bool:
    """Whether the public may see the event's decklists page (finished, some lists published);
    which lists it shows is `public_decklist_q`."""
    return event.status == Status.FINISHED and event.decklists_published in (
        DecklistsPublished.TOP,
        DecklistsPublished.ALL,
    )


def can_view_decklist(user, registration: Registration) -> bool:
    """Officials and the owner always; anyone else only a public list."""
    event = registration.event
    if is_owner(user, registration) or role_in_event(user, event) >= EventRole.JUDGE:
        return True
    return is_public_decklist(registration)


def can_view_index(user, event: Event, role: EventRole | None = None) -> bool:
    """The list of decklists: officials (every list); the public once the event is finished
    with lists published (the public ones only: `visible_registrations`). `role`, when the
    caller already knows it, saves the lookup."""
    if index_is_public(event):
        return True
    role = role_in_event(user, event) if role is None else role
    return role >= EventRole.JUDGE


def visible_registrations(user, event: Event, role: EventRole | None = None):
    """The registrations whose list this user may read in the event's list of decklists:
    every one for officials, the public ones for anybody else (none when not published)."""
    role = role_in_event(user, event) if role is None else role
    if role >= EventRole.JUDGE:
        return Registration.objects.filter(event=event)
    if not can_view_index(user, event, role):
        return Registration.objects.none()
    return public_registrations(event)


def can_edit_decklist(user, registration: Registration) -> bool:
    """Officials always (a reason is needed once locked); the owner until the lock."""
    if role_in_event(user, registration.event) >= EventRole.JUDGE:
        return True
    return is_owner(user, registration) and not is_locked(registration.event)


def reason_required(user, registration: Registration) -> bool:
    """An official's change after the lock needs a reason (players cannot change it then)."""
    return (
        is_locked(registration.event) and role_in_event(user, registration.event) >= EventRole.JUDGE
    )
