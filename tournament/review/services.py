"""The ranking review (SPEC §9): submit → accept or return; a correction re-opens it.

Only figures a ranking officer accepted count in the ranking: acceptance copies the
event's stored standings and officials' points into the ranked figures
(`standings.services.store_ranked_figures`). A later correction changes the event's own
standings at once, re-opens its review, and the ranking keeps the last accepted figures
until the correction is accepted too.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.accounts.models import Player
from tournament.eventfile.models import ImportedEvent
from tournament.eventfile.services import export_record
from tournament.events.choices import Status
from tournament.events.models import Event
from tournament.review.fingerprint import results_fingerprint
from tournament.review.models import (
    RANKING_OFFICERS_GROUP,
    ReviewDecision,
    ReviewState,
    ScoringReview,
)
from tournament.standings.models import EventStanding, OfficialScore
from tournament.standings.services import (
    mark_scoring_form_sent,
    ranked_figures_differ,
    store_ranked_figures,
)

Action = ReviewDecision.Action
# What an organizer may submit from: never submitted, returned, corrected after acceptance.
SUBMITTABLE = (None, ReviewState.RETURNED, ReviewState.REOPENED)


def is_ranking_officer(user) -> bool:
    """Members of the ranking officers' group (and superusers) review scoring forms."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if not hasattr(user, "_is_ranking_officer"):  # asked by the nav on every page
        user._is_ranking_officer = (
            user.is_superuser or user.groups.filter(name=RANKING_OFFICERS_GROUP).exists()
        )
    return user._is_ranking_officer


def review_of(event: Event) -> ScoringReview | None:
    return ScoringReview.objects.filter(event=event).first()


def cached_review(event: Event) -> ScoringReview | None:
    """The event's review, read through the relation (no query when it was selected)."""
    try:
        return event.review
    except ScoringReview.DoesNotExist:
        return None


def require_editable(event: Event) -> None:
    """Refuse a change to an event whose scoring form awaits a ranking officer."""
    if ScoringReview.objects.filter(event=event, state=ReviewState.SUBMITTED).exists():
        raise ValidationError(
            _(
                "The scoring form of this event awaits a ranking officer's review: the event "
                "cannot change until it is accepted or returned."
            )
        )


def _locked_review(event: Event) -> tuple[Event, ScoringReview | None]:
    event = Event.objects.select_for_update().get(pk=event.pk)
    return event, ScoringReview.objects.select_for_update().filter(event=event).first()


def _record(review: ScoringReview, state: str, action: str, by, reason: str = "") -> None:
    now = timezone.now()
    review.state, review.updated_at = state, now
    review.save()
    ReviewDecision.objects.create(review=review, action=action, by=by, at=now, reason=reason)


def submit(event: Event, user) -> ScoringReview:
    """The organizer submits the finished event's scoring form for review (the event is frozen).

    The first submission also stops the event being late (SPEC §6 due date)."""
    with transaction.atomic():
        event, review = _locked_review(event)
        if event.status != Status.FINISHED:
            raise ValidationError(_("Only a finished event's scoring form can be submitted."))
        if not event.scored:
            raise ValidationError(
                _("This event is unscored: it has no points for the ranking to review.")
            )
        state = review.state if review else None
        if state not in SUBMITTABLE:
            raise ValidationError(
                _("The scoring form is already submitted (%(state)s).")
                % {"state": review.get_state_display()}
            )
        if review is None:
            review = ScoringReview(event=event)
        mark_scoring_form_sent(event, getattr(user, "player", None))
        _record(review, ReviewState.SUBMITTED, Action.SUBMIT, user)
        return review


def _require_officer_may_decide(event: Event, review: ScoringReview | None, user) -> ScoringReview:
    if review is None or review.state != ReviewState.SUBMITTED:
        raise ValidationError(_("This scoring form is not awaiting review."))
    player = getattr(user, "player", None)
    if player is not None and took_part(event, player.pk):
        raise ValidationError(
            _("You took part in this event: another ranking officer must review it.")
        )
    return review


def took_part(event: Event, player_id: int) -> bool:
    """Whether the player has standings or officials' points in the event."""
    return (
        EventStanding.objects.filter(event=event, player_id=player_id).exists()
        or OfficialScore.objects.filter(event=event, player_id=player_id).exists()
    )


def accept(event: Event, user, reason: str = "") -> ScoringReview:
    """A ranking officer accepts the submitted form: its figures now count in the ranking."""
    with transaction.atomic():
        event, review = _locked_review(event)
        review = _require_officer_may_decide(event, review, user)
        if event.status != Status.FINISHED:
            raise ValidationError(_("Only a finished event can be accepted."))
        store_ranked_figures(event)
        review.accepted_fingerprint = event_fingerprint(event)
        _record(review, ReviewState.ACCEPTED, Action.ACCEPT, user, reason.strip())
        return review


