"""Entries waiting for a confirmation: told only when they have waited some minutes, one
message per official per round.

An entry confirmed within `ENTRY_WAIT` (the usual case: the second judge is at the table)
tells nobody. Past it, each official other than the entry's submitter gets one message
listing every entry of the round that waits and he was not told of yet. The check runs when
the first entry could be due (a Celery task with a countdown, scheduled after the entry's
commit) and at every sweep (Celery beat, every minute), so a broker down or a worker in
eager mode delays it by a minute at most. At delivery the message keeps only the entries
still unconfirmed, and is not sent when none is left (`services.still_news`).
"""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from tournament.core import queueing
from tournament.events.choices import Status
from tournament.events.models import Round
from tournament.notifications.facts import officials, round_facts
from tournament.notifications.kinds import Kind
from tournament.notifications.models import Message
from tournament.notifications.services import queue, site_url
from tournament.results.models import EntryStatus, GameEntry

logger = logging.getLogger(__name__)

# How long an entry waits before the officials are told (NOTIFICATIONS_ENTRY_WAIT_MINUTES).
ENTRY_WAIT = timedelta(minutes=getattr(settings, "NOTIFICATIONS_ENTRY_WAIT_MINUTES", 5))
# The task that checks one round (`tasks.entries_waiting`), queued by its name.
ENTRIES_WAITING_TASK = "notifications.entries_waiting"
# At most one queued check a round in this many seconds: fifty judges entering at once queue
# one delayed task, not one each (a worker holds every delayed task in memory until due).
SCHEDULED_SECONDS = 60
SCHEDULED_KEY = "entries-waiting-scheduled:{round_id}"


def schedule(round_id: int) -> None:
    """Check the round once its newest entry may have waited long enough: one check a round
    a minute (`SCHEDULED_SECONDS`; an entry made after the scheduled check was queued is
    due at most a minute after it, and the sweep runs every minute). With tasks run in the
    request (no broker) there is nothing to delay: the sweep does it."""
    if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        return
    key = SCHEDULED_KEY.format(round_id=round_id)
    if not cache.add(key, 1, SCHEDULED_SECONDS):
        return  # a check of this round is queued already, due within the minute of this one
    try:
        queueing.enqueue(ENTRIES_WAITING_TASK, round_id, countdown=ENTRY_WAIT.total_seconds() + 5)
    except Exception:  # the broker is down: the sweep checks every minute
        cache.delete(key)
        logger.warning("waiting entries of round %s left for the sweep", round_id)


def check(now: datetime | None = None, round_id: int | None = None) -> int:
    """Queue the messages due for entries that waited `ENTRY_WAIT` (of one round, or of
    every open round of a running event). Returns how many messages were queued."""
    now = now or timezone.now()
    entries = GameEntry.objects.filter(
        status=EntryStatus.UNCONFIRMED,
        submitted_at__lte=now - ENTRY_WAIT,
        bracket__round__state=Round.State.SEATED,
        bracket__round__event__status=Status.RUNNING,
    ).select_related("bracket__round__event", "submitted_by__user")
    if round_id is not None:
        entries = entries.filter(bracket__round_id=round_id)
    by_round: dict[int, list[GameEntry]] = defaultdict(list)
    officials_of: dict[int, frozenset[int]] = {}  # per event, read once
    for entry in entries.order_by("bracket__table", "number", "pk"):
        if _waits(entry, officials_of):
            by_round[entry.bracket.round_id].append(entry)
    queued = 0
    for waiting in by_round.values():
        queued += _tell(waiting[0].bracket.round, waiting)
    return queued


def _waits(entry: GameEntry, officials_of: dict[int, frozenset[int]]) -> bool:
    """Whether the entry waits for another official: always for a player's report, and for
    an official's entry unless the event takes a single entry."""
    from tournament.results.selectors import official_ids

    event = entry.bracket.round.event
    if not event.single_entry:
        return True
    if event.pk not in officials_of:
        officials_of[event.pk] = official_ids(event)
    return entry.submitted_by_id not in officials_of[event.pk]


def _tell(rnd: Round, waiting: list[GameEntry]) -> int:
    event = rnd.event
    told: dict[int, set[int]] = defaultdict(set)
    earlier = Message.objects.filter(event=event, kind=Kind.ENTRY_WAITING)
    for recipient_id, params in earlier.values_list("recipient_id", "params"):
        if params.get("round_id") == rnd.pk:
            told[recipient_id].update(e.get("id") for e in params.get("entries", []))
    url = site_url(reverse("results:dashboard", args=[event.pk]))
    queued = 0
    for user in {u for u in officials(event) if u is not None}:
        news = [
            e
            for e in waiting
            if e.pk not in told[user.pk]
            and (e.submitted_by is None or e.submitted_by.user_id != user.pk)
        ]
        if not news:
            continue
        queue(
            [user],
            Kind.ENTRY_WAITING,
            event=event,
            key=f"waiting:{rnd.pk}:{max(e.pk for e in news)}",
            round_id=rnd.pk,
            count=len(news),
            entries=[
                {
                    "id": e.pk,
                    "table": e.bracket.table,
                    "game": e.number,
                    "by": e.submitted_by.name if e.submitted_by else "",
                    "at": e.submitted_at.isoformat(),
                }
                for e in news
            ],
            url=url,
            **round_facts(rnd),
        )
        queued += 1
    return queued
