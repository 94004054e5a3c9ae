"""The one pipeline that stores derived figures: places, points, standings, officials'
points and eligibility (every write itself is a function of `writing.py`).

Every write that changes what the standings, the printed forms, the API or the ranking show
ends in one of these functions, inside the writer's transaction:

- `refresh_bracket`: a game confirmed or corrected, a judge's tie-break decision. Touches the
  bracket's seats and its players' standings rows: the cost does not grow with the event.
  The event-wide re-rank of the places (one SQL statement over every standing, under the
  event's `EventScoring` row lock) is deferred: the write marks the standings stale in its
  transaction and one task per event re-ranks after the commit (`rerank`); without a broker
  (tests, development) it runs in the write's transaction, as before (docs/recompute.md).
- `refresh_event`: anything that changes the shape of the event (a round seated, re-seated or
  closed, a drop, a late player, judges, a points-relevant format field, an import, finishing,
  a ranking decision). Recomputes every bracket and every stored figure of the event.
- `players_renamed`: names and numbers copied into stored officials' lists.

Pages, printed documents and the API only read what these store, and never write. While
the places are marked stale the standings page and the API show the stored figures (the
page says the places are updating); a mark the queue left older than `STALE_GRACE` is
re-ranked by the beat's sweep (`rerank_stale`) or by the round's close; a service that
needs the places exact (the print service before it queues a scoring form) calls
`ensure_ranked` first.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from datetime import timedelta

from celery import current_app
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from scoring.model import EventRecord
from scoring.swiss.model import SwissEvent
from tournament.accounts.models import Player
from tournament.core import queueing
from tournament.core.happenings import announce
from tournament.events.models import POINTS_FIELDS, Bracket, Event
from tournament.events.to_engine import rounds_queryset
from tournament.standings import reading, store, writing
from tournament.standings.happenings import FiguresChanged, FiguresStored
from tournament.standings.swiss_store import store_swiss_event

logger = logging.getLogger(__name__)

# Event fields that only decide whether (and in which year) the event is ranked.
RANKING_FIELDS = frozenset({"status", "date"})

# The queued re-rank waits this long, so the confirmations of that second share one.
RERANK_DELAY = 1.0
RERANK_TASK = "standings.rerank"
# A re-rank queued for the event and not started yet: no second one is queued meanwhile.
# The key expires, so a task lost with the broker or a killed worker is queued again by a
# later confirmation (and the stale mark stays set until some re-rank clears it).
RERANK_QUEUED_KEY = "standings-rerank-queued:{event_id}"
RERANK_QUEUED_SECONDS = 30
# A mark older than this was left by the queue (broker or worker down, task lost): the
# beat's sweep re-ranks it (`rerank_stale`).
STALE_GRACE = timedelta(seconds=15)


def refresh_event(event: Event) -> EventRecord | SwissEvent:
    """Recompute and store every figure of the event; returns the engine's record of it
    (a one-on-one event's: `scoring.swiss.model.SwissEvent`)."""
    with transaction.atomic():
        writing.hold_standings(event.pk)  # before reading: bracket writers in flight commit first
        rounds = list(rounds_queryset(event))
        if event.is_one_on_one:
            engine = store_swiss_event(event, rounds)
            _announce(event)
            return engine
        store.store_round_multipliers(event, rounds)
        record = store.store_results(event, rounds)
        store.refresh_standings(event, rounds, record)
        _announce(event)
        return record


def refresh_bracket(bracket: Bracket, games: list | None = None) -> None:
    """Recompute one bracket after a result or a tie-break decision, and what depends on it.

    A caller that holds the bracket with its seats (prefetched) and its accepted ``games``
    passes them: nothing of the bracket is read again."""
    event = bracket.round.event
    if event.is_one_on_one:
        # A match's result moves its players' opponents' tie-breakers: the whole event.
        refresh_event(event)
        return
    # Part of the caller's transaction when there is one (no savepoint: a failure here
    # fails the whole write anyway).
    with transaction.atomic(savepoint=False):
        seats, games = store.store_bracket_results(bracket, games)
        deferred = not current_app.conf.task_always_eager
        if deferred:  # the players' totals and the places: the re-rank's, after the commit
            scoring = _mark_stale(event)
            store.mark_players_stale(event, seats)
        else:  # no broker (tests, development): re-totalled and re-ranked here, as one write
            scoring = writing.locked_scoring(event)
            store.refresh_players(event, seats)
            _rank(event, scoring)
        store.refresh_eligibility(event, games, scoring)
        if not deferred:
            # Deferred, the re-rank announces once the places are stored: documents and
            # cached pages follow the figures once, not at every result and again then.
            _announce(event)


def _mark_stale(event: Event):
    """Mark the event's places stale, in the write's transaction, and queue their re-rank
    for after the commit; the event's scoring row (its eligibility is read next).

    The bracket's writer shares the event's standings lock (`writing.share_standings`)
    before it writes any standing, so bracket writers do not wait for each other, and a
    re-rank, which holds that lock before reading the standings, has seen every write that
    found the mark set (a write after it sets the mark again). The scoring row is written,
    and so locked to the commit, only to set the mark: the first result after each
    re-rank."""
    writing.share_standings(event.pk)
    scoring = writing.mark_places_stale(event)
    transaction.on_commit(lambda: queue_rerank(event.pk), robust=True)
    return scoring


def queue_rerank(event_id: int) -> bool:
    """Queue the event's re-rank unless one is queued and not started (after the commit
    that set the mark). Whether it queued one. A broker that is down is only logged: the
    mark stays set, and the beat's sweep past the grace or the round's close re-ranks."""
    key = RERANK_QUEUED_KEY.format(event_id=event_id)
    if not cache.add(key, 1, RERANK_QUEUED_SECONDS):
        return False
    try:
        queueing.enqueue(RERANK_TASK, event_id, countdown=RERANK_DELAY)
    except Exception as error:  # the broker's errors vary with the transport
        cache.delete(key)
        logger.warning("re-rank of event %s left to the sweep: %s", event_id, error)
        return False
    return True


def rerank(event: Event | int) -> bool:
    """The task's work: re-rank the event's places if they are marked stale, store the
    winner and clear the mark, in one transaction. Whether it re-ranked."""
    event_id = event if isinstance(event, int) else event.pk
    cache.delete(RERANK_QUEUED_KEY.format(event_id=event_id))  # later marks queue again
    with transaction.atomic():
        writing.hold_standings(event_id)  # once the bracket writers in flight have committed
        scoring = writing.locked_stale_scoring(event_id)
        if scoring is None:
            return False  # fresh (another re-rank, or the whole event, cleared the mark)
        event = scoring.event if isinstance(event, int) else event
        store.refresh_stale_players(event.pk)
        _rank(event, scoring)
        _announce(event)  # the places changed: what reads them is old after the commit
    return True


def ensure_ranked(event: Event) -> bool:
    """For a service that needs the places exact (the print service before a scoring form):
    re-rank now if the event's standings are marked stale. Whether it did."""
    if not writing.places_stale(event):
        return False  # fresh: no lock taken
    return rerank(event)


def rerank_stale(older_than: timedelta = STALE_GRACE) -> list[int]:
    """The beat's sweep: re-rank every event whose places were marked stale longer ago than
    ``older_than`` (the queue did not: broker or worker down, task lost). The events it
    re-ranked."""
    stale = writing.stale_since(timezone.now() - older_than)
    return [event_id for event_id in stale if rerank(event_id)]


def _rank(event: Event, scoring) -> None:
    """Every standing's place (`writing.store_places`), the winner from the standings, the
    mark cleared; the caller holds the scoring row and announces."""
    writing.store_places(event.pk, event.shape.teams)
    writing.store_winner(scoring)


def event_edited(event: Event, changed: Collection[str], *, judges_changed: bool = False) -> None:
    """After an event's own fields (or its judges) were saved: recompute what they change."""
    changed = set(changed)
    if not event.rounds.exists() and not reading.has_scoring(event):
        return  # nothing derived is stored yet
    if judges_changed or set(POINTS_FIELDS) & changed:
        refresh_event(event)
    elif RANKING_FIELDS & changed and reading.has_scoring(event):
        # The totals keep its accepted figures (§9): its review is told, and re-opens when
        # they no longer match.
        announce(FiguresChanged(event))


def players_renamed(player: Player) -> None:
    """A player's name or number changed: stored officials' lists follow."""
    writing.rename_official(player)


def _announce(event: Event) -> None:
    # In the transaction: subscribers that act on the stored figures (document re-renders,
    # cached pages) defer their work to the commit themselves (`core/happenings.py`).
    announce(FiguresStored(event))
