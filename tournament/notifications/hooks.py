"""Signal receivers that queue notifications for what the event services save.

They run inside the service's transaction (post_save), so a message exists exactly when the
change it tells of was committed; the services save with `update_fields`, which says what
changed. Registration notices are for events taking registrations: an imported or simulated
event tells nobody anything.
"""

from django.db.models.signals import post_save
from django.urls import reverse
from django.utils.formats import date_format

from tournament.decks.models import DecklistChange
from tournament.events.choices import Status
from tournament.events.models import Event, Registration, Round, Seat
from tournament.notifications.kinds import Kind
from tournament.notifications.services import queue, site_url
from tournament.results.models import EntryStatus, GameEntry
from tournament.results.selectors import official_ids
from tournament.review.models import ReviewDecision


def user_of(player):
    return player.user if player is not None else None


def officials(event: Event) -> list:
    return [user_of(event.organizer), *(user_of(j) for j in event.judges.all())]


def event_url(event: Event) -> str:
    return site_url(reverse("events:detail", args=[event.pk]))


def _registration_saved(
    sender, instance: Registration, created, update_fields=None, raw=False, **kw
):
    if raw:
        return
    if created:
        kind = Kind.WAITLISTED if instance.waitlisted else Kind.REGISTERED
    elif "waitlisted" in (update_fields or ()) and not instance.waitlisted:
        kind = Kind.MOVED_UP
    else:
        return
    event = instance.event
    if event.status not in (Status.REGISTRATION, Status.RUNNING):
        return
    queue(
        [user_of(instance.player)],
        kind,
        event=event,
        key=f"registration:{instance.pk}:{kind}",
        date=date_format(event.date, "DATE_FORMAT"),
        venue=event.venue,
        url=event_url(event),
    )


def _round_saved(sender, instance: Round, created, update_fields=None, raw=False, **kw):
    changed = set(update_fields or ())
    if raw or not changed & {"published", "time_called_at"}:
        return
    event = instance.event
    if "published" in changed and instance.published:
        url = site_url(reverse("rounds:my_seat", args=[event.pk]))
        seats = Seat.objects.filter(bracket__round=instance).select_related(
            "bracket", "registration__player__user"
        )
        for seat in seats:
            queue(
                [user_of(seat.registration.player)],
                Kind.SEATED,
                event=event,
                key=f"seated:{instance.pk}:{seat.registration_id}:{seat.bracket.table}",
                round=instance.number,
                table=seat.bracket.table,
                url=url,
            )
    if "time_called_at" in changed and instance.time_called_at:
        queue(
            officials(event),
            Kind.TIME_CALLED,
            event=event,
            key=f"time:{instance.pk}:{instance.time_called_at.isoformat()}",
            round=instance.number,
            url=site_url(reverse("rounds:detail", args=[event.pk, instance.number])),
        )


def _entry_saved(sender, instance: GameEntry, created, update_fields=None, raw=False, **kw):
    confirmed = "status" in (update_fields or ()) and instance.status == EntryStatus.CONFIRMED
    if raw or not (created or confirmed):
        return
    bracket = instance.bracket
    event = bracket.round.event
    facts = {
        "game": instance.number,
        "table": bracket.table,
        "round": bracket.round.number,
    }
    judges_page = site_url(reverse("results:bracket", args=[event.pk, bracket.pk]))
    by = instance.submitted_by
    reported = created and by is not None and by.pk not in official_ids(event)
    if reported:  # a player's report: his table's other players are asked to report too
        seats = Seat.objects.filter(bracket=bracket, dropped=False).select_related(
            "registration__player__user"
        )
        queue(
            [user_of(s.registration.player) for s in seats if s.registration.player_id != by.pk],
            Kind.REPORT_WAITING,
            event=event,
            key=f"report:{instance.pk}",
            by=by.name,
            url=site_url(reverse("rounds:my_seat", args=[event.pk])),
            **facts,
        )
    # Entries wait for a second official, players' reports for a judge (even single-entry).
    waiting = reported or not event.single_entry
    if created and instance.status == EntryStatus.UNCONFIRMED and waiting:
        others = [u for u in officials(event) if u is not None and u != user_of(by)]
        queue(
            others,
            Kind.ENTRY_WAITING,
            event=event,
            key=f"entry:{instance.pk}",
            by=by.name if by else "",
            url=judges_page,
            **facts,
        )
        rivals = GameEntry.objects.filter(
            bracket=bracket, number=instance.number, status=EntryStatus.UNCONFIRMED
        ).exclude(pk=instance.pk)
        if rivals.exists():  # an agreeing entry would have confirmed the game instead
            queue(
                officials(event),
                Kind.CONFLICT,
                event=event,
                key=f"conflict:{instance.pk}",
                url=judges_page,
                **facts,
            )
    if confirmed:
        players = Seat.objects.filter(bracket=bracket).select_related("registration__player__user")
        url = site_url(
            reverse("standings:bracket", args=[event.pk, bracket.round.number, bracket.table])
        )
        queue(
            [user_of(s.registration.player) for s in players],
            Kind.RESULT_CONFIRMED,
            event=event,
            key=f"confirmed:{instance.pk}",
            url=url,
            **facts,
        )


def _decision_saved(sender, instance: ReviewDecision, created, raw=False, **kw):
    kinds = {
        ReviewDecision.Action.RETURN: Kind.FORM_RETURNED,
        ReviewDecision.Action.ACCEPT: Kind.FORM_ACCEPTED,
    }
    if raw or not created or instance.action not in kinds:
        return
    event = instance.review.event
    queue(
        [user_of(event.organizer)],
        kinds[instance.action],
        event=event,
        key=f"review:{instance.pk}",
        reason=instance.reason or "—",
        url=site_url(reverse("standings:event", args=[event.pk])),
    )


def _decklist_changed(sender, instance: DecklistChange, created, raw=False, **kw):
    if raw or not created or not instance.locked:
        return
    registration = instance.decklist.registration
    event = registration.event
    organizer = user_of(event.organizer)
    if instance.changed_by_id == event.organizer_id:
        return  # the organizer made the change himself
    queue(
        [organizer],
        Kind.DECKLIST_CHANGED,
        event=event,
        key=f"decklist:{instance.pk}",
        player=registration.player.name,
        by=instance.changed_by.name if instance.changed_by else "—",
        reason=instance.reason or "—",
        url=event_url(event),
    )


def connect() -> None:
    receivers = (
        (_registration_saved, Registration),
        (_round_saved, Round),
        (_entry_saved, GameEntry),
        (_decision_saved, ReviewDecision),
        (_decklist_changed, DecklistChange),
    )
    for receiver, model in receivers:
        post_save.connect(receiver, sender=model, dispatch_uid=f"notifications-{model.__name__}")