def return_form(event: Event, user, reason: str) -> ScoringReview:
    """A ranking officer returns the form with a reason the organizer sees; the ranking
    keeps what it held (the last accepted figures, if any)."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Say why the scoring form is returned: the organizer sees it."))
    with transaction.atomic():
        event, review = _locked_review(event)
        review = _require_officer_may_decide(event, review, user)
        _record(review, ReviewState.RETURNED, Action.RETURN, user, reason)
        return review


def figures_changed_receiver(sender, event: Event, **kwargs) -> None:
    """A correction to an accepted event re-opens its review (the ranking is unchanged)."""
    review = ScoringReview.objects.filter(event=event, state=ReviewState.ACCEPTED).first()
    if review is None:
        return
    status = Event.objects.values_list("status", flat=True).get(pk=event.pk)
    if status != Status.FINISHED or ranked_figures_differ(event):
        _record(review, ReviewState.REOPENED, Action.REOPEN, None)


# --- what the officer sees ----------------------------------------------------------------


def event_fingerprint(event: Event) -> str:
    """The event's results fingerprint, as its event file would give it."""
    return results_fingerprint(export_record(event))


def signed_in_since(user, since: datetime.datetime) -> bool:
    """Whether an account was used for the event: active, with a password of its own, and
    logged in at least once since `since` (the registration; for officials, the event's
    creation). Accounts created by an import or by the organizer have no login."""
    return bool(
        user is not None
        and user.is_active
        and user.has_usable_password()
        and user.last_login is not None
        and user.last_login >= since
    )


@dataclass
class Person:
    """A player or official of the event as the officer sees them."""

    name: str
    number: str
    role: str
    points: int
    place: int | None = None
    status: str = ""
    username: str = ""  # "" → the number matches no account
    signed_in: bool = False


@dataclass
class Flag:
    code: str  # imported, never_signed_in, duplicate
    message: str
    details: list[str] = field(default_factory=list)


def _person(player: Player, role: str, points: int, since: datetime.datetime, **extra) -> Person:
    """A player or official with the account their player number belongs to."""
    user = player.user
    return Person(
        name=player.name,
        number=player.player_number,
        role=role,
        points=points,
        username=user.get_username() if user else "",
        signed_in=signed_in_since(user, since),
        **extra,
    )


def people(event: Event) -> list[Person]:
    """Players (in standings order) and officials, matched to accounts by player number."""
    standings = EventStanding.objects.filter(event=event).select_related(
        "player__user", "registration"
    )
    rows = [
        _person(
            s.player,
            str(_("Player")),
            s.points,
            s.registration.created_at,
            place=s.place,
            status=s.status_label,
        )
        for s in standings.order_by("place", "player__name")
    ]
    officials = OfficialScore.objects.filter(event=event).select_related("player__user")
    rows += [
        _person(o.player, o.get_role_display(), o.points, event.created_at)
        for o in officials.order_by("role", "player__name")
    ]
    return rows


def duplicates_of(event: Event, fingerprint: str | None = None) -> list[Event]:
    """Other accepted events with the same results fingerprint."""
    fingerprint = fingerprint or event_fingerprint(event)
    return list(
        Event.objects.filter(review__accepted_fingerprint=fingerprint)
        .exclude(pk=event.pk)
        .order_by("date", "pk")
    )


def flags(event: Event, persons: list[Person]) -> list[Flag]:
    """What an officer should look at before accepting (SPEC §9)."""
    found: list[Flag] = []
    imported = ImportedEvent.objects.filter(event=event).first()
    if imported is not None:
        found.append(
            Flag(
                "imported",
                _("Imported from an event file on %(date)s, not run on this site.")
                % {"date": imported.imported_at.date().isoformat()},
            )
        )
    absent = [p for p in persons if not p.signed_in]
    if absent:
        found.append(
            Flag(
                "never_signed_in",
                _("%(count)d of %(total)d players and officials never signed in to this event.")
                % {"count": len(absent), "total": len(persons)},
                [f"{p.name} ({p.number}, {p.role})" for p in absent],
            )
        )
    copies = duplicates_of(event)
    if copies:
        found.append(
            Flag(
                "duplicate",
                _("Same players and results as an event already in the ranking."),
                [f"{e.name} ({e.date.isoformat()}, #{e.pk})" for e in copies],
            )
        )
    return found


def queue() -> list[ScoringReview]:
    """Scoring forms awaiting review, oldest first."""
    return list(
        ScoringReview.objects.filter(state=ReviewState.SUBMITTED)
        .select_related("event__organizer", "event__scoring", "event__imported_from")
        .order_by("updated_at", "pk")
    )
