"""The ranking review (SPEC §9): submit → accept or return; a correction re-opens it.

Only figures a ranking officer accepted count in the ranking: acceptance copies the
event's stored standings and officials' points into the ranked figures
(`ranking.services.store_ranked_figures`). A later correction changes the event's own
standings at once, re-opens its review, and the ranking keeps the last accepted figures
until the correction is accepted too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.accounts.models import Player
from tournament.core.happenings import announce
from tournament.core.locking import lock_rows
from tournament.eventfile.models import ImportedEvent
from tournament.eventfile.services import export_record
from tournament.events.choices import Status
from tournament.events.models import Event
from tournament.ranking.models import RankedScore
from tournament.ranking.services import (
    mark_scoring_form_sent,
    ranked_figures,
    ranked_figures_differ,
    store_ranked_figures,
)
from tournament.review.fingerprint import results_fingerprint
from tournament.review.happenings import Decided
from tournament.review.models import ReviewDecision, ReviewState, ScoringReview
from tournament.standings import reading

Action = ReviewDecision.Action
# What an organizer may submit from: never submitted, returned, corrected after acceptance.
SUBMITTABLE = (None, ReviewState.RETURNED, ReviewState.REOPENED)


def review_of(event: Event) -> ScoringReview | None:
    return ScoringReview.objects.filter(event=event).first()


def cached_review(event: Event) -> ScoringReview | None:
    """The event's review, read through the relation (no query when it was selected)."""
    try:
        return event.review
    except ScoringReview.DoesNotExist:
        return None


def _locked_review(event: Event) -> tuple[Event, ScoringReview | None]:
    event = lock_rows(Event.objects.all()).get(pk=event.pk)
    return event, lock_rows(ScoringReview.objects.all()).filter(event=event).first()


def _record(
    event: Event, review: ScoringReview, state: str, action: str, by, reason: str = ""
) -> None:
    """Store the decision, freeze or thaw the event (frozen exactly while the form awaits a
    ranking officer: this app is the only writer of `Event.frozen_for_review`), announce it."""
    now = timezone.now()
    review.state, review.updated_at = state, now
    review.save()
    decision = ReviewDecision.objects.create(
        review=review, action=action, by=by, at=now, reason=reason
    )
    frozen = state == ReviewState.SUBMITTED
    if event.frozen_for_review != frozen:
        Event.objects.filter(pk=event.pk).update(frozen_for_review=frozen)
        event.frozen_for_review = frozen
    announce(Decided(event, review, decision))


def submit(event: Event, user, reply: str = "") -> ScoringReview:
    """The organizer submits the finished event's scoring form for review (the event is frozen).

    Submitting a returned form again may carry the organizer's `reply` to the officer's
    reason (what was corrected, or why nothing needed to be): it is recorded with the
    submission, so the review reads as a conversation. The first submission also stops the
    event being late (SPEC §6 due date)."""
    with transaction.atomic():
        event, review = _locked_review(event)
        if event.status != Status.FINISHED:
            raise ValidationError(_("Only a finished event's scoring form can be submitted."))
        if not event.has_scoring_form:
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
        _record(event, review, ReviewState.SUBMITTED, Action.SUBMIT, user, (reply or "").strip())
        return review


def _require_officer_may_decide(event: Event, review: ScoringReview | None, user) -> ScoringReview:
    if review is None or review.state != ReviewState.SUBMITTED:
        raise ValidationError(_("This scoring form is not awaiting review."))
    player = getattr(user, "player", None)
    if player is not None and reading.took_part(event, player.pk):
        raise ValidationError(
            _("You took part in this event: another ranking officer must review it.")
        )
    return review


def accept(
    event: Event, user, reason: str = "", confirmed_officials: Iterable[int] = ()
) -> ScoringReview:
    """A ranking officer accepts the submitted form: its figures now count in the ranking.

    For an imported event, ``confirmed_officials`` (player ids) are the officials whose
    coordinator or judge points the officer confirms; the others' points do not count."""
    with transaction.atomic():
        event, review = _locked_review(event)
        review = _require_officer_may_decide(event, review, user)
        if event.status != Status.FINISHED:
            raise ValidationError(_("Only a finished event can be accepted."))
        allowed = {o.player_id for o in confirmable_officials(event)}
        confirmed = sorted(set(confirmed_officials))
        if not set(confirmed) <= allowed:
            raise ValidationError(
                _(
                    "Only officials matched to an account that existed before the import can "
                    "be confirmed."
                )
            )
        review.confirmed_officials = confirmed
        store_ranked_figures(event, counted_officials(event, review))
        review.accepted_fingerprint = event_fingerprint(event)
        _record(event, review, ReviewState.ACCEPTED, Action.ACCEPT, user, reason.strip())
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
        _record(event, review, ReviewState.RETURNED, Action.RETURN, user, reason)
        return review


def reopen_if_changed(event: Event) -> None:
    """A correction to an accepted event re-opens its review (the ranking is unchanged)."""
    review = ScoringReview.objects.filter(event=event, state=ReviewState.ACCEPTED).first()
    if review is None:
        return
    status = Event.objects.values_list("status", flat=True).get(pk=event.pk)
    if status != Status.FINISHED or ranked_figures_differ(event, counted_officials(event, review)):
        _record(event, review, ReviewState.REOPENED, Action.REOPEN, None)


# --- what the officer sees ----------------------------------------------------------------


def event_fingerprint(event: Event) -> str:
    """The event's results fingerprint, as its event file would give it."""
    return results_fingerprint(export_record(event))


def counted_officials(event: Event, review: ScoringReview | None) -> set[int] | None:
    """Officials whose points count: all (None) for an event run here; for an imported
    event only those a ranking officer confirmed (never the importer by default)."""
    if not ImportedEvent.objects.filter(event=event).exists():
        return None
    return set(review.confirmed_officials) if review is not None else set()


def confirmable_officials(event: Event) -> list:
    """Officials of an imported event the officer may confirm: those whose player number
    belongs to an account that existed before the import."""
    imported = ImportedEvent.objects.filter(event=event).first()
    if imported is None:
        return []
    return list(reading.officials(event, player__user__date_joined__lt=imported.imported_at))


@dataclass(frozen=True)
class RankingChange:
    """One player's ranking points from the event: last accepted → now."""

    name: str
    number: str
    before: int
    after: int


def ranking_changes(event: Event) -> list[RankingChange]:
    """What acceptance would change in the ranking, player by player (empty when the
    event was never accepted, or nothing changed)."""
    review = review_of(event)
    if review is None or not review.was_accepted:
        return []
    before = {r.player_id: r for r in RankedScore.objects.filter(event=event)}
    after = {r.player_id: r for r in ranked_figures(event, counted_officials(event, review))}
    who = {
        pk: (name, number)
        for pk, name, number in Player.objects.filter(
            pk__in=before.keys() | after.keys()
        ).values_list("pk", "name", "player_number")
    }
    changes = [
        RankingChange(*who[pk], _total(before.get(pk)), _total(after.get(pk)))
        for pk in sorted(before.keys() | after.keys(), key=lambda pk: who[pk])
    ]
    return [c for c in changes if c.before != c.after]


def _total(row: RankedScore | None) -> int:
    if row is None:
        return 0
    return row.playing_points + row.coordinator_points + row.judge_points


def queue() -> list[ScoringReview]:
    """Scoring forms awaiting review, oldest first."""
    return list(
        ScoringReview.objects.filter(state=ReviewState.SUBMITTED)
        .select_related("event__organizer", "event__scoring", "event__imported_from")
        .order_by("updated_at", "pk")
    )
