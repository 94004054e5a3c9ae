"""Reminders sent by Celery beat rather than by a change: a player whose decklist is missing
or not legal is told before the lists close."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from tournament.decks.models import Decklist
from tournament.events.choices import Status
from tournament.events.models import Event, Registration
from tournament.notifications.kinds import Kind
from tournament.notifications.services import queue, site_url

# How long before the lists close a player with a missing or illegal list is reminded.
DECKLIST_NOTICE = timedelta(hours=48)


def lists_close_at(event: Event) -> datetime:
    """The earliest moment the lists may lock, which the mails name: the registration
    deadline, or else the event's start (its date at its start time, or midnight, in its own
    zone). The lists lock only when round 1 is seated (SPEC §3,
    `decks.services.visibility.is_locked`), which no clock foretells: the mails say so
    rather than give this as the lock time."""
    if event.registration_deadline is not None:
        return event.registration_deadline
    start = datetime.combine(event.date, event.start_time or datetime.min.time())
    return start.replace(tzinfo=ZoneInfo(event.time_zone))


def decklist_reminders(now: datetime | None = None) -> int:
    """Queue one reminder per registration whose list needs work, for every event whose
    lists close within `DECKLIST_NOTICE`; the key (registration and closing time) makes it
    once per deadline. Returns how many registrations were looked at."""
    now = now or timezone.now()
    looked = 0
    for event in Event.objects.filter(status=Status.REGISTRATION, rounds__isnull=True):
        closes = lists_close_at(event)
        if not now < closes <= now + DECKLIST_NOTICE:
            continue
        needing = (
            Registration.objects.filter(event=event, waitlisted=False)
            # A list the site could not check (no card data) is not the player's problem.
            .filter(
                Q(decklist__isnull=True)
                | Q(decklist__status__in=(Decklist.Status.ILLEGAL, Decklist.Status.MISSING))
            )
            .select_related("player__user", "decklist")
        )
        for registration in needing:
            looked += 1
            decklist = getattr(registration, "decklist", None)
            queue(
                [registration.player.user],
                Kind.DECKLIST_PROBLEMS,
                event=event,
                key=f"decklist-reminder:{registration.pk}:{closes.isoformat()}",
                problems=decklist.problem_count if decklist else 0,
                closes=closes.isoformat(),  # shown in the event's zone and the reader's words
                url=site_url(reverse("decks:decklist", args=[event.pk])),
            )
    return looked
